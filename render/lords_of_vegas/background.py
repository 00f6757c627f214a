"""The parts of the image that never change during a game, drawn once per process.

Streets, The Strip, the empty lots with their ids, prices and printed dice, the
scoring track's spaces and the panel's fixed labels depend only on whether block F is
in use, so there are two backgrounds at most.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from ..box import Box
from ..canvas import Canvas
from ..cues import fill_pattern
from ..palette import INK, MUTED, PAPER, RULE
from ..text import TextPlacement
from .geometry import (
    BLOCK_BOXES,
    BOARD_BOX,
    IMAGE_SIZE,
    LOT_BOXES,
    STREETS,
    STRIP_BOX,
    TRACK_CELLS,
)
from .lots import draw_lot_header
from .panel import draw_panel_frame
from .style import (
    BLOCK,
    HATCH,
    LANE,
    PAVEMENT,
    STREET,
    STREET_TEXT,
    STRIP,
    TRACK_SHADES,
    UNUSED,
    palette,
)


@cache
def background(f_unused: bool) -> tuple[Image.Image, tuple[TextPlacement, ...]]:
    """The static image and the texts on it; `f_unused` greys out block F (2 players)."""
    canvas = Canvas(Image.new("RGB", IMAGE_SIZE, PAPER))
    _draw_streets(canvas)
    _draw_strip(canvas)
    for box in BLOCK_BOXES.values():
        canvas.rect(box, fill=BLOCK)
    for lot, box in LOT_BOXES.items():
        unused = f_unused and lot.startswith("F")
        canvas.rect(box, fill=UNUSED if unused else PAVEMENT)
        if unused:
            fill_pattern(canvas, box, UNUSED, HATCH, "rising")
        draw_lot_header(canvas, lot)
    if f_unused:
        block = BLOCK_BOXES["F"]
        note = Box(block.left + 20, block.center[1] - 22, block.right - 20, block.center[1] + 22)
        canvas.rounded(note, 8, fill=PAPER, outline=INK, width=2)
        canvas.text(
            note.inset(8, 4),
            "Block F not used with 2 players",
            INK,
            17,
            min_size=13,
            align="center",
        )
    _draw_track(canvas)
    draw_panel_frame(canvas)
    return canvas.image, tuple(canvas.placements)


@cache
def paletted_background(f_unused: bool) -> Image.Image:
    """The static image (`background`) mapped onto the board's palette, once."""
    return palette().map(background(f_unused)[0])


def _draw_streets(canvas: Canvas) -> None:
    canvas.rect(BOARD_BOX, fill=STREET)
    for street in STREETS:
        if street.vertical:
            canvas.vertical_text(street.box.inset(2, 10), street.name.upper(), STREET_TEXT, 15)
        else:
            canvas.text(
                street.box.inset(10, 3),
                street.name.upper(),
                STREET_TEXT,
                16,
                min_size=12,
                align="center",
            )


def _draw_strip(canvas: Canvas) -> None:
    box = STRIP_BOX
    canvas.rect(box, fill=STRIP)
    mid = box.center[0]
    for y in range(box.top + 6, box.bottom, 40):
        canvas.rect(Box(mid - 2, y, mid + 2, y + 22), fill=LANE)
    for x in (box.left + 8, box.right - 8):
        canvas.rect(Box(x - 1, box.top, x + 1, box.bottom), fill=STREET_TEXT)
    half = box.width // 2
    west = Box(box.left + 10, box.top + 40, box.left + half - 4, box.bottom - 40)
    east = Box(box.left + half + 4, box.top + 40, box.right - 10, box.bottom - 40)
    canvas.vertical_text(west, "LAS VEGAS BOULEVARD", STREET_TEXT, 24)
    canvas.vertical_text(east, "THE STRIP", STREET_TEXT, 24)


def _track_groups() -> list[tuple[int, list[tuple[int, Box]]]]:
    """Track spaces grouped by the step needed to enter them; breaks lie between groups."""
    groups: list[tuple[int, list[tuple[int, Box]]]] = []
    previous = 0
    for value, box in TRACK_CELLS:
        step = max(1, value - previous)
        previous = value
        if groups and groups[-1][0] == step:
            groups[-1][1].append((value, box))
        else:
            groups.append((step, [(value, box)]))
    return groups


def _draw_track(canvas: Canvas) -> None:
    for index, (step, cells) in enumerate(_track_groups()):
        first, last = cells[0][1], cells[-1][1]
        span = Box(first.left, first.top, last.right, first.bottom)
        canvas.rect(span, fill=TRACK_SHADES[index % 2])
        if index == 0:
            words = "points: +1 per space"
        else:
            words = f"+{step} per space" if len(cells) > 2 else f"+{step}"
        band = Box(span.left + 4, span.top + 1, span.right - 4, span.top + 17)
        canvas.text(band, words, MUTED, 13, min_size=11, align="center")
        for value, box in cells:
            canvas.draw.line((box.left, span.top + 18, box.left, span.bottom - 1), fill=RULE)
            number = Box(box.left + 1, box.top + 18, box.right - 1, box.top + 40)
            canvas.text(number, str(value), INK, 19, min_size=14, align="center")
        # A heavy rule at every break, where the step to the next space grows.
        canvas.rect(Box(span.left - 1, span.top, span.left + 2, span.bottom), fill=INK)
    end = TRACK_CELLS[-1][1]
    canvas.rect(Box(end.right - 2, end.top, end.right + 1, end.bottom), fill=INK)
