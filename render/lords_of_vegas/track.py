"""The players' markers on the scoring track."""

from __future__ import annotations

from engine.lords_of_vegas import GameState

from ..box import Box
from ..canvas import Canvas
from .geometry import TRACK_CELLS
from .lots import draw_code_tag

TOKENS_TOP = 42
MAX_TOKEN_H = 22


def track_space(points: int) -> int:
    """Index of the track space a score sits on (the highest space not above it)."""
    index = 0
    for i, (value, _) in enumerate(TRACK_CELLS):
        if value <= points:
            index = i
    return index


def draw_track_markers(canvas: Canvas, state: GameState) -> None:
    """Each player's code tag on the space of their score, in a lane of their own.

    Lanes follow the seating order, so markers never share a spot however many players
    have the same score (everyone starts on 0).
    """
    count = len(state.players)
    for lane, player in enumerate(state.players):
        cell = TRACK_CELLS[track_space(player.points)][1]
        area = Box(cell.left + 2, cell.top + TOKENS_TOP, cell.right - 2, cell.bottom - 2)
        height = min(MAX_TOKEN_H, area.height // count)
        top = area.top + lane * height
        token = Box(area.left, top, area.right, top + height - 1)
        draw_code_tag(canvas, token, player.color, min(16, height - 2))
