"""The game's name in the store, and players' names by colour (typed for this game)."""

from __future__ import annotations

from typing import Final, cast

from bot import posts
from bot.store import Game
from engine.vegas_showdown import Color

# Vegas Showdown's games are kept under this kind (and its records carry it as `game`).
KIND: Final = "vegas_showdown"


def chat_names(game: Game) -> dict[Color, str]:
    """Colour -> `**Name** (colour)` for chat lines, markdown in names escaped."""
    return cast(dict[Color, str], posts.chat_names(game))


def plain_names(game: Game) -> dict[Color, str]:
    """Colour -> the player's name, as drawn on the pictures."""
    return cast(dict[Color, str], posts.plain_names(game))
