"""A hotel-casino sheet drawn at any cell size: areas, entrances, tiles, doors, diamonds.

The grid is drawn like a floor plan. Each area has its ground, pattern and label (casino:
rising stripes, hotel: dots, common: plain); columns carry letters and rows numbers, as
players name cells (`c2`). A tile is its colour with its colour's letter and its name,
walled in black; a door is a clear opening in the wall between two jambs (short black
bars standing into the tile, as a floor plan draws a doorway), and where two doors meet
(a passage, or a door onto an entrance) a white threshold crosses between the tiles, so
a path can be followed by eye. Red corners are red triangles; a completed diamond is
outlined in black (a full one all round, a three-quarter one on its three red sides).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from engine.vegas_showdown.components import Area, Components
from engine.vegas_showdown.geometry import STEP, Cell, Corner, Side
from engine.vegas_showdown.sheet import Placement
from engine.vegas_showdown.sheet_scoring import Diamond, completed_diamonds
from engine.vegas_showdown.tables import COMPONENTS

from ..box import Box
from ..canvas import Canvas
from ..cues import fill_pattern
from ..palette import INK, MUTED, RGB, RULE, WHITE
from ..text import HYPHEN, wrap_text
from .rooms import DoorEdge, doors_of, entrance_doors, passages
from .style import (
    AREA_GROUND,
    AREA_INK,
    AREA_LABEL,
    AREA_PATTERN,
    CORNER_RED,
    THRESHOLD,
    TILE_FILL,
    TILE_LETTER,
    WALL,
)

# Fractions of a cell: the gap between neighbouring tiles (each side), the wall's
# thickness, a door's width, a red quarter's legs.
MARGIN: Final = 0.04
WALL_WIDTH: Final = 0.07
DOOR: Final = 0.5
QUARTER: Final = 0.26


def wall_width(cell: int) -> int:
    """How thick a tile's walls are drawn on a sheet of `cell`-pixel cells."""
    return max(3, round(WALL_WIDTH * cell))


def gap_width(cell: int) -> int:
    """How far a tile's edge is drawn inside its cells, so neighbours show apart."""
    return max(1, round(MARGIN * cell))


@dataclass(frozen=True, slots=True)
class SheetGeometry:
    """Where a sheet's parts go, in pixels from the top left of its whole drawing.

    `grid` is the cells' box; the gutters around it hold the area labels and column
    letters (above), row numbers (left) and entrance arrows (on the sides that have one).
    """

    cell: int
    width: int
    height: int
    grid: Box
    band: Box
    letters: Box
    numbers: Box

    def cell_box(self, x: int, y: int) -> Box:
        """The box of cell (x, y)."""
        left, top = self.grid.left + x * self.cell, self.grid.top + y * self.cell
        return Box(left, top, left + self.cell, top + self.cell)

    def point(self, px: int, py: int) -> tuple[int, int]:
        """The pixel of grid point (px, py), the corner shared by the cells around it."""
        return self.grid.left + px * self.cell, self.grid.top + py * self.cell

    def footprint(self, x: int, y: int, width: int, height: int) -> Box:
        """The box of the `width` x `height` cells from (x, y)."""
        left, top = self.point(x, y)
        return Box(left, top, left + width * self.cell, top + height * self.cell)

    def moved(self, dx: int, dy: int) -> SheetGeometry:
        """The same geometry drawn `dx`, `dy` pixels further right and down."""
        return SheetGeometry(
            self.cell,
            self.width,
            self.height,
            _shift(self.grid, dx, dy),
            _shift(self.band, dx, dy),
            _shift(self.letters, dx, dy),
            _shift(self.numbers, dx, dy),
        )


def _shift(box: Box, dx: int, dy: int) -> Box:
    return Box(box.left + dx, box.top + dy, box.right + dx, box.bottom + dy)


def _entrance_sides(components: Components) -> set[Side]:
    return {entrance.side for entrance in components.sheet.entrances.values()}


