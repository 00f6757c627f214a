"""Bitmask machinery behind the sheet rules.

Precomputed tile footprints and door edges, and the analysis of one sheet: occupancy,
door-to-door links, and what each entrance reaches.

A cell (x, y) is bit `y * width + x` of an int, where `width = cols + 1`: the extra,
always-empty column stops a shift east or west from wrapping into the next row, so
"the cells in front of these doors" is a single shift. Everything here is computed once
per `Components` (the `Grid`) or once per sheet content (the `Layout`) and cached.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
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
    links: tuple[frozenset[int], ...]  # tiles joined door to door
    reach: dict[EntranceName, frozenset[int]]  # tiles joined to each entrance
    reach_doors: dict[str, tuple[int, int, int, int]]  # casino / hotel / either
    counts: Counter[str]

    def doors_of(self, tile_ids: tuple[str, ...]) -> tuple[int, int, int, int]:
        """The door masks (N E S W) of every fitting tile whose id is in `tile_ids`."""
        out = [0, 0, 0, 0]
        for p, m in zip(self.tiles, self.masks, strict=True):
            if m is not None and p.tile in tile_ids:
                for s in range(4):
                    out[s] |= m.doors[s]
        return (out[0], out[1], out[2], out[3])


def _fit(g: Grid, p: Placement, occupied: int) -> PlacedMasks | None:
    m = g.masks.get(p)
    if m is None or m.cells & occupied:
        return None
    return m


@lru_cache(maxsize=4096)
def layout(g: Grid, tiles: tuple[Placement, ...]) -> Layout:
    """Analyse a sheet (cached by content): earlier tiles win any overlap."""
    occupied = 0
    masks: list[PlacedMasks | None] = []
    for p in tiles:
        m = _fit(g, p, occupied)
        masks.append(m)
        if m is not None:
            occupied |= m.cells
    owner: dict[int, int] = {}
    all_doors = [0, 0, 0, 0]
    for i, m in enumerate(masks):
        if m is None:
            continue
        cells = m.cells
        while cells:
            low = cells & -cells
            owner[low] = i
            cells ^= low
        for s in range(4):
            all_doors[s] |= m.doors[s]
    links: list[set[int]] = [set() for _ in tiles]
    for i, m in enumerate(masks):
        if m is None:
            continue
        for s in range(4):
            hits = m.faces[s] & all_doors[(s + 2) % 4]
            while hits:
                low = hits & -hits
                links[i].add(owner[low])
                hits ^= low
    reach: dict[EntranceName, frozenset[int]] = {}
    for name, (cell, side) in g.entrance_cells.items():
        start = owner.get(cell)
        seen: set[int] = set()
        m0 = masks[start] if start is not None else None
        if start is not None and m0 is not None and m0.doors[side] & cell:
            todo = [start]
            seen.add(start)
            while todo:
                for j in links[todo.pop()]:
                    if j not in seen:
                        seen.add(j)
                        todo.append(j)
        reach[name] = frozenset(seen)
    reach_doors: dict[str, tuple[int, int, int, int]] = {}
    for key, names in (("casino", ("casino",)), ("hotel", ("hotel",)), ("either", tuple(reach))):
        out = [0, 0, 0, 0]
        for name in names:
            for i in reach[name]:
                m = masks[i]
                assert m is not None  # only fitting tiles are reached
                for s in range(4):
                    out[s] |= m.doors[s]
        reach_doors[key] = (out[0], out[1], out[2], out[3])
    counts = Counter(p.tile for p, m in zip(tiles, masks, strict=True) if m is not None)
    return Layout(
        tiles=tiles,
        masks=tuple(masks),
        occupied=occupied,
        links=tuple(frozenset(s) for s in links),
        reach=reach,
        reach_doors=reach_doors,
        counts=counts,
    )
