"""The key to the round picture: each mark drawn small, with what it means."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.vegas_showdown.components import TileColor

from ..box import Box
from ..canvas import Canvas
from ..cues import draw_tag
from ..palette import INK, RULE, WHITE
from .style import CORNER_RED, PANEL, PLAYER_TAG, TILE_FILL, TILE_LETTER, WALL
from .tracks import paint_struck_tag, paint_value

ROW: Final = 30
SAMPLE: Final = 58


def _tile_colours(canvas: Canvas, box: Box, smallest: int) -> None:
    colors: tuple[TileColor, ...] = ("yellow", "blue", "green")
    for index, color in enumerate(colors):
        chip = Box(box.left + index * 19, box.top + 3, box.left + index * 19 + 17, box.bottom - 3)
        canvas.rect(chip, fill=TILE_FILL[color], outline=INK)
        size = max(13, smallest)
        canvas.text(chip, TILE_LETTER[color], INK, size, min_size=max(9, smallest), align="center")


def _door(canvas: Canvas, box: Box, smallest: int) -> None:
    room = Box(box.left + 2, box.top + 3, box.left + 50, box.bottom - 3)
    canvas.rect(room, fill=TILE_FILL["green"])
    canvas.rect(room, outline=WALL, width=3)
    canvas.rect(
        Box(room.left + 16, room.top, room.left + 34, room.top + 3), fill=TILE_FILL["green"]
    )
    for jamb_left in (room.left + 13, room.left + 34):
        canvas.rect(Box(jamb_left, room.top, jamb_left + 3, room.top + 6), fill=WALL)


def _threshold(canvas: Canvas, box: Box, smallest: int) -> None:
    left = Box(box.left + 2, box.top + 3, box.left + 24, box.bottom - 3)
    right = Box(box.left + 28, box.top + 3, box.left + 50, box.bottom - 3)
    for room in (left, right):
        canvas.rect(room, fill=TILE_FILL["yellow"])
        canvas.rect(room, outline=WALL, width=3)
    canvas.rect(Box(left.right - 4, left.top + 7, right.left + 4, left.bottom - 7), fill=WHITE)


def _red_corner(canvas: Canvas, box: Box, smallest: int) -> None:
    room = Box(box.left + 14, box.top + 3, box.left + 38, box.bottom - 3)
    canvas.rect(room, fill=TILE_FILL["blue"], outline=WALL, width=3)
    canvas.draw.polygon(
        [(room.left, room.top), (room.left + 10, room.top), (room.left, room.top + 10)],
        fill=CORNER_RED,
    )


def _diamond(canvas: Canvas, box: Box, smallest: int) -> None:
    cx, cy = box.left + 26, box.center[1]
    reach = 11
    canvas.draw.polygon(
        [(cx, cy - reach + 3), (cx + reach - 3, cy), (cx, cy + reach - 3), (cx - reach + 3, cy)],
        fill=CORNER_RED,
    )
    corners = [
        (cx, cy - reach),
        (cx + reach, cy),
        (cx, cy + reach),
        (cx - reach, cy),
        (cx, cy - reach),
    ]
    canvas.draw.line(corners, fill=INK, width=3)


def _entrance(canvas: Canvas, box: Box, smallest: int) -> None:
    cy = box.center[1]
    canvas.draw.polygon(
        [(box.left + 16, cy - 9), (box.left + 16, cy + 9), (box.left + 32, cy)], fill=INK
    )


def _values(canvas: Canvas, box: Box, smallest: int) -> None:
    canvas.cached(
        Box(box.left, box.top + 1, box.left + 26, box.top + 27), paint_value, 12, "circle", "open"
    )
    canvas.cached(
        Box(box.left + 30, box.top + 1, box.left + 56, box.top + 27),
        paint_value,
        15,
        "square",
        "open",
    )


def _minimum(canvas: Canvas, box: Box, smallest: int) -> None:
    canvas.cached(
        Box(box.left, box.top + 1, box.left + 26, box.top + 27),
        paint_value,
        18,
        "circle",
        "minimum",
    )
    canvas.cached(
        Box(box.left + 30, box.top + 1, box.left + 56, box.top + 27),
        paint_value,
        9,
        "square",
        "faded",
    )


def _bids(canvas: Canvas, box: Box, smallest: int) -> None:
    tag = Box(box.left, box.top + 5, box.left + 26, box.bottom - 5)
    draw_tag(canvas, tag, PLAYER_TAG["red"], max(11, smallest))
    canvas.cached(
        Box(box.left + 30, box.top + 5, box.left + 56, box.bottom - 5), paint_struck_tag, "blue"
    )


ENTRIES: Final[tuple[tuple[Callable[[Canvas, Box, int], None], str], ...]] = (
    (_tile_colours, "tile colours: Y casino tiles, B hotel tiles, G either"),
    (_door, "black wall; an opening between jambs is a door"),
    (_threshold, "white: two doors meet, a way through"),
    (_entrance, "entrance (casino west, hotel east)"),
    (_red_corner, "red corner"),
    (_diamond, "diamond outlined: full, or three sides for \N{VULGAR FRACTION THREE QUARTERS}"),
    (_values, "premier track: circles and squares"),
    (_minimum, "black: Minimum-Bid marker; faded: too low"),
    (_bids, "bid marker; struck through: outbid"),
)


def legend_rows(columns: int) -> int:
    """How many rows the legend takes in `columns` columns."""
    return -(-len(ENTRIES) // columns)


def draw_legend(canvas: Canvas, box: Box, columns: int, smallest: int = 0) -> None:
    """The key in `box`, in `columns` columns, headed KEY; no text smaller than `smallest`.

    It never changes: drawn once per size, then stamped.
    """
    canvas.cached(box, paint_legend, columns, smallest)


def paint_legend(canvas: Canvas, box: Box, columns: int, smallest: int = 0) -> None:
    """The key drawn in `box` (see `draw_legend`)."""
    canvas.rounded(box, 8, fill=PANEL, outline=RULE, width=2)
    heading = Box(box.left + 10, box.top + 4, box.right - 10, box.top + 26)
    canvas.text(heading, "KEY", INK, max(16, smallest))
    width = (box.width - 20) // columns
    rows = legend_rows(columns)
    for index, (sample, words) in enumerate(ENTRIES):
        column, row = divmod(index, rows)
        left = box.left + 10 + column * width
        top = box.top + 30 + row * ROW
        sample(canvas, Box(left, top, left + SAMPLE, top + ROW - 2), smallest)
        text = Box(left + SAMPLE + 6, top, left + width - 8, top + ROW - 2)
        canvas.text(text, words, INK, max(15, smallest), min_size=max(10, smallest))
