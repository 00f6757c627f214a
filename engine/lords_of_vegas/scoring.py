"""The scoring track, with its breaks: points that cannot reach the next space are lost."""

from __future__ import annotations

from functools import lru_cache

from .board import BOARD


@lru_cache(maxsize=2048)
def advance(position: int, points: int) -> tuple[int, int]:
    """Move a scoring marker from `position` by `points`; return (new position, points lost).

    Each space costs the gap from the previous one (1 up to 8, then 2, 3, ... 9 to reach
    90); whatever cannot pay for the next space is lost, and nothing goes past 90.
    """
    track = BOARD.track
    index = track.index(position)
    left = points
    while index + 1 < len(track) and left >= track[index + 1] - track[index]:
        left -= track[index + 1] - track[index]
        index += 1
    return track[index], left


def is_track_space(points: int) -> bool:
    """True when `points` is a printed space of the scoring track (0 is the start)."""
    return points in BOARD.track


def track_end() -> int:
    """The last space of the track (90)."""
    return BOARD.track[-1]
