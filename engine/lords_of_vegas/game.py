"""The engine's front door: apply a player's action, list legal actions, read the result.

`apply` changes the state in place and returns what happened as events. It checks
everything before changing anything, so a refused action (an exception) leaves the
state exactly as it was.
"""

from __future__ import annotations

from .actions import (
    Accept,
    Action,
    Build,
    Color,
    Decline,
    EndTurn,
    Expire,
    Layoff,
    Place,
    Propose,
    Raise,
    Remodel,
    Reorganize,
    Sprawl,
    Take,
    TurnAction,
    Withdraw,
)
from .construction import (
    build,
    raise_casino,
    remodel,
    sprawl,
)
from .ending import standings
from .errors import IllegalAction
from .events import Event
from .gamble import gamble, layoff
from .holdings import take
from .narrate import describe_decision
from .reorganize import place, reorganize
from .state import Decision, GameState, Offer
from .trade import accept, continue_trade, decline, expire, parties, propose, withdraw
from .turn import end_turn, resume_draw


def run_turn_action(
    state: GameState, player: Color, action: TurnAction, events: list[Event]
) -> None:
    """Carry out one of the six actions for `player` (whose turn it must be)."""
    if isinstance(action, Build):
        build(state, player, action, events)
    elif isinstance(action, Sprawl):
        sprawl(state, player, action, events)
    elif isinstance(action, Remodel):
        remodel(state, player, action, events)
    elif isinstance(action, Reorganize):
        reorganize(state, player, action, events)
    elif isinstance(action, Raise):
        raise_casino(state, player, action, events)
    else:
        gamble(state, player, action, events)


def waiting_for(state: GameState) -> list[Color]:
    """Who the game waits for: players owing decisions, else the current player."""
    if state.over:
        return []
    if state.pending:
        owing: list[Color] = []
        for decision in state.pending:
            if decision.player not in owing:
                owing.append(decision.player)
        return owing
    return [state.current]


def decisions_owed(state: GameState, player: Color) -> list[Decision]:
    """The decisions `player` owes, in the order they must be answered."""
    return [decision for decision in state.pending if decision.player == player]


def offers_to_answer(state: GameState, player: Color) -> list[Offer]:
    """Open trade offers that name `player` and that it has not accepted yet."""
    return [o for o in state.offers if player in parties(o) and player not in o.accepted]


def apply(state: GameState, player: Color, action: Action) -> list[Event]:
    """Apply `player`'s action to `state` in place and return the events it caused.

    Raises `IllegalAction` (changing nothing) when the rules do not allow it.
    """
    if state.over:
        raise IllegalAction("The game is over.")
    if player not in state.colors:
        raise IllegalAction(f"{player} is not playing in this game.")
    events: list[Event] = []
    if isinstance(action, Place | Layoff | Take):
        if isinstance(action, Place):
            place(state, player, action, events)
        elif isinstance(action, Layoff):
            layoff(state, player, action, events)
        else:
            take(state, player, action, events)
        _resume(state, events)
    elif isinstance(action, Decline):
        decline(state, player, action.offer, events)
    elif isinstance(action, Withdraw):
        withdraw(state, player, action.offer, events)
    elif isinstance(action, Expire):
        expire(state, action.offer, events)
    else:
        if state.pending:
            raise IllegalAction(
                "First " + "; ".join(describe_decision(d) for d in state.pending) + "."
            )
        if isinstance(action, Propose):
            propose(state, player, action, events)
        elif isinstance(action, Accept):
            accept(state, player, action.offer, run_turn_action, events)
        elif player != state.current:
            raise IllegalAction(f"It is {state.current}'s turn, not yours.")
        elif isinstance(action, EndTurn):
            end_turn(state, player, events)
        else:
            run_turn_action(state, player, action, events)
    return events


def _resume(state: GameState, events: list[Event]) -> None:
    """Once no decision is owed, finish whatever was waiting (a trade or a draw)."""
    while not state.pending and not state.over:
        if state.trade is not None:
            continue_trade(state, run_turn_action, events)
        elif state.paused_draw is not None:
            resume_draw(state, events)
        else:
            return


def is_over(state: GameState) -> bool:
    """True once the game has ended."""
    return state.over


def result(state: GameState) -> tuple[list[Color], list[tuple[Color, int, int]]]:
    """The winners (empty while playing) and the standings: (colour, points, money)."""
    return list(state.winners), standings(state)
