"""Soak test for the computer players: many whole games, invariants checked after every action.

    python -m benchmarks.ai_soak [--games 1000] [--jobs 2]

Games cycle through 2 to 6 players (2 to 4 in the classic edition), both editions,
and mixes of easy and normal seats, with a hard seat in every 25th game of up to four
players (hard thinks up to two seconds a move, so more would make the soak take hours). Prints how
many games and actions were played, how the levels fared and how long decisions took;
any broken invariant or crash stops the run with its seed.
"""

from __future__ import annotations

import argparse
import time

from engine.lords_of_vegas.ai.players import Level
from engine.lords_of_vegas.state import EDITION_COLORS, Edition
from engine.lords_of_vegas.tournament import Results, play_game, report
from engine.tournament import play_all


def table(game: int) -> tuple[list[Level], int, Edition]:
    """The levels, seed and edition of the soak's game number `game`."""
    edition: Edition = "classic" if game % 3 == 2 else "updated"
    most = len(EDITION_COLORS[edition])
    players = 2 + game % (most - 1)
    levels: list[Level] = ["normal" if (game + seat) % 2 else "easy" for seat in range(players)]
    if game % 25 == 24 and players <= 4:
        levels[0] = "hard"
    return levels, 50_000 + game, edition


def soak_one(game: int) -> Results:
    """Play one soak game with invariant checks; its results."""
    levels, seed, edition = table(game)
    results = Results()
    play_game(levels, seed, edition, results, check=True)
    return results


def main() -> None:
    """Run the soak and print its figures."""
    parser = argparse.ArgumentParser(description="AI soak test")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    results = play_all(soak_one, range(args.games), args.jobs, chunksize=8)
    elapsed = time.perf_counter() - started
    print(
        f"soak: {results.games} games, invariants checked after each of {results.actions} actions"
    )
    print(report(results))
    print(f"{elapsed:.0f} s on {args.jobs} processes")


if __name__ == "__main__":
    main()
