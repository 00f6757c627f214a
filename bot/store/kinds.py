"""What the store needs to know of each kind of game: its engine, its rules and its records.

The store keeps every game alike (seats, a JSON snapshot, a log of command lines); to read
a snapshot, replay a log or export a record it asks the game's `Kind`, which each game's
package provides (the bot's game registry passes them to `Store.open`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from pydantic import BaseModel

from .games import AnyRules, Game, Move


class Record(Protocol):
    """A game's record (the engine's `GameRecord`): settings, seed and every command."""

    @property
    def commands(self) -> list[str]:
        """The accepted commands, `<player>: <command>`, in order."""

    def replay(self, upto: int | None = None) -> tuple[Any, list[Any]]:
        """The state after the first `upto` commands (all), and every event on the way."""

    def take_back(self, player: Any) -> tuple[Any, list[Any]]:
        """Take back `player`'s latest move that may be, adding the line that says so.

        The state before that move and the events telling it; raises the engine's
        `IllegalAction`, saying why, when nothing may be taken back.
        """

    def model_dump_json(self, *, indent: int | None = None, exclude_defaults: bool = False) -> str:
        """The record as JSON."""

    def model_dump(self, *, mode: str = "python") -> dict[str, Any]:
        """The record as plain data."""


class Kind(Protocol):
    """A kind of game as the store sees it (a game's package implements it)."""

    @property
    def kind(self) -> str:
        """The name the store files its games under (`games.kind`), e.g. `lords_of_vegas`."""

    @property
    def rules(self) -> AnyRules:
        """The engine's front door (engine/game.py)."""

    @property
    def rules_version(self) -> int:
        """The version of the rules the engine plays now, recorded with each game it starts.

        It goes up whenever a change to the rules could refuse a command an older game
        logged, or give it another result, so such a game's replay can be explained.
        """

    def record(self, settings: Any, commands: Sequence[str]) -> Record:
        """The engine's record of a game from its settings and logged commands."""

    def public_record(self, record: Any, state: Any) -> BaseModel:
        """What anyone at the table may download while the game runs (no hidden facts)."""

    def scenario(self, game: Game, moves: Sequence[Move]) -> BaseModel | None:
        """The game as a scenario file the engine's scenario runner replays (None: none)."""


Kinds = Mapping[str, Kind]
