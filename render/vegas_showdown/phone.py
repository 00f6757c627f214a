"""What a picture needs to be read on a phone without zooming.

A phone shows a picture about `PHONE_WIDTH` pixels wide; at that width its text must stand
at least `PHONE_TEXT` pixels tall (as a font size), so a picture `width` pixels wide
draws no text smaller than `phone_smallest(width)`.
"""

from __future__ import annotations

from math import ceil
from typing import Final

PHONE_WIDTH: Final = 400
PHONE_TEXT: Final = 9


def phone_smallest(width: int) -> int:
    """The smallest font size a picture `width` pixels wide may use to read on a phone."""
    return ceil(PHONE_TEXT * width / PHONE_WIDTH)
