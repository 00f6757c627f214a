"""The Vegas Showdown pictures: pure functions from a game state to PNG bytes.

    png = render_round(state, names={"red": "Alice", "blue": "Bob"})

- `render_round`: the board with every player's sheet under it (the picture of a round;
  once the game is over it adds the final scoring by category).
- `render_board` and `render_sheets`: the same in two pictures, to send together.
- `render_sheet`: one player's sheet, large, its text readable on a phone.
- `render_tracks`, `render_standing` and `render_round_pictures`: the round at a phone's
  width: the tracks and bids, how the players stand (money, Fame, actions, event cards,
  Fame track, key), and each sheet in a picture of its own (the round post's pictures).
- `render_placement_preview`: a player's sheet with every legal placement of a tile
  numbered (number n is `numbered_placements(placements)[n - 1]`); past `MOST_NUMBERED`
  places, a dot each, and a run of them (`numbered_runs`) numbered on a picture of its own;
  `render_placement_choice`: one chosen placement drawn in, before it is confirmed.
"""

from __future__ import annotations

from .picture import (
    RoundPictures,
    render_board,
    render_round,
    render_round_pictures,
    render_sheet,
    render_sheets,
    render_standing,
    render_tracks,
)
from .preview import (
    MOST_NUMBERED,
    numbered_placements,
    numbered_runs,
    placement_words,
    render_placement_choice,
    render_placement_preview,
)
from .saved import saved_picture

__all__ = [
    "MOST_NUMBERED",
    "RoundPictures",
    "numbered_placements",
    "numbered_runs",
    "placement_words",
    "render_board",
    "render_placement_choice",
    "render_placement_preview",
    "render_round",
    "render_round_pictures",
    "render_sheet",
    "render_sheets",
    "render_standing",
    "render_tracks",
    "saved_picture",
]
