"""Where a tile can go: every legal placement numbered, and one chosen placement shown.

The placements are shown on one copy of the sheet per way the tile can be turned, each
headed by the tile drawn turned that way (so its doors show). A numbered badge sits at
the centre of the cells each placement would cover; when a copy's placements do not
overlap, each is also outlined with its doors marked. Numbers run through the copies in
order and, within a copy, in reading order: `numbered_placements` gives that order, for
the "choose placement 1-N" that goes beside the picture.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image

from engine.vegas_showdown import Color, GameState
from engine.vegas_showdown.sheet import Placement, cell_name, cells_of, legal_placements
from engine.vegas_showdown.tables import COMPONENTS, TILES

from ..box import Box
from ..canvas import Canvas, Drawing
from ..cues import draw_badge, draw_dashed_frame
from ..palette import INK, MUTED, PAPER
from .picture import encode
from .sheet import SheetGeometry, draw_sheet, paint_tile, sheet_geometry, threshold_box
from .style import PANEL, PREVIEW, TILE_LETTER
from .words import display_names

BIG_CELL: Final = 72
SMALL_CELL: Final = 52
GAP: Final = 12
TITLE_H: Final = 64
MINI_CELL: Final = 28
PANEL_HEAD: Final = 64
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
    """The preview before encoding, with its badges."""

    drawing: Drawing
    badges: tuple[Badge, ...]


def _badge(canvas: Canvas, geo: SheetGeometry, placement: Placement, number: int) -> Badge:
    footprint = _footprint(geo, placement)
    cx, cy = footprint.center
    radius = round(0.3 * geo.cell)
    box = Box(cx - radius, cy - radius, cx + radius, cy + radius)
    draw_badge(canvas, box, str(number), max(12, round(0.3 * geo.cell)))
    return Badge(number, placement, box, footprint)


def _panel_size(cell: int) -> tuple[int, int]:
    geo = sheet_geometry(cell)
    return geo.width + 16, PANEL_HEAD + geo.height + 12


def _ask(tile: str, count: int) -> str:
    if count == 0:
        return f"The {TILES[tile].name} cannot go anywhere on this sheet now."
    if count == 1:
        return "1 place: number 1. The number sits in the middle of the tile's cells."
    return f"{count} places: choose 1 to {count}. Each number sits in the middle of its tile."


def draw_preview(
    sheet: Sequence[Placement], tile: str, placements: Sequence[Placement], title: str
) -> Preview:
    """The preview picture (see the module docstring) with `title` on top."""
    ordered = numbered_placements(placements)
    turns = sorted({p.rot for p in ordered}) or [0]
    cell = BIG_CELL if len(turns) == 1 else SMALL_CELL
    columns = 1 if len(turns) == 1 else 2
    panel_w, panel_h = _panel_size(cell)
    rows = -(-len(turns) // columns)
    width = max(columns * (panel_w + GAP) + GAP, 600)
    canvas = Canvas(Image.new("RGB", (width, TITLE_H + rows * (panel_h + GAP) + GAP), PAPER))
    canvas.text(Box(GAP, 6, width - GAP, 34), title, INK, 22, min_size=14)
    canvas.text(
        Box(GAP, 34, width - GAP, TITLE_H - 4), _ask(tile, len(ordered)), MUTED, 18, min_size=12
    )
    badges: list[Badge] = []
    for index, rot in enumerate(turns):
        left = GAP + (index % columns) * (panel_w + GAP)
        top = TITLE_H + (index // columns) * (panel_h + GAP)
        here = [p for p in ordered if p.rot == rot]
        badges += _draw_panel(canvas, left, top, cell, sheet, tile, rot, here, len(badges) + 1)
    return Preview(Drawing(canvas.image, tuple(canvas.placements)), tuple(badges))


def _draw_panel(
    canvas: Canvas,
    left: int,
    top: int,
    cell: int,
    sheet: Sequence[Placement],
    tile: str,
    rot: int,
    here: Sequence[Placement],
    first: int,
) -> list[Badge]:
    """One copy of the sheet with the placements of the tile turned `rot` quarters."""
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
        numbers = f"numbers {first} to {first + len(here) - 1}"
    else:
        numbers = f"number {first}" if here else "no place turned this way"
    canvas.text(
        Box(text_left, top + 30, left + panel_w - 10, top + 54), numbers, MUTED, 16, min_size=11
    )
    geo = draw_sheet(canvas, left + 8, top + PANEL_HEAD, cell, sheet)
    if _disjoint(here):
        for placement in here:
            _draw_ghost(canvas, geo, placement)
    return [_badge(canvas, geo, placement, first + index) for index, placement in enumerate(here)]


def draw_choice(sheet: Sequence[Placement], placement: Placement, title: str) -> Drawing:
    """The sheet with one placement drawn in, framed, under `title`."""
    geo_size = sheet_geometry(BIG_CELL)
    width = max(geo_size.width + 2 * GAP, 600)
    canvas = Canvas(Image.new("RGB", (width, TITLE_H + geo_size.height + 2 * GAP), PAPER))
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
) -> bytes:
    """`player`'s sheet with each placement of `tile` numbered, as PNG bytes.

    `placements` defaults to every legal placement now (`legal_placements`); a
    renovation passes the placements that merely fit. Number n is
    `numbered_placements(placements)[n - 1]`.
    """
    sheet = state.player(player).sheet
    if placements is None:
        placements = legal_placements(COMPONENTS, sheet, tile)
    name = display_names(state, names)[player]
    title = f"Where {name} can put the {TILES[tile].name}"
    return encode(draw_preview(sheet, tile, placements, title).drawing.image)


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
