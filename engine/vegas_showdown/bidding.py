"""Step 4, choosing actions: bids on tiles, Renovate and Publicity, in turn order.

From the button holder clockwise, every player without an action, or whose bid was
beaten, chooses one; a player whose bid stands waits, and so does one who renovates or
publicizes (they have acted: their decision opens at once, see `building.py`). Choosing
ends when everyone has an action and nobody is outbid; then each winner pays and takes
their tile. `state.current` is whose turn it is to choose (between actions, the seat
the search starts from).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Final

from engine.words import and_list, or_list

from .actions import BID_TARGETS, BidTarget, Color
from .building import open_own_action
from .components import BasicTrack
from .errors import IllegalAction
from .events import ActionChosen, BidPlaced, Event, FameGained, Outbid, TileBought
from .state import MAX_PLAYERS, MIN_PLAYERS, GameState, Player
from .tables import (
    BASIC_TRACKS,
    PREMIER_BIDS,
    PREMIER_TARGETS,
    TILE_SIZES,
    TILES,
    TRACK_NEEDS,
    tile_name,
)
from .tracks import gain_fame

PUBLICITY_FAME = "publicity"
# The basic tracks in use at each table size, in board order.
_BASIC_AT: Final[dict[int, tuple[tuple[BidTarget, BasicTrack], ...]]] = {
    players: tuple((t, track) for t, track in BASIC_TRACKS.items() if players in track.players)
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}


def track_spaces(target: BidTarget) -> tuple[int, ...]:
    """The values printed on a target's bidding track, lowest first."""
    if target in PREMIER_TARGETS:
        return PREMIER_BIDS
    return BASIC_TRACKS[target].spaces


def target_tile(state: GameState, target: BidTarget) -> str | None:
    """The tile a bid on `target` would buy now (None: nothing to buy there)."""
    if target in PREMIER_TARGETS:
        space = state.space(target)
        return space.tile if space is not None else None
    track = BASIC_TRACKS[target]
    if len(state.players) not in track.players:
        return None
    return track.tile if state.basic[track.tile] >= TRACK_NEEDS[target] else None


def standing_bidder(state: GameState, target: BidTarget) -> Player | None:
    """The player whose bid on `target` stands (has not been beaten), if any."""
    for player in state.players:
        if player.bid_on == target and not player.outbid and player.action == "bid":
            return player
    return None


def _closed(state: GameState, target: BidTarget) -> str | None:
    """Why nobody may bid on `target` now, or None."""
    if target in PREMIER_TARGETS:
        space = state.space(target)
        if space is None:
            return f"{target} is used only with 4 or 5 players."
        if space.tile is None:
            return f"{target} has no tile on it."
        if TILES[space.tile].size in state.no_bid:
            return f"A No-Bid marker is on {TILES[space.tile].size} premier tiles this round."
        return None
    track = BASIC_TRACKS[target]
    name = tile_name(track.tile)
    if len(state.players) not in track.players:
        return "The second Slots track is used only with 5 players."
    if track.tile in state.no_bid:
        return f"A No-Bid marker is on the {name} this round."
    left = state.basic[track.tile]
    if left < TRACK_NEEDS[target]:
        if left == 0:
            return f"The {name} stack is empty."
        return f"The second Slots track needs two Slots in the stack; {left} is left."
    return None


def resolve_target(state: GameState, target: str) -> BidTarget:
    """The track a bid names: a track itself, or the tile up for auction on it.

    A tile names a premier space when it is up for auction there and on no other space
    (a basic tile's id is its track's). Raises `IllegalAction` otherwise, saying what
    is up now.
    """
    for known in BID_TARGETS:
        if known == target:
            return known
    holding = [space.id for space in state.spaces if space.tile == target]
    if len(holding) == 1:
        return holding[0]
    name = f"The {tile_name(target)}" if target in TILES else f"'{target}'"
    if holding:
        raise IllegalAction(
            f"{name} is up for auction on {or_list(holding)}: say which, like "
            f"`bid {holding[0]} <amount>`."
        )
    up = [f"the {tile_name(space.tile)} ({space.id})" for space in state.spaces if space.tile]
    up += [
        f"the {tile_name(track.tile)} ({basic})"
        for basic, track in _BASIC_AT[len(state.players)]
        if target_tile(state, basic) is not None
    ]
    raise IllegalAction(f"{name} is not up for auction now. Up now: {and_list(up) or 'nothing'}.")


