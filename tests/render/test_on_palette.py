"""Pictures drawn straight onto a palette hold exactly what drawing in RGB and mapping made.

Each drawing is done twice, by the same code: on an RGB canvas then mapped onto the
palette (as every picture was made before), and on a "P" canvas; the pixels must be the
same, index for index.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image, ImageChops

from engine.lords_of_vegas.randomplay import play_random_game
from render.box import Box
from render.canvas import Canvas
from render.cues import draw_dashed_frame, fill_pattern
from render.lords_of_vegas.background import background, paletted_background
from render.lords_of_vegas.board import draw_board, draw_moment
from render.lords_of_vegas.style import COMPANY_FILL, HATCH, PAVEMENT, UNUSED
from render.lords_of_vegas.style import palette as board_palette
from render.palette import INK, MUTED, PAPER, WHITE, Palette
from render.paletted import Underlay
from render.vegas_showdown.picture import SHEET_CELL
from render.vegas_showdown.player import block_geometry, draw_player_block
from render.vegas_showdown.style import PLAYER_FILL, TILE_FILL
from render.vegas_showdown.style import palette as showdown_palette
from render.vegas_showdown.table import (
    TABLE_WIDTH,
    draw_standing,
    draw_tracks,
    standing_height,
    tracks_height,
)
from render.vegas_showdown.words import display_names
from tests.render.vegas_showdown.positions import final_state, midway

Drawer = Callable[..., object]


def _both_ways(
    size: tuple[int, int], palette: Palette, draw: Drawer, *args: object
) -> tuple[bytes, bytes]:
    """The indices of `draw(canvas, *args)` done in RGB and mapped, and done on the palette."""
    rgb = Canvas(Image.new("RGB", size, PAPER))
    draw(rgb, *args)
    direct = Canvas(palette.blank(size, PAPER), palette)
    draw(direct, *args)
    assert direct.image.mode == "P"
    assert [p.text for p in rgb.placements] == [p.text for p in direct.placements]
    return palette.map(rgb.image).tobytes(), direct.image.tobytes()


def _shapes(canvas: Canvas) -> None:
    """Texts on plain grounds and across two, sprites, fills, outlines, patterns."""
    canvas.rect(Box(0, 0, 200, 120), fill=COMPANY_FILL["sphinx"])
    canvas.rect(Box(200, 0, 400, 120), fill=PAVEMENT, outline=INK, width=3)
    canvas.text(Box(10, 10, 190, 40), "Sphinx $12", INK, 20, min_size=12)
    # Across the seam of two colours: blended in RGB where it falls.
    canvas.text(Box(150, 50, 260, 80), "ACROSS", INK, 22)
    canvas.text(Box(150, 84, 260, 110), "across", WHITE, 18)
    canvas.vertical_text(Box(360, 0, 400, 120), "UPWARDS", MUTED, 16)
    canvas.rounded(Box(20, 130, 380, 260), 10, fill=WHITE, outline=INK, width=3)
    canvas.rounded(Box(30, 140, 90, 170), 6, fill=INK)
    canvas.text(Box(30, 140, 90, 170), "C7", WHITE, 16, align="center")
    fill_pattern(canvas, Box(100, 140, 200, 250), UNUSED, HATCH, "rising")
    draw_dashed_frame(canvas, Box(210, 140, 300, 200), width=4, dash=8)
    canvas.draw.ellipse((310, 150, 360, 200), fill=COMPANY_FILL["tivoli"], outline=INK)


def test_plain_drawing_on_the_palette_is_the_rgb_drawing_mapped() -> None:
    mapped, direct = _both_ways((400, 280), board_palette(), _shapes)
    assert mapped == direct


def test_a_text_over_a_text_blends_over_the_mapped_edges_a_few_levels_apart() -> None:
    # The one place the two ways part: the second text's edges fall on the first's, which
    # a "P" canvas holds mapped (within a few levels of what RGB drawing held).
    palette = board_palette()
    rgb = Canvas(Image.new("RGB", (200, 70), PAPER))
    direct = Canvas(palette.blank((200, 70), PAPER), palette)
    for canvas in (rgb, direct):
        canvas.text(Box(20, 10, 170, 55), "twice", INK, 26)
        canvas.text(Box(22, 12, 172, 57), "twice", MUTED, 26)

    apart = ImageChops.difference(
        palette.map(rgb.image).convert("RGB"), direct.image.convert("RGB")
    )
    assert max(high for _, high in apart.getextrema()) <= 16  # type: ignore[union-attr]
    where = apart.getbbox()
    assert where is None or direct.placements[1].ink.contains(Box(*where))


def test_a_colour_off_the_palette_is_refused_by_name() -> None:
    palette = showdown_palette()
    canvas = Canvas(palette.blank((20, 20), PAPER), palette)
    with pytest.raises(ValueError, match=r"\(1, 2, 3\) is not in the picture's palette"):
        canvas.rect(Box(0, 0, 10, 10), fill=(1, 2, 3))


def test_a_palette_goes_with_a_paletted_image_only() -> None:
    with pytest.raises(ValueError, match="palette"):
        Canvas(Image.new("RGB", (4, 4)), showdown_palette())
    with pytest.raises(ValueError, match="palette"):
        Canvas(showdown_palette().blank((4, 4), PAPER))


def test_a_half_transparent_sprite_is_blended_as_in_rgb() -> None:
    def soft(canvas: Canvas, box: Box) -> None:
        canvas.draw.ellipse(box.xy, fill=(*PLAYER_FILL["red"], 140))
        canvas.text(box.inset(4), "soft", INK, 14, align="center")

    def draw(canvas: Canvas) -> None:
        canvas.rect(Box(0, 0, 60, 40), fill=TILE_FILL["blue"])
        for left in (30, 95):
            canvas.cached(Box(left, 5, left + 50, 35), soft)

    mapped, direct = _both_ways((160, 40), showdown_palette(), draw)
    assert mapped == direct


@pytest.mark.parametrize("players", [3, 5])
def test_the_round_post_pictures_drawn_on_the_palette_are_the_rgb_ones_mapped(
    players: int,
) -> None:
    for state in (midway(players, 4, 0.5), midway(players, 2, 0.9), final_state(players, 1)):
        names = display_names(state, {"red": "Ava the very long-named", "blue": "Zoë 🎲"})
        for draw, measure in ((draw_tracks, tracks_height), (draw_standing, standing_height)):
            size = (TABLE_WIDTH, measure(state, names))
            mapped, direct = _both_ways(size, showdown_palette(), draw, state, names)
            assert mapped == direct, draw
        block = block_geometry(SHEET_CELL, roomy=True)
        for color in state.colors:
            size = (block.width + 20, block.height + 20)
            args = (10, 10, SHEET_CELL, state, color, names[color], 14)
            mapped, direct = _both_ways(size, showdown_palette(), draw_player_block, *args)
            assert mapped == direct, color


@pytest.mark.parametrize("players", [2, 6])
def test_the_board_drawn_on_the_palette_is_the_rgb_one_mapped(players: int) -> None:
    colors = ["black", "blue", "green", "purple", "red", "yellow"][:players]
    final, record = play_random_game(colors, 7, "updated", style="builder")  # type: ignore[arg-type]
    palette = board_palette()
    for upto in (len(record.commands) // 3, 2 * len(record.commands) // 3):
        state, _ = record.replay(upto=upto)
        base, _ = background(state.f_block_unused)
        rgb = Canvas(base.copy())
        draw_moment(rgb, state, None)
        mapped = paletted_background(state.f_block_unused)
        direct = Canvas(mapped.copy(), palette, Underlay(base, mapped))
        draw_moment(direct, state, None)
        assert palette.map(rgb.image).tobytes() == direct.image.tobytes()
        assert draw_board(state).image.tobytes() == direct.image.tobytes()
    assert final.over
