"""`Canvas.patch`: a part drawn once over a described ground, then pasted where it is asked for."""

from __future__ import annotations

from PIL import Image

from render.box import Box
from render.canvas import Canvas, _patched
from render.lords_of_vegas.style import COMPANY_FILL
from render.lords_of_vegas.style import palette as board_palette
from render.palette import INK, PAPER, RGB

FILL = COMPANY_FILL["sphinx"]


def _canvas(*, patches: bool = True) -> Canvas:
    palette = board_palette()
    return Canvas(palette.blank((200, 120), PAPER), palette, patches=patches)


def _plain(canvas: Canvas, region: Box, fill: RGB) -> None:
    canvas.rect(region, fill=fill)


def _label(canvas: Canvas, region: Box, words: str) -> None:
    canvas.rounded(region.inset(2), 5, outline=INK, width=2)
    canvas.text(region.inset(6, 4), words, INK, 18, min_size=12, align="center")


def _drawn(patches: bool, where: Box, words: str) -> Canvas:
    canvas = _canvas(patches=patches)
    canvas.rect(where, fill=FILL)
    canvas.patch(where, (_plain, (FILL,)), _label, words)
    return canvas


def test_a_patch_is_what_drawing_there_gives_pixels_and_texts() -> None:
    where = Box(30, 40, 150, 80)
    patched, drawn = _drawn(True, where, "S7 $9"), _drawn(False, where, "S7 $9")
    assert patched.image.tobytes() == drawn.image.tobytes()
    assert patched.placements == drawn.placements
    assert where.contains(patched.placements[0].ink)


def test_a_patch_drawn_once_is_pasted_anywhere_with_its_texts_moved_there() -> None:
    _patched.cache_clear()
    first, second = Box(0, 0, 120, 40), Box(70, 75, 190, 115)
    canvas = _canvas()
    for where in (first, second):
        canvas.rect(where, fill=FILL)
        canvas.patch(where, (_plain, (FILL,)), _label, "C4")
    assert _patched.cache_info().misses == 1
    assert _patched.cache_info().hits == 1
    one, two = canvas.placements
    assert (two.ink.left - one.ink.left, two.ink.top - one.ink.top) == (70, 75)
    crop = canvas.image.crop
    assert crop((0, 0, 120, 40)).tobytes() == crop((70, 75, 190, 115)).tobytes()


def test_another_ground_or_other_words_make_another_patch() -> None:
    _patched.cache_clear()
    where = Box(10, 10, 130, 50)
    canvas = _canvas()
    canvas.patch(where, (_plain, (FILL,)), _label, "A1")
    canvas.patch(where, (_plain, (PAPER,)), _label, "A1")
    canvas.patch(where, (_plain, (PAPER,)), _label, "A2")
    assert _patched.cache_info().misses == 3
    assert _patched.cache_info().hits == 0


def test_without_patches_or_on_rgb_the_painter_draws_in_place() -> None:
    _patched.cache_clear()
    rgb = Canvas(Image.new("RGB", (200, 120), PAPER))
    rgb.patch(Box(10, 10, 130, 50), (_plain, (FILL,)), _label, "B2")
    _drawn(False, Box(10, 10, 130, 50), "B2")
    assert _patched.cache_info().currsize == 0
    assert rgb.image.getpixel((12, 30)) == INK
