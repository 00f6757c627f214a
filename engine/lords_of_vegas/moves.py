"""Listing legal actions: everything a player may do at this moment.

The listing is built from the same facts the rules check, and tests confirm that it
matches exactly what `apply` accepts. Actions are immutable, so identical ones are
shared rather than rebuilt on every listing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterator
from functools import cache, cached_property
from itertools import permutations

from .actions import (
    Accept,
    Action,
    Build,
    Color,
    Decline,
    EndTurn,
    Gamble,
    Layoff,
    Place,
    Raise,
    Remodel,
    Reorganize,
    Sprawl,
    Take,
    Withdraw,
)
from .board import BOARD, COMPANIES, TILES_PER_COMPANY, Company
from .casino import Casino, all_casinos, boss_of, dice_in
from .construction import REMODEL_PER_SPACE, RISER_PRICE, sprawl_cost
from .gamble import max_bet
from .state import (
    Decision,
    GameState,
    LayoffDecision,
    PlaceDecision,
    TakeDieDecision,
    TakeMarkerDecision,
)
from .supply import dice_left, dice_on_board, is_empty_lot, parking_lots
from .trade import parties

_END = EndTurn()


@cache
def _build(lot: str, company: Company, using: str | None) -> Build:
    return Build(lot=lot, company=company, using=using)


@cache
def _sprawl(lot: str, origin: str | None, using: str | None) -> Sprawl:
    return Sprawl(lot=lot, origin=origin, using=using)


@cache
def _gamble(lot: str, amount: int) -> Gamble:
    return Gamble(lot=lot, amount=amount)


@cache
def _remodel(lot: str, company: Company) -> Remodel:
    return Remodel(lot=lot, company=company)


@cache
def _reorganize(lot: str) -> Reorganize:
    return Reorganize(lot=lot)


@cache
def _raise(lot: str) -> Raise:
    return Raise(lot=lot)


def legal_actions(
    state: GameState, player: Color, kinds: Collection[str] | None = None
) -> list[Action]:
    """Every action `player` may take now, optionally only of the given kinds.

    Actions name a casino by its first lot. Every legal gamble amount is listed, and
    every distinct way to place rerolled dice. New trade offers are open-ended and so
    are not listed; accepting, declining and withdrawing open ones are.
    """
    if state.over or player not in state.colors:
        return []
    wanted = set(kinds) if kinds is not None else None

    def want(kind: str) -> bool:
        return wanted is None or kind in wanted

    found: list[Action] = []
    for offer in state.offers:
        involved = parties(offer)
        if player == offer.proposer:
            if want("withdraw"):
                found.append(Withdraw(offer=offer.id))
        elif player in involved:
            if want("accept") and not state.pending and player not in offer.accepted:
                found.append(Accept(offer=offer.id))
            if want("decline"):
                found.append(Decline(offer=offer.id))
    if state.pending:
        for decision in state.pending:
            if decision.player == player:
                found.extend(_answers(state, decision, want))
        return found
    if player == state.current:
        found.extend(_turn_actions(state, player, want))
        if want("end"):
            found.append(_END)
    return found


def _answers(
    state: GameState,
    decision: PlaceDecision | LayoffDecision | TakeDieDecision | TakeMarkerDecision,
    want: Callable[[str], bool],
) -> Iterator[Action]:
    if isinstance(decision, PlaceDecision):
        if want("place"):
            for values in dict.fromkeys(permutations(decision.values)):
                yield Place(assignment=tuple(zip(decision.lots, values, strict=True)))
    elif isinstance(decision, LayoffDecision):
        if want("layoff"):
            yield Layoff(accept=True)
            yield Layoff(accept=False)
    elif isinstance(decision, TakeDieDecision):
        if want("take"):
            for lot in dice_on_board(state, decision.player):
                yield Take(what="die", lot=lot)
    elif want("take"):
        for lot in parking_lots(state, decision.player):
            yield Take(what="marker", lot=lot)


class _Position:
    """What the listing needs to know about one player's position, worked out on demand."""

    def __init__(self, state: GameState, player: Color) -> None:
        self.state = state
        self.player = player
        self.cash = state.player(player).money

    @cached_property
    def casinos(self) -> tuple[Casino, ...]:
        return all_casinos(self.state)

    @cached_property
    def bossed(self) -> list[Casino]:
        return [c for c in self.casinos if boss_of(self.state, c) == self.player]

    @cached_property
    def free_tiles(self) -> dict[Company, int]:
        used = Counter(tile.company for tile in self.state.tiles.values())
        return {company: TILES_PER_COMPANY - used[company] for company in COMPANIES}

    @cached_property
    def die_sources(self) -> list[str | None]:
        """None (a die from the supply), or every die on the board when the supply is empty."""
        if dice_left(self.state, self.player):
            return [None]
        return list(dice_on_board(self.state, self.player))


