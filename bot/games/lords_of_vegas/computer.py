"""Lords of Vegas's computer players at the table: who moves, and what they play.

The engine's AI players (easy, normal, hard) choose for AI seats and seats an AI took
over; a resigned seat no AI took over plays passively: it takes the default answers,
declines offers and ends its turns.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Final, cast

from bot.store import Game
from engine.lords_of_vegas import (
    Color,
    GameState,
    decisions_owed,
    default_answer,
    offers_to_answer,
)
from engine.lords_of_vegas.actions import Action, Decline, EndTurn
from engine.lords_of_vegas.ai.players import Level, make_player
from engine.lords_of_vegas.trade import parties

DEFAULT_LEVEL: Final[Level] = "normal"


def waiting_computer(computers: Collection[Color], state: GameState) -> Color | None:
    """Which of `computers` (colours a computer plays) the game waits for, if any.

    Decisions come first, then answers to offers, then the current player's turn.
    """
    if state.over:
        return None
    for decision in state.pending:
        if decision.player in computers:
            return decision.player
    if state.pending:
        return None
    for offer in state.offers:
        for color in parties(offer):
            if color in computers and color not in offer.accepted:
                return color
    if state.current in computers:
        return state.current
    return None


def passive_move(state: GameState, color: Color) -> Action | None:
    """A resigned seat's move: the default answer, no to an offer, or the end of its turn."""
    owed = decisions_owed(state, color)
    if owed:
        return default_answer(state, owed[0])
    waiting = offers_to_answer(state, color)
    if waiting:
        return Decline(offer=waiting[0].id)
    return EndTurn() if state.current == color else None


def choose(game: Game, state: GameState, color: Color, level: str | None) -> Action | None:
    """The computer's move for `color` at `level` (None: a resigned seat, played passively).

    `level` is one of the engine's `LEVELS`. It may think a while: run it in a worker thread.
    """
    if level is None:
        return passive_move(state, color)
    seed = random.Random(f"{game.id}:{game.version}:{color}").getrandbits(32)
    return make_player(cast(Level, level), seed).act(state, color)
