"""Colours on a grid that PNG palettes keep exactly, the shared neutrals, and PNG writing.

A board picture holds a fixed palette of at most 256 colours: the PNG is several times
smaller than an RGB one and encodes faster. Each game lists the colours it paints
(`fixed_palette`, `Palette`), with anti-aliasing steps (`blend_steps`) for text edges.
The games' pictures are drawn straight onto their palette (see `paletted`); a picture
drawn in RGB (the charts) is mapped onto one before it is encoded.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from PIL import Image

RGB = tuple[int, int, int]
PALETTE_SIZE: Final = 256


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


def blend(fg: RGB, bg: RGB, amount: float) -> RGB:
    """`fg` laid over `bg` with opacity `amount` (0..1), snapped to the grid."""
    r, g, b = (round(f * amount + k * (1 - amount)) for f, k in zip(fg, bg, strict=True))
    return rgb(r, g, b)


def blend_steps(pairs: Iterable[tuple[RGB, RGB]], steps: int = 6) -> list[RGB]:
    """The in-between colours of each (ink, background) pair: the edges of text and lines."""
    return [blend(fg, bg, step / steps) for fg, bg in pairs for step in range(1, steps)]


def fixed_palette(colors: Iterable[RGB]) -> Image.Image:
    """A 1x1 "P" image carrying `colors` (duplicates dropped) as its palette, in order."""
    unique = list(dict.fromkeys(colors))
    if len(unique) > PALETTE_SIZE:
        raise ValueError(f"palette needs {len(unique)} colours, PNG allows {PALETTE_SIZE}")
    image = Image.new("P", (1, 1))
    flat = [channel for color in unique for channel in color]
    image.putpalette(flat + flat[:3] * (PALETTE_SIZE - len(unique)))
    return image


@dataclass(frozen=True, eq=False)
class Palette:
    """A game's fixed palette: the 1x1 "P" image carrying it, and each colour's index.

    Pictures drawn straight onto it (a `Canvas` on a "P" image) need no mapping before
    encoding. Compared by identity: each game makes its one palette once.
    """

    image: Image.Image
    colors: tuple[RGB, ...]
    index: Mapping[RGB, int] = field(repr=False)

    def ink(self, color: RGB) -> int:
        """The index `color` is drawn with: the colour itself, from the game's list."""
        found = self.index.get(color)
        if found is None:
            raise ValueError(f"colour {color} is not in the picture's palette")
        return found

    def map(self, image: Image.Image) -> Image.Image:
        """The RGB `image` mapped onto this palette (no dithering)."""
        return image.quantize(palette=self.image, dither=Image.Dither.NONE)

    def blank(self, size: tuple[int, int], ground: RGB) -> Image.Image:
        """A new "P" image on this palette, all `ground`."""
        image = Image.new("P", size, self.ink(ground))
        image.putpalette(self.image.getpalette() or [])
        return image


def make_palette(colors: Iterable[RGB]) -> Palette:
    """The `Palette` of `colors` (see `fixed_palette`)."""
    image = fixed_palette(colors)
    flat = image.getpalette() or []
    listed = tuple((flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3))
    index: dict[RGB, int] = {}
    for number, color in enumerate(listed):
        index.setdefault(color, number)
    return Palette(image, listed, index)


def encode_paletted(image: Image.Image, palette: Image.Image, compress_level: int) -> bytes:
    """Map the RGB `image` onto `palette` (no dithering) and encode it as a PNG.

    An image drawn on the palette already ("P") is encoded as it is.
    """
    return encode_png(paletted(image, palette), compress_level)


def paletted(image: Image.Image, palette: Image.Image) -> Image.Image:
    """The RGB `image` mapped onto `palette` (no dithering): what the PNG holds.

    An image drawn on the palette already ("P") is returned as it is.
    """
    if image.mode == "P":
        return image
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def encode_png(image: Image.Image, compress_level: int) -> bytes:
    """`image` as PNG bytes, as it is (RGB or paletted)."""
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=compress_level)
    return out.getvalue()
