"""How fast is the rules engine? Prints figures; asserts nothing.

    python -m benchmarks.engine [--games N] [--players P]

1. Full random games (the random player choosing among legal actions, trades and
   decisions included, no invariant checks) per second of CPU time on one core.
2. Replaying those games command by command: the mean time of one `apply`, and of one
   full `legal_actions` listing for the player the game waits for.
"""

from __future__ import annotations

import argparse
import time

from benchmarks.replay import print_replay_timings
from engine.games import LORDS_OF_VEGAS
from engine.lords_of_vegas.randomplay import play_random_game
from engine.lords_of_vegas.record import GameRecord
from engine.lords_of_vegas.state import EDITION_COLORS


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description="Lords of Vegas engine speed")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    colors = list(EDITION_COLORS["updated"][: args.players])

    records: list[GameRecord] = []
    started_cpu, started_wall = time.process_time(), time.perf_counter()
    for seed in range(args.games):
        _, record = play_random_game(colors, seed, check=False)
        records.append(record)
    cpu = time.process_time() - started_cpu
    wall = time.perf_counter() - started_wall
    commands = sum(len(r.commands) for r in records)
    print(f"{args.games} random {args.players}-player games, {commands} actions")
    print(
        f"  {args.games / cpu:.1f} games per CPU second ({args.games / wall:.1f} per wall second)"
    )

    print_replay_timings(LORDS_OF_VEGAS, records)


if __name__ == "__main__":
    main()
