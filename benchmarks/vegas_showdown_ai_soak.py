"""Soak test for Vegas Showdown's computer players: whole games, invariants after every action.

    python -m benchmarks.vegas_showdown_ai_soak [--games 1000] [--jobs 2] [--seed 60000]

Games cycle through 3, 4 and 5 players with mixes of easy and normal seats, and a hard
seat in every tenth game (hard thinks up to a second a move, so more would make the
soak take hours). Prints how many games and actions were played, how the levels fared
and how long decisions took; any broken invariant or crash stops the run with its seed.
"""

from __future__ import annotations

import argparse
import time

from engine.tournament import Results, play_all, report
from engine.vegas_showdown.ai import Level
from engine.vegas_showdown.tournament import play_game


def table(game: int, seed: int) -> tuple[list[Level], int]:
    """The levels and seed of the soak's game number `game`."""
    players = 3 + game % 3
    levels: list[Level] = [
        "normal" if (game // 3 + seat) % 2 else "easy" for seat in range(players)
    ]
    if game % 10 == 9:
        levels[game % players] = "hard"
    return levels, seed + game


def soak_one(job: tuple[int, int]) -> Results:
    """Play one soak game with invariant checks; its results."""
    levels, seed = table(*job)
    results = Results()
    try:
        play_game(list(levels), seed, results, check=True)
    except Exception as error:
        raise RuntimeError(f"soak game with seed {seed} ({', '.join(levels)}) failed") from error
    return results


def main() -> None:
    """Run the soak and print its figures."""
    parser = argparse.ArgumentParser(description="Vegas Showdown AI soak test")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=60_000)
    args = parser.parse_args()
    started = time.perf_counter()
    jobs = [(game, args.seed) for game in range(args.games)]
    results = play_all(soak_one, jobs, args.jobs, chunksize=4)
    elapsed = time.perf_counter() - started
    print(
        f"soak: {results.games} games of 3-5 players, invariants checked after each of "
        f"{results.actions} actions"
    )
    print(report(results))
    print(f"{elapsed:.0f} s on {args.jobs} processes")


if __name__ == "__main__":
    main()
