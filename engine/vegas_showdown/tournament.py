"""Play computer players against each other and report who wins, with confidence intervals.

    python -m engine.vegas_showdown.tournament --players 3 --games 300
        --seats normal,easy,easy [--seed S] [--jobs J] [--check]

Seats rotate every game and each deal (seed) is played once per rotation, so every
level plays every seat on the same event cards and stacks and the luck of the deal
cancels out of the comparison. Prints each level's win rate with a 95% Wilson interval
(shared wins count as a share), and the median, 99th percentile and largest time one
decision took, per level.

A seat may change a level's settings, to measure a tuning against the real levels:
`normal:area=1.5` is normal with that evaluation weight (see `ai/value.py`'s `Weights`),
`hard:budget=0.5` is hard with half a second to think.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Final

from ..tournament import (
    Results,
    Rules,
    lineup,
    play_all,
    play_seated,
    report,
    schedule,
    tuned_player,
)
from .actions import COLORS
from .ai import LEVELS, ComputerPlayer, make_player
from .game import apply, is_over, waiting_for
from .invariants import check_invariants
from .setup import GameSettings, new_game
from .state import MAX_PLAYERS, MIN_PLAYERS, GameState

MAX_ACTIONS: Final = 5000
# Player settings a seat may not change: who it is, and the clock tests give hard.
FIXED_SETTINGS: Final = frozenset({"seed", "level", "weights", "clock"})


def seat_player(seat: str, seed: int = 0) -> ComputerPlayer:
    """The computer player a seat names: a level, then any `name=number` settings.

    Settings are `Weights` fields (the evaluation) or the level's own numbers. Raises
    ValueError, saying what is allowed, for an unknown level or setting.
    """
    return tuned_player(seat, seed, LEVELS, make_player, FIXED_SETTINGS, "area=1.5")


def play_game(
    seats: Sequence[str],
    seed: int,
    results: Results,
    check: bool = False,
    make: Callable[[str, int], ComputerPlayer] = seat_player,
) -> GameState:
    """One game with these seats in order; adds to `results`.

    `make` builds each seat's player from its name and a seed (by default a level with
    settings, see `seat_player`). With `check`, the rules' invariants are checked after
    every action.
    """
    colors = list(COLORS[: len(seats)])
    state, _ = new_game(GameSettings(players=colors, seed=seed))
    rules = Rules(lambda game: waiting_for(game)[0], apply, is_over, lambda game: game.winners)
    seat_of = dict(zip(colors, seats, strict=True))
    checks = check_invariants if check else None
    play_seated(state, seat_of, seed, make, rules, results, checks, MAX_ACTIONS)
    return state


def play_one(table: tuple[list[str], int, bool]) -> Results:
    """One game in its own `Results` (so games can run in other processes)."""
    seats, seed, check = table
    results = Results()
    play_game(seats, seed, results, check=check)
    return results


def main(argv: list[str] | None = None) -> int:
    """Run the tournament described by the command line."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=90)
    parser.add_argument(
        "--seats",
        default="normal,easy",
        help="levels, comma-separated, cycled; a level may add settings: normal:area=1.5",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="check invariants after every action")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    args = parser.parse_args(argv)
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        parser.error(f"Vegas Showdown seats {MIN_PLAYERS} to {MAX_PLAYERS} players")
    seats = lineup(parser, args.seats, args.players, seat_player)
    tables = [
        (table, seed, args.check)
        for table, seed in schedule(seats, args.games, args.seed, duplicate=True)
    ]
    print(report(play_all(play_one, tables, args.jobs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
