"""A saved Lords of Vegas game (state, full record or public record) read for drawing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.lords_of_vegas import GameState
from engine.lords_of_vegas.record import GameRecord, PublicRecord

from ..saved import Picture
from .board import render_board


def load_state(data: Any) -> GameState:
    """The state of a saved game's JSON: a state, a game record (replayed) or a public record."""
    if isinstance(data, dict) and data.get("record") == "public":
        return PublicRecord.model_validate(data).state
    if isinstance(data, dict) and "commands" in data and "settings" in data:
        state, _ = GameRecord.model_validate(data).replay()
        return state
    return GameState.model_validate(data)


def saved_picture(data: Any) -> Picture:
    """The board of a saved game, ready to draw with the players' names."""
    state = load_state(data)

    def draw(names: Mapping[str, str]) -> bytes:
        return render_board(state, names={c: names[c] for c in state.colors if c in names})

    return Picture(tuple(state.colors), draw)
