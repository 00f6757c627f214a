"""Play computer players against each other and report who wins, with confidence intervals.

    python -m engine.lords_of_vegas.tournament --players 2 --games 400 --seats normal,easy
        [--edition updated|classic] [--seed S] [--check] [--jobs J] [--duplicate]

Seats rotate every game, so each level plays every seat equally often. Prints each
level's win rate with a 95% Wilson interval (shared wins count as a share), and the
median, 99th percentile and largest time one decision took, per level.

A seat may change a level's settings, to measure a tuning against the real levels:
`normal:contest=0.3:money_early=0.45` is normal with those `Weights`, `hard:budget=0.5`
is hard with half a second to think. `--duplicate` deals each game once per seat
rotation, so every seat plays the same cards and dice in turn and the luck of the deal
cancels out of the comparison.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from ..tournament import (
    Results,
    Rules,
    lineup,
    play_all,
    play_seated,
    report,
    schedule,
    tuned_player,
    wilson,
)
from .actions import Color
from .ai.players import LEVELS, AiPlayer, make_player
from .game import apply, is_over
from .invariants import check_invariants
from .setup import GameSettings, new_game
from .state import EDITION_COLORS, Edition, GameState

__all__ = ["Results", "main", "play_game", "report", "schedule", "seat_player", "wilson"]

MAX_ACTIONS = 5000


# Player settings a seat may not change: who it is, what only rollouts set, the clock.
FIXED_SETTINGS = frozenset({"seed", "level", "weights", "imagined", "clock"})


def seat_player(seat: str, seed: int = 0) -> AiPlayer:
    """The computer player a seat names: a level, then any `name=number` settings.

    Settings are `Weights` fields (the evaluation) or the level's own numbers, such as
    `samples` or, for hard, `budget` and `turns`. Raises ValueError, saying what is
    allowed, for an unknown level or setting.
    """
    return tuned_player(seat, seed, LEVELS, make_player, FIXED_SETTINGS, "contest=0.3")


def play_game(
    seats: Sequence[str],
    seed: int,
    edition: Edition,
    results: Results,
    check: bool = False,
    make: Callable[[str, int], AiPlayer] = seat_player,
) -> GameState:
    """One game with these seats in order; adds to `results`.

    `make` builds each seat's player from its name and a seed (by default a level with
    settings, see `seat_player`).
    """
    colors = list(EDITION_COLORS[edition][: len(seats)])
    state, _ = new_game(GameSettings(edition=edition, players=colors, seed=seed))
    rules = Rules(lambda game: _who_acts(game, colors), apply, is_over, lambda game: game.winners)
    seat_of = dict(zip(colors, seats, strict=True))
    checks = check_invariants if check else None
    play_seated(state, seat_of, seed, make, rules, results, checks, MAX_ACTIONS)
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


def main(argv: list[str] | None = None) -> int:
    """Run the tournament described by the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument(
        "--seats",
        default="normal,easy",
        help="levels, comma-separated, cycled; a level may add settings: normal:contest=0.3",
    )
    parser.add_argument("--edition", choices=("updated", "classic"), default="updated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="check invariants after every action")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    parser.add_argument(
        "--duplicate", action="store_true", help="deal each game once per seat rotation"
    )
    args = parser.parse_args(argv)
    seats = lineup(parser, args.seats, args.players, seat_player)
    tables = [
        (table, seed, args.edition, args.check)
        for table, seed in schedule(seats, args.games, args.seed, args.duplicate)
    ]
    print(report(play_all(_play_one, tables, args.jobs)))
    return 0


def _play_one(table: tuple[list[str], int, Edition, bool]) -> Results:
    """One game in its own `Results` (so games can run in other processes)."""
    seats, seed, edition, check = table
    results = Results()
    play_game(seats, seed, edition, results, check=check)
    return results


if __name__ == "__main__":
    sys.exit(main())
