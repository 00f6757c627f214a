"""The shared cues and palette: stripes stay in their box, a tag shows its code on its
colour, and colours on the grid come out of a PNG palette exactly."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.box import Box
from render.canvas import Canvas
from render.cues import Tag, draw_dashed_frame, draw_tag, hatch
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
    hatch(canvas, box, TEAL, GREY, spacing=10, width=2)
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
