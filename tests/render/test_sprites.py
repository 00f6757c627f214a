"""Sprites cut for quick stamping, and the quick fills, leave exactly the pixels of the slow way."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image, ImageChops, ImageDraw

from render.box import Box
from render.canvas import LARGE_ROUNDED, Canvas
from render.palette import INK, PAPER, WHITE
from render.sprite import make_sprite, opaque_core

Shape = Callable[[ImageDraw.ImageDraw, int, int], None]


def _pill(draw: ImageDraw.ImageDraw, width: int, height: int) -> None:
    draw.rounded_rectangle((0, 0, width - 1, height - 1), height // 2, fill=INK, outline=WHITE)


def _tile_with_corners(draw: ImageDraw.ImageDraw, width: int, height: int) -> None:
    draw.rectangle((4, 4, width - 5, height - 5), fill=(200, 40, 40), outline=INK, width=5)
    draw.polygon([(0, 0), (18, 0), (0, 18)], fill=(248, 0, 0))
    draw.polygon([(width - 1, height - 1), (width - 19, height - 1), (width - 1, height - 19)], INK)


def _ring(draw: ImageDraw.ImageDraw, width: int, height: int) -> None:
    draw.rectangle((0, 0, width - 1, height - 1), outline=INK, width=6)


def _soft_text(draw: ImageDraw.ImageDraw, width: int, height: int) -> None:
    draw.rectangle((2, 2, width - 3, height - 3), fill=PAPER)
    draw.text((10, 10), "Fancy Restaurant", fill=INK)
    draw.ellipse((width - 40, height - 40, width - 2, height - 2), fill=(0, 0, 0, 128))


@pytest.mark.parametrize("shape", [_pill, _tile_with_corners, _ring, _soft_text])
@pytest.mark.parametrize("size", [(30, 20), (144, 72), (220, 150)])
def test_a_cut_sprite_stamps_the_pixels_of_one_masked_paste(
    shape: Shape, size: tuple[int, int]
) -> None:
    sprite_image = Image.new("RGBA", size, (0, 0, 0, 0))
    shape(ImageDraw.Draw(sprite_image), *size)
    ground = Image.new("RGB", (size[0] + 40, size[1] + 40), (90, 160, 60))
    ImageDraw.Draw(ground).line((0, 0, ground.width, ground.height), fill=WHITE, width=9)

    expected = ground.copy()
    expected.paste(sprite_image, (17, 23), sprite_image)
    canvas = Canvas(ground.copy())
    canvas.stamp(make_sprite(sprite_image, ()), 17, 23)

    assert ImageChops.difference(expected, canvas.image).getbbox() is None


def test_a_large_sprite_with_an_opaque_floor_is_cut_around_it() -> None:
    image = Image.new("RGBA", (144, 144), (0, 0, 0, 0))
    _tile_with_corners(ImageDraw.Draw(image), 144, 144)

    sprite = make_sprite(image, ())

    core = sprite.pieces[0]
    assert not core.masked
    assert (core.dx, core.dy, core.image.size) == (4, 4, (136, 136))
    assert all(piece.masked for piece in sprite.pieces[1:])
    # Only the edges that hold a red corner are kept: top, bottom (the corners' rows),
    # left and right (their columns).
    assert len(sprite.pieces) == 5


def test_a_ring_has_no_opaque_core() -> None:
    image = Image.new("RGBA", (100, 100), (0, 0, 0, 0))
    _ring(ImageDraw.Draw(image), 100, 100)

    assert opaque_core(image.getchannel("A")) is None


def test_a_pill_keeps_its_full_height() -> None:
    image = Image.new("RGBA", (120, 40), (0, 0, 0, 0))
    _pill(ImageDraw.Draw(image), 120, 40)

    core = opaque_core(image.getchannel("A"))

    assert core is not None
    assert (core.top, core.bottom) == (0, 40)
    assert 0 < core.left < 20 and 100 < core.right < 120


@pytest.mark.parametrize("outline", [None, INK])
def test_a_filled_rectangle_is_drawn_as_pillow_draws_it(outline: tuple[int, int, int]) -> None:
    boxes = [
        Box(5, 5, 300, 200),
        Box(-10, 40, 30, 60),
        Box(280, 190, 400, 260),
        Box(50, 50, 51, 51),
    ]
    expected = Image.new("RGB", (320, 240), PAPER)
    canvas = Canvas(Image.new("RGB", (320, 240), PAPER))
    for index, box in enumerate(boxes):
        fill = (index * 40, 200 - index * 30, 100)
        ImageDraw.Draw(expected).rectangle(box.xy, fill=fill, outline=outline, width=3)
        canvas.rect(box, fill=fill, outline=outline, width=3)

    assert ImageChops.difference(expected, canvas.image).getbbox() is None


def test_a_large_rounded_box_is_drawn_as_pillow_draws_it() -> None:
    box = Box(7, 9, 607, 629)
    assert box.width * box.height >= LARGE_ROUNDED
    expected = Image.new("RGB", (620, 640), PAPER)
    ImageDraw.Draw(expected).rounded_rectangle(box.xy, 8, fill=WHITE, outline=INK, width=3)
    canvas = Canvas(Image.new("RGB", (620, 640), PAPER))

    canvas.rounded(box, 8, fill=WHITE, outline=INK, width=3)

    assert ImageChops.difference(expected, canvas.image).getbbox() is None
