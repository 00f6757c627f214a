"""The game's name in the store, and players' names by colour (typed for this game)."""

from __future__ import annotations

from typing import Final, cast

from bot import posts
from bot.store import Game
from engine.lords_of_vegas import Color

# Lords of Vegas's games are kept under this kind (and its records carry it as `game`).
KIND: Final = "lords_of_vegas"


def chat_names(game: Game) -> dict[Color, str]:
    """Colour -> `**Name** (colour)` for chat lines, markdown in names escaped."""
    return cast(dict[Color, str], posts.chat_names(game))


def plain_names(game: Game) -> dict[Color, str]:
    """Colour -> the player's name, as drawn on the board image."""
    return cast(dict[Color, str], posts.plain_names(game))
