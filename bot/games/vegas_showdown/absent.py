"""What a seat does when nobody plays it: a resigned player, or a choice out of time.

Decisions take the engine's default answers. An action choice takes Renovate, which
changes nothing unless its player comes back to renovate (its renovation, left alone,
is cancelled); Publicity when a No-Bid marker bars Renovate; the lowest bid only when
both are barred (a player must choose something they may).
"""

from __future__ import annotations

from engine.vegas_showdown import (
    Action,
    Color,
    GameState,
    decisions_owed,
    default_answer,
    legal_actions,
)
from engine.vegas_showdown.actions import Bid


def passive_choice(state: GameState, color: Color) -> Action:
    """The action a seat that does not choose takes: Renovate, Publicity, else the lowest bid."""
    legal = legal_actions(state, color)
    for kind in ("renovate", "publicity"):
        for action in legal:
            if action.kind == kind:
                return action
    bids = [a for a in legal if isinstance(a, Bid)]
    return min(bids, key=lambda a: a.amount)


def passive_move(state: GameState, color: Color) -> Action | None:
    """A seat's move when nobody plays it: a decision's default answer, or its choice."""
    owed = decisions_owed(state, color)
    if owed:
        return default_answer(state, owed[0])
    if state.step == "actions" and state.current == color:
        return passive_choice(state, color)
    return None
