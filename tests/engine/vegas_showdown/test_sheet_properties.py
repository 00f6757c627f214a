"""Property tests of the sheet geometry against a slow, independent reference.

The reference below works cell by cell with sets (no bitmasks, no caches) straight from
the component conventions: door segments numbered clockwise from the top-left cell's
north side, a quarter turn mapping (dx, dy) of a w x h box to (h-1-dy, dx).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.vegas_showdown.components import COMPONENTS as C
from engine.vegas_showdown.geometry import perimeter, tile_shape
from engine.vegas_showdown.sheet import (
    Placement,
    canonical,
    fit_problem,
    legal_placements,
    placement_problem,
    sheet_problems,
)
from engine.vegas_showdown.sheet_layout import _analyse, clear_layouts, grid, layout
from engine.vegas_showdown.sheet_scoring import (
    area_filled,
    completed_diamonds,
    diamonds,
    is_connected,
    is_full,
)

TILE_IDS = sorted(C.tiles)
COLS, ROWS = C.sheet.cols, C.sheet.rows
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIDE_CW = {"N": "E", "E": "S", "S": "W", "W": "N"}
CORNER_CW = {"NW": "NE", "NE": "SE", "SE": "SW", "SW": "NW"}
CORNER_POINT = {"NW": (0, 0), "NE": (1, 0), "SE": (1, 1), "SW": (0, 1)}
NEEDS = {"yellow": {"casino"}, "blue": {"hotel"}, "green": {"casino", "hotel"}}
FILLS = {"casino": {"yellow", "green"}, "hotel": {"blue", "green"}}

Shape = tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int, str]], frozenset[Any]]


# --------------------------------------------------------------------------- reference
def segments(w: int, h: int) -> list[tuple[int, int, str]]:
    out = [(x, 0, "N") for x in range(w)] + [(w - 1, y, "E") for y in range(h)]
    out += [(x, h - 1, "S") for x in reversed(range(w))] + [(0, y, "W") for y in reversed(range(h))]
    return out


def ref_shape(p: Placement) -> Shape:
    """Absolute cells, doors and red marks of a placement."""
    tile = C.tiles[p.tile]
    w, h = C.facts.sizes[tile.size]
    cells = [(x, y) for y in range(h) for x in range(w)]
    doors = [segments(w, h)[i] for i in tile.doors]
    marks = [tuple(m) for m in tile.red_corner_marks]
    for _ in range(p.rot):
        cells = [(h - 1 - dy, dx) for dx, dy in cells]
        doors = [(h - 1 - dy, dx, SIDE_CW[s]) for dx, dy, s in doors]
        marks = [(h - 1 - dy, dx, CORNER_CW[c]) for dx, dy, c in marks]
        w, h = h, w
    return (
        frozenset((p.x + dx, p.y + dy) for dx, dy in cells),
        frozenset((p.x + dx, p.y + dy, s) for dx, dy, s in doors),
        frozenset((p.x + dx, p.y + dy, c) for dx, dy, c in marks),
    )


def ref_fits(sheet: Sequence[Placement], p: Placement) -> bool:
    taken = set().union(*(ref_shape(q)[0] for q in sheet)) if sheet else set()
    cells = ref_shape(p)[0]
    return all(0 <= x < COLS and 0 <= y < ROWS for x, y in cells) and not cells & taken


def ref_links(sheet: Sequence[Placement]) -> dict[int, set[int]]:
    owner = {cell: i for i, q in enumerate(sheet) for cell in ref_shape(q)[0]}
    links: dict[int, set[int]] = {i: set() for i in range(len(sheet))}
    for i, q in enumerate(sheet):
        for x, y, s in ref_shape(q)[1]:
            dx, dy = STEP[s]
            j = owner.get((x + dx, y + dy))
            if j is not None and (x + dx, y + dy, OPPOSITE[s]) in ref_shape(sheet[j])[1]:
                links[i].add(j)
    return links


def ref_reach(sheet: Sequence[Placement], entrance: str) -> set[int]:
    cell, side = C.sheet.entrances[entrance].cell, C.sheet.entrances[entrance].side
    start = {i for i, q in enumerate(sheet) if (*cell, side) in ref_shape(q)[1]}
    links, seen, todo = ref_links(sheet), set(start), deque(start)
    while todo:
        for j in links[todo.popleft()] - seen:
            seen.add(j)
            todo.append(j)
    return seen


def ref_violations(sheet: Sequence[Placement]) -> int:
    """How many rules the tiles of a fitting sheet break (one per tile and rule)."""
    reach = {e: ref_reach(sheet, e) for e in ("casino", "hotel")}
    links = ref_links(sheet)
    present = {q.tile for q in sheet}
    count = 0
    for i, q in enumerate(sheet):
        tile = C.tiles[q.tile]
        count += not set(tile.prerequisites) <= present
        count += not any(i in reach[e] for e in NEEDS[tile.color])
        if tile.door_must_meet:
            count += not any(sheet[j].tile in tile.door_must_meet for j in links[i])
    return count


def ref_legal(sheet: Sequence[Placement], p: Placement) -> bool:
    if not ref_fits(sheet, p):
        return False
    after = [*sheet, p]
    new = len(sheet)
    tile = C.tiles[p.tile]
    if not set(tile.prerequisites) <= {q.tile for q in sheet}:
        return False
    if not any(new in ref_reach(after, e) for e in NEEDS[tile.color]):
        return False
    if tile.door_must_meet:
        return any(after[j].tile in tile.door_must_meet for j in ref_links(after)[new])
    return True


def ref_legal_placements(sheet: Sequence[Placement], tile_id: str) -> set[Placement]:
    """Every legal placement, one per distinct (cells, doors, marks): the lowest turn."""
    best: dict[Shape, Placement] = {}
    for rot in range(4):
        for y in range(-1, ROWS + 1):
            for x in range(-1, COLS + 1):
                p = Placement(tile_id, x, y, rot)
                if ref_legal(sheet, p):
                    best.setdefault(ref_shape(p), p)
    return set(best.values())


def ref_diamonds(sheet: Sequence[Placement]) -> dict[tuple[int, int], frozenset[str]]:
    """The red quarters at each grid point where a full or three-quarter diamond is."""
    quarters: dict[tuple[int, int], list[tuple[int, str]]] = {}
    for i, q in enumerate(sheet):
        for x, y, c in ref_shape(q)[2]:
            ox, oy = CORNER_POINT[c]
            quarters.setdefault((x + ox, y + oy), []).append((i, c))
    found = {}
    for (px, py), owners in quarters.items():
        tiles = {i for i, _ in owners}
        if 0 < px < COLS and 0 < py < ROWS and len(tiles) > 1 and len(owners) >= 3:
            found[px, py] = frozenset(c for _, c in owners)
    return found


# --------------------------------------------------------------------------- strategies
picks = st.tuples(
    st.sampled_from(TILE_IDS),
    st.integers(0, COLS - 1),
    st.integers(0, ROWS - 1),
    st.integers(0, 3),
)


@st.composite
def fitting_sheets(draw: st.DrawFn) -> list[Placement]:
    """Tiles that lie on free cells, rules or not (as in the middle of a renovation)."""
    sheet: list[Placement] = []
    for pick in draw(st.lists(picks, max_size=20)):
        p = Placement(*pick)
        if ref_fits(sheet, p):
            sheet.append(p)
    return sheet


@st.composite
def legal_sheets(draw: st.DrawFn) -> list[Placement]:
    """Sheets built one legal placement at a time."""
    sheet: list[Placement] = []
    for tile_id, choice in draw(
        st.lists(st.tuples(st.sampled_from(TILE_IDS), st.integers(0, 10**6)), max_size=25)
    ):
        options = legal_placements(C, sheet, tile_id)
        if options:
            sheet.append(options[choice % len(options)])
    return sheet


any_sheet = st.one_of(fitting_sheets(), legal_sheets())


# --------------------------------------------------------------------------- properties
@given(
    size=st.sampled_from(sorted(C.facts.sizes)),
    data=st.data(),
)
def test_four_quarter_turns_are_the_identity(size: str, data: st.DataObject) -> None:
    w, h = C.facts.sizes[size]  # type: ignore[index]
    count = len(perimeter(w, h))
    doors = tuple(sorted(data.draw(st.sets(st.integers(0, count - 1), min_size=1))))
    corners = st.sampled_from(["NW", "NE", "SE", "SW"])
    marks = tuple(
        data.draw(st.sets(st.tuples(st.integers(0, w - 1), st.integers(0, h - 1), corners)))
    )
    shape = tile_shape("t", w, h, doors, marks)  # type: ignore[arg-type]
    first = shape.orientations[0]
    turned = first
    for _ in range(4):
        turned = turned.turned()
    assert turned == first
    for rot, turn in enumerate(shape.orientations):
        assert len(turn.doors) == len(doors) and len(turn.cells) == w * h
        same = shape.orientations[shape.canonical_rot(rot)]
        assert same.same_as(turn) and shape.canonical_rot(same.rot) == same.rot


@settings(max_examples=60, deadline=None)
@given(sheet=any_sheet, tiles=st.lists(st.sampled_from(TILE_IDS), min_size=1, max_size=3))
def test_legal_placements_agree_with_a_brute_force_check(
    sheet: list[Placement], tiles: list[str]
) -> None:
    for tile_id in tiles:
        fast = legal_placements(C, sheet, tile_id)
        assert len(fast) == len(set(fast))  # distinct
        assert set(fast) == ref_legal_placements(sheet, tile_id)


@settings(max_examples=80, deadline=None)
@given(sheet=any_sheet, pick=picks)
def test_placement_problem_is_none_exactly_for_legal_placements(
    sheet: list[Placement], pick: tuple[str, int, int, int]
) -> None:
    p = Placement(*pick)
    assert (placement_problem(C, sheet, p) is None) == ref_legal(sheet, p)
    assert (fit_problem(C, sheet, p) is None) == ref_fits(sheet, p)
    if ref_legal(sheet, p):
        assert canonical(C, p) in legal_placements(C, sheet, p.tile)
        assert ref_shape(canonical(C, p)) == ref_shape(p)


@settings(max_examples=60, deadline=None)
@given(sheet=legal_sheets())
def test_a_sheet_built_from_legal_placements_is_legal(sheet: list[Placement]) -> None:
    assert sheet_problems(C, sheet) == []
    assert ref_violations(sheet) == 0


@settings(max_examples=80, deadline=None)
@given(sheet=any_sheet)
def test_whole_sheet_checks_and_bonuses_agree_with_the_reference(
    sheet: list[Placement],
) -> None:
    assert len(sheet_problems(C, sheet)) == ref_violations(sheet)
    found = completed_diamonds(C, sheet)
    assert {d.point: d.quarters for d in found} == ref_diamonds(sheet)
    assert [d.point for d in found] == sorted((d.point for d in found), key=lambda p: (p[1], p[0]))
    full = sum(len(quarters) == 4 for quarters in ref_diamonds(sheet).values())
    assert diamonds(C, sheet) == (full, len(found) - full)
    assert is_connected(C, sheet) == bool(ref_reach(sheet, "casino") & ref_reach(sheet, "hotel"))
    covered = {cell: q for q in sheet for cell in ref_shape(q)[0]}
    assert is_full(C, sheet) == (len(covered) == COLS * ROWS)
    for area in ("casino", "hotel"):
        filled = all(
            cell in covered and C.tiles[covered[cell].tile].color in FILLS[area]
            for cell in C.sheet.cells_of(area)  # type: ignore[arg-type]
        )
        assert area_filled(C, sheet, area) == filled  # type: ignore[arg-type]


@settings(max_examples=80, deadline=None)
@given(sheet=any_sheet)
def test_a_sheet_analysed_tile_by_tile_equals_one_analysed_at_once(
    sheet: list[Placement],
) -> None:
    g = grid(C)
    clear_layouts()
    for k in range(len(sheet) + 1):
        grown = layout(g, tuple(sheet[:k]))  # each from the one before
    assert grown == _analyse(g, tuple(sheet))
    assert {i for i in range(len(sheet)) if i in grown.reach["casino"]} == ref_reach(
        sheet, "casino"
    )
