"""Positions for the Vegas Showdown picture tests, made by the engine's own players.

A whole game is played once (cached) by the greedy player, whose sheets fill up, or the
random one, which also reserves and renovates; replaying part of its record stops it
anywhere, and `every_step` collects positions from each step of a round.
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image

from engine.vegas_showdown import COLORS, GameSettings, GameState, apply, new_game, parse_line
from engine.vegas_showdown.greedy import GreedyPlayer
from engine.vegas_showdown.randomplay import play_game
from engine.vegas_showdown.record import GameRecord


@cache
def finished_game(players: int, seed: int, greedy: bool = True) -> tuple[GameState, GameRecord]:
    """A whole game (cached: copy the state before changing it)."""
    strategy = GreedyPlayer() if greedy else None
    return play_game(list(COLORS[:players]), seed, strategy, check=False)


def final_state(players: int, seed: int, greedy: bool = True) -> GameState:
    """A fresh copy of a finished game's final state."""
    return finished_game(players, seed, greedy)[0].model_copy(deep=True)


def midway(players: int, seed: int, fraction: float, greedy: bool = True) -> GameState:
    """The same game stopped after `fraction` of its commands."""
    _, record = finished_game(players, seed, greedy)
    state, _ = record.replay(upto=int(len(record.commands) * fraction))
    return state


def new_state(players: int, seed: int = 1) -> GameState:
    """A game just set up, waiting for the first player's action."""
    state, _ = new_game(GameSettings(players=list(COLORS[:players]), seed=seed))
    return state


def every_step(players: int, seed: int, greedy: bool = False) -> list[GameState]:
    """Copies of a game's states: the first of each step kind met, and every 40th command."""
    _, record = finished_game(players, seed, greedy)
    state, _ = new_game(record.settings)
    seen: set[str] = set()
    found: list[GameState] = []
    for index, line in enumerate(record.commands):
        if state.step not in seen or index % 40 == 0:
            seen.add(state.step)
            found.append(state.model_copy(deep=True))
        apply(state, *parse_line(line))
    found.append(state)
    return found


def decode(png: bytes) -> Image.Image:
    """The PNG decoded to RGB, for reading pixels."""
    return Image.open(io.BytesIO(png)).convert("RGB")
