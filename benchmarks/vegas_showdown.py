"""How fast is the Vegas Showdown engine? Prints figures; asserts nothing.

    python -m benchmarks.vegas_showdown [--games N] [--players P] [--sheets S]

1. Full random games (the random player of `randomplay.py`, no invariant checks) per
   second of CPU time on one core (target: at least 200 four-player games per second).
2. Replaying those games command by command: the mean time of one `apply`, and of one
   full `legal_actions` listing for the player the game waits for.
3. `legal_placements` for a large tile on half-full sheets (target: under 200 us), from
   `benchmarks/vegas_showdown_sheet.py`.
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks.vegas_showdown_sheet import half_full_sheets, measure_legal_placements
from engine.vegas_showdown import COLORS, apply, legal_actions, new_game, parse_line, waiting_for
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
    started_cpu, started_wall = time.process_time(), time.perf_counter()
    for seed in range(args.games):
        state, record = play_game(colors, seed, check=False)
        records.append(record)
        rounds += state.round
    cpu = time.process_time() - started_cpu
    wall = time.perf_counter() - started_wall
    commands = sum(len(r.commands) for r in records)
    print(
        f"{args.games} random {args.players}-player games, {rounds / args.games:.1f} rounds and "
        f"{commands / args.games:.0f} actions each"
    )
    print(
        f"  {args.games / cpu:.1f} games per CPU second ({args.games / wall:.1f} per wall second)"
    )

    apply_ns: list[int] = []
    listing_ns: list[int] = []
    listed = 0
    for record in records:
        state, _ = new_game(record.settings)
        for line in record.commands:
            player, action = parse_line(line)
            started = time.perf_counter_ns()
            options = legal_actions(state, waiting_for(state)[0])
            listing_ns.append(time.perf_counter_ns() - started)
            listed += len(options)
            started = time.perf_counter_ns()
            apply(state, player, action)
            apply_ns.append(time.perf_counter_ns() - started)
    print(f"  apply: mean {statistics.fmean(apply_ns) / 1000:.1f} us over {len(apply_ns)} actions")
    print(
        f"  legal_actions (all kinds): mean {statistics.fmean(listing_ns) / 1000:.1f} us, "
        f"{listed / len(listing_ns):.0f} actions listed on average"
    )

    sheets = half_full_sheets(args.sheets, seed=1)
    figures = measure_legal_placements(sheets)
    print(
        f"  legal_placements, large tile on {len(sheets)} half-full sheets: mean "
        f"{figures['cold_us']:.1f} us cold (sheet never seen), "
        f"{figures['repeated_us']:.2f} us repeated"
    )


if __name__ == "__main__":
    main()
