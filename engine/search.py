"""Choosing among a few candidate moves by playing each out in the same possible futures.

A hard computer player lists its favourite move and a few challengers, plays every one
of them in each of several imagined futures (a paired comparison: the same cards and
dice for all), and keeps its favourite unless a challenger does clearly better. This is
the same for every game; what a future is and how it is judged is each game's own.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from typing import TypeVar

MoveT = TypeVar("MoveT")


def paired_outcomes(
    finalists: Sequence[MoveT],
    rollout: Callable[[MoveT, int], float],
    futures: int,
    rnd: random.Random,
    clock: Callable[[], float],
    deadline: float,
) -> list[list[float]]:
    """Each finalist's result in the same futures, as many as the deadline allows.

    `rollout(move, seed)` plays one future, named by its seed, after `move`. Every future
    is played for every finalist; one the deadline cuts short is dropped. No rollout
    starts unless the longest one so far would still end before the deadline, so a
    decision overruns only when a rollout takes longer than every one before it.
    """
    outcomes: list[list[float]] = [[] for _ in finalists]
    longest = 0.0
    for _ in range(futures):
        seed = rnd.getrandbits(32)
        future = []
        for move in finalists:
            start = clock()
            if start + longest >= deadline:
                return outcomes
            future.append(rollout(move, seed))
            longest = max(longest, clock() - start)
        for results, result in zip(outcomes, future, strict=True):
            results.append(result)
    return outcomes


def clear_winner(outcomes: list[list[float]], confidence: float) -> int:
    """Which finalist to play, given each one's results in the same futures.

    The favourite (0) unless another has a clear edge over it (`clear_edge`); among
    several, the largest edge wins.
    """
    choice, margin = 0, 0.0
    for index, results in enumerate(outcomes[1:], start=1):
        edge = clear_edge(results, outcomes[0], confidence)
        if edge > margin:
            choice, margin = index, edge
    return choice


def clear_edge(challenger: list[float], favourite: list[float], confidence: float) -> float:
    """The challenger's mean lead over the favourite in the same futures, if it is clear.

    Clear means more than `confidence` standard errors of the paired differences;
    otherwise (or with fewer than two futures) the edge is 0.
    """
    diffs = [a - b for a, b in zip(challenger, favourite, strict=True)]
    if len(diffs) < 2 or not all(math.isfinite(d) for d in diffs):
        return 0.0
    mean = statistics.fmean(diffs)
    error = statistics.stdev(diffs) / math.sqrt(len(diffs))
    return mean if mean > confidence * error else 0.0
