"""Positions for the renderer's tests, made by the engine's random player.

A random game's final state is a late-game position; replaying part of its record
stops it midway.
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image

from engine.lords_of_vegas import Color, GameState
from engine.lords_of_vegas.randomplay import play_random_game
from engine.lords_of_vegas.record import GameRecord
from engine.lords_of_vegas.state import Edition

UPDATED: tuple[Color, ...] = ("black", "blue", "green", "purple", "red", "yellow")
CLASSIC: tuple[Color, ...] = ("blue", "green", "red", "yellow")


def seats(edition: Edition, count: int) -> list[Color]:
    """The first `count` colours of the edition."""
    return list((UPDATED if edition == "updated" else CLASSIC)[:count])


@cache
def finished_game(
    edition: Edition, count: int, seed: int, style: str | None = None
) -> tuple[GameState, GameRecord]:
    """A whole random game: its final state and its record (cached; copy before changing)."""
    return play_random_game(seats(edition, count), seed, edition, style=style)


def final_state(edition: Edition, count: int, seed: int, style: str | None = None) -> GameState:
    """A fresh copy of a finished random game's final state."""
    return finished_game(edition, count, seed, style)[0].model_copy(deep=True)


def midway(edition: Edition, count: int, seed: int, fraction: float) -> GameState:
    """The same kind of game stopped after `fraction` of its commands."""
    _, record = finished_game(edition, count, seed, "builder")
    state, _ = record.replay(upto=int(len(record.commands) * fraction))
    return state


def decode(png: bytes) -> Image.Image:
    """The PNG decoded to RGB, for reading pixels."""
    return Image.open(io.BytesIO(png)).convert("RGB")
