"""Play computer players against each other and report who wins, with confidence intervals.

    python -m engine.lords_of_vegas.tournament --players 2 --games 400 --seats normal,easy
        [--edition updated|classic] [--seed S] [--check]

Seats rotate every game, so each level plays every seat equally often. Prints each
level's win rate with a 95% Wilson interval (shared wins count as a share), and the
median, 99th percentile and largest time one decision took, per level.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import cast

from .actions import Color
from .ai.players import LEVELS, AiPlayer, Level, make_player
from .game import apply
from .invariants import check_invariants
from .setup import GameSettings, new_game
from .state import EDITION_COLORS, Edition, GameState

MAX_ACTIONS = 5000


@dataclass
class Results:
    """Wins and decision times gathered over a tournament."""

    wins: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    seats: defaultdict[str, int] = field(default_factory=lambda: defaultdict(int))
    times: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    games: int = 0
    actions: int = 0

    def merge(self, other: Results) -> None:
        """Add another tournament's results to these."""
        for level, wins in other.wins.items():
            self.wins[level] += wins
        for level, seats in other.seats.items():
            self.seats[level] += seats
        for level, times in other.times.items():
            self.times[level].extend(times)
        self.games += other.games
        self.actions += other.actions


def play_game(
    levels: list[Level], seed: int, edition: Edition, results: Results, check: bool = False
) -> GameState:
    """One game with these levels in seating order; adds to `results`."""
    colors = list(EDITION_COLORS[edition][: len(levels)])
    state, _ = new_game(GameSettings(edition=edition, players=colors, seed=seed))
    players: dict[str, AiPlayer] = {
        color: make_player(level, seed * 31 + i)
        for i, (color, level) in enumerate(zip(colors, levels, strict=True))
    }
    level_of = dict(zip(colors, levels, strict=True))
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        mover = _who_acts(state, colors)
        started = time.perf_counter()
        action = players[mover].act(state, mover)
        results.times[level_of[mover]].append(time.perf_counter() - started)
        assert action is not None, f"{mover} has nothing to do"
        apply(state, mover, action)
        results.actions += 1
        if check:
            check_invariants(state)
    else:
        raise RuntimeError(f"game {seed} did not end")
    results.games += 1
    for color, level in level_of.items():
        results.seats[level] += 1
        if color in state.winners:
            results.wins[level] += 1 / len(state.winners)
    return state


def _who_acts(state: GameState, colors: list[Color]) -> Color:
    """The player the game waits for: a decision's owner, an offer's party, or the current."""
    if state.pending:
        return state.pending[0].player
    for offer in state.offers:
        for color in colors:
            if color != offer.proposer and color not in offer.accepted:
                return color
    return state.current


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


def report(results: Results) -> str:
    """Win rates with intervals and decision times, one line per level."""
    lines = [f"{results.games} games, {results.actions} actions"]
    for level in sorted(results.seats, key=lambda lv: -results.wins[lv] / results.seats[lv]):
        seats, wins = results.seats[level], results.wins[level]
        low, high = wilson(wins, seats)
        times = sorted(results.times[level]) or [0.0]
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        lines.append(
            f"{level:<7} won {wins:6.1f} of {seats:4d} seats = {wins / seats:6.1%} "
            f"(95% CI {low:.1%}-{high:.1%});  decision time median "
            f"{statistics.median(times) * 1000:7.2f} ms, p99 {p99 * 1000:7.1f} ms, "
            f"max {times[-1] * 1000:7.1f} ms"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the tournament described by the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", default="normal,easy", help="levels, comma-separated, cycled")
    parser.add_argument("--edition", choices=("updated", "classic"), default="updated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="check invariants after every action")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    args = parser.parse_args(argv)
    wanted = [s.strip() for s in args.seats.split(",") if s.strip()]
    for level in wanted:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    lineup = [cast(Level, wanted[i % len(wanted)]) for i in range(args.players)]
    tables = []
    for game in range(args.games):
        shift = game % args.players
        tables.append((lineup[shift:] + lineup[:shift], args.seed + game, args.edition, args.check))
    results = Results()
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for part in pool.map(_play_one, tables, chunksize=4):
                results.merge(part)
    else:
        for table in tables:
            results.merge(_play_one(table))
    print(report(results))
    return 0


def _play_one(table: tuple[list[Level], int, Edition, bool]) -> Results:
    """One game in its own `Results` (so games can run in other processes)."""
    levels, seed, edition, check = table
    results = Results()
    play_game(levels, seed, edition, results, check=check)
    return results


if __name__ == "__main__":
    sys.exit(main())
