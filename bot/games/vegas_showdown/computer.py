"""Vegas Showdown's computer players at the table: what a computer-played seat does.

The engine's computer players (easy, normal, hard) choose for computer seats and seats
one took over, from the public view only (`engine.vegas_showdown.ai`); a resigned seat
no computer took over plays as `absent.py` says. A computer's answer is checked on a
copy of the game first: should the engine refuse it, the seat plays as an absent one
does rather than leave the table waiting for a move that will never come.
"""

from __future__ import annotations

import logging
import random
from typing import Final, cast

from bot.store import Game
from engine.vegas_showdown import Action, Color, GameState, IllegalAction, apply
from engine.vegas_showdown.ai import HardPlayer, Level, make_player
from engine.vegas_showdown.ai.view import copy_state

from .absent import passive_move

log = logging.getLogger(__name__)
DEFAULT_LEVEL: Final[Level] = "normal"


def choose(
    game: Game, state: GameState, color: Color, level: str | None, think: float
) -> Action | None:
    """The move of the computer playing `color` at `level` (None: a resigned seat).

    `level` is one of the engine's `LEVELS`; a resigned seat no computer took over plays
    as `absent.py` says. `think` is the most seconds hard may take. It may think a while:
    run it in a worker thread. None when the game does not wait for `color`.
    """
    if level is None:
        return passive_move(state, color)
    # The same game at the same moment gets the same answer, after a restart too.
    seed = random.Random(f"{game.id}:{game.version}:{color}").getrandbits(32)
    player = make_player(cast(Level, level), seed)
    if isinstance(player, HardPlayer):
        player.budget = think
    action = player.act(state, color)
    if action is None:
        return passive_move(state, color)
    try:
        apply(copy_state(state), color, action)
    except IllegalAction as refusal:
        log.error("%s computer for %s chose %s, refused: %s", player.level, color, action, refusal)
        return passive_move(state, color)
    return action
