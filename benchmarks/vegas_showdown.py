"""How fast is the Vegas Showdown engine? Prints figures; asserts nothing.

    python -m benchmarks.vegas_showdown [--games N] [--players P] [--sheets S]

1. Full random games (the random player of `randomplay.py`, no invariant checks) per
   second of CPU time on one core, for the best of three batches (the machine is shared;
   the least disturbed batch is the engine's speed). Target: at least 200 four-player
   games per second.
2. Replaying those games command by command: the mean time of one `apply`, and of one
   full `legal_actions` listing for the player the game waits for.
3. `legal_placements` for a large tile on half-full sheets (target: under 200 us), from
   `benchmarks/vegas_showdown_sheet.py`.
"""

from __future__ import annotations

import argparse
import time

from benchmarks.replay import print_replay_timings
from benchmarks.vegas_showdown_sheet import half_full_sheets, measure_legal_placements
from engine.games import VEGAS_SHOWDOWN
from engine.vegas_showdown import COLORS
from engine.vegas_showdown.randomplay import play_game
from engine.vegas_showdown.record import GameRecord


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description="Vegas Showdown engine speed")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--sheets", type=int, default=300)
    args = parser.parse_args()
    colors = list(COLORS[: args.players])

    play_game(colors, -1, check=False)  # load the components and warm the tables
    records: list[GameRecord] = []
    rounds = 0
    batches: list[float] = []  # CPU seconds per batch of games; the best is the least disturbed
    batch = max(1, args.games // 3)
    started_wall = time.perf_counter()
    for first in range(0, args.games, batch):
        started_cpu = time.process_time()
        for seed in range(first, min(first + batch, args.games)):
            state, record = play_game(colors, seed, check=False)
            records.append(record)
            rounds += state.round
        batches.append(
            (time.process_time() - started_cpu) / (min(first + batch, args.games) - first)
        )
    wall = time.perf_counter() - started_wall
    commands = sum(len(r.commands) for r in records)
    print(
        f"{args.games} random {args.players}-player games, {rounds / args.games:.1f} rounds and "
        f"{commands / args.games:.0f} actions each"
    )
    print(
        f"  {1 / min(batches):.1f} games per CPU second (best batch of {batch}; "
        f"{args.games / wall:.1f} per wall second over all)"
    )

    print_replay_timings(VEGAS_SHOWDOWN, records)

    sheets = half_full_sheets(args.sheets, seed=1)
    figures = measure_legal_placements(sheets)
    print(
        f"  legal_placements, large tile on {len(sheets)} half-full sheets: mean "
        f"{figures['cold_us']:.1f} us cold (sheet never seen), "
        f"{figures['repeated_us']:.2f} us repeated"
    )


if __name__ == "__main__":
    main()
