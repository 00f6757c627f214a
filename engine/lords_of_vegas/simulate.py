"""Play random legal games (offers and decisions included) and check the rules' invariants.

    python -m engine.lords_of_vegas.simulate --games N --players P --seed S
        [--edition E] [--dump DIR]

Each game uses seed S, S+1, ...; the invariants are checked after every accepted action
and every finished game is replayed from its record to check the replay is exact. With
--dump, each game's final state (`game-<seed>.state.json`) and record
(`game-<seed>.record.json`) are written to DIR.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from engine.simulation import check_and_keep, summary_lines

from .randomplay import play_random_game
from .state import EDITION_COLORS, MIN_PLAYERS


def main(argv: list[str] | None = None) -> int:
    """Run the simulation described by the command line; print a summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", choices=("updated", "classic"), default="updated")
    parser.add_argument(
        "--dump", type=Path, default=None, help="folder for final states and records"
    )
    parser.add_argument(
        "--no-checks", action="store_true", help="skip invariant and replay checks (speed only)"
    )
    args = parser.parse_args(argv)
    colors = list(EDITION_COLORS[args.edition])
    if not MIN_PLAYERS <= args.players <= len(colors):
        parser.error(f"the {args.edition} edition seats {MIN_PLAYERS} to {len(colors)} players")
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)

    check = not args.no_checks
    wins: Counter[str] = Counter()
    actions = 0
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        state, record = play_random_game(colors[: args.players], seed, args.edition, check=check)
        actions += len(record.commands)
        for winner in state.winners:
            wins[winner] += 1
        if not check_and_keep(record, state, seed, check=check, dump=args.dump):
            return 1
    elapsed = time.perf_counter() - started
    print(
        f"{args.games} {args.edition} games of {args.players} players, seeds {args.seed}.."
        f"{args.seed + args.games - 1}: {actions} actions, "
        f"{'invariants and replays checked' if check else 'no checks'}"
    )
    print("\n".join(summary_lines(wins, args.games, elapsed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
