"""The Vegas Showdown pictures: pure functions from a game state to PNG bytes.

    png = render_round(state, names={"red": "Alice", "blue": "Bob"})

- `render_round`: the board with every player's sheet under it (the picture of a round;
  at the end of the game it adds the final scoring by category).
- `render_board` and `render_sheets`: the same in two pictures, to send together.
- `render_sheet`: one player's sheet, large.
- `render_placement_preview`: a player's sheet with every legal placement of a tile
  numbered; `render_placement_choice`: one chosen placement before it is confirmed.
"""

from __future__ import annotations

from .picture import render_board, render_round, render_sheet, render_sheets

__all__ = ["render_board", "render_round", "render_sheet", "render_sheets"]
