"""The parts of final scoring that depend on one sheet's layout.

Filled casino / hotel areas (only tiles of the area's colours, or green), a door path
from the casino entrance to the hotel entrance, a completely covered sheet, and red
diamonds: at each grid point inside the sheet, count the red quarter-diamonds of the
cells meeting there; 4 make a full diamond, 3 a three-quarter diamond, but only where at
least two different tiles meet (the four quarters inside one large tile do not count).
The Fame each part is worth is a rule of the game, applied by the final scoring.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from .components import Components, TileColor
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


def diamonds(components: Components, sheet: Sequence[Placement]) -> tuple[int, int]:
    """(full diamonds, three-quarter diamonds) on the sheet."""
    g = grid(components)
    lay = layout(g, tuple(sheet))
    quarters: dict[int, list[int]] = {}
    for index, m in enumerate(lay.masks):
        if m is not None:
            for point in m.corners:
                quarters.setdefault(point, []).append(index)
    full = three_quarter = 0
    for point, owners in quarters.items():
        px, py = point % g.width, point // g.width
        if not (0 < px < g.cols and 0 < py < g.rows) or len(set(owners)) < 2:
            continue
        if len(owners) == FULL_DIAMOND:
            full += 1
        elif len(owners) == THREE_QUARTER_DIAMOND:
            three_quarter += 1
    return full, three_quarter


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
