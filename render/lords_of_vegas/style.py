"""Colours, letters and codes: how companies, players and the board look.

Company colours (the casino tiles) and player colours (dice, markers) share hues in the
game itself (purple, gold/yellow, aqua/green), so colour is never the only cue: every
tile carries its company's letter and every die, marker and token carries its owner's
two-letter code.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from PIL import Image

from engine.lords_of_vegas import Color, Company

from ..cues import Tag
from ..palette import INK, MUTED, PAPER, RGB, RULE, WHITE, Palette, blend_steps, make_palette, rgb

TIMES: Final = "\N{MULTIPLICATION SIGN}"

PAVEMENT: Final = rgb(240, 236, 224)
BLOCK: Final = rgb(170, 160, 140)
STREET: Final = rgb(98, 102, 110)
STRIP: Final = rgb(48, 51, 58)
STREET_TEXT: Final = rgb(238, 238, 238)
LANE: Final = rgb(235, 200, 90)
UNUSED: Final = rgb(196, 196, 196)
HATCH: Final = rgb(168, 168, 168)
SIGNAL: Final = rgb(255, 56, 150)
CURRENT: Final = rgb(220, 232, 250)
WINNER: Final = rgb(255, 240, 190)
EDGE_ON_BLACK: Final = rgb(150, 150, 150)
TRACK_SHADES: Final = (rgb(250, 248, 242), rgb(232, 228, 216))

COMPANY_FILL: Final[dict[Company, RGB]] = {
    "albion": rgb(176, 146, 226),
    "sphinx": rgb(232, 188, 62),
    "vega": rgb(88, 200, 198),
    "tivoli": rgb(200, 204, 210),
    "pioneer": rgb(184, 134, 90),
}
COMPANY_LETTER: Final[dict[Company, str]] = {
    "albion": "A",
    "sphinx": "S",
    "vega": "V",
    "tivoli": "T",
    "pioneer": "P",
}

PLAYER_FILL: Final[dict[Color, RGB]] = {
    "black": rgb(44, 44, 44),
    "blue": rgb(36, 98, 220),
    "green": rgb(30, 140, 58),
    "purple": rgb(110, 44, 172),
    "red": rgb(214, 38, 38),
    "yellow": rgb(255, 224, 36),
}
# Black and blue share an initial, so each colour gets a two-letter code instead.
PLAYER_CODE: Final[dict[Color, str]] = {
    "black": "BK",
    "blue": "BL",
    "green": "GN",
    "purple": "PU",
    "red": "RD",
    "yellow": "YL",
}


def player_ink(color: Color) -> RGB:
    """Text and pip colour that reads on this player's colour."""
    return INK if color == "yellow" else WHITE


def player_edge(color: Color) -> RGB:
    """Outline for this player's pieces: light around black, dark around the rest."""
    return EDGE_ON_BLACK if color == "black" else INK


PLAYER_TAG: Final[dict[Color, Tag]] = {
    color: Tag(PLAYER_CODE[color], fill, player_ink(color), player_edge(color))
    for color, fill in PLAYER_FILL.items()
}


def _palette_colors() -> list[RGB]:
    """Every colour the board paints, plus anti-aliasing steps for text edges."""
    fills = [
        PAPER,
        PAVEMENT,
        BLOCK,
        STREET,
        STRIP,
        UNUSED,
        HATCH,
        SIGNAL,
        CURRENT,
        WINNER,
        RULE,
        LANE,
        *TRACK_SHADES,
        *COMPANY_FILL.values(),
        *PLAYER_FILL.values(),
    ]
    inks = [INK, WHITE, MUTED, STREET_TEXT]
    pairs = [(INK, bg) for bg in fills] + [(WHITE, bg) for bg in PLAYER_FILL.values()]
    pairs += [(MUTED, bg) for bg in (PAPER, PAVEMENT, CURRENT, WINNER, *TRACK_SHADES)]
    pairs += [(MUTED, bg) for bg in COMPANY_FILL.values()]
    pairs += [(STREET_TEXT, STREET), (STREET_TEXT, STRIP), (INK, WHITE), (WHITE, INK)]
    return [*inks, *fills, EDGE_ON_BLACK, *blend_steps(pairs)]


@cache
def palette() -> Palette:
    """The fixed palette every board image is drawn on."""
    return make_palette(_palette_colors())


def palette_image() -> Image.Image:
    """A 1x1 "P" image carrying the fixed palette every board image is mapped to."""
    return palette().image
