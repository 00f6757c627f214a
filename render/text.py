"""Text for every picture: the vendored font, fitting a line into a box, wrapping a paragraph.

Glyph masks are rendered once per (text, size) and reused, because drawing text
through FreeType is the slowest thing a renderer does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from math import ceil, floor
from typing import Final, Literal

from PIL import Image, ImageDraw, ImageFont

from .box import Box

Align = Literal["left", "center", "right"]
ELLIPSIS: Final = "…"
# No line a picture shows needs more (a paragraph's line in a wide box is the longest); it
# bounds the work for absurdly long names.
MAX_CHARS: Final = 200
# The longest paragraph a picture shows (an event card's text, say).
MAX_PARAGRAPH_CHARS: Final = 600
FONT_FILE: Final = "DejaVuSansCondensed-Bold.ttf"


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The vendored bold condensed font at `size` pixels, loaded once per size."""
    path = resources.files(__package__).joinpath("fonts", FONT_FILE)
    with resources.as_file(path) as real:
        return ImageFont.truetype(str(real), size)


@dataclass(frozen=True, slots=True)
class TextPlacement:
    """A text as drawn: the words shown, the box it had to fit, its ink's box, its font size.

    The size is what tests of legibility measure.
    """

    text: str
    box: Box
    ink: Box
    size: int


@dataclass(frozen=True, slots=True)
class Glyphs:
    """A rendered text: its coverage mask and the mask's offset from the pen position."""

    mask: Image.Image
    dx: int
    dy: int


def _ink(text: str, size: int) -> tuple[int, int, int, int]:
    """The ink's box relative to the pen at the left end of the baseline, in whole pixels."""
    x0, y0, x1, y1 = font(size).getbbox(text, anchor="ls")
    return floor(x0), floor(y0), ceil(x1), ceil(y1)


@lru_cache(maxsize=4096)
def glyphs(text: str, size: int) -> Glyphs:
    """Render `text` at `size`, once."""
    left, top, right, bottom = _ink(text, size)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=font(size), fill=255, anchor="ls")
    return Glyphs(mask, left, top)


@lru_cache(maxsize=256)
def rotated(text: str, size: int) -> Image.Image:
    """The mask of `text` turned a quarter to read from bottom to top."""
    return glyphs(text, size).mask.transpose(Image.Transpose.ROTATE_90)


@lru_cache(maxsize=8192)
def span(text: str, size: int) -> tuple[int, int, int]:
    """Width, and height above and below the baseline, of `text`'s line at `size`.

    The line is at least the font's ascent and descent, and more when a glyph (a
    capital with an accent, say) reaches beyond them.
    """
    left, top, right, bottom = _ink(text, size)
    ascent, descent = font(size).getmetrics()
    return max(1, right - left), max(ascent, -top), max(descent, bottom)


def _fits(text: str, size: int, width: int, height: int) -> bool:
    wide, above, below = span(text, size)
    return wide <= width and above + below <= height


def fit_text(text: str, width: int, height: int, size: int, min_size: int) -> tuple[str, int]:
    """The largest size (down to `min_size`) at which `text` fits; shortened with … if need be.

    Returns an empty text when not even an ellipsis fits.
    """
    text = text[:MAX_CHARS]
    for candidate in range(size, min_size - 1, -1):
        if _fits(text, candidate, width, height):
            return text, candidate
    size = min_size
    while size > 1 and sum(span(text, size)[1:]) > height:
        size -= 1
    if _fits(text, size, width, height):
        return text, size
    # The longest start of the text that fits with an ellipsis after it.
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if _fits(text[:middle].rstrip() + ELLIPSIS, size, width, height):
            low = middle
        else:
            high = middle - 1
    shown = text[:low].rstrip()
    if shown and _fits(shown + ELLIPSIS, size, width, height):
        return shown + ELLIPSIS, size
    return "", size


HYPHEN: Final = "-"


def _broken(word: str, width: int, size: int) -> list[str]:
    """`word` cut into pieces no wider than `width` at `size`, each but the last ending in -.

    A piece keeps at least two letters, so a box too narrow for that leaves the word whole.
    """
    pieces: list[str] = []
    rest = word
    while span(rest, size)[0] > width:
        cut = len(rest) - 1
        while cut > 2 and span(rest[:cut] + HYPHEN, size)[0] > width:
            cut -= 1
        cut = min(cut, len(rest) - 2)  # no letter left alone on the next line
        if cut < 2:
            break
        head = rest[:cut]
        pieces.append(head if head.endswith(HYPHEN) else head + HYPHEN)
        rest = rest[cut:]
    return [*pieces, rest]


def _wrapped(words: list[str], width: int, size: int, hyphenate: bool = False) -> list[str]:
    """`words` in lines no wider than `width` at `size`, greedily.

    A word wider than a line stands alone, or with `hyphenate` is cut into pieces (`_broken`).
    """
    if hyphenate:
        words = [piece for word in words for piece in _broken(word, width, size)]
    lines: list[str] = []
    line = ""
    for word in words:
        longer = f"{line} {word}" if line else word
        if line and span(longer, size)[0] > width:
            lines.append(line)
            line = word
        else:
            line = longer
    if line:
        lines.append(line)
    return lines


def line_pitch(lines: list[str] | tuple[str, ...], size: int) -> int:
    """The height given to each line of a paragraph: its tallest line's height."""
    return max((sum(span(line, size)[1:]) for line in lines), default=sum(font(size).getmetrics()))


def wrap_text(
    text: str,
    width: int,
    height: int,
    size: int,
    min_size: int,
    *,
    hyphenate: bool = False,
) -> tuple[tuple[str, ...], int]:
    """`text` in lines that fit `width` x `height`, at the largest size down to `min_size`.

    Lines break between words; with `hyphenate`, a word too wide for a line is cut with a
    hyphen (at the smallest size only, so a long word shrinks before it is cut). When even
    `min_size` needs too many lines, the last line that fits ends with … (and so does a
    word too wide for a line of its own). Returns no lines when not even one fits.
    """
    words = text[:MAX_PARAGRAPH_CHARS].split()
    if not words:
        return (), size
    for candidate in range(size, min_size - 1, -1):
        lines = _wrapped(words, width, candidate)
        wide = max(span(line, candidate)[0] for line in lines)
        if wide <= width and len(lines) * line_pitch(lines, candidate) <= height:
            return tuple(lines), candidate
    lines = _wrapped(words, width, min_size, hyphenate)
    pitch = line_pitch(lines, min_size)
    room = height // pitch
    if room == 0:
        return (), min_size
    if len(lines) > room:
        lines = [*lines[: room - 1], " ".join(lines[room - 1 :])]
    shown = [fit_text(line, width, pitch, min_size, min_size)[0] for line in lines]
    return tuple(line for line in shown if line), min_size
