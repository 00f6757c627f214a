"""Drawing straight onto a game's palette: sprites and texts mapped once, then pasted.

A picture drawn in RGB must be mapped onto its palette before it is encoded, a pass over
every pixel. Drawn on a "P" image instead, each colour is its palette index from the
start; what is not a plain colour is mapped where it is made, once: a sprite's pixels
when it is first stamped, a text's anti-aliased edge for each (ink, ground) pair. A text
on a plain ground takes, for each level of its mask, the index Pillow's own blend of ink
over ground maps to; anything else (a text across two colours, a half-transparent
sprite) is blended in RGB over the region's colours and mapped there. So every pixel is
the one mapping the picture drawn in RGB gives, but where a blend falls on the edge of an
earlier blend (a text drawn over a text): that edge is held mapped, a few levels from its
RGB colour. On a background drawn in RGB (`Underlay`) even that is exact while the
pixels under the blend are untouched. Every picture of both games comes out exactly as
before (`benchmarks.render_hashes`, tests/render/test_on_palette.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from .box import Box
from .palette import RGB, Palette
from .sprite import PalettedPiece, Piece, Sprite
from .text import glyphs, rotated

# Coverage 0 leaves the ground, anything more is pasted.
_SOLID = bytes([0] + [255] * 255)


def paletted_pieces(sprite: Sprite, palette: Palette) -> tuple[PalettedPiece, ...]:
    """`sprite`'s pieces mapped onto `palette` (mapped on first use, then kept)."""
    found = sprite.paletted.get(palette)
    if found is None:
        found = tuple(_paletted_piece(piece, palette) for piece in sprite.pieces)
        sprite.paletted[palette] = found
    return found


def _paletted_piece(piece: Piece, palette: Palette) -> PalettedPiece:
    mapped = palette.map(piece.image.convert("RGB"))
    if not piece.masked:
        return PalettedPiece(mapped, piece.dx, piece.dy, None, None)
    alpha = piece.image.getchannel("A")
    levels = {level for _, level in alpha.getcolors(256) or []}
    if levels <= {0, 255}:
        return PalettedPiece(mapped, piece.dx, piece.dy, alpha, None)
    return PalettedPiece(mapped, piece.dx, piece.dy, None, piece.image)


@lru_cache(maxsize=1024)
def blend_table(ink: RGB, ground: int, palette: Palette) -> bytes:
    """For each coverage 0..255, the index of `ink` laid over palette colour `ground`."""
    strip = Image.new("RGB", (256, 1), palette.colors[ground])
    strip.paste(ink, (0, 0), Image.frombytes("L", (256, 1), bytes(range(256))))
    return palette.map(strip).tobytes()


@lru_cache(maxsize=4096)
def tinted_text(
    text: str, size: int, turned: bool, ink: RGB, ground: int, palette: Palette
) -> tuple[Image.Image, Image.Image]:
    """`text`'s glyphs (turned to read upwards) in `ink` on `ground`, and where to paste them."""
    mask = rotated(text, size) if turned else glyphs(text, size).mask
    # Looked up with `bytes.translate`: `Image.point` rounds its table in Python first.
    coverage = mask.tobytes()
    indices = coverage.translate(blend_table(ink, ground, palette))
    solid = coverage.translate(_SOLID)
    return Image.frombytes("P", mask.size, indices), Image.frombytes("L", mask.size, solid)


@dataclass(frozen=True, slots=True)
class Underlay:
    """The RGB picture a "P" canvas started from (`rgb`), and its mapping (`mapped`).

    Where a blend falls on pixels still as they started, it is done over their RGB
    colours, exactly as drawing the whole picture in RGB would have done it.
    """

    rgb: Image.Image
    mapped: Image.Image


def blend_region(
    image: Image.Image,
    palette: Palette,
    left: int,
    top: int,
    source: RGB | Image.Image,
    mask: Image.Image,
    under: Underlay | None = None,
) -> None:
    """Paste `source` through `mask` at (`left`, `top`) of the "P" `image`, blended in RGB.

    `source` is a colour or an image as large as `mask`; it is laid over the region's
    colours and the region mapped back onto the palette.
    """
    box = (left, top, left + mask.width, top + mask.height)
    here = image.crop(box)
    if under is not None and here.tobytes() == under.mapped.crop(box).tobytes():
        region = under.rgb.crop(box)
    else:
        region = here.convert("RGB")
    region.paste(source, (0, 0), mask)
    image.paste(palette.map(region), (left, top))


def plain_ground(image: Image.Image, box: Box) -> int | None:
    """The one palette index under `box` in the "P" `image`, or None (mixed, or off the edge)."""
    if box.left < 0 or box.top < 0 or box.right > image.width or box.bottom > image.height:
        return None
    # Cropped at the core: an Image's crop copies its palette, which costs several times
    # the look itself, for every text drawn.
    low, high = image.im.crop((box.left, box.top, box.right, box.bottom)).getextrema()
    if isinstance(low, int) and low == high:
        return low
    return None
