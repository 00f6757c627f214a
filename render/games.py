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
# Lords of Vegas states carry no `game` field, nor did records written before there was
# a second game: a saved game without one is Lords of Vegas.
DEFAULT_GAME: Final = "lords_of_vegas"


# Keys only a Vegas Showdown state has, for its states saved without a `game` field.
VEGAS_SHOWDOWN_STATE_KEYS: Final = frozenset({"spaces", "stacks", "basic"})


def game_of(data: Any) -> str:
    """The game a saved game's parsed JSON is of: its `game` field, else Lords of Vegas.

    A Vegas Showdown state saved without a `game` field is known by its premier spaces
    and stacks.
    """
    if isinstance(data, dict) and "game" in data:
        return str(data["game"])
    if isinstance(data, dict) and data.keys() >= VEGAS_SHOWDOWN_STATE_KEYS:
        return "vegas_showdown"
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
