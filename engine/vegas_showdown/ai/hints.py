"""Hints: what the normal computer player would do in a player's place now, and why.

The reasons come from the player's own evaluation: `ComputerPlayer.options` ranks the
round's choices (bids, Publicity, Renovate) and `placements` the answers to a bought tile
or to Publicity; the `Judge` tells how a tile is best used and which renovation helps
most; `value.prospect_parts` splits the expected final Fame into its parts (Fame now,
cash, income, the places for both tracks, the sheet's areas, connection, diamonds, room
and unlocks, the reserve), so a hint says which parts a move changes. It is worked out
from the public view (`public_view`, which starts from a canonical order), with the
hint's own fixed randomness, so it never depends on anything hidden.
"""

from __future__ import annotations

import random
from typing import Final

from engine.hints import Suggestion, signed

from ..actions import Bid, Color, Place
from ..bidding import resolve_target, target_tile
from ..game import decisions_owed, waiting_for
from ..moves import PUBLICITY, RENOVATE
from ..notation import format_action
from ..sheet import cell_name
from ..sheet_layout import Placement
from ..state import BuyDecision, GameState, PublicityDecision, StackDecision
from ..tables import TILES
from .judge import Judge
from .players import ComputerPlayer
from .value import Prospect, Seat, prospect_parts, with_tile
from .view import View, public_view

HINT_SEED: Final = 0
# Changes smaller than this (Fame) are not worth mentioning.
NOTICEABLE: Final = 0.05
# The parts of a prospect as a reason names them.
PART_WORDS: Final = {
    "fame": "Fame scored now",
    "income": "income for the rounds left",
    "population_place": "your place for the Population award",
    "revenue_place": "your place for the Revenue award",
    "casino_area": "the chance of filling your casino area",
    "hotel_area": "the chance of filling your hotel area",
    "connection": "the chance of joining your casino and hotel entrances",
    "diamonds": "diamonds made or nearly made",
    "cramped": "room to keep building",
    "unlocked": "premier tiles still to come that your sheet unlocks",
    "reserve": "tiles in your reserve",
}
# At most this many parts are named per move (the largest changes).
MOST_PARTS: Final = 4


def hints(state: GameState, color: Color, most: int = 3) -> list[Suggestion]:
    """The normal player's best few answers for `color` now, its choice first (empty: none).

    Empty when nothing is `color`'s to decide (the game waits for others, or is over).
    """
    if color not in waiting_for(state):
        return []
    view = public_view(state, random.Random(HINT_SEED))
    player = ComputerPlayer(seed=HINT_SEED)
    owed = decisions_owed(view, color)
    if not owed:
        return _round_hints(player, view, color, most)
    decision = owed[0]
    if isinstance(decision, BuyDecision | PublicityDecision):
        bought = decision if isinstance(decision, BuyDecision) else None
        return _placing_hints(player, view, color, bought, most)
    answer = player.decide(view, color, decision)
    if isinstance(decision, StackDecision):
        reason = "its top tile should do you the most good against your rivals"
    else:
        reason = "the first step of the renovation that raises your prospects most"
    return [Suggestion(format_action(answer), (reason,))]


def _round_hints(player: ComputerPlayer, view: View, color: Color, most: int) -> list[Suggestion]:
    """The round's action choices as normal ranks them, with what decided."""
    judge = Judge(view, color, player.weights)
    shown = []
    for gain, action in player.options(view, color)[:most]:
        reasons: list[str] = []
        if isinstance(action, Bid):
            tile = target_tile(view, resolve_target(view, action.target))
            assert tile is not None
            used = judge.best_use(tile)
            reasons.append(_tile_words(tile, used, judge.seat))
            price = action.amount * judge.dollar
            reasons.append(f"costs ${action.amount}, worth about {price:.1f} Fame in cash")
            after = used
        elif action == PUBLICITY:
            spot, _ = judge.placing(judge.seat.reserve)
            after = judge.seat._replace(fame=judge.seat.fame + view.publicity_fame)
            if spot is not None:
                after = with_tile(_without(after, spot.tile), spot)
                reasons.append(f"Publicity: {view.publicity_fame} Fame and {_spot_words(spot)}")
            else:
                reasons.append(f"Publicity: {view.publicity_fame} Fame, nothing to place")
        else:
            plan = judge.renovation()
            after = plan.seat or judge.seat
            reasons.append(_renovation_words(plan.removals, plan.placements))
        reasons += _part_changes(judge, after)
        reasons.append(f"in all, {signed(gain)} Fame against the best rival")
        if action == RENOVATE:
            reasons[-1] += f" (after {player.renovate_margin} for the round it takes)"
        shown.append(Suggestion(format_action(action), tuple(reasons)))
    return shown


