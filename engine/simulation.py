"""What every game's simulator (`engine/<game>/simulate.py`) does with a finished game.

Each random game is replayed from its record, which must rebuild the very same state,
and may be written out (`--dump`) to look into; the wins are summed up the same way.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from engine.command_log import CommandLog


def replays_exactly(record: CommandLog[Any, Any], state: BaseModel) -> bool:
    """Whether replaying `record` from its seed reaches exactly `state`."""
    replayed, _ = record.replay()
    return bool(replayed.model_dump_json() == state.model_dump_json())


def dump_game(folder: Path, seed: int, state: BaseModel, record: BaseModel) -> None:
    """Write the game's final state and record as `game-<seed>.state.json`, `.record.json`."""
    (folder / f"game-{seed}.state.json").write_text(state.model_dump_json(indent=1))
    (folder / f"game-{seed}.record.json").write_text(record.model_dump_json(indent=1))


def wins_line(wins: Counter[str]) -> str:
    """`wins: red 7, blue 3`, most wins first."""
    return "wins: " + ", ".join(f"{color} {count}" for color, count in wins.most_common())