def lowest_bid(state: GameState, target: BidTarget) -> int:
    """The smallest amount a new bid on `target` may be (ignoring cash)."""
    if target in PREMIER_TARGETS:
        space = state.space(target)
        floor = space.price if space is not None else 0
    else:
        floor = BASIC_TRACKS[target].spaces[0]
    standing = standing_bidder(state, target)
    if standing is not None:
        floor = max(floor, standing.bid + 1)
    return floor


def open_bids(
    state: GameState, player: Player, only: BidTarget | None = None
) -> dict[BidTarget, tuple[int, ...]]:
    """Every track `player` may bid on now, with the amounts allowed there (lowest first).

    The one statement of which bids are legal (`bid_problem` only explains a refusal);
    worked out in one pass, as computer players and the listing ask it at every choice.
    With `only`, just that track is looked at.
    """
    standing = {p.bid_on: p.bid for p in state.players if p.bid_on is not None and not p.outbid}
    cash = player.money
    no_bid = state.no_bid
    found: dict[BidTarget, tuple[int, ...]] = {}
    top = bisect_right(PREMIER_BIDS, cash)
    for space in state.spaces:
        tile = space.tile
        if tile is None or (no_bid and TILE_SIZES[tile] in no_bid) or only not in (None, space.id):
            continue
        low = max(space.price, standing.get(space.id, 0) + 1)
        amounts = PREMIER_BIDS[bisect_left(PREMIER_BIDS, low) : top]
        if amounts:
            found[space.id] = amounts
    for target, track in _BASIC_AT[len(state.players)]:
        tile = track.tile
        if only not in (None, target):
            continue
        if state.basic[tile] < TRACK_NEEDS[target] or (no_bid and tile in no_bid):
            continue
        spaces = track.spaces
        low = standing.get(target, 0) + 1
        amounts = spaces[bisect_left(spaces, low) : bisect_right(spaces, cash)]
        if amounts:
            found[target] = amounts
    return found


def bid_problem(state: GameState, player: Player, target: BidTarget, amount: int) -> str | None:
    """Why `player` may not bid `amount` on `target` now, in words (None: nothing wrong).

    `open_bids` decides; this only explains a refusal to the player: what is wrong with
    the amount, then the amounts that would do there (or why none would).
    """
    closed = _closed(state, target)
    if closed is not None:
        return closed
    spaces = track_spaces(target)
    tile = tile_name(target_tile(state, target) or "")
    low = lowest_bid(state, target)
    allowed = open_bids(state, player, target).get(target, ())
    cash = player.money
    # The space a new bid must reach now (None: a standing bid is on the top space).
    reach = next((space for space in spaces if space >= low), None)
    standing = standing_bidder(state, target)
    if amount > spaces[-1]:
        why = f"The highest space on the {tile} track is ${spaces[-1]}."
    elif standing is not None and amount <= standing.bid:
        why = f"{standing.color}'s bid of ${standing.bid} stands on the {tile}."
    elif amount < low:
        # Below the Minimum-Bid marker or the track's first space (no standing bid here).
        if target in PREMIER_TARGETS:
            why = f"The Minimum-Bid marker of the {tile} is on ${low}"
        else:
            why = f"The lowest space on the {tile} track is ${low}"
        return f"{why}.{_bids_allowed(allowed)}" if allowed else f"{why}, more than your ${cash}."
    elif amount > cash:
        why = f"You have ${cash}: you cannot bid ${amount}."
        if not allowed:
            return why if reach == amount else f"{why} The lowest bid there now is ${reach}."
    elif amount not in spaces:
        why = f"${amount} is not a space of the {tile} track."
    else:
        return None
    if allowed:
        return f"{why}{_bids_allowed(allowed)}"
    if reach is None:
        return f"{why} No space is left above it."
    return f"{why} The lowest bid there now is ${reach}, more than your ${cash}."


def _bids_allowed(amounts: tuple[int, ...]) -> str:
    return f" You may bid {or_list([f'${amount}' for amount in amounts])} there."


