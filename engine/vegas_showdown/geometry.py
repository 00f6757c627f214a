"""Tile geometry: door segments, quarter turns, and which turns of a tile really differ.

Conventions (the same as the shared component specification):
- A cell is (x, y): x grows to the east (right), y to the south (down).
- An unrotated tile covers `width` x `height` cells, offsets (dx, dy) from its top-left.
- Its outer edge is cut into one segment per cell side, numbered clockwise from the
  north side of the top-left cell; a tile's doors are segment numbers.
- A quarter turn clockwise maps offset (dx, dy) of a w x h box to (h-1-dy, dx) of an
  h x w box, sides N->E->S->W->N and corners NW->NE->SE->SW->NW.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

Side = Literal["N", "E", "S", "W"]
Corner = Literal["NW", "NE", "SE", "SW"]
Cell = tuple[int, int]
Door = tuple[int, int, Side]
Mark = tuple[int, int, Corner]

SIDES: Final[tuple[Side, ...]] = ("N", "E", "S", "W")
OPPOSITE: Final[dict[Side, Side]] = {"N": "S", "E": "W", "S": "N", "W": "E"}
STEP: Final[dict[Side, Cell]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
_SIDE_CW: Final[dict[Side, Side]] = {"N": "E", "E": "S", "S": "W", "W": "N"}
_CORNER_CW: Final[dict[Corner, Corner]] = {"NW": "NE", "NE": "SE", "SE": "SW", "SW": "NW"}
# the grid point at a cell corner, relative to the cell's own NW point
CORNER_POINT: Final[dict[Corner, Cell]] = {"NW": (0, 0), "NE": (1, 0), "SE": (1, 1), "SW": (0, 1)}
ROTATIONS: Final = 4


def perimeter(width: int, height: int) -> tuple[Door, ...]:
    """The door segments of an unrotated tile, in their numbering order."""
    top: list[Door] = [(x, 0, "N") for x in range(width)]
    right: list[Door] = [(width - 1, y, "E") for y in range(height)]
    bottom: list[Door] = [(x, height - 1, "S") for x in reversed(range(width))]
    left: list[Door] = [(0, y, "W") for y in reversed(range(height))]
    return (*top, *right, *bottom, *left)


def _reading_order(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Cells row by row, west to east: the order of an unturned tile's cells."""
    return tuple(sorted(cells, key=lambda cell: (cell[1], cell[0])))


@dataclass(frozen=True, slots=True)
class Orientation:
    """A tile turned `rot` quarter turns clockwise, relative to its top-left cell."""

    rot: int
    width: int
    height: int
    cells: tuple[Cell, ...]
    doors: frozenset[Door]
    marks: frozenset[Mark]

    def turned(self) -> Orientation:
        """The same tile turned one more quarter clockwise."""
        h = self.height

        def move(dx: int, dy: int) -> Cell:
            return (h - 1 - dy, dx)

        return Orientation(
            rot=(self.rot + 1) % ROTATIONS,
            width=self.height,
            height=self.width,
            cells=_reading_order(move(dx, dy) for dx, dy in self.cells),
            doors=frozenset((*move(dx, dy), _SIDE_CW[s]) for dx, dy, s in self.doors),
            marks=frozenset((*move(dx, dy), _CORNER_CW[c]) for dx, dy, c in self.marks),
        )

    def same_as(self, other: Orientation) -> bool:
        """Whether both cover the same cells with the same doors and red marks."""
        return (self.width, self.height, self.doors, self.marks) == (
            other.width,
            other.height,
            other.doors,
            other.marks,
        )


@dataclass(frozen=True, slots=True)
class TileShape:
    """A tile's four orientations and, for each, the lowest turn that looks the same."""

    tile_id: str
    orientations: tuple[Orientation, ...]
    canonical: tuple[int, ...]

    @property
    def distinct_rots(self) -> tuple[int, ...]:
        """The turns that give different placements (the others repeat one of them)."""
        return tuple(sorted(set(self.canonical)))

    def canonical_rot(self, rot: int) -> int:
        """The lowest turn giving the same cells, doors and red marks as `rot`."""
        return self.canonical[rot % ROTATIONS]


def tile_shape(
    tile_id: str,
    width: int,
    height: int,
    doors: tuple[int, ...],
    marks: tuple[tuple[int, int, Corner], ...],
) -> TileShape:
    """Every orientation of a tile given by its unrotated size, door segments and marks."""
    segments = perimeter(width, height)
    first = Orientation(
        rot=0,
        width=width,
        height=height,
        cells=_reading_order((x, y) for y in range(height) for x in range(width)),
        doors=frozenset(segments[i] for i in doors),
        marks=frozenset(marks),
    )
    turns = [first]
    for _ in range(ROTATIONS - 1):
        turns.append(turns[-1].turned())
    canonical = tuple(next(o.rot for o in turns if o.same_as(t)) for t in turns)
    return TileShape(tile_id=tile_id, orientations=tuple(turns), canonical=canonical)
