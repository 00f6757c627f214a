"""Where a tile can go: every legal placement numbered, and one chosen placement shown.

The placements are shown on one copy of the sheet per way the tile can be turned, each
headed by the tile drawn turned that way (so its doors show). A numbered badge sits at
the centre of the cells each placement would cover; when a copy's placements do not
overlap, each is also outlined with its doors marked. Numbers run through the copies in
order and, within a copy, in reading order: `numbered_placements` gives that order, for
the "choose placement 1-N" that goes beside the picture.

A picture numbers at most `MOST_NUMBERED` places, so its badges stay big enough to read
on a phone (where Discord shows a picture some 400 pixels wide). With more, the preview
is an overview: a dot marks each place, unnumbered, and a picture of a run of numbers
(`numbers`, one of `numbered_runs`: part of a way of turning the tile, drawn alone and
large) shows them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from engine.vegas_showdown import Color, GameState
from engine.vegas_showdown.sheet import Placement, cell_name, cells_of, legal_placements
from engine.vegas_showdown.tables import COMPONENTS, TILES

from ..box import Box
from ..canvas import Canvas, Drawing
from ..cues import draw_badge, draw_dashed_frame
from ..palette import INK, MUTED, PAPER, WHITE
from .picture import encode
from .sheet import SheetGeometry, draw_sheet, paint_tile, sheet_geometry, threshold_box
from .style import PANEL, PREVIEW, TILE_LETTER, palette
from .words import display_names

BIG_CELL: Final = 72
SMALL_CELL: Final = 52
GAP: Final = 12
TITLE_H: Final = 64
MINI_CELL: Final = 28
PANEL_HEAD: Final = 64
MOST_NUMBERED: Final = 25  # places one picture numbers; with more, it shows dots
# A badge's radius and its number's size, and a dot's radius, as fractions of a cell. A
# badge fills most of the cells its place would cover (empty cells), for phone screens.
BADGE_RADIUS: Final = 0.42
BADGE_TEXT: Final = 0.46
DOT_RADIUS: Final = 0.14
TURN_WORDS: Final = (
    "not turned",
    "turned 90\N{DEGREE SIGN}",
    "turned 180\N{DEGREE SIGN}",
    "turned 270\N{DEGREE SIGN}",
)


def numbered_placements(placements: Sequence[Placement]) -> tuple[Placement, ...]:
    """The placements in the order the preview numbers them (1 first).

    By turn, then in reading order (row by row, west to east).
    """
    return tuple(sorted(placements, key=lambda p: (p.rot, p.y, p.x)))


def even_runs(first: int, count: int, most: int) -> list[range]:
    """`count` numbers from `first` in the fewest runs of at most `most`, as even as can be.

    Run sizes differ by one at most, the larger first: 26 gives 13 and 13, 52 gives 18,
    17 and 17 (never a run of 25 and a lone 1).
    """
    parts = -(-count // most)
    found: list[range] = []
    for part in range(parts):
        size = count // parts + (part < count % parts)
        found.append(range(first, first + size))
        first += size
    return found


def numbered_runs(placements: Sequence[Placement]) -> list[range]:
    """The numbers of the placements in runs, each drawn on a picture of its own.

    Within each way the tile is turned (numbered one after the other), the fewest runs of at
    most `MOST_NUMBERED`, as even as can be (`even_runs`).
    """
    found: list[range] = []
    first = 1
    for rot in sorted({p.rot for p in placements}):
        count = sum(p.rot == rot for p in placements)
        found += even_runs(first, count, MOST_NUMBERED)
        first += count
    return found


def placement_words(placement: Placement) -> str:
    """A placement as players read it: `Lounge at c2, turned 90°`."""
    name = TILES[placement.tile].name
    return f"{name} at {cell_name((placement.x, placement.y))}, {TURN_WORDS[placement.rot]}"


def _footprint(geo: SheetGeometry, placement: Placement) -> Box:
    shape = COMPONENTS.shapes[placement.tile].orientations[placement.rot]
    return geo.footprint(placement.x, placement.y, shape.width, shape.height)


def _disjoint(placements: Sequence[Placement]) -> bool:
    seen: set[tuple[int, int]] = set()
    for placement in placements:
        cells = set(cells_of(COMPONENTS, placement))
        if cells & seen:
            return False
        seen |= cells
    return True


def _draw_ghost(canvas: Canvas, geo: SheetGeometry, placement: Placement) -> None:
    """A placement's outline, dashed, with a mark on each of its doors."""
    box = _footprint(geo, placement).inset(2)
    draw_dashed_frame(canvas, box, 3, 7)
    shape = COMPONENTS.shapes[placement.tile].orientations[placement.rot]
    for dx, dy, side in shape.doors:
        door = threshold_box(geo, (placement.x + dx, placement.y + dy, side))
        canvas.rect(door, fill=PREVIEW, outline=INK)


