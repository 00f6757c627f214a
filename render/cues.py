"""Cues that do not rely on colour, for players who tell some colours apart badly.

A colour always comes with a short code written on it (`Tag`), a marked space with a
dashed black-and-white frame that shows on any colour, and an area that is out of play
(or of a kind) with stripes.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from .box import Box
from .canvas import Canvas
from .palette import INK, RGB, WHITE


@dataclass(frozen=True, slots=True)
class Tag:
    """A colour's label: `code` written in `ink` on `fill`, outlined in `edge`."""

    code: str
    fill: RGB
    ink: RGB
    edge: RGB


def paint_tag(canvas: Canvas, box: Box, tag: Tag, size: int = 15) -> None:
    """The tag's code on its colour, as large as `size` and shrunk to fit `box`."""
    canvas.rounded(box, 4, fill=tag.fill, outline=tag.edge)
    canvas.text(box.inset(2, 0), tag.code, tag.ink, size, min_size=min(size, 10), align="center")


def draw_tag(canvas: Canvas, box: Box, tag: Tag, size: int = 15) -> None:
    """A tag in `box` (see `paint_tag`), drawn once per size and reused."""
    canvas.cached(box, paint_tag, tag, size)


def draw_dashed_frame(canvas: Canvas, box: Box, width: int, dash: int) -> None:
    """A frame of black dashes on white, visible on any colour."""
    canvas.rect(box, outline=WHITE, width=width)
    for x in range(box.left, box.right, 2 * dash):
        canvas.rect(Box(x, box.top, min(x + dash, box.right), box.top + width), fill=INK)
        canvas.rect(Box(x, box.bottom - width, min(x + dash, box.right), box.bottom), fill=INK)
    for y in range(box.top, box.bottom, 2 * dash):
        canvas.rect(Box(box.left, y, box.left + width, min(y + dash, box.bottom)), fill=INK)
        canvas.rect(Box(box.right - width, y, box.right, min(y + dash, box.bottom)), fill=INK)


def hatch(
    canvas: Canvas, box: Box, ground: RGB, stripe: RGB, *, spacing: int = 14, width: int = 2
) -> None:
    """Fill `box` with `ground` crossed by diagonal `stripe`s (rising to the right), kept inside."""
    stripes = Image.new("RGB", (box.width, box.height), ground)
    draw = ImageDraw.Draw(stripes)
    for offset in range(-box.height, box.width, spacing):
        draw.line((offset, box.height, offset + box.height, 0), fill=stripe, width=width)
    canvas.image.paste(stripes, (box.left, box.top))
