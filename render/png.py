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
# Rows are deflated a band at a time, each band's bytes under glibc's default threshold
# for fresh memory (128 KiB): a whole picture's bytes at once (1.3 MB for a board) come
# from new pages every time, and faulting them in took longer than deflating them.
BAND_BYTES: Final = 120_000


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
    header = struct.pack(">IIBBBBB", width, height, BIT_DEPTH, INDEXED, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(image.getpalette() or [])),
            _chunk(b"IDAT", _deflated_rows(image, level)),
            _chunk(b"IEND", b""),
        )
    )


def _deflated_rows(image: Image.Image, level: int) -> bytes:
    """The zlib stream of `image`'s rows, each led by its filter byte (0), band by band."""
    width, height = image.size
    rows_per_band = max(1, BAND_BYTES // (width + 1))
    deflate = isal_zlib.compressobj(level)
    parts = []
    # Each band is pasted one column right of a column of zeros: every row gets its
    # filter byte at once, far faster than joining rows in Python.
    band = Image.new("P", (width + 1, rows_per_band), 0)
    for top in range(0, height, rows_per_band):
        rows = min(rows_per_band, height - top)
        if rows < rows_per_band:
            band = Image.new("P", (width + 1, rows), 0)
        band.im.paste(image.im.crop((0, top, width, top + rows)), (1, 0, width + 1, rows))
        parts.append(deflate.compress(band.tobytes()))
    parts.append(deflate.flush())
    return b"".join(parts)
