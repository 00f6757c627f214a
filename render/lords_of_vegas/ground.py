"""The ground of a patch drawn where the board shows its background (see `Canvas.patch`)."""

from __future__ import annotations

from ..box import Box
from ..canvas import Canvas
from ..paletted import Underlay


def paint_background(canvas: Canvas, region: Box, f_unused: bool, left: int, top: int) -> None:
    """The background at (`left`, `top`) as large as `region`, on a patch's own canvas.

    The canvas is given that part of the background in RGB too, so that text is blended
    over it exactly as over the whole background.
    """
    # Imported here: the background is drawn with the lots' headers and the panel's
    # frame, whose modules draw patches over it with this.
    from .background import background, paletted_background  # noqa: PLC0415

    base, mapped = background(f_unused)[0], paletted_background(f_unused)
    box = (left, top, left + region.width, top + region.height)
    part = mapped.crop(box)
    canvas.image.paste(part, (region.left, region.top))
    canvas.under = Underlay(base.crop(box), part)
