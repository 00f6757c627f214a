"""Cues that do not rely on colour, for players who tell some colours apart badly.

A colour always comes with a short code written on it (`Tag`) or a shape (`Glyph`), a
marked space with a dashed black-and-white frame or a numbered badge that shows on any
colour, and an area that is out of play (or of a kind) with a pattern.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw

from .box import Box
from .canvas import Canvas
from .palette import INK, RGB, WHITE

Pattern = Literal["rising", "falling", "crossed", "dots"]
Glyph = Literal["circle", "square", "triangle", "diamond", "hexagon"]


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


def fill_pattern(
    canvas: Canvas,
    box: Box,
    ground: RGB,
    ink: RGB,
    pattern: Pattern,
    *,
    spacing: int = 14,
    width: int = 2,
) -> None:
    """Fill `box` with `ground` and `pattern` drawn over it in `ink`, kept inside the box.

    Patterns tell areas apart where their colours may not: "rising" stripes (up to the
    right), "falling" stripes (down to the right), "crossed" (both) and "dots" on a
    staggered grid, `spacing` pixels apart and `width` thick.
    """
    tile = Image.new("RGB", (box.width, box.height), ground)
    draw = ImageDraw.Draw(tile)
    high = box.height
    if pattern in ("rising", "crossed"):
        for offset in range(-high, box.width, spacing):
            draw.line((offset, high, offset + high, 0), fill=ink, width=width)
    if pattern in ("falling", "crossed"):
        for offset in range(-high, box.width, spacing):
            draw.line((offset, 0, offset + high, high), fill=ink, width=width)
    if pattern == "dots":
        radius = max(1, width)
        for row, y in enumerate(range(spacing // 2, high, spacing)):
            shift = spacing // 2 if row % 2 else 0
            for x in range(spacing // 2 + shift, box.width, spacing):
                draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=ink)
    canvas.picture(tile, box.left, box.top)


def glyph_points(glyph: Glyph, box: Box) -> list[tuple[float, float]]:
    """The corners of a polygon glyph inscribed in `box` (empty for the circle)."""
    left, top, right, bottom = box.left, box.top, box.right - 1, box.bottom - 1
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    if glyph == "square":
        return [(left, top), (right, top), (right, bottom), (left, bottom)]
    if glyph == "triangle":
        return [(mid_x, top), (right, bottom), (left, bottom)]
    if glyph == "diamond":
        return [(mid_x, top), (right, mid_y), (mid_x, bottom), (left, mid_y)]
    if glyph == "hexagon":
        quarter = (right - left) / 4
        return [
            (left + quarter, top),
            (right - quarter, top),
            (right, mid_y),
            (right - quarter, bottom),
            (left + quarter, bottom),
            (left, mid_y),
        ]
    return []


def paint_glyph(canvas: Canvas, box: Box, glyph: Glyph, fill: RGB, edge: RGB = INK) -> None:
    """A shape standing for a colour, filled with it and outlined, as large as `box` allows.

    Shapes differ in outline, so two colours that look alike still show apart.
    """
    side = min(box.width, box.height)
    square = Box(
        box.left + (box.width - side) // 2,
        box.top + (box.height - side) // 2,
        box.left + (box.width - side) // 2 + side,
        box.top + (box.height - side) // 2 + side,
    )
    outline = max(1, side // 10)
    if glyph == "circle":
        canvas.draw.ellipse(square.xy, fill=fill, outline=edge, width=outline)
    else:
        canvas.draw.polygon(glyph_points(glyph, square), fill=fill, outline=edge, width=outline)


def draw_glyph(canvas: Canvas, box: Box, glyph: Glyph, fill: RGB, edge: RGB = INK) -> None:
    """A glyph in `box` (see `paint_glyph`), drawn once per size and reused."""
    canvas.cached(box, paint_glyph, glyph, fill, edge)


def paint_badge(canvas: Canvas, box: Box, label: str, size: int = 18) -> None:
    """A label (a number, mostly) in black on a white disc with a black ring.

    Readable on any colour: for numbering choices drawn over a picture.
    """
    canvas.draw.ellipse(box.xy, fill=WHITE, outline=INK, width=max(2, box.height // 10))
    inner = box.inset(max(3, box.width // 6), max(3, box.height // 6))
    canvas.text(inner, label, INK, size, min_size=min(size, 8), align="center")


def draw_badge(canvas: Canvas, box: Box, label: str, size: int = 18) -> None:
    """A badge in `box` (see `paint_badge`), drawn once per size and label and reused."""
    canvas.cached(box, paint_badge, label, size)
