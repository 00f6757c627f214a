"""A saved game ready to draw, whatever the game: what `python -m render` works with."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.game import GameRules, StateT


@dataclass(frozen=True, slots=True)
class Picture:
    """A saved game read back: the colours seated, and its picture for given names.

    `draw` takes display names by colour (colours not seated are ignored) and returns
    the PNG bytes.
    """

    colors: tuple[str, ...]
    draw: Callable[[Mapping[str, str]], bytes]


# Reads a saved game's parsed JSON; raises ValueError (or pydantic's ValidationError,
# a ValueError too) when it is not a game of its kind.
SavedGameReader = Callable[[Any], Picture]


def saved_state(rules: GameRules[Any, StateT, Any, Any, Any, Any], data: Any) -> StateT:
    """The state in a saved game's parsed JSON, read by its game's engine.

    The JSON is a state, a full game record (replayed to its end) or a public record
    (its state holds only what the table knows, which is all a picture shows). Raises
    pydantic's ValidationError when it is none of them.
    """
    if isinstance(data, dict) and data.get("record") == "public":
        return rules.PublicRecord.model_validate(data).state
    if isinstance(data, dict) and "commands" in data and "settings" in data:
        state, _ = rules.GameRecord.model_validate(data).replay()
        return state
    return rules.GameState.model_validate(data)
