"""What sits on the lots: casino tiles, players' dice, parking markers and highlights."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from math import cos, radians, sin

from engine.lords_of_vegas import BOARD, Color, Company, GameState
from engine.lords_of_vegas.casino import Casino, boss_lot

from ..box import Box
from ..canvas import Canvas
from ..cues import draw_dashed_frame, draw_tag
from ..palette import INK, MUTED, RGB, WHITE
from .geometry import (
    GAP,
    HEADER_H,
    LOT_BOXES,
    LOT_H,
    LOT_W,
    die_boxes,
    header_boxes,
    lot_box_at,
    lot_parts,
    marker_box,
)
from .ground import paint_background
from .style import (
    COMPANY_FILL,
    COMPANY_LETTER,
    PLAYER_CODE,
    PLAYER_FILL,
    PLAYER_TAG,
    SIGNAL,
    TIMES,
    player_edge,
    player_ink,
)

OUTLINE = 3
DIE_RING = 2
# Pip centres on a 3x3 grid (column, row), 0..2, for each face of a die.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def draw_lot_header(canvas: Canvas, lot: str, changed: bool = False) -> None:
    """The lot's id, its printed die and its build price along the top of its box.

    A lot that changed this turn or the turn before gets its id on a pink highlight.
    """
    paint_header(canvas, LOT_BOXES[lot], lot, changed)


def paint_header(canvas: Canvas, box: Box, lot: str, changed: bool) -> None:
    """`lot`'s header (see `draw_lot_header`) for the lot drawn in `box`."""
    id_box, die_box, price_box = header_boxes(box)
    facts = BOARD.lots[lot]
    if changed:
        canvas.rounded(id_box.inset(-3, 0), 4, fill=SIGNAL, outline=INK)
    canvas.text(id_box, lot, INK, 18, min_size=15)
    canvas.cached(die_box, paint_printed_die, facts.die)
    canvas.text(price_box, f"${facts.price}", INK, 17, min_size=14, align="right")


def paint_printed_die(canvas: Canvas, box: Box, pips: int) -> None:
    """The die printed on a lot: black on white, shown as a number to stay small."""
    canvas.rounded(box, 4, fill=WHITE, outline=INK)
    canvas.text(box.inset(1), str(pips), INK, 15, min_size=12, align="center")


def paint_die(canvas: Canvas, box: Box, owner: Color, pips: int) -> None:
    """A player's die: their colour, a strong edge, and real pips.

    A white ring around the edge keeps the die apart from a tile of a like colour (a
    purple die on an Albion tile).
    """
    canvas.rounded(box, 7, fill=WHITE)
    die = box.inset(DIE_RING)
    canvas.rounded(die, 5, fill=PLAYER_FILL[owner], outline=player_edge(owner), width=2)
    step = die.width // 4
    radius = max(2, die.width // 11)
    for col, row in PIPS[pips]:
        x = die.left + step * (col + 1)
        y = die.top + step * (row + 1)
        canvas.draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=player_ink(owner)
        )


def draw_code_tag(canvas: Canvas, box: Box, owner: Color, size: int = 15) -> None:
    """The owner's two-letter code on their colour: the cue that does not rely on colour."""
    draw_tag(canvas, box, PLAYER_TAG[owner], size)


def paint_star(canvas: Canvas, box: Box) -> None:
    """The boss's star: white on a black disc, readable on any tile."""
    x, y = box.center
    radius = min(box.width, box.height) // 2 - 1
    canvas.draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius), fill=INK, outline=WHITE, width=2
    )
    points = []
    for index in range(10):
        r = radius * (0.72 if index % 2 == 0 else 0.3)
        dx, dy = _unit(index * 36)
        points.append((x + r * dx, y - r * dy))
    canvas.draw.polygon(points, fill=WHITE)


def draw_star(canvas: Canvas, center: tuple[int, int], radius: int) -> None:
    """The boss's star centred on `center`."""
    x, y = center
    canvas.cached(Box(x - radius - 1, y - radius - 1, x + radius + 2, y + radius + 2), paint_star)


def _unit(degrees_from_top: int) -> tuple[float, float]:
    """Unit vector for an angle measured clockwise from straight up."""
    angle = radians(degrees_from_top)
    return sin(angle), cos(angle)


def paint_marker(canvas: Canvas, box: Box, owner: Color) -> None:
    """A lot marker: a pill in the owner's colour with their code."""
    canvas.rounded(
        box, box.height // 2, fill=PLAYER_FILL[owner], outline=player_edge(owner), width=2
    )
    canvas.text(
        box.inset(12, 3), PLAYER_CODE[owner], player_ink(owner), 24, min_size=16, align="center"
    )


def draw_changed_header(canvas: Canvas, lot: str, f_unused: bool) -> None:
    """The header of a lot without a tile, its id highlighted: it changed this turn or the last.

    A patch over the background (see `Canvas.patch`): the same few lots change in game
    after game.
    """
    header = lot_parts(LOT_BOXES[lot])[0]
    ground = (paint_background, (f_unused, header.left, header.top))
    canvas.patch(header, ground, paint_header_part, lot, True)


