"""Putting the picture together: the cached background, then this moment of the game."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engine.lords_of_vegas import GAME_OVER, Color, GameState
from engine.lords_of_vegas.casino import casino_map

from ..canvas import Canvas, Drawing
from ..palette import paletted
from ..paletted import Underlay
from ..png import encode_indexed
from ..text import TextPlacement
from .background import background, paletted_background
from .lots import draw_changed_header, draw_last_card_frame, draw_marker, draw_tiles
from .panel import draw_panel
from .style import palette, palette_image
from .track import draw_track_markers


def display_names(state: GameState, names: Mapping[Color, str] | None) -> dict[Color, str]:
    """Each player's name: the given one when it is not blank, else the colour.

    A colour is written in lower case, as in every line the bot and terminal write.
    """
    given = names or {}
    shown: dict[Color, str] = {}
    for color in state.colors:
        name = " ".join(given.get(color, "").split())
        shown[color] = name or color
    return shown


def recent_changes(state: GameState) -> set[str]:
    """Lots changed in the current turn or the one before it."""
    return {lot for lot, turn in state.changed.items() if turn >= state.turn - 1}


def last_card_lot(state: GameState) -> str | None:
    """The lot of the live card, or None before any draw or for the Game Over card."""
    if not state.turn_draws or state.turn_draws[-1] == GAME_OVER:
        return None
    return state.turn_draws[-1]


def draw_board(
    state: GameState, names: Mapping[Color, str] | None = None, *, patches: bool = True
) -> Drawing:
    """Draw the board for `state`, straight onto the board's palette ("P").

    Built lots are pasted from patches drawn for earlier boards where they look alike
    (see `Canvas.patch`); without `patches` everything is drawn afresh, to the same pixels.
    """
    canvas, static_texts = _drawn(state, names, patches)
    return Drawing(canvas.image, static_texts + tuple(canvas.placements))


def _drawn(
    state: GameState, names: Mapping[Color, str] | None, patches: bool = True
) -> tuple[Canvas, tuple[TextPlacement, ...]]:
    """The canvas the board for `state` is drawn on, and the background's texts."""
    base, static_texts = background(state.f_block_unused)
    mapped = paletted_background(state.f_block_unused)
    canvas = Canvas(mapped.copy(), palette(), Underlay(base, mapped), patches=patches)
    draw_moment(canvas, state, names)
    return canvas, static_texts


def draw_moment(canvas: Canvas, state: GameState, names: Mapping[Color, str] | None) -> None:
    """Draw the moment of `state` on the background in `canvas`: lots, panel, track markers."""
    changed = recent_changes(state)
    for lot, owner in state.lots.items():
        draw_marker(canvas, lot, owner, lot in changed, state.f_block_unused)
    draw_tiles(canvas, state, casino_map(state), changed)
    for lot in changed - state.lots.keys() - state.tiles.keys():
        draw_changed_header(canvas, lot, state.f_block_unused)
    last = last_card_lot(state)
    if last is not None:
        draw_last_card_frame(canvas, last)
    draw_panel(canvas, state, display_names(state, names))
    draw_track_markers(canvas, state)


def encode_png(image: Image.Image) -> bytes:
    """The board image as a PNG; an RGB image is mapped onto the board's palette first."""
    return encode_indexed(paletted(image, palette_image()))


def board_frame(state: GameState, *, names: Mapping[Color, str] | None = None) -> Image.Image:
    """The board image on its fixed palette: the pixels `render_board` encodes (a recap's frame)."""
    return _drawn(state, names)[0].image


def render_board(state: GameState, *, names: Mapping[Color, str] | None = None) -> bytes:
    """The board image for `state` as PNG bytes; `names` maps colours to display names.

    Pure: it reads nothing but its arguments and returns the same bytes for the same
    state and names.
    """
    # Only the pixels: the texts' places, which tests read, are never worked out here.
    return encode_png(_drawn(state, names)[0].image)
