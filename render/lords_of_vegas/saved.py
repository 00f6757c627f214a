"""A saved Lords of Vegas game (state, full record or public record) read for drawing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games import LORDS_OF_VEGAS
from engine.lords_of_vegas import GameState

from ..saved import Picture, saved_state
from .board import render_board


def load_state(data: Any) -> GameState:
    """The state of a saved game's JSON: a state, a game record (replayed) or a public record."""
    return saved_state(LORDS_OF_VEGAS, data)


def saved_picture(data: Any) -> Picture:
    """The board of a saved game, ready to draw with the players' names."""
    state = load_state(data)

    def draw(names: Mapping[str, str]) -> bytes:
        return render_board(state, names={c: names[c] for c in state.colors if c in names})

    return Picture(tuple(state.colors), draw)