def _placing_hints(
    player: ComputerPlayer,
    view: View,
    color: Color,
    decision: BuyDecision | None,
    most: int,
) -> list[Suggestion]:
    """Where to put a bought tile (or, for Publicity, a reserve tile), best first."""
    judge = Judge(view, color, player.weights)
    seat = judge.seat
    bought = (decision.tile,) if decision is not None else ()
    shown = []
    for value, action in player.placements(view, color, decision, spots=2)[:most]:
        reasons: list[str] = []
        if isinstance(action, Place):
            spot = Placement(action.tile, action.x, action.y, action.rot)
            rest = _without(seat._replace(reserve=(*seat.reserve, *bought)), action.tile)
            reasons.append(_spot_words(spot))
            reasons += _part_changes(judge, with_tile(rest, spot))
        elif decision is not None:
            reasons.append(f"keeps the {TILES[decision.tile].name} in your reserve for later")
            reasons += _part_changes(judge, seat._replace(reserve=(*seat.reserve, *bought)))
        else:
            reasons.append("places nothing: no reserve tile helps now")
        reasons.append(f"comes to {signed(value - judge.base)} Fame against the best rival")
        shown.append(Suggestion(format_action(action), tuple(reasons)))
    return shown


def _without(seat: Seat, tile: str) -> Seat:
    reserve = list(seat.reserve)
    if tile in reserve:
        reserve.remove(tile)
    return seat._replace(reserve=tuple(reserve))


def _tile_words(tile: str, used: Seat, seat: Seat) -> str:
    """The tile, and how the player would use it: placed where, or kept."""
    facts = TILES[tile]
    printed = f"{facts.fame} Fame, +{facts.population} Population, +{facts.revenue} Revenue"
    placed = [p for p in used.sheet if p not in seat.sheet]
    use = _spot_words(placed[0]) if placed else "kept in your reserve for now"
    return f"the {facts.name} ({printed}): {use}"


def _spot_words(spot: Placement) -> str:
    turned = f", turned {spot.rot * 90}°" if spot.rot else ""
    return f"the {TILES[spot.tile].name} placed at {cell_name((spot.x, spot.y))}{turned}"


def _renovation_words(removals: tuple[Placement, ...], placements: tuple[Placement, ...]) -> str:
    """What a renovation takes off and puts on."""
    off = [f"takes off the {TILES[p.tile].name}" for p in removals]
    on = [f"puts the {TILES[p.tile].name} at {cell_name((p.x, p.y))}" for p in placements]
    return "Renovate: " + ", ".join(off + on) if off or on else "Renovate: nothing helps"


def _part_changes(judge: Judge, after: Seat) -> list[str]:
    """The parts of the expected final Fame that `after` changes, the largest first."""
    players = list(judge.players)
    before = prospect_parts(players, judge.view, judge.weights)
    players[judge.me] = after
    now = prospect_parts(players, judge.view, judge.weights)
    mine = _flat(now[judge.color])
    was = _flat(before[judge.color])
    # Cash is left out: a bid names its price on its own line.
    changes = [(mine[name] - was[name], name) for name in PART_WORDS]
    changes = [(change, name) for change, name in changes if abs(change) > NOTICEABLE]
    changes.sort(key=lambda entry: abs(entry[0]), reverse=True)
    lines = [f"{PART_WORDS[name]} {signed(change)} Fame" for change, name in changes[:MOST_PARTS]]
    rivals = [c for c in before if c != judge.color]
    if rivals:
        leader = max(rivals, key=lambda c: before[c].total)
        change = now[leader].total - before[leader].total
        if abs(change) > NOTICEABLE:
            lines.append(f"the leading rival ({leader}) {signed(change)} Fame")
    return lines


def _flat(prospect: Prospect) -> dict[str, float]:
    """A prospect's parts by name, the sheet's parts among them."""
    parts = {name: float(value) for name, value in prospect._asdict().items() if name != "sheet"}
    parts.update(prospect.sheet._asdict())
    return parts
