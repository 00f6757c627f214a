"""Gaining a parking lot or a die on a tile, moving one of yours when you have none left.

Used by the draw (a new lot, a takeover) and by trades (a lot or die handed over).
When the player's supply is empty the engine asks them which marker or die to move
(a pending decision) and the gain completes when they answer with `take`.
"""

from __future__ import annotations

from .actions import Color, Take
from .errors import IllegalAction
from .events import DecisionRequired, DieMoved, Event, MarkerMoved, MarkerPlaced, TakeOver
from .state import Die, GameState, TakeDieDecision, TakeMarkerDecision
from .supply import dice_left, markers_left
from .ties import settle_ties


def gain_lot(
    state: GameState, player: Color, lot: str, giver: Color | None, events: list[Event]
) -> None:
    """`player` puts a marker on `lot` (replacing `giver`'s), or is asked which to move."""
    if markers_left(state, player) == 0:
        decision = state.ask(TakeMarkerDecision(player=player, lot=lot, giver=giver))
        events.append(DecisionRequired(decision=decision))
        return
    state.lots[lot] = player
    state.changed[lot] = state.turn
    if giver is None:
        events.append(MarkerPlaced(player=player, lot=lot))


def gain_die(
    state: GameState, player: Color, lot: str, pips: int, giver: Color | None, events: list[Event]
) -> None:
    """`player`'s die with `pips` goes on the tile at `lot`, or they are asked which to move."""
    if dice_left(state, player) == 0:
        decision = state.ask(TakeDieDecision(player=player, lot=lot, pips=pips, giver=giver))
        events.append(DecisionRequired(decision=decision))
        return
    _put_die(state, player, lot, pips, giver, events)
    settle_ties(state, [lot], events)


def _put_die(
    state: GameState, player: Color, lot: str, pips: int, giver: Color | None, events: list[Event]
) -> None:
    tile = state.tiles[lot]
    previous = tile.die.owner if tile.die else None
    tile.die = Die(owner=player, pips=pips)
    state.changed[lot] = state.turn
    if giver is None:
        events.append(TakeOver(player=player, lot=lot, previous=previous, pips=pips))


def take(state: GameState, player: Color, action: Take, events: list[Event]) -> None:
    """Answer a take-die or take-marker decision owed by `player`."""
    wanted = "take_die" if action.what == "die" else "take_marker"
    decision = next(
        (d for d in state.pending if d.player == player and d.kind == wanted),
        None,
    )
    if decision is None:
        raise IllegalAction(f"Nobody is asking you which {action.what} to move right now.")
    if isinstance(decision, TakeMarkerDecision):
        if state.lots.get(action.lot) != player:
            raise IllegalAction(
                f"{action.lot} is not one of your parking lots: choose a lot with your marker."
            )
        state.pending.remove(decision)
        del state.lots[action.lot]
        state.lots[decision.lot] = player
        state.changed[action.lot] = state.changed[decision.lot] = state.turn
        events.append(MarkerMoved(player=player, from_lot=action.lot, to_lot=decision.lot))
        return
    assert isinstance(decision, TakeDieDecision)
    tile = state.tiles.get(action.lot)
    if tile is None or tile.die is None or tile.die.owner != player:
        raise IllegalAction(
            f"{action.lot} does not hold one of your dice: choose a tile with yours."
        )
    state.pending.remove(decision)
    move_die(state, player, action.lot, decision.lot, events)
    _put_die(state, player, decision.lot, decision.pips, decision.giver, events)
    settle_ties(state, [action.lot, decision.lot], events)


def move_die(
    state: GameState, player: Color, source: str, target: str, events: list[Event]
) -> None:
    """Lift `player`'s die off `source` (leaving the tile without a die) to reuse it.

    A die reorganized this turn stays reorganized on its new tile, so the casino it
    joins cannot be reorganized again this turn.
    """
    state.tiles[source].die = None
    if source in state.reorganized:
        state.reorganized.remove(source)
        if target not in state.reorganized:
            state.reorganized.append(target)
    state.changed[source] = state.turn
    events.append(DieMoved(player=player, from_lot=source, to_lot=target))
