"""Vegas Showdown rules engine: pure, deterministic, no I/O.

A game is a `GameState` value plus functions, with the same front door as
`engine.lords_of_vegas` (see `engine/game.py`):

    state, events = new_game(GameSettings(players=["red", "blue", "green"], seed=7))
    events = apply(state, "red", parse_command("bid P1 25"))
    legal_actions(state, "blue")

`apply` changes the state in place and returns typed events; a refused action raises
`IllegalAction` (or `NotationError` when parsing text) and changes nothing.
"""

from __future__ import annotations

from .actions import COLORS, Action, Color
from .ending import standings
from .errors import IllegalAction, NotationError, VegasShowdownError
from .events import Event
from .game import apply, decisions_owed, is_over, result, waiting_for
from .moves import default_answer, legal_actions, legal_placements
from .narrate import describe, describe_card, describe_decision
from .notation import format_action, format_line, parse_command, parse_line
from .record import GameRecord, PublicRecord
from .setup import GameSettings, new_game
from .state import Decision, GameState
from .takeback import takeable, took_back

__all__ = [
    "COLORS",
    "Action",
    "Color",
    "Decision",
    "Event",
    "GameRecord",
    "GameSettings",
    "GameState",
    "IllegalAction",
    "NotationError",
    "PublicRecord",
    "VegasShowdownError",
    "apply",
    "decisions_owed",
    "default_answer",
    "describe",
    "describe_card",
    "describe_decision",
    "format_action",
    "format_line",
    "is_over",
    "legal_actions",
    "legal_placements",
    "new_game",
    "parse_command",
    "parse_line",
    "result",
    "standings",
    "takeable",
    "took_back",
    "waiting_for",
]
