"""Bitmask machinery behind the sheet rules.

Precomputed tile footprints and door edges, and the analysis of one sheet: occupancy,
and what each entrance reaches through door-to-door passages (a flood fill).

A cell (x, y) is bit `y * width + x` of an int, where `width = cols + 1`: the extra,
always-empty column stops a shift east or west from wrapping into the next row, so
"the cells in front of these doors" is a single shift. Everything here is computed once
per `Components` (the `Grid`) or once per sheet content (the `Layout`) and cached.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final, NamedTuple

from .components import Components, EntranceName
from .geometry import CORNER_POINT, SIDES, Cell

SIDE_INDEX: Final = {side: i for i, side in enumerate(SIDES)}  # N E S W
ENTRANCE_BIT: Final[dict[EntranceName, int]] = {"casino": 1, "hotel": 2}


class Placement(NamedTuple):
    """A tile on a sheet: its id, the cell under its turned top-left corner, quarter turns."""

    tile: str
    x: int
    y: int
    rot: int


@dataclass(frozen=True, slots=True)
class PlacedMasks:
    """One tile at one position and turn, as bitmasks over the sheet's cells."""

    cells: int
    doors: tuple[int, int, int, int]  # cells with a door on side N, E, S, W
    faces: tuple[int, int, int, int]  # the cells those doors open onto
    entrances: int  # ENTRANCE_BIT of each entrance edge that holds one of its doors
    corners: tuple[int, ...]  # grid point index of each red quarter-diamond
    first_cell: Cell


@dataclass(frozen=True, slots=True, eq=False)
class Grid:
    """Every tile's footprint and doors at every position and turn, for one Components."""

    cols: int
    rows: int
    width: int
    full: int
    areas: dict[str, int]
    entrance_cells: dict[EntranceName, tuple[int, int]]  # cell bit, side index
    masks: dict[Placement, PlacedMasks]
    candidates: dict[str, tuple[tuple[Placement, PlacedMasks], ...]]


def shift(mask: int, side: int, width: int) -> int:
    """Move every cell of `mask` one step toward `side` (N E S W = 0 1 2 3)."""
    if side == 0:
        return mask >> width
    if side == 1:
        return mask << 1
    if side == 2:
        return mask << width
    return mask >> 1


@lru_cache(maxsize=8)
def grid(components: Components) -> Grid:
    """The precomputed bitmasks for these components (computed once per Components)."""
    sheet = components.sheet
    cols, rows = sheet.cols, sheet.rows
    width = cols + 1

    def bit(x: int, y: int) -> int:
        return 1 << (y * width + x)

    full = 0
    areas: dict[str, int] = {"casino": 0, "common": 0, "hotel": 0}
    for y in range(rows):
        for x in range(cols):
            full |= bit(x, y)
            areas[sheet.area_of((x, y))] |= bit(x, y)
    entrance_cells = {
        name: (bit(*e.cell), SIDE_INDEX[e.side]) for name, e in sheet.entrances.items()
    }
    masks: dict[Placement, PlacedMasks] = {}
    candidates: dict[str, tuple[tuple[Placement, PlacedMasks], ...]] = {}
    for tile_id, shape in components.shapes.items():
        for turn in shape.orientations:
            for y in range(rows - turn.height + 1):
                for x in range(cols - turn.width + 1):
                    cells = 0
                    for dx, dy in turn.cells:
                        cells |= bit(x + dx, y + dy)
                    doors = [0, 0, 0, 0]
                    for dx, dy, door_side in turn.doors:
                        doors[SIDE_INDEX[door_side]] |= bit(x + dx, y + dy)
                    faces = tuple(shift(doors[s], s, width) for s in range(4))
                    hits = 0
                    for name, (cell, side) in entrance_cells.items():
                        if doors[side] & cell:
                            hits |= ENTRANCE_BIT[name]
                    corners = tuple(
                        (y + dy + CORNER_POINT[c][1]) * width + (x + dx + CORNER_POINT[c][0])
                        for dx, dy, c in sorted(turn.marks)
                    )
                    masks[Placement(tile_id, x, y, turn.rot)] = PlacedMasks(
                        cells=cells,
                        doors=(doors[0], doors[1], doors[2], doors[3]),
                        faces=(faces[0], faces[1], faces[2], faces[3]),
                        entrances=hits,
                        corners=corners,
                        first_cell=(x, y),
                    )
        distinct = shape.distinct_rots
        candidates[tile_id] = tuple(
            (p, masks[p])
            for p in sorted(
                (p for p in masks if p.tile == tile_id and p.rot in distinct),
                key=lambda p: (p.y, p.x, p.rot),
            )
        )
    return Grid(cols, rows, width, full, areas, entrance_cells, masks, candidates)


@dataclass(frozen=True, slots=True)
class Layout:
    """One sheet analysed: which tiles fit, what they cover, what each entrance reaches."""

    tiles: tuple[Placement, ...]
    masks: tuple[PlacedMasks | None, ...]  # None: the tile does not fit where it is
    occupied: int
    reach: dict[EntranceName, frozenset[int]]  # tiles joined to each entrance
    reach_doors: dict[str, tuple[int, int, int, int]]  # casino / hotel / either
    present: frozenset[str]  # ids of the tiles on the sheet

    def doors_of(self, tile_ids: tuple[str, ...]) -> tuple[int, int, int, int]:
        """The door masks (N E S W) of every fitting tile whose id is in `tile_ids`."""
        out = [0, 0, 0, 0]
        for p, m in zip(self.tiles, self.masks, strict=True):
            if m is not None and p.tile in tile_ids:
                for s in range(4):
                    out[s] |= m.doors[s]
        return (out[0], out[1], out[2], out[3])


