"""Small pictures drawn once and stamped many times, cut so that stamping them is cheap.

Pasting through a mask blends every pixel and costs many times a plain copy, so a large
sprite is cut once, when it is drawn: its opaque core (a tile's floor, a frame's ground)
is copied as it is, and only the edges that hold transparent pixels go through the mask.
The pixels stamped are exactly those of one masked paste.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from PIL import Image

from .box import Box
from .text import TextPlacement

# Below this many pixels one masked paste costs less than the several pastes of a cut sprite.
LEAST_CUT: Final = 3000


@dataclass(frozen=True, slots=True)
class Piece:
    """Part of a sprite: its pixels and where they go from the sprite's top left.

    A `masked` piece is pasted through its own alpha, any other copied as it is.
    """

    image: Image.Image
    dx: int
    dy: int
    masked: bool


@dataclass(frozen=True, slots=True)
class PalettedPiece:
    """A piece mapped onto a palette, to stamp on a picture drawn on that palette.

    `mask` (0 or 255 only) says which pixels are pasted, None all; a piece whose alpha
    has values in between keeps its RGBA pixels in `soft`, to be blended in RGB.
    """

    image: Image.Image
    dx: int
    dy: int
    mask: Image.Image | None
    soft: Image.Image | None


@dataclass(frozen=True, slots=True)
class Sprite:
    """A small picture drawn once and stamped many times, with the texts drawn on it.

    `paletted` keeps its pieces mapped onto each palette it was stamped on (filled in on
    first use).
    """

    pieces: tuple[Piece, ...]
    texts: tuple[TextPlacement, ...]
    paletted: dict[object, tuple[PalettedPiece, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )


def make_sprite(image: Image.Image, texts: tuple[TextPlacement, ...]) -> Sprite:
    """`image` (RGBA) as a sprite, cut into pieces that stamp quickly (see the module)."""
    alpha = image.getchannel("A")
    if alpha.getextrema() == (255, 255):
        return Sprite((Piece(image.convert("RGB"), 0, 0, masked=False),), texts)
    core = None
    if image.width * image.height >= LEAST_CUT:
        core = opaque_core(alpha)
    if core is None or core.width * core.height * 2 < image.width * image.height:
        return Sprite((Piece(image, 0, 0, masked=True),), texts)
    width, height = image.size
    edges = (
        Box(0, 0, width, core.top),
        Box(0, core.bottom, width, height),
        Box(0, core.top, core.left, core.bottom),
        Box(core.right, core.top, width, core.bottom),
    )
    pieces = [Piece(image.crop(_corners(core)).convert("RGB"), core.left, core.top, False)]
    for edge in edges:
        if edge.width > 0 and edge.height > 0 and alpha.crop(_corners(edge)).getbbox():
            pieces.append(Piece(image.crop(_corners(edge)), edge.left, edge.top, masked=True))
    return Sprite(tuple(pieces), texts)


def _corners(box: Box) -> tuple[int, int, int, int]:
    """`box` as Pillow's crop takes it: left, top, right and bottom, the last two exclusive."""
    return (box.left, box.top, box.right, box.bottom)


def opaque_core(alpha: Image.Image) -> Box | None:
    """The largest wholly opaque box found by trimming the opaque pixels' bounds, or None.

    Three ways of trimming are tried (every side, only left and right, only top and
    bottom: a pill keeps its full height, a bar its full width) and the largest kept.
    """
    solid = alpha.point(lambda value: 255 if value == 255 else 0)
    bounds = solid.getbbox()
    if bounds is None:
        return None
    start = Box(*bounds)
    found = [
        _trimmed(solid, start, across=across, down=down)
        for across, down in ((True, True), (True, False), (False, True))
    ]
    cores = [box for box in found if box is not None]
    return max(cores, key=lambda box: box.width * box.height, default=None)


def _trimmed(solid: Image.Image, box: Box, *, across: bool, down: bool) -> Box | None:
    """`box` trimmed a pixel at a time on the allowed sides until it is wholly opaque."""
    while box.width > 0 and box.height > 0:
        if _opaque(solid, box):
            return box
        left, top, right, bottom = box.left, box.top, box.right, box.bottom
        sides = (
            (across, Box(left, top, left + 1, bottom)),
            (across, Box(right - 1, top, right, bottom)),
            (down, Box(left, top, right, top + 1)),
            (down, Box(left, bottom - 1, right, bottom)),
        )
        cut = [allowed and not _opaque(solid, side) for allowed, side in sides]
        if not any(cut):
            # Every side that may move is opaque but the box is not: a hole inside.
            return None
        box = Box(left + int(cut[0]), top + int(cut[2]), right - int(cut[1]), bottom - int(cut[3]))
    return None


def _opaque(solid: Image.Image, box: Box) -> bool:
    return solid.crop(_corners(box)).getextrema() == (255, 255)
