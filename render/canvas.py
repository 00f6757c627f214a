"""A drawing surface that fits every text into a box and remembers where it put it.

Glyph masks are rendered once per (text, size) and reused, because drawing text
through FreeType is the slowest thing the renderer does.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache
from math import ceil, floor
from typing import Literal

from PIL import Image, ImageDraw

from .geometry import Box
from .style import RGB, font

Align = Literal["left", "center", "right"]
ELLIPSIS = "…"
# Nothing shown in the panel needs more; it bounds the work for absurdly long names.
MAX_CHARS = 80


@dataclass(frozen=True, slots=True)
class TextPlacement:
    """A text as drawn: the words actually shown, the box it had to fit, its ink's box."""

    text: str
    box: Box
    ink: Box


@dataclass(frozen=True, slots=True)
class _Glyphs:
    """A rendered text: its coverage mask and the mask's offset from the pen position."""

    mask: Image.Image
    dx: int
    dy: int


def _ink(text: str, size: int) -> tuple[int, int, int, int]:
    """The ink's box relative to the pen at the left end of the baseline, in whole pixels."""
    x0, y0, x1, y1 = font(size).getbbox(text, anchor="ls")
    return floor(x0), floor(y0), ceil(x1), ceil(y1)


@lru_cache(maxsize=4096)
def _glyphs(text: str, size: int) -> _Glyphs:
    """Render `text` at `size`, once."""
    left, top, right, bottom = _ink(text, size)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=font(size), fill=255, anchor="ls")
    return _Glyphs(mask, left, top)


@lru_cache(maxsize=256)
def _rotated(text: str, size: int) -> Image.Image:
    """The mask of `text` turned a quarter to read from bottom to top."""
    return _glyphs(text, size).mask.transpose(Image.Transpose.ROTATE_90)


@lru_cache(maxsize=8192)
def _span(text: str, size: int) -> tuple[int, int, int]:
    """Width, and height above and below the baseline, of `text`'s line at `size`.

    The line is at least the font's ascent and descent, and more when a glyph (a
    capital with an accent, say) reaches beyond them.
    """
    left, top, right, bottom = _ink(text, size)
    ascent, descent = font(size).getmetrics()
    return max(1, right - left), max(ascent, -top), max(descent, bottom)


def _fits(text: str, size: int, width: int, height: int) -> bool:
    wide, above, below = _span(text, size)
    return wide <= width and above + below <= height


def fit_text(text: str, width: int, height: int, size: int, min_size: int) -> tuple[str, int]:
    """The largest size (down to `min_size`) at which `text` fits; shortened with … if need be.

    Returns an empty text when not even an ellipsis fits.
    """
    text = text[:MAX_CHARS]
    for candidate in range(size, min_size - 1, -1):
        if _fits(text, candidate, width, height):
            return text, candidate
    size = min_size
    while size > 1 and sum(_span(text, size)[1:]) > height:
        size -= 1
    if _fits(text, size, width, height):
        return text, size
    # The longest start of the text that fits with an ellipsis after it.
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if _fits(text[:middle].rstrip() + ELLIPSIS, size, width, height):
            low = middle
        else:
            high = middle - 1
    shown = text[:low].rstrip()
    if shown and _fits(shown + ELLIPSIS, size, width, height):
        return shown + ELLIPSIS, size
    return "", size


@dataclass(frozen=True, slots=True)
class Sprite:
    """A small RGBA picture drawn once and stamped many times, with the texts drawn on it."""

    image: Image.Image
    texts: tuple[TextPlacement, ...]


Painter = Callable[..., None]


@lru_cache(maxsize=1024)
def _painted(painter: Painter, width: int, height: int, args: tuple[Hashable, ...]) -> Sprite:
    local = Canvas(Image.new("RGBA", (width, height), (0, 0, 0, 0)))
    painter(local, Box(0, 0, width, height), *args)
    return local.sprite()


class Canvas:
    """An RGB image being drawn on, with every text fitted into its box and recorded."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.placements: list[TextPlacement] = []

    def text(
        self,
        box: Box,
        text: str,
        color: RGB,
        size: int,
        *,
        min_size: int | None = None,
        align: Align = "left",
    ) -> Box | None:
        """Draw `text` inside `box`, vertically centred; shrink or shorten it to fit.

        Returns the box of the ink, or None when nothing could be drawn.
        """
        shown, size = fit_text(text, box.width, box.height, size, min_size or size)
        if not shown:
            return None
        glyphs = _glyphs(shown, size)
        width, above, below = _span(shown, size)
        baseline = box.top + (box.height - above - below) // 2 + above
        if align == "left":
            x = box.left
        elif align == "right":
            x = box.right - width
        else:
            x = box.left + (box.width - width) // 2
        y = baseline + glyphs.dy
        ink = Box(x, y, x + glyphs.mask.width, y + glyphs.mask.height)
        self.image.paste(color, (x, y), glyphs.mask)
        self.placements.append(TextPlacement(shown, box, ink))
        return ink

    def cached(self, box: Box, painter: Painter, *args: Hashable) -> None:
        """Draw `painter(canvas, box, *args)` into `box`, reusing the picture of an earlier call.

        For pieces drawn many times alike (dice, tags, markers): the painter runs once per
        size and arguments, on a transparent sprite, and later calls only stamp it.
        """
        self.stamp(_painted(painter, box.width, box.height, args), box.left, box.top)

    def stamp(self, sprite: Sprite, x: int, y: int) -> None:
        """Paste `sprite` with its top left corner at (x, y) and record its texts there."""
        self.image.paste(sprite.image, (x, y), sprite.image)
        for placed in sprite.texts:
            box, ink = placed.box, placed.ink
            self.placements.append(
                TextPlacement(
                    placed.text,
                    Box(box.left + x, box.top + y, box.right + x, box.bottom + y),
                    Box(ink.left + x, ink.top + y, ink.right + x, ink.bottom + y),
                )
            )

    def vertical_text(self, box: Box, text: str, color: RGB, size: int) -> Box | None:
        """Draw `text` reading bottom to top, centred in `box`, shortened if it is too long."""
        shown, size = fit_text(text, box.height, box.width, size, size)
        if not shown:
            return None
        mask = _rotated(shown, size)
        x = box.left + (box.width - mask.width) // 2
        y = box.top + (box.height - mask.height) // 2
        ink = Box(x, y, x + mask.width, y + mask.height)
        self.image.paste(color, (x, y), mask)
        self.placements.append(TextPlacement(shown, box, ink))
        return ink

    def sprite(self) -> Sprite:
        """What was drawn so far, as a sprite to stamp elsewhere (for canvases on RGBA)."""
        return Sprite(self.image, tuple(self.placements))

    def rect(
        self, box: Box, fill: RGB | None = None, outline: RGB | None = None, width: int = 1
    ) -> None:
        """A filled and/or outlined rectangle."""
        self.draw.rectangle(box.xy, fill=fill, outline=outline, width=width)

    def rounded(
        self,
        box: Box,
        radius: int,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        """A rectangle with rounded corners."""
        self.draw.rounded_rectangle(box.xy, radius, fill=fill, outline=outline, width=width)
