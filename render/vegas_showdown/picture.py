"""Whole pictures: the board alone, one player's sheet, all sheets, and the round picture.

The round picture is the board with every player's sheet under it, three sheets to a
row; at the end of the game the final scoring table sits between them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from PIL import Image

from engine.vegas_showdown import Color, GameState

from ..box import Box
from ..canvas import Canvas, Drawing
from ..palette import PAPER, paletted
from ..png import encode_indexed
from .board import board_geometry, draw_board
from .final import draw_final, final_height
from .legend import ROW as LEGEND_ROW
from .legend import draw_legend, legend_rows
from .phone import phone_smallest
from .player import block_geometry, draw_player_block
from .sheet import SheetGeometry, sheet_geometry
from .style import palette, palette_image
from .table import TABLE_WIDTH, draw_standing, draw_tracks, standing_height, tracks_height
from .words import display_names

PageDrawer = Callable[[Canvas, GameState, Mapping[Color, str]], int]
PageMeasure = Callable[[GameState, Mapping[Color, str]], int]
ROUND_CELL: Final = 50
SHEET_CELL: Final = 72
GAP: Final = 10
PER_ROW: Final = 3


def _blank(size: tuple[int, int]) -> Canvas:
    """A canvas of `size` on the pictures' palette, all paper."""
    return Canvas(palette().blank(size, PAPER), palette())


def round_width() -> int:
    """The round picture's width: three sheets side by side."""
    return PER_ROW * block_geometry(ROUND_CELL).width + (PER_ROW + 1) * GAP


def encode(image: Image.Image) -> bytes:
    """The picture (drawn on the fixed palette, or mapped onto it) as PNG bytes."""
    return encode_indexed(paletted(image, palette_image()))


def _strip_height(count: int) -> int:
    """The key's strip under the sheets, when no sheet's place is free for it."""
    return 0 if count % PER_ROW else 30 + legend_rows(PER_ROW) * LEGEND_ROW + 10 + GAP