def meets(faces: tuple[int, int, int, int], doors: tuple[int, int, int, int]) -> bool:
    """Whether a door behind `faces` meets one of `doors` (a door on the facing side)."""
    return bool(
        faces[0] & doors[2] or faces[1] & doors[3] or faces[2] & doors[0] or faces[3] & doors[1]
    )


def fitting(g: Grid, tiles: Sequence[Placement]) -> tuple[list[PlacedMasks | None], int]:
    """Each tile's masks, and the cells covered.

    A tile's masks are None when it is unknown, off the sheet or on an earlier tile.
    """
    occupied = 0
    masks: list[PlacedMasks | None] = []
    for p in tiles:
        m = g.masks.get(p)
        if m is None or m.cells & occupied:
            masks.append(None)
        else:
            masks.append(m)
            occupied |= m.cells
    return masks, occupied


def _spread(
    reached: set[int], doors: list[int], waiting: list[tuple[int, PlacedMasks]]
) -> tuple[frozenset[int], tuple[int, int, int, int]]:
    """Grow `reached` (whose doors are `doors`) by every waiting tile a door joins to it."""
    grew = bool(reached)
    while grew and waiting:
        grew = False
        still: list[tuple[int, PlacedMasks]] = []
        for i, m in waiting:
            f = m.faces
            if f[0] & doors[2] or f[1] & doors[3] or f[2] & doors[0] or f[3] & doors[1]:
                reached.add(i)
                for s in range(4):
                    doors[s] |= m.doors[s]
                grew = True
            else:
                still.append((i, m))
        waiting = still
    return frozenset(reached), (doors[0], doors[1], doors[2], doors[3])


def _flood(
    placed: list[tuple[int, PlacedMasks]], entrance: int
) -> tuple[frozenset[int], tuple[int, int, int, int]]:
    """The tiles joined to one entrance, and their doors, by door-to-door flood fill."""
    reached: set[int] = set()
    doors = [0, 0, 0, 0]
    waiting: list[tuple[int, PlacedMasks]] = []
    for i, m in placed:
        if m.entrances & entrance:
            reached.add(i)
            for s in range(4):
                doors[s] |= m.doors[s]
        else:
            waiting.append((i, m))
    return _spread(reached, doors, waiting)


def _either(layout_doors: dict[str, tuple[int, int, int, int]]) -> tuple[int, int, int, int]:
    c, h = layout_doors["casino"], layout_doors["hotel"]
    return (c[0] | h[0], c[1] | h[1], c[2] | h[2], c[3] | h[3])


def _analyse(g: Grid, tiles: tuple[Placement, ...]) -> Layout:
    masks, occupied = fitting(g, tiles)
    placed = [(i, m) for i, m in enumerate(masks) if m is not None]
    casino, casino_doors = _flood(placed, ENTRANCE_BIT["casino"])
    hotel, hotel_doors = _flood(placed, ENTRANCE_BIT["hotel"])
    reach_doors = {"casino": casino_doors, "hotel": hotel_doors}
    reach_doors["either"] = _either(reach_doors)
    return Layout(
        tiles=tiles,
        masks=tuple(masks),
        occupied=occupied,
        reach={"casino": casino, "hotel": hotel},
        reach_doors=reach_doors,
        present=frozenset(p.tile for p, m in zip(tiles, masks, strict=True) if m is not None),
    )


def _grow(g: Grid, parent: Layout, placement: Placement) -> Layout:
    """The layout of `parent`'s sheet with one more tile (a new path must pass through it)."""
    tiles = (*parent.tiles, placement)
    m = g.masks.get(placement)
    if m is None or m.cells & parent.occupied:
        return replace(parent, tiles=tiles, masks=(*parent.masks, None))
    index = len(parent.tiles)
    reach: dict[EntranceName, frozenset[int]] = {}
    reach_doors: dict[str, tuple[int, int, int, int]] = {}
    for name, bit in ENTRANCE_BIT.items():
        reached, doors = parent.reach[name], parent.reach_doors[name]
        if m.entrances & bit or meets(m.faces, doors):
            waiting = [
                (i, other)
                for i, other in enumerate(parent.masks)
                if other is not None and i not in reached
            ]
            grown = [doors[s] | m.doors[s] for s in range(4)]
            reached, doors = _spread({*reached, index}, grown, waiting)
        reach[name], reach_doors[name] = reached, doors
    reach_doors["either"] = _either(reach_doors)
    return Layout(
        tiles=tiles,
        masks=(*parent.masks, m),
        occupied=parent.occupied | m.cells,
        reach=reach,
        reach_doors=reach_doors,
        present=parent.present | {placement.tile},
    )


_LAYOUTS: dict[tuple[Grid, tuple[Placement, ...]], Layout] = {}
LAYOUT_CACHE_SIZE: Final = 8192


def layout(g: Grid, tiles: tuple[Placement, ...]) -> Layout:
    """Analyse a sheet (cached by content): earlier tiles win any overlap.

    A sheet one tile longer than a sheet already analysed (the usual case: a tile was
    just placed) is analysed from that one.
    """
    found = _LAYOUTS.get((g, tiles))
    if found is not None:
        return found
    parent = _LAYOUTS.get((g, tiles[:-1])) if tiles else None
    result = _grow(g, parent, tiles[-1]) if parent is not None else _analyse(g, tiles)
    if len(_LAYOUTS) >= LAYOUT_CACHE_SIZE:
        _LAYOUTS.clear()
    _LAYOUTS[(g, tiles)] = result
    return result


def clear_layouts() -> None:
    """Forget every analysed sheet."""
    _LAYOUTS.clear()
