"""Reorganize: reroll every die in a casino, then each player places their new values."""

from __future__ import annotations

from collections import Counter

from .actions import Color, Place, Reorganize
from .casino import casino_at, dice_in
from .checks import require_casino, require_money
from .errors import IllegalAction
from .events import DecisionRequired, DicePlaced, Event, Reorganized
from .state import GameState, PlaceDecision
from .ties import settle_ties


def reorganize_cost(state: GameState, lot: str) -> int:
    """$1m per pip on every die in the casino at `lot`."""
    casino = casino_at(state, lot)
    assert casino is not None
    return sum(pips for _, _, pips in dice_in(state, casino))


def reorganize(state: GameState, player: Color, action: Reorganize, events: list[Event]) -> None:
    """Reroll all dice of a casino where you have a die; no die twice in one turn.

    Dice roll in board order, ties for the top are rerolled, and then every player with
    two or more different values decides which of their tiles gets which value (until
    then the values sit on their tiles in roll order).
    """
    casino = require_casino(state, action.lot)
    dice = dice_in(state, casino)
    if not any(owner == player for _, owner, _ in dice):
        raise IllegalAction(f"You need a die in the casino at {action.lot} to reorganize it.")
    if any(lot in state.reorganized for lot, _, _ in dice):
        raise IllegalAction(
            f"Dice in the casino at {action.lot} were already reorganized this turn; "
            "no die can be reorganized twice in a turn."
        )
    cost = sum(pips for _, _, pips in dice)
    require_money(state, player, cost, f"Reorganizing the casino at {action.lot}")

    state.player(player).money -= cost
    rolls = []
    for lot, owner, _ in dice:
        tile_die = state.tiles[lot].die
        assert tile_die is not None
        tile_die.pips = state.rng.roll()
        rolls.append((lot, owner, tile_die.pips))
        state.reorganized.append(lot)
        state.changed[lot] = state.turn
    events.append(Reorganized(player=player, lots=casino.lots, cost=cost, rolls=tuple(rolls)))
    settle_ties(state, casino.lots, events)

    by_owner: dict[Color, list[str]] = {}
    for lot, owner, _ in dice:
        by_owner.setdefault(owner, []).append(lot)
    for color in state.colors:
        lots = by_owner.get(color, [])
        values = [_pips(state, lot) for lot in lots]
        if len(set(values)) > 1:
            decision = state.ask(PlaceDecision(player=color, lots=lots, values=values))
            events.append(DecisionRequired(decision=decision))


def _pips(state: GameState, lot: str) -> int:
    die = state.tiles[lot].die
    assert die is not None
    return die.pips


def place(state: GameState, player: Color, action: Place, events: list[Event]) -> None:
    """Put your rerolled values on your tiles: every tile once, every value once."""
    decision = next(
        (d for d in state.pending if isinstance(d, PlaceDecision) and d.player == player), None
    )
    if decision is None:
        raise IllegalAction("You have no rerolled dice to place right now.")
    lots = [lot for lot, _ in action.assignment]
    wanted = ", ".join(decision.lots)
    rolled = ", ".join(str(v) for v in sorted(decision.values))
    if sorted(lots) != sorted(decision.lots):
        raise IllegalAction(f"Place a value on each of your tiles {wanted}, once each.")
    values = [pips for _, pips in action.assignment]
    if Counter(values) != Counter(decision.values):
        raise IllegalAction(f"Use exactly the values you rolled ({rolled}), once each.")

    state.pending.remove(decision)
    for lot, pips in action.assignment:
        die = state.tiles[lot].die
        assert die is not None
        die.pips = pips
    ordered = tuple(sorted(action.assignment, key=lambda pair: decision.lots.index(pair[0])))
    events.append(DicePlaced(player=player, assignment=ordered))
