"""A paletted picture written as a PNG by hand, its pixels deflated by ISA-L.

Pillow deflates a PNG's pixels with zlib, which spends most of a board picture's time
there (about 6 ms of a Lords of Vegas board's 11). ISA-L's deflate (`isal`) gives a
stream as small in about a sixth of the time. A paletted PNG is four chunks: the header,
the palette, the pixels (each row led by its filter type, 0: none, which the PNG
standard advises for paletted pictures and Pillow chooses too) and the end.
"""

from __future__ import annotations

import struct
import zlib
from typing import Final

from isal import isal_zlib
from PIL import Image

SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
BIT_DEPTH: Final = 8
INDEXED: Final = 3  # the PNG colour type of a picture on a palette
# ISA-L's levels run 0 to 3; 1 is as fast as 0 and as small as 2 on the boards.
FAST: Final = 1


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: its length, its type, its data and their CRC."""
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
    )


def encode_indexed(image: Image.Image, level: int = FAST) -> bytes:
    """The "P" `image` as PNG bytes: its palette as it is, its pixels deflated at `level`."""
    if image.mode != "P":
        raise ValueError(f'encode_indexed takes a "P" image, not {image.mode!r}')
    width, height = image.size
    palette = bytes(image.getpalette() or [])
    # Each row is led by its filter byte: the picture pasted one column right of a
    # column of zeros gives every row at once, far faster than joining rows in Python.
    rows = Image.new("P", (width + 1, height), 0)
    rows.im.paste(image.im, (1, 0, width + 1, height))
    header = struct.pack(">IIBBBBB", width, height, BIT_DEPTH, INDEXED, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), level)),
            _chunk(b"IEND", b""),
        )
    )