def draw_marker(canvas: Canvas, lot: str, owner: Color, changed: bool, f_unused: bool) -> None:
    """A parking lot: the owner's marker, with the id highlighted if it just changed."""
    if changed:
        draw_changed_header(canvas, lot, f_unused)
    canvas.cached(marker_box(LOT_BOXES[lot]), paint_marker, owner)


def _joined(casinos: Mapping[str, Casino], lot: str, other: str | None) -> bool:
    """True when `other` is a lot of the same casino as `lot`."""
    return other is not None and other in casinos and casinos[other] == casinos[lot]


@cache
def _neighbor(lot: str, d_row: int, d_col: int) -> str | None:
    facts = BOARD.lots[lot]
    block = BOARD.blocks[facts.block]
    row, col = facts.row + d_row, facts.col + d_col
    if 1 <= row <= block.rows and 1 <= col <= block.cols:
        return f"{facts.block}{(row - 1) * block.cols + col}"
    return None


def _tile_beside(lot: str, d_row: int, d_col: int) -> str:
    """The lot beside `lot` where a joined side says there is a tile of its casino."""
    other = _neighbor(lot, d_row, d_col)
    if other is None:
        raise ValueError(f"{lot} has no lot at ({d_row}, {d_col}) from it")
    return other


# Whether a tile is joined to the tile above, below, left and right of it (same casino).
Sides = tuple[bool, bool, bool, bool]
# Ink over a part of a tile: rectangles (left, top, right, bottom) from the part's corner.
Inks = tuple[tuple[int, int, int, int], ...]


def draw_tiles(
    canvas: Canvas, state: GameState, casinos: Mapping[str, Casino], changed: set[str]
) -> None:
    """Every casino tile, joined to the rest of its casino and outlined as one piece."""
    sides = {lot: _sides(lot, casinos) for lot in state.tiles}
    for lot, tile in state.tiles.items():
        box = LOT_BOXES[lot]
        fill = COMPANY_FILL[tile.company]
        canvas.rect(box, fill=fill)
        _, joined_below, _, joined_right = sides[lot]
        if joined_right:
            canvas.rect(Box(box.right, box.top, box.right + GAP, box.bottom), fill=fill)
        if joined_below:
            below = LOT_BOXES[_tile_beside(lot, 1, 0)]
            canvas.rect(Box(box.left, box.bottom, box.right, below.top), fill=fill)
            if joined_right and _joined(casinos, lot, _neighbor(lot, 1, 1)):
                canvas.rect(Box(box.right, box.bottom, box.right + GAP, below.top), fill=fill)
    for lot in state.tiles:
        _outline(canvas, lot, sides[lot])
    unique = {casino.lots[0]: casino for casino in casinos.values()}
    bosses = {boss_die_lot(state, casino) for casino in unique.values()}
    for lot, tile in state.tiles.items():
        fill = COMPANY_FILL[tile.company]
        inks = _part_inks(sides[lot], _inked_corners(lot, sides))
        header, casino_side, die_side = lot_parts(LOT_BOXES[lot])
        canvas.patch(
            header, (paint_tile_ground, (fill, inks[0])), paint_header_part, lot, lot in changed
        )
        canvas.patch(
            casino_side,
            (paint_tile_ground, (fill, inks[1])),
            paint_casino_side,
            tile.company,
            tile.height,
            lot in bosses,
        )
        die = None if tile.die is None else (tile.die.owner, tile.die.pips)
        canvas.patch(die_side, (paint_tile_ground, (fill, inks[2])), paint_die_side, die)


def _sides(lot: str, casinos: Mapping[str, Casino]) -> Sides:
    """Which of `lot`'s neighbours (above, below, left, right) are tiles of its casino."""
    return (
        _joined(casinos, lot, _neighbor(lot, -1, 0)),
        _joined(casinos, lot, _neighbor(lot, 1, 0)),
        _joined(casinos, lot, _neighbor(lot, 0, -1)),
        _joined(casinos, lot, _neighbor(lot, 0, 1)),
    )


def _inked_corners(lot: str, sides: Mapping[str, Sides]) -> tuple[bool, bool, bool, bool]:
    """Which corners of `lot` its casino's outline covers (top left, right, bottom left, right).

    Its own edges cover them, and so does a joined neighbour's edge bridging the gap.
    """
    up, down, left, right = sides[lot]

    def side(d_row: int, d_col: int, which: int) -> bool:
        return sides[_tile_beside(lot, d_row, d_col)][which]

    return (
        not (up and left and side(0, -1, 0) and side(-1, 0, 2)),
        not (up and right and side(0, 1, 0) and side(-1, 0, 3)),
        not (down and left and side(0, -1, 1) and side(1, 0, 2)),
        not (down and right and side(0, 1, 1) and side(1, 0, 3)),
    )


