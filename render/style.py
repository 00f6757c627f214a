"""Colours, letters and the font: how companies, players and the board look.

Company colours (the casino tiles) and player colours (dice, markers) share hues in the
game itself (purple, gold/yellow, aqua/green), so colour is never the only cue: every
tile carries its company's letter and every die, marker and token carries its owner's
two-letter code.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Final

from PIL import Image, ImageFont

from engine.lords_of_vegas import Color, Company

RGB = tuple[int, int, int]
TIMES: Final = "\N{MULTIPLICATION SIGN}"


def rgb(red: int, green: int, blue: int) -> RGB:
    """A colour on the renderer's grid: every channel a multiple of 4, or 255.

    Pillow maps RGB to a palette through a cache of 4x4x4 cells, measuring from each
    cell's lowest corner. With every painted colour and every palette entry on that
    grid, each colour lands exactly on its own entry instead of a near neighbour.
    """
    return _snap(red), _snap(green), _snap(blue)


def _snap(value: int) -> int:
    return 255 if value >= 250 else min(248, 4 * round(value / 4))


INK: Final = rgb(28, 28, 32)
WHITE: Final = rgb(255, 255, 255)
PAPER: Final = rgb(247, 244, 236)
MUTED: Final = rgb(96, 96, 104)
RULE: Final = rgb(200, 194, 180)
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


FONT_FILE: Final = "DejaVuSansCondensed-Bold.ttf"


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The vendored bold condensed font at `size` pixels, loaded once per size."""
    path = resources.files(__package__).joinpath("fonts", FONT_FILE)
    with resources.as_file(path) as real:
        return ImageFont.truetype(str(real), size)


def _blend(fg: RGB, bg: RGB, amount: float) -> RGB:
    r, g, b = (round(f * amount + k * (1 - amount)) for f, k in zip(fg, bg, strict=True))
    return rgb(r, g, b)


def _palette_colors() -> list[RGB]:
    """Every colour the renderer paints, plus anti-aliasing steps for text edges."""
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
    colors: list[RGB] = [*inks, *fills, EDGE_ON_BLACK]
    pairs = [(INK, bg) for bg in fills] + [(WHITE, bg) for bg in PLAYER_FILL.values()]
    pairs += [(MUTED, bg) for bg in (PAPER, PAVEMENT, CURRENT, WINNER, *TRACK_SHADES)]
    pairs += [(MUTED, bg) for bg in COMPANY_FILL.values()]
    pairs += [(STREET_TEXT, STREET), (STREET_TEXT, STRIP), (INK, WHITE), (WHITE, INK)]
    for fg, bg in pairs:
        colors += [_blend(fg, bg, step / 6) for step in range(1, 6)]
    unique = list(dict.fromkeys(colors))
    if len(unique) > 256:
        raise ValueError(f"palette needs {len(unique)} colours, PNG allows 256")
    return unique


@cache
def palette_image() -> Image.Image:
    """A 1x1 "P" image carrying the fixed palette every board image is mapped to."""
    colors = _palette_colors()
    image = Image.new("P", (1, 1))
    flat = [channel for color in colors for channel in color]
    image.putpalette(flat + flat[:3] * (256 - len(colors)))
    return image
