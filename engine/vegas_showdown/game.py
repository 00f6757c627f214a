"""The engine's front door: apply a player's action, say who the game waits for.

`apply` changes the state in place and returns what happened as events. It checks
everything before changing anything, so a refused action (an exception) leaves the
state exactly as it was.
"""

from __future__ import annotations

from .actions import CHOICE_KINDS, Action, Color
from .bidding import bid, choose_action, resolve_target
from .building import answer, build_decision
from .ending import standings
from .errors import IllegalAction
from .events import Event
from .flow import proceed
from .narrate import describe_decision
from .rounds import choose_stack
from .state import Decision, GameState


def waiting_for(state: GameState) -> list[Color]:
    """Who the game waits for: players owing decisions, then the player choosing an action.

    While bidding goes on, players renovating or publicizing owe their decision and the
    player whose turn it is chooses, at the same time.
    """
    if state.over:
        return []
    waiting = list(dict.fromkeys(decision.player for decision in state.pending))
    if state.step == "actions" and state.current is not None and state.current not in waiting:
        waiting.append(state.current)
    return waiting


def decisions_owed(state: GameState, player: Color) -> list[Decision]:
    """The decisions `player` owes, in the order they must be answered."""
    return [decision for decision in state.pending if decision.player == player]


def apply(state: GameState, player: Color, action: Action) -> list[Event]:
    """Apply `player`'s action to `state` in place and return the events it caused.

    Raises `IllegalAction` (changing nothing) when the rules do not allow it.
    """
    if state.over:
        raise IllegalAction("The game is over.")
    if not any(seat.color == player for seat in state.players):
        raise IllegalAction(f"{player} is not playing in this game.")
    events: list[Event] = []
    kind = action.kind
    if kind in CHOICE_KINDS:
        owed = decisions_owed(state, player) if state.pending else []
        if owed:
            raise IllegalAction(f"First {describe_decision(owed[0])}.")
        if action.kind == "bid":
            bid(state, player, resolve_target(state, action.target), action.amount, events)
        else:
            choose_action(state, player, kind, events)
    elif action.kind == "stack":
        choose_stack(state, player, action.size, events)
    else:
        if build_decision(state, player) is None:
            raise IllegalAction(_nothing_to_place(state, player))
        answer(state, player, action, events)
    proceed(state, events)
    return events


def _nothing_to_place(state: GameState, player: Color) -> str:
    owed = decisions_owed(state, player)
    if owed:
        return f"First {describe_decision(owed[0])}."
    return "You have no tile to place, reserve or remove now."


def is_over(state: GameState) -> bool:
    """True once the game has ended."""
    return state.over


def result(state: GameState) -> tuple[list[Color], list[tuple[Color, int, int]]]:
    """The winners (empty while playing) and the standings: (colour, Fame, cash)."""
    return list(state.winners), standings(state)