@cache
def sheet_geometry(cell: int) -> SheetGeometry:
    """The geometry of a sheet whose cells are `cell` pixels wide, placed at (0, 0)."""
    facts = COMPONENTS.sheet
    sides = _entrance_sides(COMPONENTS)
    arrow = round(0.42 * cell)
    band_h, letters_h, numbers_w = round(0.34 * cell), round(0.3 * cell), round(0.3 * cell)
    left = numbers_w + (arrow if "W" in sides else 4)
    top = band_h + letters_h + (arrow if "N" in sides else 0)
    grid = Box(left, top, left + facts.cols * cell, top + facts.rows * cell)
    right = grid.right + (arrow if "E" in sides else 4)
    bottom = grid.bottom + (arrow if "S" in sides else 4)
    return SheetGeometry(
        cell=cell,
        width=right,
        height=bottom,
        grid=grid,
        band=Box(grid.left, 0, grid.right, band_h),
        letters=Box(grid.left, band_h, grid.right, band_h + letters_h),
        numbers=Box(0, grid.top, numbers_w, grid.bottom),
    )


def _column_areas() -> list[tuple[Area, int, int]]:
    """Runs of whole columns of one area: (area, first column, last column + 1)."""
    facts = COMPONENTS.sheet
    runs: list[tuple[Area, int, int]] = []
    for x in range(facts.cols):
        areas = {facts.area_of((x, y)) for y in range(facts.rows)}
        area = areas.pop() if len(areas) == 1 else None
        if area is not None and runs and runs[-1][0] == area and runs[-1][2] == x:
            runs[-1] = (area, runs[-1][1], x + 1)
        elif area is not None:
            runs.append((area, x, x + 1))
    return runs


