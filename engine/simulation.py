"""What every game's simulator (`engine/<game>/simulate.py`) does with a finished game.

Each random game is replayed from its record, which must rebuild the very same state,
and may be written out (`--dump`) to look into; the wins are summed up the same way.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel


class Record(Protocol):
    """A game's record (its `record.GameRecord`): replayable and written as JSON."""

    def replay(self) -> tuple[BaseModel, list[Any]]:
        """The game played again from its seed: its state and events."""

    def model_dump_json(self, *, indent: int | None = None) -> str:
        """The record as JSON."""


def replays_exactly(record: Record, state: BaseModel) -> bool:
    """Whether replaying `record` from its seed reaches exactly `state`."""
    replayed, _ = record.replay()
    return replayed.model_dump_json() == state.model_dump_json()


def dump_game(folder: Path, seed: int, state: BaseModel, record: Record) -> None:
    """Write the game's final state and record as `game-<seed>.state.json`, `.record.json`."""
    (folder / f"game-{seed}.state.json").write_text(state.model_dump_json(indent=1))
    (folder / f"game-{seed}.record.json").write_text(record.model_dump_json(indent=1))


def check_and_keep(
    record: Record, state: BaseModel, seed: int, *, check: bool, dump: Path | None
) -> bool:
    """A finished game: its replay checked (with `check`), written to `dump` if given.

    False, saying so, when replaying the record does not reproduce the game.
    """
    if check and not replays_exactly(record, state):
        print(f"seed {seed}: replaying the record does not reproduce the game")
        return False
    if dump:
        dump_game(dump, seed, state, record)
    return True


def summary_lines(wins: Counter[str], games: int, elapsed: float) -> list[str]:
    """The wins, most first (`wins: red 7, blue 3`), and how many games a second."""
    return [wins_line(wins), f"{games / elapsed:.1f} games per second ({elapsed:.2f} s)"]


def wins_line(wins: Counter[str]) -> str:
    """`wins: red 7, blue 3`, most wins first."""
    return "wins: " + ", ".join(f"{color} {count}" for color, count in wins.most_common())
