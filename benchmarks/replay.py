"""Timing `apply` and `legal_actions` by replaying recorded games, for any game's engine.

Works through the shared front door (`engine/game.py`), so every game's benchmark
measures the same thing the same way.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from typing import Any, Protocol

from engine.game import GameRules


class Recorded(Protocol):
    """A game's record: its settings and its command lines."""

    @property
    def settings(self) -> Any:
        """What `new_game` took."""

    @property
    def commands(self) -> list[str]:
        """Every accepted command, `<player>: <command>`."""


def print_replay_timings(
    rules: GameRules[Any, Any, Any, Any, Any, Any], records: Sequence[Recorded]
) -> None:
    """Replay `records` and print the mean `apply` and full `legal_actions` times."""
    apply_ns: list[int] = []
    listing_ns: list[int] = []
    listed = 0
    for record in records:
        state, _ = rules.new_game(record.settings)
        for line in record.commands:
            player, action = rules.parse_line(line)
            started = time.perf_counter_ns()
            options = rules.legal_actions(state, rules.waiting_for(state)[0])
            listing_ns.append(time.perf_counter_ns() - started)
            listed += len(options)
            started = time.perf_counter_ns()
            rules.apply(state, player, action)
            apply_ns.append(time.perf_counter_ns() - started)
    print(f"  apply: mean {statistics.fmean(apply_ns) / 1000:.1f} us over {len(apply_ns)} actions")
    print(
        f"  legal_actions (all kinds): mean {statistics.fmean(listing_ns) / 1000:.1f} us, "
        f"{listed / len(listing_ns):.0f} actions listed on average"
    )