def paint_ground(
    canvas: Canvas, box: Box, cell: int, smallest: int = 8, ground: RGB | None = None
) -> None:
    """The empty sheet in `box` (as laid out by `sheet_geometry(cell)`): nothing placed yet.

    No text is drawn smaller than `smallest`; `ground` fills the gutters around the grid
    (else they are left transparent).
    """
    if ground is not None:
        canvas.rect(box, fill=ground)
    geo = sheet_geometry(cell).moved(box.left, box.top)
    facts = COMPONENTS.sheet
    size = max(10, smallest, round(0.24 * cell))
    least = max(8, smallest)
    for y in range(facts.rows):
        for x in range(facts.cols):
            area = facts.area_of((x, y))
            pattern = AREA_PATTERN[area]
            cell_box = geo.cell_box(x, y)
            if pattern is None:
                canvas.rect(cell_box, fill=AREA_GROUND[area])
            else:
                spacing = max(8, cell // 5)
                fill_pattern(
                    canvas,
                    cell_box,
                    AREA_GROUND[area],
                    AREA_INK[area],
                    pattern,
                    spacing=spacing,
                    width=max(1, cell // 30),
                )
    for x in range(1, facts.cols):
        left, top = geo.point(x, 0)
        split = facts.area_of((x - 1, 0)) != facts.area_of((x, 0))
        canvas.rect(
            Box(left - (1 if split else 0), top, left + 1, geo.grid.bottom),
            fill=MUTED if split else RULE,
        )
    for y in range(1, facts.rows):
        left, top = geo.point(0, y)
        canvas.rect(Box(left, top, geo.grid.right, top + 1), fill=RULE)
    canvas.rect(geo.grid.inset(-2), outline=INK, width=2)
    for area, first, last in _column_areas():
        band = Box(geo.point(first, 0)[0], geo.band.top, geo.point(last, 0)[0], geo.band.bottom)
        canvas.rect(band.inset(1, 1), fill=AREA_INK[area] if area != "common" else RULE)
        canvas.text(band.inset(3, 1), AREA_LABEL[area], INK, size, min_size=least, align="center")
    for x in range(facts.cols):
        column = Box(
            geo.point(x, 0)[0], geo.letters.top, geo.point(x + 1, 0)[0], geo.letters.bottom
        )
        canvas.text(
            column, "abcdefghijklmnopqrstuvwxyz"[x], MUTED, size, min_size=least, align="center"
        )
    for y in range(facts.rows):
        row = Box(geo.numbers.left, geo.point(0, y)[1], geo.numbers.right, geo.point(0, y + 1)[1])
        canvas.text(row, str(y + 1), MUTED, size, min_size=least, align="center")
    for entrance in COMPONENTS.sheet.entrances.values():
        _draw_entrance(canvas, geo, entrance.cell, entrance.side)


def _draw_entrance(canvas: Canvas, geo: SheetGeometry, cell: Cell, side: Side) -> None:
    """An arrow pointing into the sheet at the entrance edge, and the doorway in the border."""
    box = geo.cell_box(*cell)
    arrow = round(0.42 * geo.cell)
    half = round(DOOR * geo.cell / 2)
    cx, cy = box.center
    dx, dy = STEP[side]
    # The arrow's tip touches the border, its base lies in the gutter beyond it.
    if dx:
        edge = box.left if dx < 0 else box.right
        base = edge + dx * (arrow - 3)
        tip = edge + dx * 3
        points = [(base, cy - half), (base, cy + half), (tip, cy)]
        opening = Box(
            min(edge - 2, edge + 1), cy - half + 3, max(edge - 2, edge + 1) + 1, cy + half - 3
        )
    else:
        edge = box.top if dy < 0 else box.bottom
        base = edge + dy * (arrow - 3)
        tip = edge + dy * 3
        points = [(cx - half, base), (cx + half, base), (cx, tip)]
        opening = Box(
            cx - half + 3, min(edge - 2, edge + 1), cx + half - 3, max(edge - 2, edge + 1) + 1
        )
    canvas.rect(opening, fill=WHITE)
    canvas.draw.polygon(points, fill=INK)


def draw_ground(
    canvas: Canvas, left: int, top: int, cell: int, smallest: int = 8, ground: RGB | None = None
) -> SheetGeometry:
    """The empty sheet with its top left at (`left`, `top`); returns where its parts went."""
    geo = sheet_geometry(cell)
    box = Box(left, top, left + geo.width, top + geo.height)
    canvas.cached(box, paint_ground, cell, smallest, ground)
    return geo.moved(left, top)


def _inner(box: Box, cell: int) -> Box:
    """A tile's box less the gap that separates it from its neighbours."""
    margin = gap_width(cell)
    return box.inset(margin)


def paint_tile(
    canvas: Canvas, box: Box, tile: str, rot: int, cell: int, label: bool, smallest: int = 8
) -> None:
    """A tile turned `rot` quarters in `box` (its footprint): fill, walls, doors, red corners.

    With `label`, its colour's letter and its name are written on it, no smaller than
    `smallest`.
    """
    facts = COMPONENTS.tiles[tile]
    shape = COMPONENTS.shapes[tile].orientations[rot]
    fill = TILE_FILL[facts.color]
    inner = _inner(box, cell)
    wall = wall_width(cell)
    canvas.rect(inner, fill=fill)
    canvas.rect(inner, outline=WALL, width=wall)
    for dx, dy, side in shape.doors:
        cell_box = Box(
            box.left + dx * cell,
            box.top + dy * cell,
            box.left + (dx + 1) * cell,
            box.top + (dy + 1) * cell,
        )
        canvas.rect(_door_gap(cell_box, side, cell), fill=fill)
        for jamb in door_jambs(cell_box, side, cell):
            canvas.rect(jamb, fill=WALL)
    for dx, dy, corner in sorted(shape.marks):
        cell_box = Box(
            box.left + dx * cell,
            box.top + dy * cell,
            box.left + (dx + 1) * cell,
            box.top + (dy + 1) * cell,
        )
        canvas.draw.polygon(_quarter(cell_box, corner, cell), fill=CORNER_RED)
    if label:
        _label(canvas, box, cell, facts.name, TILE_LETTER[facts.color], smallest)


def _door_gap(cell_box: Box, side: Side, cell: int) -> Box:
    """The part of a tile's wall a door opens, on `side` of one of its cells."""
    inner = _inner(cell_box, cell)
    wall = wall_width(cell)
    half = round(DOOR * cell / 2)
    cx, cy = cell_box.center
    if side == "N":
        return Box(cx - half, inner.top, cx + half, inner.top + wall)
    if side == "S":
        return Box(cx - half, inner.bottom - wall, cx + half, inner.bottom)
    if side == "W":
        return Box(inner.left, cy - half, inner.left + wall, cy + half)
    return Box(inner.right - wall, cy - half, inner.right, cy + half)


def door_jambs(cell_box: Box, side: Side, cell: int) -> tuple[Box, Box]:
    """The two jambs at a door's ends: wall-thick bars standing into the tile from the wall.

    They frame the opening, so a door reads as a doorway and not as a break in the line.
    """
    gap = _door_gap(cell_box, side, cell)
    wall = wall_width(cell)
    depth = 2 * wall
    if side in ("N", "S"):
        top = gap.top if side == "N" else gap.bottom - depth
        return (
            Box(gap.left - wall, top, gap.left, top + depth),
            Box(gap.right, top, gap.right + wall, top + depth),
        )
    left = gap.left if side == "W" else gap.right - depth
    return (
        Box(left, gap.top - wall, left + depth, gap.top),
        Box(left, gap.bottom, left + depth, gap.bottom + wall),
    )


def _quarter(cell_box: Box, corner: Corner, cell: int) -> list[tuple[int, int]]:
    """The red quarter-diamond in one corner of a cell: a right triangle on the corner."""
    legs = round(QUARTER * cell)
    x = cell_box.left if corner in ("NW", "SW") else cell_box.right - 1
    y = cell_box.top if corner in ("NW", "NE") else cell_box.bottom - 1
    sx = 1 if corner in ("NW", "SW") else -1
    sy = 1 if corner in ("NW", "NE") else -1
    return [(x, y), (x + sx * legs, y), (x, y + sy * legs)]


def label_box(footprint: Box, cell: int) -> Box:
    """The room inside a tile's walls that its label may use."""
    return footprint.inset(gap_width(cell) + wall_width(cell))


def _whole(text: str, box: Box, size: int, smallest: int, hyphenate: bool = False) -> bool:
    """Whether `text` fits `box` as a paragraph with every letter shown."""
    lines, _ = wrap_text(text, box.width, box.height, size, smallest, hyphenate=hyphenate)
    shown = "".join(lines).replace(HYPHEN, "").replace(" ", "")
    return shown == text.replace(HYPHEN, "").replace(" ", "")


def _label(
    canvas: Canvas, footprint: Box, cell: int, name: str, letter: str, smallest: int
) -> None:
    """The colour's letter over the middle of the first cell, the tile's name below it.

    The letter keeps to its cell's middle, clear of the corners where diamonds are outlined.
    Where that leaves too little room for the whole name, the letter leads the name's first
    line; where even that does not fit (a small tile on a phone-sized sheet), the name is
    written alone, long words cut with a hyphen: the name is never cut short.
    """
    inset = gap_width(cell) + wall_width(cell)
    box = label_box(footprint, cell)
    least = max(8, smallest)
    letter_h = max(10, least, round(0.28 * cell))
    size = max(10, least, round(0.26 * cell))
    top = Box(box.left, box.top, footprint.left + cell - inset, box.top + letter_h)
    rest = Box(box.left, top.bottom, box.right, box.bottom)
    if _whole(name, rest, size, least):
        canvas.text(top, letter, INK, letter_h, min_size=least, align="center")
        canvas.paragraph(rest, name, INK, size, min_size=least, align="center")
        return
    lettered = f"{letter} {name}"
    text = lettered if _whole(lettered, box, size, least, hyphenate=True) else name
    canvas.paragraph(box, text, INK, size, min_size=least, align="center", hyphenate=True)


def draw_tile(
    canvas: Canvas,
    geo: SheetGeometry,
    placement: Placement,
    label: bool = True,
    smallest: int = 8,
) -> Box:
    """A placed tile on the sheet drawn at `geo`; returns its footprint's box."""
    shape = COMPONENTS.shapes[placement.tile].orientations[placement.rot]
    box = geo.footprint(placement.x, placement.y, shape.width, shape.height)
    canvas.cached(box, paint_tile, placement.tile, placement.rot, geo.cell, label, smallest)
    return box


def threshold_box(geo: SheetGeometry, door: DoorEdge) -> Box:
    """The white threshold across the edge of a door that meets another door or an entrance."""
    x, y, side = door
    box = geo.cell_box(x, y)
    margin = gap_width(geo.cell)
    wall = wall_width(geo.cell)
    reach = margin + wall
    half = round(DOOR * geo.cell / 2) - 2
    cx, cy = box.center
    if side in ("E", "W"):
        edge = box.right if side == "E" else box.left
        return Box(edge - reach, cy - half, edge + reach, cy + half)
    edge = box.bottom if side == "S" else box.top
    return Box(cx - half, edge - reach, cx + half, edge + reach)


def draw_thresholds(canvas: Canvas, geo: SheetGeometry, sheet: Sequence[Placement]) -> None:
    """A white threshold across every passage and every door onto an entrance."""
    for door in passages(COMPONENTS, sheet):
        canvas.rect(threshold_box(geo, door), fill=THRESHOLD)
    for _, door in entrance_doors(COMPONENTS, sheet):
        canvas.rect(threshold_box(geo, door), fill=THRESHOLD)


def diamond_points(geo: SheetGeometry, diamond: Diamond) -> list[tuple[int, int]]:
    """The corners of a diamond's outline around its grid point: N, E, S, W."""
    px, py = geo.point(*diamond.point)
    reach = round(QUARTER * geo.cell) + max(3, geo.cell // 14)
    return [(px, py - reach), (px + reach, py), (px, py + reach), (px - reach, py)]


# Each side of a diamond's outline borders one quarter: N-E lies in the north-east cell,
# whose south-west corner is red, and so on round.
_SIDE_QUARTER: Final = (("SW", 0, 1), ("NW", 1, 2), ("NE", 2, 3), ("SE", 3, 0))


def draw_diamond(canvas: Canvas, geo: SheetGeometry, diamond: Diamond) -> None:
    """Outline a completed diamond: all round when full, only its red sides when three-quarter."""
    corners = diamond_points(geo, diamond)
    width = max(3, geo.cell // 16)
    for quarter, a, b in _SIDE_QUARTER:
        if quarter in diamond.quarters:
            canvas.draw.line([corners[a], corners[b]], fill=WHITE, width=width + 4)
    for quarter, a, b in _SIDE_QUARTER:
        if quarter in diamond.quarters:
            canvas.draw.line([corners[a], corners[b]], fill=INK, width=width)


def draw_sheet(
    canvas: Canvas,
    left: int,
    top: int,
    cell: int,
    sheet: Sequence[Placement],
    *,
    labels: bool = True,
    smallest: int = 8,
    ground: RGB | None = None,
) -> SheetGeometry:
    """A whole sheet with its tiles, passages and completed diamonds; returns its geometry.

    No text is drawn smaller than `smallest`; `ground` is the colour around the grid (the
    sheet is drawn quicker when it is known).
    """
    geo = draw_ground(canvas, left, top, cell, smallest, ground)
    for placement in sheet:
        draw_tile(canvas, geo, placement, labels, smallest)
    draw_thresholds(canvas, geo, sheet)
    for diamond in completed_diamonds(COMPONENTS, sheet):
        draw_diamond(canvas, geo, diamond)
    return geo


def door_edges(sheet: Sequence[Placement]) -> set[DoorEdge]:
    """Every door on the sheet, for tests and previews."""
    return {door for placement in sheet for door in doors_of(COMPONENTS, placement)}
