"""The hand-written PNG: Pillow reads back exactly the pixels and palette it was given."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.lords_of_vegas.board import draw_board
from render.png import encode_indexed
from tests.render.lords_of_vegas.board_positions import final_state


def _read(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_a_board_reads_back_pixel_for_pixel_with_its_palette() -> None:
    image = draw_board(final_state("updated", 6, 19, "builder")).image
    back = _read(encode_indexed(image))
    assert back.format == "PNG"
    assert back.mode == "P"
    assert back.size == image.size
    assert back.tobytes() == image.tobytes()
    assert back.getpalette() == image.getpalette()


@pytest.mark.parametrize("size", [(1, 1), (3, 2), (257, 5), (1000, 250)])
def test_odd_sizes_and_every_index_read_back(size: tuple[int, int]) -> None:
    width, height = size
    image = Image.frombytes(
        "P", size, bytes((x * 7 + y) % 256 for y in range(height) for x in range(width))
    )
    image.putpalette([(i * 3 + c) % 256 for i in range(256) for c in range(3)])
    back = _read(encode_indexed(image))
    assert back.tobytes() == image.tobytes()
    assert back.convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_the_same_picture_gives_the_same_bytes() -> None:
    image = draw_board(final_state("updated", 3, 14, "builder")).image
    assert encode_indexed(image) == encode_indexed(image.copy())


def test_only_a_paletted_picture_is_taken() -> None:
    with pytest.raises(ValueError, match='"P" image'):
        encode_indexed(Image.new("RGB", (2, 2)))
