"""The games this project hosts, each checked by mypy against the shared front door.

Assigning a game package to a `GameRules[...]` variable makes mypy prove that the package
offers every function and class of `engine/game.py`, with matching types.
"""

from __future__ import annotations

from typing import Any, Final

from . import lords_of_vegas, vegas_showdown
from .game import GameRules, RecordClass, SharedRecordClass
from .lords_of_vegas.state import Decision as LordsOfVegasDecision

LORDS_OF_VEGAS: Final[
    GameRules[
        lords_of_vegas.GameSettings,
        lords_of_vegas.GameState,
        lords_of_vegas.Color,
        lords_of_vegas.Action,
        lords_of_vegas.Event,
        LordsOfVegasDecision,
    ]
] = lords_of_vegas
VEGAS_SHOWDOWN: Final[
    GameRules[
        vegas_showdown.GameSettings,
        vegas_showdown.GameState,
        vegas_showdown.Color,
        vegas_showdown.Action,
        vegas_showdown.Event,
        vegas_showdown.Decision,
    ]
] = vegas_showdown

# The same check for each game's record classes (mypy looks at a class more closely alone
# than as a member of a package).
LORDS_OF_VEGAS_RECORDS: Final[
    tuple[
        RecordClass[lords_of_vegas.GameSettings, lords_of_vegas.GameState, lords_of_vegas.Event],
        SharedRecordClass[lords_of_vegas.GameState],
    ]
] = (lords_of_vegas.GameRecord, lords_of_vegas.PublicRecord)
VEGAS_SHOWDOWN_RECORDS: Final[
    tuple[
        RecordClass[vegas_showdown.GameSettings, vegas_showdown.GameState, vegas_showdown.Event],
        SharedRecordClass[vegas_showdown.GameState],
    ]
] = (vegas_showdown.GameRecord, vegas_showdown.PublicRecord)

# By the name a game's record and saved state carry.
GAMES: Final[dict[str, GameRules[Any, Any, Any, Any, Any, Any]]] = {
    "lords_of_vegas": LORDS_OF_VEGAS,
    "vegas_showdown": VEGAS_SHOWDOWN,
}
