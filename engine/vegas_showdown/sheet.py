"""A player's hotel-casino sheet and the placement rules.

A sheet is a sequence of `Placement`s (tile id, the cell under the turned tile's
top-left corner, quarter turns clockwise), kept in placement order; these functions never
change it. A tile may be placed when it lies inside the sheet on free cells, an
unbroken door-to-door path leads from it to the entrance its colour needs (yellow: the
casino entrance, blue: the hotel entrance, green: either), every tile of its
prerequisites is on the sheet (tiles in reserve do not count), and, for a tile with
`door_must_meet` (the Night Club), one of its doors meets a door of one of those tiles.

Readings of the rules applied here: tiles may be turned as they are placed, never
flipped; two tiles are joined only where both have a door on the shared edge; a door
may face a wall, another tile's wall or the sheet's edge (it just leads nowhere).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from .components import Components, EntranceName, TileColor
from .geometry import ROTATIONS, Cell
from .sheet_layout import (
    ENTRANCE_BIT,
    Grid,
    Layout,
    Placement,
    clear_layouts,
    fitting,
    grid,
    layout,
    meets,
)

ENTRANCES_FOR_COLOR: Final[dict[TileColor, tuple[EntranceName, ...]]] = {
    "yellow": ("casino",),
    "blue": ("hotel",),
    "green": ("casino", "hotel"),
}
_REACH_KEY: Final[dict[TileColor, str]] = {"yellow": "casino", "blue": "hotel", "green": "either"}
_ENTRANCE_BITS: Final[dict[TileColor, int]] = {
    color: sum(ENTRANCE_BIT[name] for name in names) for color, names in ENTRANCES_FOR_COLOR.items()
}
_ENTRANCE_WORDS: Final[dict[TileColor, str]] = {
    "yellow": "your casino entrance",
    "blue": "your hotel entrance",
    "green": "your casino or hotel entrance",
}
_COLUMNS: Final = "abcdefghijklmnopqrstuvwxyz"
# Rows are read as at most this many digits.
_MOST_ROW_DIGITS: Final = 3


class IllegalPlacement(ValueError):
    """A tile cannot be placed there; the message says why, for the player."""


def cell_name(cell: Cell) -> str:
    """A cell as players name it: column letter from the casino end, row number, e.g. c2."""
    x, y = cell
    column = _COLUMNS[x] if 0 <= x < len(_COLUMNS) else f"[{x}]"
    return f"{column}{y + 1}"


def parse_cell(text: str) -> Cell | None:
    """The cell named like `c2` (any case), or None if the text is not a cell name.

    The row is ASCII digits only: `str.isdigit` also accepts `²` (which `int` refuses)
    and other scripts' digits.
    """
    text = text.strip().lower()
    row_text = text[1:]
    if len(text) < 2 or text[0] not in _COLUMNS or not (row_text.isascii() and row_text.isdigit()):
        return None
    if len(row_text) > _MOST_ROW_DIGITS:  # no sheet is that tall; `int` refuses past 4,300
        return None
    row = int(row_text)
    return (_COLUMNS.index(text[0]), row - 1) if row >= 1 else None


def _layout(components: Components, sheet: Sequence[Placement]) -> tuple[Grid, Layout]:
    g = grid(components)
    return g, layout(g, tuple(sheet))


def _name(components: Components, tile_id: str) -> str:
    return components.tiles[tile_id].name


def _a(name: str) -> str:
    return f"an {name}" if name[0].lower() in "aeiou" else f"a {name}"


def _names(components: Components, tile_ids: Sequence[str]) -> str:
    """Say `a Slots tile and a Fancy Slots tile`."""
    words = [_a(_name(components, t)) + " tile" for t in tile_ids]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _alternatives(components: Components, tile_ids: Sequence[str]) -> str:
    """Say `a Lounge or Fancy Lounge tile`."""
    words = [_name(components, t) for t in tile_ids]
    either = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    return _a(either) + " tile"


def cells_of(components: Components, placement: Placement) -> tuple[Cell, ...]:
    """The sheet cells a placement covers (empty if the tile or turn is unknown)."""
    shape = components.shapes.get(placement.tile)
    if shape is None or placement.rot not in range(ROTATIONS):
        return ()
    turn = shape.orientations[placement.rot]
    return tuple((placement.x + dx, placement.y + dy) for dx, dy in turn.cells)


def canonical(components: Components, placement: Placement) -> Placement:
    """The same placement with the lowest turn that gives the same cells and doors."""
    shape = components.shapes.get(placement.tile)
    if shape is None or placement.rot not in range(ROTATIONS):
        return placement
    return placement._replace(rot=shape.canonical_rot(placement.rot))


def tile_at(components: Components, sheet: Sequence[Placement], cell: Cell) -> int | None:
    """The index in `sheet` of the tile covering `cell`, or None."""
    for index, placement in enumerate(sheet):
        if cell in cells_of(components, placement):
            return index
    return None


def fit_problem(
    components: Components, sheet: Sequence[Placement], placement: Placement
) -> str | None:
    """Why `placement` cannot even lie on the sheet, or None.

    Only an unknown tile, a bad turn, a cell off the sheet or a covered cell count here;
    the other placement rules are not checked.
    """
    if placement.tile not in components.tiles:
        return f"There is no tile called {placement.tile!r}."
    if placement.rot not in range(ROTATIONS):
        return "A tile can be turned 0, 1, 2 or 3 quarter turns (0, 90, 180 or 270 degrees)."
    name = _name(components, placement.tile)
    cols, rows = components.sheet.cols, components.sheet.rows
    corner = (placement.x, placement.y)
    for x, y in cells_of(components, placement):
        if not (0 <= x < cols and 0 <= y < rows):
            if 0 <= placement.x < cols and 0 <= placement.y < rows:
                return f"The {name} would stick out of the sheet from {cell_name(corner)}."
            return f"{cell_name(corner)} is not on the sheet."
    g, lay = _layout(components, sheet)
    clash = g.masks[placement].cells & lay.occupied
    if clash:
        for index, other in enumerate(sheet):
            taken = lay.masks[index]
            if taken is not None and taken.cells & clash:
                covered = cells_of(components, other)
                cell = next(c for c in cells_of(components, placement) if c in covered)
                return (
                    f"The {name} would cover {cell_name(cell)}, "
                    f"where your {_name(components, other.tile)} already is."
                )
    return None


def _missing(components: Components, lay: Layout, tile_id: str) -> tuple[str, ...]:
    return tuple(t for t in components.tiles[tile_id].prerequisites if t not in lay.present)


def _joined(components: Components, g: Grid, lay: Layout, placement: Placement) -> bool:
    """Whether a tile not yet on the sheet would be joined to the entrance it needs."""
    color = components.tiles[placement.tile].color
    m = g.masks[placement]
    return bool(m.entrances & _ENTRANCE_BITS[color]) or meets(
        m.faces, lay.reach_doors[_REACH_KEY[color]]
    )


def placement_problem(
    components: Components, sheet: Sequence[Placement], placement: Placement
) -> str | None:
    """Why `placement` may not be added to the sheet now, in words for the player.

    None when it is legal: it fits, its prerequisites are on the sheet, it is joined to
    its entrance, and it meets the door it must meet, if any.
    """
    problem = fit_problem(components, sheet, placement)
    if problem is not None:
        return problem
    g, lay = _layout(components, sheet)
    tile = components.tiles[placement.tile]
    missing = _missing(components, lay, tile.id)
    if missing:
        return (
            f"The {tile.name} needs {_names(components, missing)} on your sheet first "
            "(tiles in reserve do not count)."
        )
    if not _joined(components, g, lay, placement):
        return (
            f"The {tile.name} must be joined to {_ENTRANCE_WORDS[tile.color]} by an unbroken "
            f"path of doors, and at {cell_name((placement.x, placement.y))} it would not be."
        )
    if tile.door_must_meet and not meets(
        g.masks[placement].faces, lay.doors_of(tile.door_must_meet)
    ):
        return (
            f"One of the {tile.name}'s doors must meet a door of "
            f"{_alternatives(components, tile.door_must_meet)}."
        )
    return None


def place(
    components: Components, sheet: Sequence[Placement], placement: Placement
) -> tuple[Placement, ...]:
    """The sheet with `placement` added; raises `IllegalPlacement` if it breaks a rule."""
    problem = placement_problem(components, sheet, placement)
    if problem is not None:
        raise IllegalPlacement(problem)
    return (*sheet, placement)


def sheet_problems(components: Components, sheet: Sequence[Placement]) -> list[str]:
    """Every broken placement rule in the sheet as it stands; [] when all is legal.

    This is the check at the end of a renovation, when every tile must satisfy the
    placement rules in the final layout.
    """
    return list(_problems(grid(components), components, tuple(sheet)))


@lru_cache(maxsize=1024)
def _problems(g: Grid, components: Components, sheet: tuple[Placement, ...]) -> tuple[str, ...]:
    lay = layout(g, sheet)
    problems: list[str] = []
    for index, placement in enumerate(sheet):
        m = lay.masks[index]
        if m is None:
            earlier = [p for p, pm in zip(sheet[:index], lay.masks, strict=False) if pm]
            problem = fit_problem(components, earlier, placement)
            problems.append(problem or f"{placement} does not fit.")
            continue
        tile = components.tiles[placement.tile]
        missing = _missing(components, lay, tile.id)
        joined = any(index in lay.reach[e] for e in ENTRANCES_FOR_COLOR[tile.color])
        met = not tile.door_must_meet or meets(m.faces, lay.doors_of(tile.door_must_meet))
        if missing or not joined or not met:
            where = f"Your {tile.name} at {cell_name((placement.x, placement.y))}"
            if missing:
                problems.append(f"{where} needs {_names(components, missing)} on the sheet.")
            if not joined:
                problems.append(
                    f"{where} is not joined to {_ENTRANCE_WORDS[tile.color]} "
                    "by an unbroken path of doors."
                )
            if not met:
                problems.append(
                    f"{where} has no door meeting a door of "
                    f"{_alternatives(components, tile.door_must_meet)}."
                )
    return tuple(problems)


def legal_placements(
    components: Components, sheet: Sequence[Placement], tile_id: str
) -> tuple[Placement, ...]:
    """Every distinct legal placement of `tile_id`, sorted by row, column and turn.

    Turns that give the same cells, doors and red corners count once (the lowest turn).
    """
    if tile_id not in components.tiles:
        return ()
    return _legal(grid(components), components, tuple(sheet), tile_id)


@lru_cache(maxsize=4096)
def _legal(
    g: Grid, components: Components, sheet: tuple[Placement, ...], tile_id: str
) -> tuple[Placement, ...]:
    lay = layout(g, sheet)
    tile = components.tiles[tile_id]
    if _missing(components, lay, tile_id):
        return ()
    wanted = _ENTRANCE_BITS[tile.color]
    t0, t1, t2, t3 = lay.reach_doors[_REACH_KEY[tile.color]]
    occupied = lay.occupied
    must = lay.doors_of(tile.door_must_meet) if tile.door_must_meet else None
    out: list[Placement] = []
    # the tests of `_joined` and `meets`, written out: this loop is the hot path
    for placement, m in g.candidates[tile_id]:
        if m.cells & occupied:
            continue
        f0, f1, f2, f3 = m.faces
        if not (m.entrances & wanted or f0 & t2 or f1 & t3 or f2 & t0 or f3 & t1):
            continue
        if must is not None and not (f0 & must[2] or f1 & must[3] or f2 & must[0] or f3 & must[1]):
            continue
        out.append(placement)
    return tuple(out)


def clear_caches() -> None:
    """Forget every cached sheet analysis and answer (for benchmarks).

    The tables computed once per Components stay; memory is bounded anyway.
    """
    _legal.cache_clear()
    _problems.cache_clear()
    clear_layouts()


def fitting_placements(
    components: Components, sheet: Sequence[Placement], tile_id: str
) -> tuple[Placement, ...]:
    """Every distinct placement of `tile_id` on free cells, legal or not.

    A renovation checks the placement rules only when it ends.
    """
    if tile_id not in components.tiles:
        return ()
    g = grid(components)
    occupied = fitting(g, sheet)[1]
    return tuple(p for p, m in g.candidates[tile_id] if not m.cells & occupied)


__all__ = [
    "ENTRANCES_FOR_COLOR",
    "IllegalPlacement",
    "Placement",
    "canonical",
    "cell_name",
    "cells_of",
    "clear_caches",
    "fit_problem",
    "fitting_placements",
    "legal_placements",
    "parse_cell",
    "place",
    "placement_problem",
    "sheet_problems",
    "tile_at",
]
