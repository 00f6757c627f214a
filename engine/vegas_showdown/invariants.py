"""Properties that must hold after every accepted action, checked by tests and the simulator."""

from __future__ import annotations

from collections import Counter

from .bidding import can_choose
from .sheet import sheet_problems
from .state import BuyDecision, GameState, RenovateDecision
from .tables import COMPONENTS, TILES


class InvariantBroken(AssertionError):
    """The state is impossible under the rules: an engine bug."""


def require(condition: bool, message: str) -> None:
    """Raise `InvariantBroken` with `message` unless `condition` holds."""
    if not condition:
        raise InvariantBroken(message)


def check_invariants(state: GameState) -> None:
    """Raise `InvariantBroken` naming the first property the state violates."""
    start = COMPONENTS.setup
    renovating = {d.player for d in state.pending if isinstance(d, RenovateDecision)}
    for player in state.players:
        color = player.color
        require(player.money >= 0, f"{color} has negative money")
        on_sheet = [TILES[p.tile] for p in player.sheet]
        require(
            player.population == start.starting_population + sum(t.population for t in on_sheet),
            f"{color}'s Population does not match their sheet",
        )
        require(
            player.revenue == start.starting_revenue + sum(t.revenue for t in on_sheet),
            f"{color}'s Revenue does not match their sheet",
        )
        require(
            player.fame
            == start.starting_fame + sum(t.fame for t in on_sheet) + sum(player.fame_from.values()),
            f"{color}'s Fame does not reconcile with its sources",
        )
        if color not in renovating:
            problems = sheet_problems(COMPONENTS, player.sheet)
            require(not problems, f"{color}'s sheet breaks the rules: {problems}")
        require(player.outbid <= (player.action == "bid"), f"{color} is outbid without a bid")
        require(
            (player.action == "bid") == (player.bid_on is not None),
            f"{color}'s bid marker is misplaced",
        )

    _check_tiles(state)
    _check_cards(state)
    _check_round(state)


def _check_tiles(state: GameState) -> None:
    where: Counter[str] = Counter()
    for stack in state.stacks.values():
        where.update(stack)
    for space in state.spaces:
        if space.tile is not None:
            where[space.tile] += 1
            circles = COMPONENTS.board.circles
            require(
                space.price in circles and space.price <= TILES[space.tile].min_bid,
                f"{space.id}'s Minimum-Bid marker is on {space.price}",
            )
    for tile, left in state.basic.items():
        where[tile] += left
    for player in state.players:
        where.update(p.tile for p in player.sheet)
        where.update(player.reserve)
    where.update(state.out_of_game)
    for decision in state.pending:
        if isinstance(decision, BuyDecision):
            where[decision.tile] += 1  # bought, not yet placed or reserved
    for tile, facts in TILES.items():
        require(
            where[tile] == facts.count,
            f"{where[tile]} {tile} tiles are somewhere, but the game has {facts.count}",
        )


def _check_cards(state: GameState) -> None:
    cards = [*state.deck, *state.discard, *state.in_play]
    if state.filling is not None:
        cards.append(state.drawn[-1])  # the Pull Strings card waiting for its choice
    require(
        sorted(cards) == list(range(len(COMPONENTS.event_deck))),
        "an event card is lost or in two places",
    )


def _check_round(state: GameState) -> None:
    if state.over:
        require(bool(state.winners) and state.step == "over", "a finished game has no winner")
        require(not state.pending, "a finished game waits for a decision")
        return
    require(not state.winners, "a game in progress has winners")
    if state.step == "actions":
        for decision in state.pending:
            player = state.player(decision.player)
            require(
                state.timing == "at_once"
                and decision.kind in ("renovate", "publicity")
                and player.action == decision.kind,
                "a decision other than the chosen Renovate or Publicity is pending while "
                "actions are chosen",
            )
        current = state.player(state.current) if state.current else None
        require(
            current is not None
            and (current.action is None or current.outbid)
            and can_choose(state, current),
            "the player choosing has nothing to choose",
        )
    elif state.step == "flip":
        require(len(state.pending) == 1 and state.filling is not None, "a stack choice is lost")
    else:
        require(bool(state.pending), "the build step waits for nobody")
    standing = Counter(
        p.bid_on for p in state.players if p.action == "bid" and not p.outbid and p.bid_on
    )
    require(all(n == 1 for n in standing.values()), "two bids stand on one track")
    if len(state.players) == 3:
        require(state.space("P4") is None, "P4 is used with 3 players")
