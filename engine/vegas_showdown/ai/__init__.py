"""Vegas Showdown's computer players: easy, normal and hard (see `players.py`, `hard.py`).

    player = make_player("normal", seed=7)
    action = player.act(state, "red")   # None when the game is not waiting for red

`act` sees only what a person at the table sees: it decides from `public_view(state)`,
a copy whose hidden parts (event deck, premier stacks, shuffles, seed) are redrawn.
`choose(view, color)` is the same decision taken from a view made beforehand.
"""

from __future__ import annotations

from .hard import HardPlayer
from .players import LEVELS, ComputerPlayer, EasyPlayer, Level
from .view import View, public_view


def make_player(level: Level, seed: int = 0) -> ComputerPlayer:
    """A computer player of the given level."""
    if level == "easy":
        return EasyPlayer(seed=seed)
    if level == "hard":
        return HardPlayer(seed=seed)
    return ComputerPlayer(seed=seed)


__all__ = [
    "LEVELS",
    "ComputerPlayer",
    "EasyPlayer",
    "HardPlayer",
    "Level",
    "View",
    "make_player",
    "public_view",
]
