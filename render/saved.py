"""A saved game ready to draw, whatever the game: what `python -m render` works with."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


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
