"""The shared cues and palette: patterns and glyphs tell things apart by shape, tags and
badges show their words on any colour, everything stays in its box, and colours on the
grid come out of a PNG palette exactly."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.box import Box
from render.canvas import Canvas
from render.cues import (
    Glyph,
    Pattern,
    Tag,
    draw_badge,
    draw_dashed_frame,
    draw_glyph,
    draw_tag,
    fill_pattern,
)
from render.palette import INK, PAPER, WHITE, encode_paletted, fixed_palette, rgb

TEAL = rgb(40, 160, 160)
GREY = rgb(168, 168, 168)


def blank(width: int = 120, height: int = 80) -> Canvas:
    return Canvas(Image.new("RGB", (width, height), PAPER))


def colours_in(image: Image.Image, box: Box) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.crop(box.xy).getcolors(maxcolors=1 << 16) or []}


def test_stripes_cover_their_box_and_nothing_else() -> None:
    canvas = blank()
    box = Box(20, 10, 90, 60)
    fill_pattern(canvas, box, TEAL, GREY, "rising", spacing=10, width=2)
    assert colours_in(canvas.image, box) == {TEAL, GREY}
    outside = [(19, 30), (90, 30), (50, 9), (50, 60)]
    assert all(canvas.image.getpixel(xy) == PAPER for xy in outside)


def test_a_tag_writes_its_code_on_its_colour_and_fits_its_box() -> None:
    canvas = blank()
    tag = Tag("TL", TEAL, WHITE, INK)
    box = Box(10, 10, 50, 34)
    draw_tag(canvas, box, tag, 17)
    draw_tag(canvas, Box(60, 10, 100, 34), tag, 17)
    assert [placed.text for placed in canvas.placements] == ["TL", "TL"]
    assert all(Box(0, 0, 120, 80).contains(p.ink) for p in canvas.placements)
    assert box.contains(canvas.placements[0].ink)
    assert {TEAL, WHITE, INK} <= colours_in(canvas.image, box)
    # Stamped twice from one drawing: both copies are the same pixels.
    first = canvas.image.crop(box.xy)
    second = canvas.image.crop(Box(60, 10, 100, 34).xy)
    assert first.tobytes() == second.tobytes()


def test_a_dashed_frame_alternates_black_and_white_along_its_edge() -> None:
    canvas = blank()
    draw_dashed_frame(canvas, Box(10, 10, 110, 70), width=4, dash=8)
    edge = [canvas.image.getpixel((x, 11)) for x in range(10, 110)]
    assert edge[0:8] == [INK] * 8
    assert edge[8:16] == [WHITE] * 8
    assert canvas.image.getpixel((60, 40)) == PAPER


def test_grid_colours_survive_a_fixed_palette_exactly() -> None:
    colours = [PAPER, INK, WHITE, TEAL, GREY, rgb(250, 3, 130)]
    strip = Image.new("RGB", (len(colours), 1))
    strip.putdata(colours)
    png = encode_paletted(strip, fixed_palette([*colours, PAPER]), 2)
    with Image.open(io.BytesIO(png)) as image:
        assert image.mode == "P"
        decoded = image.convert("RGB")
    assert [decoded.getpixel((x, 0)) for x in range(len(colours))] == colours


def test_a_palette_holds_at_most_256_colours() -> None:
    many = [rgb(4 * (i % 62), 4 * (i // 62), 0) for i in range(257)]
    assert len(set(many)) == 257
    with pytest.raises(ValueError, match="257 colours"):
        fixed_palette(many)


PATTERNS: tuple[Pattern, ...] = ("rising", "falling", "crossed", "dots")
GLYPHS: tuple[Glyph, ...] = ("circle", "square", "triangle", "diamond", "hexagon")


def patterned(pattern: Pattern, spacing: int = 8) -> Image.Image:
    canvas = blank(60, 40)
    fill_pattern(canvas, Box(0, 0, 60, 40), TEAL, GREY, pattern, spacing=spacing, width=1)
    return canvas.image


def test_stripes_run_the_way_their_pattern_says() -> None:
    rising, falling = patterned("rising"), patterned("falling")
    for x in range(60):
        for y in range(40):
            # Rising lines join points whose x + y is a multiple of the spacing; falling
            # lines, points whose x - y is, counted from the bottom left corner.
            assert (rising.getpixel((x, y)) == GREY) == ((x + y) % 8 == 0), (x, y)
            assert (falling.getpixel((x, y)) == GREY) == ((x - y + 40) % 8 == 0), (x, y)


def test_every_pattern_looks_different_and_stays_in_two_colours() -> None:
    pictures = {pattern: patterned(pattern).tobytes() for pattern in PATTERNS}
    assert len(set(pictures.values())) == len(PATTERNS)
    for pattern in PATTERNS:
        assert colours_in(patterned(pattern), Box(0, 0, 61, 41)) == {TEAL, GREY}, pattern
    dots = patterned("dots")
    assert dots.getpixel((4, 4)) == GREY
    assert dots.getpixel((8, 4)) == TEAL


def glyph_picture(glyph: Glyph) -> Image.Image:
    canvas = blank(60, 60)
    draw_glyph(canvas, Box(10, 10, 50, 50), glyph, TEAL)
    return canvas.image


def test_glyphs_are_filled_with_their_colour_inside_their_box_and_differ_in_shape() -> None:
    shapes = set()
    for glyph in GLYPHS:
        image = glyph_picture(glyph)
        assert image.getpixel((30, 34)) == TEAL, glyph
        assert INK in colours_in(image, Box(10, 10, 51, 51)), glyph
        outside = [(9, 30), (50, 30), (30, 9), (30, 50), (0, 0), (59, 59)]
        assert all(image.getpixel(xy) == PAPER for xy in outside), glyph
        shapes.add(image.tobytes())
    assert len(shapes) == len(GLYPHS)
    # Only the square reaches the corners of its box.
    assert glyph_picture("square").getpixel((10, 10)) == INK
    assert all(glyph_picture(g).getpixel((11, 11)) == PAPER for g in GLYPHS if g != "square")


def test_a_glyph_in_a_wide_box_keeps_its_shape_centred() -> None:
    canvas = blank(100, 40)
    draw_glyph(canvas, Box(0, 0, 100, 40), "circle", TEAL)
    assert canvas.image.getpixel((50, 20)) == TEAL
    assert canvas.image.getpixel((25, 20)) == PAPER


def test_a_badge_shows_its_number_in_black_on_white_inside_a_black_ring() -> None:
    canvas = blank(120, 80)
    canvas.rect(Box(0, 0, 120, 80), fill=TEAL)
    box = Box(20, 10, 56, 46)
    draw_badge(canvas, box, "12", 18)
    [placed] = canvas.placements
    assert placed.text == "12"
    assert box.contains(placed.ink)
    assert canvas.image.getpixel((box.center[0], box.top + 1)) == INK
    assert {INK, WHITE} <= colours_in(canvas.image, placed.ink)
    assert canvas.image.getpixel((box.left, box.top)) == TEAL
