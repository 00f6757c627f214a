"""Advancing on the scoring track, breaks included."""

from __future__ import annotations

import pytest

from engine.lords_of_vegas.scoring import advance


@pytest.mark.parametrize(
    ("start", "points", "end", "lost"),
    [
        (0, 1, 1, 0),
        (0, 8, 8, 0),
        (8, 1, 8, 1),  # rulebook: 1 point does not reach 10
        (8, 2, 10, 0),
        (8, 3, 10, 1),
        (8, 4, 12, 0),  # rulebook: 4 or 5 points reach 12
        (8, 5, 12, 1),
        (0, 12, 12, 0),  # a 3-space casino 4 high from the start
        (20, 2, 20, 2),
        (20, 3, 23, 0),
        (81, 9, 90, 0),
        (81, 8, 81, 8),
        (90, 5, 90, 5),
    ],
)
def test_advance(start: int, points: int, end: int, lost: int) -> None:
    assert advance(start, points) == (end, lost)