def _sheets_height(count: int) -> int:
    rows = -(-count // PER_ROW)
    return rows * (block_geometry(ROUND_CELL).height + GAP) + GAP + _strip_height(count)


def _block_place(index: int, top: int) -> tuple[int, int]:
    """The top left of the `index`th block (a sheet, or the key) in rows of three from `top`."""
    block = block_geometry(ROUND_CELL)
    return GAP + (index % PER_ROW) * (block.width + GAP), top + GAP + (index // PER_ROW) * (
        block.height + GAP
    )


def _sheets_top(state: GameState) -> int:
    """Where the sheets start in the round picture: under the board and final scoring."""
    width = round_width()
    return board_geometry(width).height + (final_height(state) if state.over else 0)


def round_sheet(state: GameState, player: Color) -> SheetGeometry:
    """Where `player`'s sheet grid lies in the round picture (for tests and tools)."""
    block = block_geometry(ROUND_CELL)
    left, top = _block_place(state.colors.index(player), _sheets_top(state))
    return sheet_geometry(ROUND_CELL).moved(left + block.sheet_left, top + block.sheet_top)


def _draw_sheets(canvas: Canvas, top: int, state: GameState, names: Mapping[Color, str]) -> None:
    """Every sheet, three to a row, and the key: in the first free place, or under them."""
    block = block_geometry(ROUND_CELL)
    count = len(state.players)
    for index, player in enumerate(state.players):
        left, row_top = _block_place(index, top)
        color = player.color
        draw_player_block(canvas, left, row_top, ROUND_CELL, state, color, names[color])
    if count % PER_ROW:
        left, row_top = _block_place(count, top)
        height = 30 + legend_rows(1) * LEGEND_ROW + 10
        draw_legend(canvas, Box(left, row_top, left + block.width, row_top + height), 1)
    else:
        _, strip_top = _block_place(count, top)
        box = Box(GAP, strip_top, canvas.image.width - GAP, strip_top + _strip_height(count) - GAP)
        draw_legend(canvas, box, PER_ROW)


def _draw_top(canvas: Canvas, state: GameState, names: Mapping[Color, str]) -> None:
    """The board, and under it the final scoring once the game is over."""
    width = canvas.image.width
    draw_board(canvas, 0, width, state, names)
    if state.over:
        draw_final(canvas, board_geometry(width).height, width, state, names)


def draw_round(state: GameState, names: Mapping[Color, str] | None = None) -> Drawing:
    """The board, the final scoring once the game is over, and every sheet."""
    shown = display_names(state, names)
    top = _sheets_top(state)
    height = top + _sheets_height(len(state.players))
    canvas = _blank((round_width(), height))
    _draw_top(canvas, state, shown)
    _draw_sheets(canvas, top, state, shown)
    return Drawing(canvas.image, tuple(canvas.placements))


def draw_board_only(state: GameState, names: Mapping[Color, str] | None = None) -> Drawing:
    """The board alone (with the final scoring once the game is over)."""
    canvas = _blank((round_width(), _sheets_top(state)))
    _draw_top(canvas, state, display_names(state, names))
    return Drawing(canvas.image, tuple(canvas.placements))


def draw_sheets(state: GameState, names: Mapping[Color, str] | None = None) -> Drawing:
    """Every player's sheet, three to a row."""
    shown = display_names(state, names)
    canvas = _blank((round_width(), _sheets_height(len(state.players))))
    _draw_sheets(canvas, 0, state, shown)
    return Drawing(canvas.image, tuple(canvas.placements))


def draw_player_sheet(
    state: GameState, player: Color, names: Mapping[Color, str] | None = None
) -> Drawing:
    """One player's sheet, large, its text readable on a phone (`phone_smallest`)."""
    shown = display_names(state, names)
    block = block_geometry(SHEET_CELL, roomy=True)
    width = block.width + 2 * GAP
    canvas = _blank((width, block.height + 2 * GAP))
    smallest = phone_smallest(width)
    draw_player_block(canvas, GAP, GAP, SHEET_CELL, state, player, shown[player], smallest)
    return Drawing(canvas.image, tuple(canvas.placements))


def round_frame(state: GameState, *, names: Mapping[Color, str] | None = None) -> Image.Image:
    """The round picture on its fixed palette: the pixels `render_round` encodes."""
    return paletted(draw_round(state, names).image, palette_image())


def render_round(state: GameState, *, names: Mapping[Color, str] | None = None) -> bytes:
    """The round picture (board, final scoring at the end, every sheet) as PNG bytes.

    Pure: the same state and names give the same bytes.
    """
    return encode(draw_round(state, names).image)


def render_board(state: GameState, *, names: Mapping[Color, str] | None = None) -> bytes:
    """The board alone (and the final scoring once the game is over) as PNG bytes."""
    return encode(draw_board_only(state, names).image)


def render_sheets(state: GameState, *, names: Mapping[Color, str] | None = None) -> bytes:
    """Every player's sheet in one picture, as PNG bytes (to send beside `render_board`)."""
    return encode(draw_sheets(state, names).image)


def render_sheet(
    state: GameState, player: Color, *, names: Mapping[Color, str] | None = None
) -> bytes:
    """One player's sheet, drawn large, as PNG bytes."""
    return encode(draw_player_sheet(state, player, names).image)


# Taller than either table picture can be: an absurd position is cut there.
PAGE_BOUND: Final = 2400


def _phone_page(
    draw: PageDrawer,
    measure: PageMeasure,
    state: GameState,
    names: Mapping[Color, str] | None,
) -> Drawing:
    """A picture `TABLE_WIDTH` wide drawn by `draw`, as tall as `measure` says it ends."""
    shown = display_names(state, names)
    height = min(PAGE_BOUND, measure(state, shown) + GAP)
    canvas = _blank((TABLE_WIDTH, height))
    draw(canvas, state, shown)
    return Drawing(canvas.image, tuple(canvas.placements))


def draw_tracks_picture(state: GameState, names: Mapping[Color, str] | None = None) -> Drawing:
    """The tracks at a phone's width: premier and basic tracks, bids, actions, stacks."""
    return _phone_page(draw_tracks, tracks_height, state, names)


def draw_standing_picture(state: GameState, names: Mapping[Color, str] | None = None) -> Drawing:
    """How the players stand at a phone's width: players, event cards, Fame, the key."""
    return _phone_page(draw_standing, standing_height, state, names)


def render_tracks(state: GameState, *, names: Mapping[Color, str] | None = None) -> bytes:
    """The tracks at a phone's width (see `table`), as PNG bytes."""
    return encode(draw_tracks_picture(state, names).image)


def render_standing(state: GameState, *, names: Mapping[Color, str] | None = None) -> bytes:
    """How the players stand at a phone's width (see `table`), as PNG bytes."""
    return encode(draw_standing_picture(state, names).image)


@dataclass(frozen=True, slots=True)
class RoundPictures:
    """The pictures of a round post: the tracks, the standing, each sheet in seat order."""

    tracks: bytes
    standing: bytes
    sheets: tuple[tuple[Color, bytes], ...]


def render_round_pictures(
    state: GameState, *, names: Mapping[Color, str] | None = None
) -> RoundPictures:
    """The round at a phone's width: the two table pictures and one per sheet, as PNG bytes.

    Every text in them reads on a phone (`phone.phone_smallest`); `render_round` draws
    the same in one picture for a large screen.
    """
    sheets = tuple((color, render_sheet(state, color, names=names)) for color in state.colors)
    return RoundPictures(
        render_tracks(state, names=names), render_standing(state, names=names), sheets
    )


def single_sheet() -> SheetGeometry:
    """Where the sheet grid lies in a picture of one sheet (`render_sheet`), for tests."""
    block = block_geometry(SHEET_CELL, roomy=True)
    return sheet_geometry(SHEET_CELL).moved(GAP + block.sheet_left, GAP + block.sheet_top)
