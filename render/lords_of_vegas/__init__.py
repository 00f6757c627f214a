"""The Lords of Vegas board image: a pure function from a game state to PNG bytes.

    png = render_board(state, names={"red": "Alice", "blue": "Bob"})

The board, the player panel and the scoring track, drawn with the shared helpers of
`render/` (text, palette, colour-blind cues).
"""

from __future__ import annotations

from .board import render_board
from .charts import render_points_chart
from .saved import saved_picture

__all__ = ["render_board", "render_points_chart", "saved_picture"]
