"""What a sheet's picture needs to know about its tiles: doors that meet.

Read from the tiles' turned shapes (`components.shapes`): where two tiles' doors face
each other (a passage) and where a door opens onto an entrance. Where the diamonds are
comes from the engine's scoring (`sheet_scoring.completed_diamonds`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.vegas_showdown.components import Components, EntranceName
from engine.vegas_showdown.geometry import OPPOSITE, STEP, Side
from engine.vegas_showdown.sheet import Placement

DoorEdge = tuple[int, int, Side]  # a door as the cell it belongs to and the side it is on


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
