"""Colours, letters and codes: how tiles, sheet areas and players look.

Tile colours (yellow, blue, green) and player colours (red, yellow, green, blue, purple)
share names in the game, so they are drawn apart: tiles in pale fills carrying their
colour's letter, players in strong fills carrying a two-letter code. Colour is never the
only cue: sheet areas also have a pattern and a label, red corners are triangles,
completed diamonds a black outline.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from PIL import Image

from engine.vegas_showdown import Color
from engine.vegas_showdown.components import Area, TileColor

from ..cues import Pattern, Tag
from ..palette import INK, MUTED, PAPER, RGB, RULE, WHITE, Palette, blend_steps, make_palette, rgb

TIMES: Final = "\N{MULTIPLICATION SIGN}"

TILE_FILL: Final[dict[TileColor, RGB]] = {
    "yellow": rgb(244, 200, 76),
    "blue": rgb(124, 176, 236),
    "green": rgb(136, 204, 124),
}
TILE_LETTER: Final[dict[TileColor, str]] = {"yellow": "Y", "blue": "B", "green": "G"}
TILE_WORD: Final[dict[TileColor, str]] = {
    "yellow": "yellow: casino entrance",
    "blue": "blue: hotel entrance",
    "green": "green: either entrance",
}

AREA_GROUND: Final[dict[Area, RGB]] = {
    "casino": rgb(252, 240, 204),
    "common": rgb(250, 250, 246),
    "hotel": rgb(224, 236, 252),
}
AREA_INK: Final[dict[Area, RGB]] = {
    "casino": rgb(236, 216, 156),
    "common": rgb(250, 250, 246),
    "hotel": rgb(192, 212, 240),
}
AREA_PATTERN: Final[dict[Area, Pattern | None]] = {
    "casino": "rising",
    "common": None,
    "hotel": "dots",
}
AREA_LABEL: Final[dict[Area, str]] = {"casino": "CASINO", "common": "COMMON", "hotel": "HOTEL"}

WALL: Final = INK
THRESHOLD: Final = WHITE
CORNER_RED: Final = rgb(216, 32, 40)
CURRENT: Final = rgb(220, 232, 250)
WINNER: Final = rgb(255, 240, 190)
UNUSED: Final = rgb(208, 208, 208)
HATCH: Final = rgb(176, 176, 176)
FADED: Final = rgb(232, 228, 218)
FADED_INK: Final = rgb(168, 164, 156)
PANEL: Final = rgb(255, 252, 244)
PREVIEW: Final = rgb(255, 56, 150)
EDGE_ON_DARK: Final = rgb(150, 150, 150)

PLAYER_FILL: Final[dict[Color, RGB]] = {
    "red": rgb(214, 38, 38),
    "yellow": rgb(255, 224, 36),
    "green": rgb(30, 140, 58),
    "blue": rgb(36, 98, 220),
    "purple": rgb(110, 44, 172),
}
PLAYER_CODE: Final[dict[Color, str]] = {
    "red": "RD",
    "yellow": "YL",
    "green": "GN",
    "blue": "BL",
    "purple": "PU",
}


def player_ink(color: Color) -> RGB:
    """Text colour that reads on this player's colour."""
    return INK if color == "yellow" else WHITE


PLAYER_TAG: Final[dict[Color, Tag]] = {
    color: Tag(PLAYER_CODE[color], fill, player_ink(color), INK)
    for color, fill in PLAYER_FILL.items()
}


def _palette_colors() -> list[RGB]:
    """Every colour the pictures paint, plus anti-aliasing steps for text edges."""
    grounds = [
        PAPER,
        PANEL,
        CURRENT,
        WINNER,
        UNUSED,
        FADED,
        WHITE,
        *AREA_GROUND.values(),
        *TILE_FILL.values(),
    ]
    fills = [
        *grounds,
        RULE,
        HATCH,
        CORNER_RED,
        PREVIEW,
        FADED_INK,
        EDGE_ON_DARK,
        *AREA_INK.values(),
        *PLAYER_FILL.values(),
    ]
    inks = [INK, MUTED]
    pairs = [(ink, ground) for ink in inks for ground in grounds]
    pairs += [(INK, fill) for fill in PLAYER_FILL.values()]
    pairs += [(WHITE, fill) for fill in (*PLAYER_FILL.values(), INK, PREVIEW, CORNER_RED)]
    pairs += [(FADED_INK, FADED), (INK, AREA_INK["casino"]), (INK, AREA_INK["hotel"]), (INK, RULE)]
    return [*inks, *fills, *blend_steps(pairs)]


@cache
def palette() -> Palette:
    """The fixed palette every Vegas Showdown picture is drawn on."""
    return make_palette(_palette_colors())


def palette_image() -> Image.Image:
    """A 1x1 "P" image carrying the fixed palette every Vegas Showdown picture is mapped to."""
    return palette().image
