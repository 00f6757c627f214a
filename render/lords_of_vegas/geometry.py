"""Where everything goes: boxes for lots, streets, The Strip, the panel and the track.

The board is laid out like the printed one: blocks A, C, E west of The Strip and B, D,
F east of it, rows placed by the `row_top` hints of the board data, streets in the gaps.
The player panel sits to the right of the board and the scoring track runs along the
bottom. Everything here is computed once, at import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.lords_of_vegas import BOARD

from ..box import Box


@dataclass(frozen=True, slots=True)
class Street:
    """A street's name and the band of asphalt it is written in."""

    name: str
    box: Box
    vertical: bool


COL_PITCH: Final = 106
ROW_PITCH: Final = 96
LOT_W: Final = 102
LOT_H: Final = 92
GAP: Final = COL_PITCH - LOT_W
HEADER_H: Final = 22
BLOCK_PAD: Final = 3

OUTER_STREET_W: Final = 31
NORTH_STREET_H: Final = 36
WEST_X: Final = OUTER_STREET_W + BLOCK_PAD
STRIP_W: Final = 130
BOARD_W: Final = 2 * (OUTER_STREET_W + 2 * BLOCK_PAD + 3 * COL_PITCH - GAP) + STRIP_W
EAST_X: Final = BOARD_W - OUTER_STREET_W - BLOCK_PAD - (3 * COL_PITCH - GAP)
PANEL_W: Final = 360
IMAGE_W: Final = BOARD_W + PANEL_W
_LOWEST_ROW: Final = max(b.row_top[-1] for b in BOARD.blocks.values())
BLOCKS_BOTTOM: Final = NORTH_STREET_H + round(_LOWEST_ROW * ROW_PITCH) + LOT_H + BLOCK_PAD
BOARD_H: Final = BLOCKS_BOTTOM + 34
TRACK_H: Final = 4 + 42 + 6 * 17 + 4
IMAGE_H: Final = BOARD_H + TRACK_H
IMAGE_SIZE: Final = (IMAGE_W, IMAGE_H)

BOARD_BOX: Final = Box(0, 0, BOARD_W, BOARD_H)
STRIP_BOX: Final = Box(WEST_X + 3 * COL_PITCH - GAP + BLOCK_PAD, 0, EAST_X - BLOCK_PAD, BOARD_H)
PANEL_BOX: Final = Box(BOARD_W, 0, IMAGE_W, BOARD_H)
TRACK_BOX: Final = Box(0, BOARD_H, IMAGE_W, IMAGE_H)


def _lot_boxes() -> dict[str, Box]:
    boxes = {}
    for lot in BOARD.lots.values():
        block = BOARD.blocks[lot.block]
        x0 = WEST_X if block.side == "west" else EAST_X
        left = x0 + (lot.col - 1) * COL_PITCH
        # Rows of one block sit exactly a pitch apart so that every gap is GAP wide; blocks
        # are anchored on their last row, which keeps the board's alignments (A/B with C/D
        # at the top, E with F at the bottom).
        last = NORTH_STREET_H + round(block.row_top[-1] * ROW_PITCH)
        top = last - (block.rows - lot.row) * ROW_PITCH
        boxes[lot.id] = Box(left, top, left + LOT_W, top + LOT_H)
    return boxes


LOT_BOXES: Final[dict[str, Box]] = _lot_boxes()


def _block_boxes() -> dict[str, Box]:
    boxes = {}
    for block_id in BOARD.blocks:
        lots = [box for lot, box in LOT_BOXES.items() if lot[0] == block_id]
        boxes[block_id] = Box(
            min(b.left for b in lots) - BLOCK_PAD,
            min(b.top for b in lots) - BLOCK_PAD,
            max(b.right for b in lots) + BLOCK_PAD,
            max(b.bottom for b in lots) + BLOCK_PAD,
        )
    return boxes


BLOCK_BOXES: Final[dict[str, Box]] = _block_boxes()


def _streets() -> list[Street]:
    """Street bands: above, between and below the blocks on each side, and the outer edges."""
    streets = []
    for side, blocks in (
        ("west", BOARD.facts.strip.west_blocks),
        ("east", BOARD.facts.strip.east_blocks),
    ):
        boxes = [BLOCK_BOXES[b] for b in blocks]
        left, right = boxes[0].left, boxes[0].right
        edges = [0, *(y for box in boxes for y in (box.top, box.bottom)), BOARD_H]
        names = [BOARD.blocks[blocks[0]].streets["north"]]
        names += [BOARD.blocks[b].streets["south"] for b in blocks]
        for index, name in enumerate(names):
            top, bottom = edges[2 * index], edges[2 * index + 1]
            streets.append(Street(name, Box(left, top, right, bottom), vertical=False))
        outer = BOARD.blocks[blocks[0]].streets["outer"]
        x0, x1 = (0, left) if side == "west" else (right, BOARD_W)
        streets.append(Street(outer, Box(x0, boxes[0].top, x1, boxes[-1].bottom), vertical=True))
    return streets


STREETS: Final[list[Street]] = _streets()


def header_boxes(lot: Box) -> tuple[Box, Box, Box]:
    """The lot's header line: boxes for its id, its printed die and its price."""
    top, bottom = lot.top + 2, lot.top + HEADER_H
    return (
        Box(lot.left + 5, top, lot.left + 44, bottom),
        Box(lot.left + 50, lot.top + 3, lot.left + 69, lot.top + 22),
        Box(lot.left + 71, top, lot.right - 4, bottom),
    )


def die_boxes(lot: Box) -> tuple[Box, Box]:
    """Where a tile shows its die and, below it, the owner's code tag."""
    die = Box(lot.right - 47, lot.top + HEADER_H + 4, lot.right - 7, lot.top + HEADER_H + 44)
    return die, Box(die.left, die.bottom + 3, die.right, die.bottom + 21)


def lot_parts(lot: Box) -> tuple[Box, Box, Box]:
    """A built lot's three parts, drawn (and reused) apart: header line, casino side, die side.

    The casino side holds the company letter, the height and the boss's star; the die
    side, from the die's left edge, the die and its owner's tag.
    """
    body, split = lot.top + HEADER_H, die_boxes(lot)[0].left
    return (
        Box(lot.left, lot.top, lot.right, body),
        Box(lot.left, body, split, lot.bottom),
        Box(split, body, lot.right, lot.bottom),
    )


def lot_box_at(left: int, top: int) -> Box:
    """The box of a lot whose top left corner is (left, top)."""
    return Box(left, top, left + LOT_W, top + LOT_H)


def marker_box(lot: Box) -> Box:
    """Where a parking lot shows its owner's marker."""
    return Box(lot.left + 14, lot.top + HEADER_H + 14, lot.right - 14, lot.bottom - 12)


def _track_cells() -> list[tuple[int, Box]]:
    track = BOARD.track
    width = (IMAGE_W - 20) // len(track)
    left = (IMAGE_W - width * len(track)) // 2
    top = BOARD_H + 4
    return [
        (value, Box(left + i * width, top, left + (i + 1) * width, IMAGE_H - 4))
        for i, value in enumerate(track)
    ]


TRACK_CELLS: Final[list[tuple[int, Box]]] = _track_cells()
