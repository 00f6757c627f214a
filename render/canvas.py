"""A drawing surface that fits every text into a box and remembers where it put it."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Final

from PIL import Image, ImageDraw

from .box import Box
from .palette import RGB, Palette
from .paletted import Underlay, blend_region, paletted_pieces, plain_ground, tinted_text
from .sprite import Sprite, make_sprite
from .text import Align, TextPlacement, fit_text, glyphs, line_pitch, rotated, span, wrap_text


@dataclass(frozen=True, slots=True)
class Drawing:
    """A picture before encoding: its image and every text placed on it.

    The image is RGB, or "P" when drawn straight onto its game's palette.
    """

    image: Image.Image
    texts: tuple[TextPlacement, ...]


Painter = Callable[..., None]


@lru_cache(maxsize=1024)
def _painted(painter: Painter, width: int, height: int, args: tuple[Hashable, ...]) -> Sprite:
    local = Canvas(Image.new("RGBA", (width, height), (0, 0, 0, 0)))
    painter(local, Box(0, 0, width, height), *args)
    return local.sprite()


# A rounded box this large is stamped from a sprite: Pillow fills it a line at a time.
LARGE_ROUNDED: Final = 20_000
# Patches kept (see `Canvas.patch`): each holds a small picture's indices, a few KiB.
PATCHES: Final = 4096


# What a patch is drawn over: a painter that covers the whole region, and its arguments.
Ground = tuple[Painter, tuple[Hashable, ...]]


@lru_cache(maxsize=PATCHES)
def _patched(
    painter: Painter,
    args: tuple[Hashable, ...],
    ground: Ground,
    palette: Palette,
    size: tuple[int, int],
) -> tuple[Image.Image, tuple[TextPlacement, ...]]:
    """`painter` drawn over `ground` on a "P" canvas of `size`: its palette indices and texts.

    Keyed by everything the drawing reads (the painter, its arguments, what it is drawn
    over, the palette and the size), so a kept patch is exactly what drawing gives.
    """
    image = Image.new("P", size, 0)
    colors = palette.image.palette  # as Pillow holds it: no list made of it
    image.putpalette(colors if colors is not None else [])
    local = Canvas(image, palette)
    region = Box(0, 0, *size)
    ground_painter, ground_args = ground
    ground_painter(local, region, *ground_args)
    painter(local, region, *args)
    # Kept as bare indices ("L", pasted as they are): a "P" image carries its own copy of
    # the palette, which took more memory than the patch's pixels.
    return Image.frombytes("L", size, local.image.tobytes()), tuple(local.placements)


@lru_cache(maxsize=64)
def _rounded(
    width: int, height: int, radius: int, fill: RGB | None, outline: RGB | None, line: int
) -> Sprite:
    """A rounded box drawn on a transparent sprite; it has no half-transparent pixel."""
    local = Canvas(Image.new("RGBA", (width, height), (0, 0, 0, 0)))
    local.draw.rounded_rectangle((0, 0, width - 1, height - 1), radius, fill, outline, line)
    return local.sprite()


class Canvas:
    """An image being drawn on, with every text fitted into its box and recorded.

    The image is RGB (or RGBA, for a sprite), or "P" on a game's `palette`: then every
    colour drawn must be one of the palette's, and the picture needs no mapping before
    it is encoded (see `paletted`).
    """

    def __init__(
        self,
        image: Image.Image,
        palette: Palette | None = None,
        under: Underlay | None = None,
        *,
        patches: bool = True,
    ) -> None:
        if (image.mode == "P") != (palette is not None):
            raise ValueError('a palette goes with a "P" image, and only with one')
        self.image = image
        self.palette = palette
        self.under = under
        self.patches = patches
        # Texts in drawing order; a sprite's or patch's texts are kept as drawn, with
        # where they were pasted, and moved there only when someone reads them.
        self._placed: list[TextPlacement | tuple[tuple[TextPlacement, ...], int, int]] = []

    @cached_property
    def draw(self) -> ImageDraw.ImageDraw:
        """Pillow's drawing on the image, made when first needed (many canvases only paste)."""
        return ImageDraw.Draw(self.image)

    def _paste(
        self,
        source: Image.Image | RGB | int,
        x: int,
        y: int,
        size: tuple[int, int],
        mask: Image.Image | None,
    ) -> None:
        """Paste `source` (an image of the canvas's mode, or a colour) at (x, y), through `mask`.

        Straight to Pillow's core: `Image.paste` checks and loads both images on every
        call, which costs several times the paste of a glyph (every image here is made in
        memory, loaded and writable, and of the right mode).
        """
        box = (x, y, x + size[0], y + size[1])
        pixels = source.im if isinstance(source, Image.Image) else source
        if mask is None:
            self.image.im.paste(pixels, box)
        else:
            self.image.im.paste(pixels, box, mask.im)

    def _ink_mask(
        self, color: RGB, x: int, y: int, mask: Image.Image, text: str, size: int, turned: bool
    ) -> None:
        """Lay `color` through the glyph `mask` of `text` at (x, y)."""
        if self.palette is None:
            self._paste(color, x, y, mask.size, mask)
            return
        ground = plain_ground(self.image, Box(x, y, x + mask.width, y + mask.height))
        if ground is None:
            blend_region(self.image, self.palette, x, y, color, mask, self.under)
            return
        tinted, solid = tinted_text(text, size, turned, color, ground, self.palette)
        self._paste(tinted, x, y, tinted.size, solid)

    def text(
        self,
        box: Box,
        text: str,
        color: RGB,
        size: int,
        *,
        min_size: int | None = None,
        align: Align = "left",
    ) -> Box | None:
        """Draw `text` inside `box`, vertically centred; shrink or shorten it to fit.

        Returns the box of the ink, or None when nothing could be drawn.
        """
        shown, size = fit_text(text, box.width, box.height, size, min_size or size)
        if not shown:
            return None
        drawn = glyphs(shown, size)
        width, above, below = span(shown, size)
        baseline = box.top + (box.height - above - below) // 2 + above
        if align == "left":
            x = box.left
        elif align == "right":
            x = box.right - width
        else:
            x = box.left + (box.width - width) // 2
        y = baseline + drawn.dy
        ink = Box(x, y, x + drawn.mask.width, y + drawn.mask.height)
        self._ink_mask(color, x, y, drawn.mask, shown, size, turned=False)
        self._placed.append(TextPlacement(shown, box, ink, size))
        return ink

    def paragraph(
        self,
        box: Box,
        text: str,
        color: RGB,
        size: int,
        *,
        min_size: int | None = None,
        align: Align = "left",
        hyphenate: bool = False,
    ) -> int:
        """Draw `text` wrapped into lines from the top of `box` (see `wrap_text`).

        Returns the number of lines drawn; each is recorded like any text.
        """
        lines, size = wrap_text(
            text, box.width, box.height, size, min_size or size, hyphenate=hyphenate
        )
        pitch = line_pitch(lines, size)
        for index, line in enumerate(lines):
            top = box.top + index * pitch
            self.text(Box(box.left, top, box.right, top + pitch), line, color, size, align=align)
        return len(lines)

    def cached(self, box: Box, painter: Painter, *args: Hashable) -> None:
        """Draw `painter(canvas, box, *args)` into `box`, reusing the picture of an earlier call.

        For pieces drawn many times alike (dice, tags, markers): the painter runs once per
        size and arguments, on a transparent sprite, and later calls only stamp it.
        """
        self.stamp(_painted(painter, box.width, box.height, args), box.left, box.top)

    def patch(self, region: Box, ground: Ground, painter: Painter, *args: Hashable) -> None:
        """Draw `painter(canvas, region, *args)`, reusing an earlier drawing over the same ground.

        For parts of a picture that look alike from one picture to the next (a built lot's
        header, its die): on a "P" canvas the painter draws once per arguments and
        `ground`, on a canvas of the region alone that `ground` (a painter and its
        arguments) first covers with what this canvas holds under `region`; later calls
        paste the pixels and record the texts. Both painters must draw inside `region`
        only and take their place from it (they are given it at (0, 0) then). Without
        `patches` (or in RGB) the painter simply draws here, over what is really there.
        """
        if self.palette is None or not self.patches:
            painter(self, region, *args)
            return
        size = (region.width, region.height)
        pixels, texts = _patched(painter, args, ground, self.palette, size)
        self._paste(pixels, region.left, region.top, size, None)
        self._record(texts, region.left, region.top)

    def stamp(self, sprite: Sprite, x: int, y: int) -> None:
        """Paste `sprite` with its top left corner at (x, y) and record its texts there."""
        if self.palette is None:
            for piece in sprite.pieces:
                at = (x + piece.dx, y + piece.dy)
                mask = piece.image if piece.masked else None
                self._paste(piece.image, *at, piece.image.size, mask)
        else:
            for mapped in paletted_pieces(sprite, self.palette):
                left, top = x + mapped.dx, y + mapped.dy
                if mapped.soft is None:
                    self._paste(mapped.image, left, top, mapped.image.size, mapped.mask)
                else:
                    soft = mapped.soft
                    blend_region(self.image, self.palette, left, top, soft, soft, self.under)
        self._record(sprite.texts, x, y)

    def _record(self, texts: tuple[TextPlacement, ...], x: int, y: int) -> None:
        """Record `texts`, drawn with their top left at (0, 0), as pasted at (x, y)."""
        if texts:
            self._placed.append((texts, x, y))

    @property
    def placements(self) -> list[TextPlacement]:
        """Every text drawn so far, in drawing order, where it is on this canvas."""
        placed: list[TextPlacement] = []
        for entry in self._placed:
            if isinstance(entry, TextPlacement):
                placed.append(entry)
                continue
            texts, x, y = entry
            for text in texts:
                box, ink = text.box, text.ink
                placed.append(
                    TextPlacement(
                        text.text,
                        Box(box.left + x, box.top + y, box.right + x, box.bottom + y),
                        Box(ink.left + x, ink.top + y, ink.right + x, ink.bottom + y),
                        text.size,
                    )
                )
        return placed

    def vertical_text(self, box: Box, text: str, color: RGB, size: int) -> Box | None:
        """Draw `text` reading bottom to top, centred in `box`, shortened if it is too long."""
        shown, size = fit_text(text, box.height, box.width, size, size)
        if not shown:
            return None
        mask = rotated(shown, size)
        x = box.left + (box.width - mask.width) // 2
        y = box.top + (box.height - mask.height) // 2
        ink = Box(x, y, x + mask.width, y + mask.height)
        self._ink_mask(color, x, y, mask, shown, size, turned=True)
        self._placed.append(TextPlacement(shown, box, ink, size))
        return ink

    def picture(self, image: Image.Image, x: int, y: int) -> None:
        """Paste the RGB `image` with its top left corner at (x, y)."""
        if self.palette is not None:
            image = self.palette.map(image)
        self.image.paste(image, (x, y))

    def sprite(self) -> Sprite:
        """What was drawn so far, as a sprite to stamp elsewhere (for canvases on RGBA)."""
        return make_sprite(self.image, tuple(self.placements))

    def rect(
        self, box: Box, fill: RGB | None = None, outline: RGB | None = None, width: int = 1
    ) -> None:
        """A filled and/or outlined rectangle."""
        if fill is not None and box.width > 0 and box.height > 0:
            # Pasting a colour fills a large box several times faster than drawing it.
            ink = fill if self.palette is None else self.palette.ink(fill)
            self._paste(ink, box.left, box.top, (box.width, box.height), None)
            fill = None
            if outline is None:
                return
        self.draw.rectangle(box.xy, fill=self._ink(fill), outline=self._ink(outline), width=width)

    def rounded(
        self,
        box: Box,
        radius: int,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        """A rectangle with rounded corners."""
        if box.width * box.height >= LARGE_ROUNDED:
            sprite = _rounded(box.width, box.height, radius, fill, outline, width)
            self.stamp(sprite, box.left, box.top)
            return
        self.draw.rounded_rectangle(
            box.xy, radius, fill=self._ink(fill), outline=self._ink(outline), width=width
        )

    def _ink(self, color: RGB | None) -> RGB | int | None:
        """`color` as Pillow's drawing takes it here: on a palette, its index.

        Given a colour, Pillow looks it up in the image's own copy of the palette, whose
        table of colours it builds anew for every picture.
        """
        if color is None or self.palette is None:
            return color
        return self.palette.ink(color)
