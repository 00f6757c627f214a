"""A saved Vegas Showdown game (state or game record) read for drawing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.vegas_showdown import GameState
from engine.vegas_showdown.record import GameRecord

from ..saved import Picture
from .picture import render_round


def load_state(data: Any) -> GameState:
    """The state of a saved game's JSON: a state, or a game record (replayed to its end)."""
    if isinstance(data, dict) and "commands" in data and "settings" in data:
        state, _ = GameRecord.model_validate(data).replay()
        return state
    if isinstance(data, dict) and "game" in data:
        # A state carries its game's name only in newer saves; the model does not list it.
        data = {key: value for key, value in data.items() if key != "game"}
    return GameState.model_validate(data)


def saved_picture(data: Any) -> Picture:
    """The round picture of a saved game, ready to draw with the players' names."""
    state = load_state(data)

    def draw(names: Mapping[str, str]) -> bytes:
        return render_round(state, names={c: names[c] for c in state.colors if c in names})

    return Picture(tuple(state.colors), draw)
