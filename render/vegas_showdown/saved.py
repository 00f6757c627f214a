"""A saved Vegas Showdown game (state, full record or public record) read for drawing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games import VEGAS_SHOWDOWN
from engine.vegas_showdown import GameState

from ..saved import Picture, saved_state
from .picture import render_round


def load_state(data: Any) -> GameState:
    """The state of a saved game's JSON: a state, a game record (replayed) or a public record."""
    return saved_state(VEGAS_SHOWDOWN, data)


def saved_picture(data: Any) -> Picture:
    """The round picture of a saved game, ready to draw with the players' names."""
    state = load_state(data)

    def draw(names: Mapping[str, str]) -> bytes:
        return render_round(state, names={c: names[c] for c in state.colors if c in names})

    return Picture(tuple(state.colors), draw)