@dataclass(frozen=True, slots=True)
class Badge:
    """A numbered badge on the preview: the placement it stands for and where it is."""

    number: int
    placement: Placement
    box: Box
    footprint: Box


@dataclass(frozen=True, slots=True)
class Preview:
    """The preview before encoding: its numbered badges, or (an overview) its dots."""

    drawing: Drawing
    badges: tuple[Badge, ...]
    dots: tuple[Badge, ...] = ()


def _badge(
    canvas: Canvas, geo: SheetGeometry, placement: Placement, number: int, numbered: bool
) -> Badge:
    """A numbered badge, or an unnumbered dot, in the middle of the place's cells."""
    footprint = _footprint(geo, placement)
    cx, cy = footprint.center
    radius = round((BADGE_RADIUS if numbered else DOT_RADIUS) * geo.cell)
    box = Box(cx - radius, cy - radius, cx + radius, cy + radius)
    if numbered:
        draw_badge(canvas, box, str(number), round(BADGE_TEXT * geo.cell))
    else:
        canvas.draw.ellipse(box.xy, fill=WHITE, outline=INK, width=max(2, radius // 3))
    return Badge(number, placement, box, footprint)


def _panel_size(cell: int) -> tuple[int, int]:
    geo = sheet_geometry(cell)
    return geo.width + 16, PANEL_HEAD + geo.height + 12


def _ask(tile: str, count: int, numbers: range) -> str:
    if count == 0:
        return f"The {TILES[tile].name} cannot go anywhere on this sheet now."
    if count == 1:
        return "1 place: number 1. The number sits in the middle of the tile's cells."
    if not numbers:
        return (
            f"{count} places, a dot each: too many to number at once. Choose a group of them "
            "(by turn) to see them numbered."
        )
    if len(numbers) < count:
        return (
            f"Places {numbers[0]} to {numbers[-1]} of {count}. Each number sits in the "
            "middle of its tile."
        )
    return f"{count} places: choose 1 to {count}. Each number sits in the middle of its tile."


def _numbers_drawn(count: int, numbers: range | None = None) -> range:
    """The numbers a preview of `count` places draws.

    `numbers` (a run) if given, else every one when they are at most `MOST_NUMBERED`,
    else none (an overview, with dots).
    """
    if numbers is not None:
        return numbers
    return range(1, count + 1) if count <= MOST_NUMBERED else range(0)


def draw_preview(
    sheet: Sequence[Placement],
    tile: str,
    placements: Sequence[Placement],
    title: str,
    numbers: range | None = None,
) -> Preview:
    """The preview picture (see the module docstring) with `title` on top.

    `numbers` draws only those places, numbered (a run of them; by default every place,
    or dots when there are more than `MOST_NUMBERED`).
    """
    ordered = numbered_placements(placements)
    numbered = _numbers_drawn(len(ordered), numbers)
    if numbered and not 1 <= numbered[0] <= numbered[-1] <= len(ordered):
        raise ValueError(f"numbers {numbered} are not among 1 to {len(ordered)}")
    here = [(n, ordered[n - 1]) for n in numbered] or list(enumerate(ordered, 1))
    turns = sorted({p.rot for _, p in here}) or [0]
    cell = BIG_CELL if len(turns) == 1 else SMALL_CELL
    columns = 1 if len(turns) == 1 else 2
    panel_w, panel_h = _panel_size(cell)
    rows = -(-len(turns) // columns)
    width = max(columns * (panel_w + GAP) + GAP, 600)
    canvas = Canvas(
        palette().blank((width, TITLE_H + rows * (panel_h + GAP) + GAP), PAPER), palette()
    )
    canvas.text(Box(GAP, 6, width - GAP, 34), title, INK, 22, min_size=14)
    ask = _ask(tile, len(ordered), numbered)
    canvas.text(Box(GAP, 34, width - GAP, TITLE_H - 4), ask, MUTED, 18, min_size=12)
    marks: list[Badge] = []
    for index, rot in enumerate(turns):
        left = GAP + (index % columns) * (panel_w + GAP)
        top = TITLE_H + (index // columns) * (panel_h + GAP)
        turned = [(n, p) for n, p in here if p.rot == rot]
        marks += _draw_panel(canvas, left, top, cell, sheet, tile, rot, turned, bool(numbered))
    drawing = Drawing(canvas.image, tuple(canvas.placements))
    if numbered:
        return Preview(drawing, tuple(marks))
    return Preview(drawing, (), tuple(marks))


def _draw_panel(
    canvas: Canvas,
    left: int,
    top: int,
    cell: int,
    sheet: Sequence[Placement],
    tile: str,
    rot: int,
    here: Sequence[tuple[int, Placement]],
    numbered: bool,
) -> list[Badge]:
    """One copy of the sheet with the places (by number) of the tile turned `rot` quarters.

    Each numbered, or (an overview) dotted.
    """
    panel_w, panel_h = _panel_size(cell)
    canvas.rounded(
        Box(left, top, left + panel_w, top + panel_h), 8, fill=PANEL, outline=INK, width=2
    )
    shape = COMPONENTS.shapes[tile].orientations[rot]
    mini = Box(
        left + 10, top + 6, left + 10 + shape.width * MINI_CELL, top + 6 + shape.height * MINI_CELL
    )
    canvas.cached(mini, paint_tile, tile, rot, MINI_CELL, False)
    facts = TILES[tile]
    heading = f"{TILE_LETTER[facts.color]}  {facts.name}, {TURN_WORDS[rot]}"
    text_left = left + 10 + 2 * MINI_CELL + 10
    canvas.text(
        Box(text_left, top + 6, left + panel_w - 10, top + 30), heading, INK, 19, min_size=12
    )
    if len(here) > 1:
        numbers = f"numbers {here[0][0]} to {here[-1][0]}"
        if not numbered:
            numbers = f"{len(here)} places, {numbers}"
    else:
        numbers = f"number {here[0][0]}" if here else "no place turned this way"
    canvas.text(
        Box(text_left, top + 30, left + panel_w - 10, top + 54), numbers, MUTED, 16, min_size=11
    )
    geo = draw_sheet(canvas, left + 8, top + PANEL_HEAD, cell, sheet)
    if _disjoint([placement for _, placement in here]):
        for _, placement in here:
            _draw_ghost(canvas, geo, placement)
    return [_badge(canvas, geo, placement, number, numbered) for number, placement in here]


def draw_choice(sheet: Sequence[Placement], placement: Placement, title: str) -> Drawing:
    """The sheet with one placement drawn in, framed, under `title`."""
    geo_size = sheet_geometry(BIG_CELL)
    width = max(geo_size.width + 2 * GAP, 600)
    canvas = Canvas(palette().blank((width, TITLE_H + geo_size.height + 2 * GAP), PAPER), palette())
    canvas.text(Box(GAP, 6, width - GAP, 34), title, INK, 22, min_size=14)
    canvas.text(
        Box(GAP, 34, width - GAP, TITLE_H - 4), placement_words(placement), MUTED, 18, min_size=12
    )
    geo = draw_sheet(canvas, GAP, TITLE_H, BIG_CELL, [*sheet, placement])
    draw_dashed_frame(canvas, _footprint(geo, placement).inset(-3), 4, 8)
    return Drawing(canvas.image, tuple(canvas.placements))


def render_placement_preview(
    state: GameState,
    player: Color,
    tile: str,
    placements: Sequence[Placement] | None = None,
    *,
    names: Mapping[Color, str] | None = None,
    numbers: range | None = None,
) -> bytes:
    """`player`'s sheet with each placement of `tile` numbered, as PNG bytes.

    `placements` defaults to every legal placement now (`legal_placements`); a
    renovation passes the placements that merely fit. Number n is
    `numbered_placements(placements)[n - 1]`. More than `MOST_NUMBERED` places give an
    overview, a dot each; `numbers` (a run of them) draws just those, numbered.
    """
    sheet = state.player(player).sheet
    if placements is None:
        placements = legal_placements(COMPONENTS, sheet, tile)
    name = display_names(state, names)[player]
    title = f"Where {name} can put the {TILES[tile].name}"
    return encode(draw_preview(sheet, tile, placements, title, numbers).drawing.image)


def render_placement_choice(
    state: GameState,
    player: Color,
    placement: Placement,
    *,
    names: Mapping[Color, str] | None = None,
) -> bytes:
    """`player`'s sheet with `placement` drawn in and framed, before it is confirmed."""
    name = display_names(state, names)[player]
    title = f"{name}'s sheet with the {TILES[placement.tile].name}"
    return encode(draw_choice(state.player(player).sheet, placement, title).image)
