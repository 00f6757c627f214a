"""Lords of Vegas at the Discord table: everything the host knows of this game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.store import AnyRules, Game, Move
from engine import lords_of_vegas
from engine.lords_of_vegas import GameSettings, GameState
from engine.lords_of_vegas.record import GameRecord, PublicRecord
from engine.lords_of_vegas.scenario import Scenario

from .records import game_record, game_scenario, public_record

# 1: the rules until issue 25. 2: at most 12 steps to an offer and 3 open offers per
# player; a die moved out of a reorganized casino stays reorganized.
RULES_VERSION: Final = 2


class LordsOfVegas:
    """Lords of Vegas, as the host sees it."""

    kind: Final = "lords_of_vegas"
    rules: Final[AnyRules] = lords_of_vegas
    rules_version: Final = RULES_VERSION

    def record(self, settings: GameSettings, commands: Sequence[str]) -> GameRecord:
        """The engine's record of a game from its settings and logged commands."""
        return game_record(settings, commands)

    def public_record(self, record: GameRecord, state: GameState) -> PublicRecord:
        """What anyone at the table may download while the game runs."""
        return public_record(record, state)

    def scenario(self, game: Game, moves: Sequence[Move]) -> Scenario:
        """The game as a scenario file for `engine.lords_of_vegas.scenario`."""
        return game_scenario(game, moves)


GAME: Final = LordsOfVegas()
