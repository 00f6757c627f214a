"""The games the renderer draws, by the name a saved game's JSON carries in `game`.

A new game plugs in with its package under `render/` and one line in `GAMES`.
"""

from __future__ import annotations

from typing import Any, Final

from . import lords_of_vegas, vegas_showdown
from .saved import Picture, SavedGameReader

GAMES: Final[dict[str, SavedGameReader]] = {
    "lords_of_vegas": lords_of_vegas.saved_picture,
    "vegas_showdown": vegas_showdown.saved_picture,
}
# Records and states name their game; those saved before there was a second game do
# not: a saved game without a `game` field is Lords of Vegas.
DEFAULT_GAME: Final = "lords_of_vegas"


def game_of(data: Any) -> str:
    """The game a saved game's parsed JSON is of: its `game` field, else Lords of Vegas."""
    if isinstance(data, dict) and "game" in data:
        return str(data["game"])
    return DEFAULT_GAME


def read_saved(data: Any) -> Picture:
    """The picture of a saved game's parsed JSON, drawn by its game's package.

    Raises ValueError for a game this renderer does not know or JSON that is not a
    saved game of its kind.
    """
    game = game_of(data)
    reader = GAMES.get(game)
    if reader is None:
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"no pictures for the game {game!r} (this renderer draws: {known})")
    return reader(data)
