"""What a sheet's picture needs to know about its tiles: doors that meet, and diamonds.

Read from the tiles' turned shapes (`components.shapes`): where two tiles' doors face
each other (a passage), where a door opens onto an entrance, and where red quarters
make a full or three-quarter diamond (the rule of `sheet_scoring.diamonds`, whose
counts a test checks these points against).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.vegas_showdown.components import Components, EntranceName
from engine.vegas_showdown.geometry import CORNER_POINT, OPPOSITE, STEP, Cell, Side
from engine.vegas_showdown.sheet import Placement

FULL_QUARTERS: Final = 4
THREE_QUARTERS: Final = 3
# A diamond's quarters by the corner of the cell each lies in, and the cell's offset
# from the grid point (the cell to the north-west of a point holds its south-east corner).
QUARTER_CELLS: Final[dict[str, Cell]] = {"SE": (-1, -1), "SW": (0, -1), "NW": (0, 0), "NE": (-1, 0)}

DoorEdge = tuple[int, int, Side]  # a door as the cell it belongs to and the side it is on


@dataclass(frozen=True, slots=True)
class Diamond:
    """A grid point where red quarters of at least two tiles meet: 4 make a full diamond.

    `quarters` names the corners (of the cells around the point) that are red.
    """

    point: Cell
    quarters: frozenset[str]

    @property
    def full(self) -> bool:
        """Whether all four quarters are red."""
        return len(self.quarters) == FULL_QUARTERS


def doors_of(components: Components, placement: Placement) -> tuple[DoorEdge, ...]:
    """A placed tile's doors, in sheet cells (sorted, so the picture is the same every time)."""
    shape = components.shapes[placement.tile].orientations[placement.rot]
    return tuple(sorted((placement.x + dx, placement.y + dy, side) for dx, dy, side in shape.doors))


def passages(components: Components, sheet: Sequence[Placement]) -> tuple[DoorEdge, ...]:
    """Doors that meet a door of the tile beyond them: each passage once, from its west or north."""
    doors = {door for placement in sheet for door in doors_of(components, placement)}
    found = []
    for x, y, side in sorted(doors):
        if side not in ("E", "S"):
            continue
        dx, dy = STEP[side]
        if (x + dx, y + dy, OPPOSITE[side]) in doors:
            found.append((x, y, side))
    return tuple(found)


def entrance_doors(
    components: Components, sheet: Sequence[Placement]
) -> tuple[tuple[EntranceName, DoorEdge], ...]:
    """The entrances a tile's door opens onto, with that door."""
    doors = {door for placement in sheet for door in doors_of(components, placement)}
    found = []
    for name, entrance in components.sheet.entrances.items():
        door = (*entrance.cell, entrance.side)
        if door in doors:
            found.append((name, door))
    return tuple(found)


def diamonds(components: Components, sheet: Sequence[Placement]) -> tuple[Diamond, ...]:
    """Every full and three-quarter diamond on the sheet, in reading order of their points."""
    cols, rows = components.sheet.cols, components.sheet.rows
    quarters: dict[Cell, dict[str, int]] = {}
    for index, placement in enumerate(sheet):
        shape = components.shapes[placement.tile].orientations[placement.rot]
        for dx, dy, corner in shape.marks:
            px, py = CORNER_POINT[corner]
            point = (placement.x + dx + px, placement.y + dy + py)
            quarters.setdefault(point, {})[corner] = index
    found = []
    for point in sorted(quarters, key=lambda p: (p[1], p[0])):
        owners = quarters[point]
        inside = 0 < point[0] < cols and 0 < point[1] < rows
        if inside and len(set(owners.values())) > 1 and len(owners) >= THREE_QUARTERS:
            found.append(Diamond(point, frozenset(owners)))
    return tuple(found)
