"""The parts of final scoring that depend on one sheet's layout.

Filled casino / hotel areas (only tiles of the area's colours, or green), a door path
from the casino entrance to the hotel entrance, a completely covered sheet, and red
diamonds: at each grid point inside the sheet, count the red quarter-diamonds of the
cells meeting there; 4 make a full diamond, 3 a three-quarter diamond, but only where at
least two different tiles meet (the four quarters inside one large tile do not count).
A grid point (px, py) is the corner shared by cells (px - 1, py - 1) to (px, py).
The Fame each part is worth is a rule of the game, applied by the final scoring.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from .components import Components, TileColor
from .geometry import CORNER_POINT, Cell, Corner
from .sheet_layout import Placement, fitting, grid, layout

AREA_FILL_COLORS: Final[dict[str, tuple[TileColor, ...]]] = {
    "casino": ("yellow", "green"),
    "hotel": ("blue", "green"),
}
FULL_DIAMOND: Final = 4
THREE_QUARTER_DIAMOND: Final = 3


@dataclass(frozen=True, slots=True)
class SheetBonuses:
    """What a sheet earns at the end of the game, before turning it into Fame."""

    filled_casino: bool
    filled_hotel: bool
    connected: bool
    full: bool
    full_diamonds: int
    three_quarter_diamonds: int


def area_filled(
    components: Components, sheet: Sequence[Placement], area: Literal["casino", "hotel"]
) -> bool:
    """Whether every cell of the area is covered, only by tiles of its colours or green."""
    g = grid(components)
    lay = layout(g, tuple(sheet))
    covered = 0
    for placement, m in zip(lay.tiles, lay.masks, strict=True):
        if m is not None and components.tiles[placement.tile].color in AREA_FILL_COLORS[area]:
            covered |= m.cells
    return g.areas[area] & ~covered == 0


def is_connected(components: Components, sheet: Sequence[Placement]) -> bool:
    """Whether an unbroken door-to-door path joins the casino and hotel entrances."""
    lay = layout(grid(components), tuple(sheet))
    return bool(lay.reach["casino"] & lay.reach["hotel"])


def is_full(components: Components, sheet: Sequence[Placement]) -> bool:
    """Whether every cell of the sheet is covered (this ends the game)."""
    g = grid(components)
    return fitting(g, sheet)[1] == g.full


@dataclass(frozen=True, slots=True)
class Diamond:
    """A completed diamond: its grid point and the red quarters meeting there.

    `quarters` names, for each cell around the point whose corner there is red, that
    corner (the cell north-west of the point gives its `SE` corner, and so on round):
    all four for a full diamond, three for a three-quarter diamond.
    """

    point: Cell
    quarters: frozenset[Corner]

    @property
    def full(self) -> bool:
        """Whether all four quarters are red."""
        return len(self.quarters) == FULL_DIAMOND


def completed_diamonds(components: Components, sheet: Sequence[Placement]) -> tuple[Diamond, ...]:
    """Every full and three-quarter diamond on the sheet, in reading order of their points."""
    g = grid(components)
    lay = layout(g, tuple(sheet))
    quarters: dict[Cell, dict[Corner, int]] = {}
    for index, (placement, m) in enumerate(zip(lay.tiles, lay.masks, strict=True)):
        if m is None:
            continue
        turn = components.shapes[placement.tile].orientations[placement.rot]
        for dx, dy, corner in turn.marks:
            cx, cy = CORNER_POINT[corner]
            point = (placement.x + dx + cx, placement.y + dy + cy)
            quarters.setdefault(point, {})[corner] = index
    found = []
    for point in sorted(quarters, key=lambda p: (p[1], p[0])):
        owners = quarters[point]
        px, py = point
        if not (0 < px < g.cols and 0 < py < g.rows) or len(set(owners.values())) < 2:
            continue
        if len(owners) >= THREE_QUARTER_DIAMOND:
            found.append(Diamond(point, frozenset(owners)))
    return tuple(found)


def diamonds(components: Components, sheet: Sequence[Placement]) -> tuple[int, int]:
    """(full diamonds, three-quarter diamonds) on the sheet."""
    found = completed_diamonds(components, sheet)
    full = sum(diamond.full for diamond in found)
    return full, len(found) - full


def sheet_bonuses(components: Components, sheet: Sequence[Placement]) -> SheetBonuses:
    """Every end-of-game layout bonus of one sheet."""
    full, three_quarter = diamonds(components, sheet)
    return SheetBonuses(
        filled_casino=area_filled(components, sheet, "casino"),
        filled_hotel=area_filled(components, sheet, "hotel"),
        connected=is_connected(components, sheet),
        full=is_full(components, sheet),
        full_diamonds=full,
        three_quarter_diamonds=three_quarter,
    )