def can_choose(state: GameState, player: Player) -> bool:
    """True if `player` has at least one action they may choose."""
    if "renovate" not in state.no_bid or "publicity" not in state.no_bid:
        return True
    return bool(open_bids(state, player))


def next_chooser(state: GameState, events: list[Event]) -> bool:
    """Point `current` at the next player who must choose; False once choosing is over.

    A player with nothing at all allowed passes (rare: both actions under No-Bid
    markers and no bid affordable).
    """
    players = state.players
    count = len(players)
    current = state.current
    start = next((i for i, p in enumerate(players) if p.color == current), 0)
    for offset in range(count):
        player = players[(start + offset) % count]
        if player.action is not None and not player.outbid:
            continue
        if can_choose(state, player):
            state.current = player.color
            return True
        player.action = "pass"
        player.bid_on = None
        player.bid = 0
        player.outbid = False
        events.append(ActionChosen(player=player.color, action="pass"))
    state.current = None
    return False


def _check_turn(state: GameState, player: Color) -> None:
    if state.step != "actions":
        raise IllegalAction("Nobody is choosing actions now.")
    if player != state.current:
        raise IllegalAction(f"It is {state.current}'s turn to choose an action, not yours.")


def bid(
    state: GameState, color: Color, target: BidTarget, amount: int, events: list[Event]
) -> None:
    """Put `color`'s bid marker on `target` at `amount`, beating any standing bid."""
    _check_turn(state, color)
    player = state.player(color)
    if amount not in open_bids(state, player, target).get(target, ()):
        raise IllegalAction(bid_problem(state, player, target, amount) or "You cannot bid that.")
    tile = target_tile(state, target)
    assert tile is not None
    beaten = standing_bidder(state, target)
    player.action = "bid"
    player.bid_on = target
    player.bid = amount
    player.outbid = False
    events.append(BidPlaced(player=color, target=target, tile=tile, amount=amount))
    if beaten is not None:
        beaten.outbid = True
        events.append(Outbid(player=beaten.color, by=color, target=target, tile=tile))
    _pass_turn(state, color)


def choose_action(state: GameState, color: Color, action: str, events: list[Event]) -> None:
    """`color` chooses Renovate or Publicity (Publicity's Fame comes at once).

    As the books say, the action is carried out now, while the others finish bidding:
    its decision opens at once (under the older `after_bidding` timing, once bidding
    is over).
    """
    _check_turn(state, color)
    if action in state.no_bid:
        raise IllegalAction(f"A No-Bid marker is on {action.capitalize()} this round.")
    player = state.player(color)
    player.bid_on = None
    player.bid = 0
    player.outbid = False
    if action == "renovate":
        player.action = "renovate"
        events.append(ActionChosen(player=color, action="renovate"))
    else:
        player.action = "publicity"
        events.append(ActionChosen(player=color, action="publicity"))
        gain_fame(player, state.publicity_fame, PUBLICITY_FAME)
        events.append(FameGained(player=color, amount=state.publicity_fame, reason="Publicity"))
    if state.timing == "at_once":
        open_own_action(state, player, events)
    _pass_turn(state, color)


def _pass_turn(state: GameState, color: Color) -> None:
    players = state.players
    seat = next(i for i, p in enumerate(players) if p.color == color)
    state.current = players[(seat + 1) % len(players)].color


def close_bidding(state: GameState, events: list[Event]) -> list[tuple[Player, str]]:
    """Every standing bid buys its tile: the winner pays and takes it. Returns (buyer, tile)."""
    bought: list[tuple[Player, str]] = []
    for player in state.in_turn_order():
        if player.action != "bid" or player.outbid or player.bid_on is None:
            continue
        target = player.bid_on
        player.money -= player.bid
        if target in PREMIER_TARGETS:
            space = state.space(target)
            assert space is not None and space.tile is not None
            tile = space.tile
            space.tile = None
            space.price = 0
        else:
            tile = BASIC_TRACKS[target].tile
            state.basic[tile] -= 1
        events.append(TileBought(player=player.color, target=target, tile=tile, price=player.bid))
        bought.append((player, tile))
    return bought