@cache
def _part_inks(sides: Sides, corners: tuple[bool, bool, bool, bool]) -> tuple[Inks, Inks, Inks]:
    """The outline's ink over each of a tile's parts (`lot_parts`), from the part's corner."""
    up, down, left, right = sides
    width, height = LOT_W, LOT_H
    edges = [
        (0, 0, width, OUTLINE) if not up else None,
        (0, height - OUTLINE, width, height) if not down else None,
        (0, 0, OUTLINE, height) if not left else None,
        (width - OUTLINE, 0, width, height) if not right else None,
    ]
    squares = [
        (0, 0, OUTLINE, OUTLINE),
        (width - OUTLINE, 0, width, OUTLINE),
        (0, height - OUTLINE, OUTLINE, height),
        (width - OUTLINE, height - OUTLINE, width, height),
    ]
    inks = [edge for edge in edges if edge is not None]
    inks += [square for square, inked in zip(squares, corners, strict=True) if inked]
    parts = []
    for part in lot_parts(lot_box_at(0, 0)):
        clipped = set()
        for x0, y0, x1, y1 in inks:
            left_x, top_y = max(x0, part.left), max(y0, part.top)
            right_x, bottom_y = min(x1, part.right), min(y1, part.bottom)
            if left_x < right_x and top_y < bottom_y:
                clipped.add(
                    (left_x - part.left, top_y - part.top, right_x - part.left, bottom_y - part.top)
                )
        parts.append(tuple(sorted(clipped)))
    return parts[0], parts[1], parts[2]


def paint_tile_ground(canvas: Canvas, region: Box, fill: RGB, inks: Inks) -> None:
    """A part of a tile before its contents: its company's colour and its outline's ink."""
    canvas.rect(region, fill=fill)
    x, y = region.left, region.top
    for left, top, right, bottom in inks:
        canvas.rect(Box(x + left, y + top, x + right, y + bottom), fill=INK)


def paint_header_part(canvas: Canvas, region: Box, lot: str, changed: bool) -> None:
    """A built lot's header line (`lot_parts`' first), over its tile."""
    paint_header(canvas, lot_box_at(region.left, region.top), lot, changed)


def paint_casino_side(
    canvas: Canvas, region: Box, company: Company, height: int, boss: bool
) -> None:
    """A built lot's company letter, height and, on the boss's die, the star."""
    box = lot_box_at(region.left, region.top - HEADER_H)
    letter = Box(box.left + 6, box.top + HEADER_H + 2, box.left + 34, box.top + HEADER_H + 38)
    canvas.text(letter, COMPANY_LETTER[company], INK, 34, align="left")
    if height > 1:
        storeys = Box(box.left + 4, box.bottom - 28, box.left + 31, box.bottom - 4)
        canvas.text(storeys, f"{TIMES}{height}", INK, 19, min_size=14)
    if boss:
        _, tag = die_boxes(box)
        draw_star(canvas, (tag.left - 12, tag.center[1]), 11)


def paint_die_side(canvas: Canvas, region: Box, die: tuple[Color, int] | None) -> None:
    """A built lot's die and its owner's tag, or an empty die's outline."""
    box = lot_box_at(region.right - LOT_W, region.top - HEADER_H)
    die_box, tag = die_boxes(box)
    if die is None:
        canvas.rounded(die_box, 6, outline=MUTED, width=2)
        canvas.text(tag, "no die", MUTED, 13, min_size=10, align="center")
        return
    owner, pips = die
    canvas.cached(die_box, paint_die, owner, pips)
    draw_code_tag(canvas, tag, owner)


def boss_die_lot(state: GameState, casino: Casino) -> str | None:
    """The lot of the die that makes its owner boss (None when the casino has no die).

    That is its highest die, the first in board order among equals; a casino of one tile
    shows its boss like any other.
    """
    if all(state.tiles[lot].die is None for lot in casino.lots):
        return None
    return boss_lot(state, casino)


def _outline(canvas: Canvas, lot: str, sides: Sides) -> None:
    """Draw the sides of `lot` that are edges of its casino, bridging gaps to joined tiles."""
    box = LOT_BOXES[lot]
    reach = GAP + OUTLINE
    up, down, left, right = sides
    x0 = box.left - (reach if left else 0)
    x1 = box.right + (reach if right else 0)
    y0 = box.top - (reach if up else 0)
    y1 = box.bottom + (reach if down else 0)
    if not up:
        canvas.rect(Box(x0, box.top, x1, box.top + OUTLINE), fill=INK)
    if not down:
        canvas.rect(Box(x0, box.bottom - OUTLINE, x1, box.bottom), fill=INK)
    if not left:
        canvas.rect(Box(box.left, y0, box.left + OUTLINE, y1), fill=INK)
    if not right:
        canvas.rect(Box(box.right - OUTLINE, y0, box.right, y1), fill=INK)


def draw_last_card_frame(canvas: Canvas, lot: str) -> None:
    """A black-and-white dashed frame around the lot of the card just drawn."""
    draw_dashed_frame(canvas, LOT_BOXES[lot].inset(-3), width=5, dash=10)
