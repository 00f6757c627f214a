"""Lords of Vegas rules engine: pure, deterministic, no I/O.

A game is a `GameState` value plus functions:

    state, events = new_game(GameSettings(players=["red", "blue"], seed=7))
    events = apply(state, "red", parse_command("build C7 sphinx"))
    legal_actions(state, "red")

`apply` changes the state in place and returns typed events; a refused action raises
`IllegalAction` (or `NotationError` when parsing text) and changes nothing.
"""

from __future__ import annotations

from .actions import Action, Color
from .board import BOARD, COMPANIES, GAME_OVER, Company
from .ending import standings
from .errors import IllegalAction, LordsOfVegasError, NotationError
from .events import Event
from .game import apply, decisions_owed, is_over, offers_to_answer, result, waiting_for
from .moves import default_answer, legal_actions
from .narrate import describe, describe_decision
from .notation import format_action, format_line, parse_command, parse_line
from .record import GameRecord, PublicRecord
from .setup import GameSettings, new_game
from .state import GameState
from .takeback import takeable, took_back

__all__ = [
    "BOARD",
    "COMPANIES",
    "GAME_OVER",
    "Action",
    "Color",
    "Company",
    "Event",
    "GameRecord",
    "GameSettings",
    "GameState",
    "IllegalAction",
    "LordsOfVegasError",
    "NotationError",
    "PublicRecord",
    "apply",
    "decisions_owed",
    "default_answer",
    "describe",
    "describe_decision",
    "format_action",
    "format_line",
    "is_over",
    "legal_actions",
    "new_game",
    "offers_to_answer",
    "parse_command",
    "parse_line",
    "result",
    "standings",
    "takeable",
    "took_back",
    "waiting_for",
]
