"""Bidding tracks: every value, the Minimum-Bid marker and the players' bid markers.

A premier track's values are circles (where the Minimum-Bid marker can stand) and
squares, told apart by shape; a basic track's values are rounded boxes. Values below
the lowest allowed bid are faded; the Minimum-Bid marker is the value drawn in black.
Each bid marker is its player's code tag under the value it stands on; a marker whose
bid was beaten is struck through.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from engine.vegas_showdown import Color

from ..box import Box
from ..canvas import Canvas
from ..cues import draw_tag
from ..palette import INK, PAPER, RGB, WHITE
from ..text import span
from .style import FADED, FADED_INK, PANEL, PLAYER_TAG

ValueShape = Literal["circle", "square", "box"]
ValueLook = Literal["open", "faded", "minimum"]
SHAPE_SIZE: Final = 36
TAG_HEIGHT: Final = 20


def paint_value(
    canvas: Canvas,
    box: Box,
    number: int,
    shape: ValueShape,
    look: ValueLook,
    ground: RGB | None = None,
) -> None:
    """One track value in `box`: its shape outlined (filled black for the Minimum-Bid marker).

    `ground` fills the box around the shape (else left transparent).
    """
    if ground is not None:
        canvas.rect(box, fill=ground)
    fill = {"open": WHITE, "faded": FADED, "minimum": INK}[look]
    ink = {"open": INK, "faded": FADED_INK, "minimum": WHITE}[look]
    edge = FADED_INK if look == "faded" else INK
    if shape == "circle":
        canvas.draw.ellipse(box.xy, fill=fill, outline=edge, width=2)
    elif shape == "square":
        canvas.rect(box, fill=fill, outline=edge, width=2)
    else:
        canvas.rounded(box, 8, fill=fill, outline=edge, width=2)
    canvas.text(box.inset(4), str(number), ink, 17, min_size=11, align="center")


def paint_struck_tag(canvas: Canvas, box: Box, color: Color) -> None:
    """An outbid player's marker: their tag, struck through."""
    draw_tag(canvas, box, PLAYER_TAG[color], 14)
    canvas.draw.line(
        [(box.left + 1, box.bottom - 2), (box.right - 2, box.top + 1)], fill=WHITE, width=5
    )
    canvas.draw.line(
        [(box.left + 1, box.bottom - 2), (box.right - 2, box.top + 1)], fill=INK, width=3
    )


def _value_boxes(width: int, size: int, count: int, values: Sequence[int]) -> dict[int, Box]:
    """Each value's shape box in a strip `width` wide and `size` high, from its top left."""
    step = width / count
    boxes: dict[int, Box] = {}
    for index, value in enumerate(values):
        centre = round(step * (index + 0.5))
        boxes[value] = Box(centre - size // 2, 0, centre - size // 2 + size, size)
    return boxes


def _moved(box: Box, dx: int, dy: int) -> Box:
    return Box(box.left + dx, box.top + dy, box.right + dx, box.bottom + dy)


def paint_values(
    canvas: Canvas,
    box: Box,
    values: tuple[int, ...],
    shapes: tuple[ValueShape, ...],
    lowest: int | None,
    minimum: int | None,
) -> None:
    """A track's values side by side on the paper across `box` (see `draw_track`)."""
    canvas.rect(box, fill=PAPER)
    for value, shape in zip(values, shapes, strict=True):
        shape_box = _value_boxes(box.width, box.height, len(values), values)[value]
        if value == minimum:
            look: ValueLook = "minimum"
        elif lowest is None or value < lowest:
            look = "faded"
        else:
            look = "open"
        paint_value(canvas, _moved(shape_box, box.left, box.top), value, shape, look)


def draw_track(
    canvas: Canvas,
    box: Box,
    values: Sequence[int],
    shapes: Sequence[ValueShape],
    lowest: int | None,
    minimum: int | None,
    markers: Sequence[tuple[Color, int, bool]],
) -> dict[int, Box]:
    """A track across `box`: values left to right, markers under them.

    `lowest` is the smallest value a bid may take now (None: no bid is possible, all
    faded), `minimum` the value under the Minimum-Bid marker (None for basic tracks);
    `markers` are (player, value, outbid). Returns each value's shape box.
    """
    size = min(SHAPE_SIZE, int(box.width / len(values)) - 6, box.height - TAG_HEIGHT - 6)
    strip = Box(box.left, box.top + 2, box.right, box.top + 2 + size)
    # The values lie on the paper: drawn as one opaque strip, they are stamped at once.
    canvas.cached(strip, paint_values, tuple(values), tuple(shapes), lowest, minimum)
    boxes = {
        value: _moved(shape_box, strip.left, strip.top)
        for value, shape_box in _value_boxes(strip.width, size, len(values), values).items()
    }
    for color, value, outbid in markers:
        under = boxes.get(value)
        if under is None:
            continue
        centre = under.center[0]
        tag = Box(centre - 22, under.bottom + 2, centre + 22, under.bottom + 2 + TAG_HEIGHT)
        if outbid:
            canvas.cached(tag, paint_struck_tag, color)
        else:
            draw_tag(canvas, tag, PLAYER_TAG[color], 14)
    return boxes


def draw_no_bid(canvas: Canvas, box: Box, words: str = "NO BID") -> None:
    """A No-Bid marker laid over a track or an action space: `words` in a framed label."""
    width = min(box.width - 8, span(words, 16)[0] + 24)
    middle_x, middle_y = box.center
    stamp = Box(middle_x - width // 2, middle_y - 14, middle_x + width - width // 2, middle_y + 14)
    canvas.rounded(stamp, 6, fill=PANEL, outline=INK, width=3)
    canvas.text(stamp.inset(6, 2), words, INK, 16, min_size=11, align="center")
