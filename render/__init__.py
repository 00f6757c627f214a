"""Board images: a pure function from a Lords of Vegas game state to PNG bytes.

    png = render_board(state, names={"red": "Alice", "blue": "Bob"})

Only Pillow and the font vendored in `render/fonts/` are used; nothing is read or
fetched at render time apart from that font.
"""

from __future__ import annotations

from .board import render_board

__all__ = ["render_board"]