def _turn_actions(state: GameState, player: Color, want: Callable[[str], bool]) -> Iterator[Action]:
    position = _Position(state, player)
    for kind, listing in _LISTINGS.items():
        if want(kind):
            yield from listing(position)


def _builds(position: _Position) -> Iterator[Action]:
    companies = [c for c in COMPANIES if position.free_tiles[c]]
    for lot in parking_lots(position.state, position.player):
        if BOARD.lots[lot].price <= position.cash:
            for company in companies:
                for source in position.die_sources:
                    yield _build(lot, company, source)


def _sprawls(position: _Position) -> Iterator[Action]:
    state = position.state
    origins: dict[str, list[Casino]] = {}
    for casino in position.bossed:
        for lot in casino.lots:
            for near in BOARD.lots[lot].neighbors:
                if is_empty_lot(state, near) and casino not in origins.setdefault(near, []):
                    origins[near].append(casino)
    for target in sorted(origins, key=lambda lot: BOARD.lots[lot].order):
        if state.f_block_unused and BOARD.lots[target].block == "F":
            continue
        choices = origins[target]
        for origin in choices:
            if sprawl_cost(state, target, origin) > position.cash:
                continue
            if not position.free_tiles[origin.company]:
                continue
            named = origin.name if len(choices) > 1 else None
            for source in position.die_sources:
                yield _sprawl(target, named, source)


def _remodels(position: _Position) -> Iterator[Action]:
    for casino in position.bossed:
        if REMODEL_PER_SPACE * casino.spaces <= position.cash:
            for company in COMPANIES:
                if company != casino.company and position.free_tiles[company] >= casino.spaces:
                    yield _remodel(casino.name, company)


def _reorganizes(position: _Position) -> Iterator[Action]:
    state, player = position.state, position.player
    for casino in position.casinos:
        dice = dice_in(state, casino)
        if (
            any(owner == player for _, owner, _ in dice)
            and not any(lot in state.reorganized for lot, _, _ in dice)
            and sum(pips for _, _, pips in dice) <= position.cash
        ):
            yield _reorganize(casino.name)


def _raises(position: _Position) -> Iterator[Action]:
    state = position.state
    if state.edition != "updated":
        return
    for casino in position.bossed:
        if casino.height < state.max_height and RISER_PRICE * casino.spaces <= position.cash:
            yield _raise(casino.name)


def _gambles(position: _Position) -> Iterator[Action]:
    if position.state.gambled:
        return
    for casino in position.casinos:
        for amount in range(1, max_bet(position.state, position.player, casino) + 1):
            yield _gamble(casino.name, amount)


_LISTINGS: dict[str, Callable[[_Position], Iterator[Action]]] = {
    "build": _builds,
    "sprawl": _sprawls,
    "remodel": _remodels,
    "reorganize": _reorganizes,
    "raise": _raises,
    "gamble": _gambles,
}


def default_answer(state: GameState, decision: Decision) -> Action:
    """The answer used when a player lets a decision time out.

    - place: keep the rolled values where they landed (the suggested placement);
    - layoff: no lay-off;
    - take a die: the player's lowest die (first in board order on a tie);
    - take a marker: the parking lot with the lowest build price (first in board order).
    """
    if isinstance(decision, PlaceDecision):
        return Place(assignment=tuple(zip(decision.lots, decision.values, strict=True)))
    if isinstance(decision, LayoffDecision):
        return Layoff(accept=False)
    if isinstance(decision, TakeDieDecision):
        dice = dice_on_board(state, decision.player)
        lowest = min(dice, key=lambda lot: _pips_on(state, lot))
        return Take(what="die", lot=lowest)
    lots = parking_lots(state, decision.player)
    return Take(what="marker", lot=min(lots, key=lambda lot: BOARD.lots[lot].price))


def _pips_on(state: GameState, lot: str) -> int:
    die = state.tiles[lot].die
    return die.pips if die is not None else 0
