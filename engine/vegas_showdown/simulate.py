"""Play random legal games and check the rules' invariants, or gather statistics.

    python -m engine.vegas_showdown.simulate --games N --players P --seed S
        [--dump DIR] [--stats]

Each game uses seed S, S+1, ...; the invariants are checked after every accepted action
and every finished game is replayed from its record to check the replay is exact. With
--dump, each game's final state (`game-<seed>.state.json`) and record
(`game-<seed>.record.json`) are written to DIR. With --stats, the same seeds are played
by the random player and by the greedy player (no checks), and the shape of the games is
printed: rounds per game, how games ended, how often each premier tile was bought.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from engine.simulation import check_and_keep, summary_lines

from .actions import COLORS
from .events import Event, GameOver, TileBought
from .greedy import GreedyPlayer
from .randomplay import RandomPlayer, Strategy, play_game
from .state import MAX_PLAYERS, MIN_PLAYERS
from .tables import TILES


def _check_games(args: argparse.Namespace) -> int:
    colors = list(COLORS[: args.players])
    wins: Counter[str] = Counter()
    actions = 0
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        state, record = play_game(colors, seed)
        actions += len(record.commands)
        wins.update(state.winners)
        if not check_and_keep(record, state, seed, check=True, dump=args.dump):
            return 1
    elapsed = time.perf_counter() - started
    print(
        f"{args.games} games of {args.players} players, seeds {args.seed}.."
        f"{args.seed + args.games - 1}: {actions} actions, invariants and replays checked"
    )
    print("\n".join(summary_lines(wins, args.games, elapsed)))
    return 0


def _stats(args: argparse.Namespace, name: str, make: type[Strategy] | None) -> None:
    colors = list(COLORS[: args.players])
    rounds: list[int] = []
    endings: Counter[str] = Counter()
    bought: Counter[str] = Counter()
    in_games: Counter[str] = Counter()
    winning: list[int] = []
    for seed in range(args.seed, args.seed + args.games):
        events: list[Event] = []
        mover = RandomPlayer(seed=seed) if make is None else make()
        state, _ = play_game(colors, seed, mover, check=False, events=events)
        rounds.append(state.round)
        endings[str(state.end_reason)] += 1
        tiles = [e.tile for e in events if isinstance(e, TileBought) and TILES[e.tile].is_premier]
        bought.update(tiles)
        in_games.update(set(tiles))
        over = next(e for e in events if isinstance(e, GameOver))
        winning.append(over.standings[0][1])
    games = args.games
    print(f"{name} play, {games} games of {args.players} players (seeds {args.seed}..):")
    print(
        f"  rounds per game: mean {statistics.fmean(rounds):.1f}, "
        f"min {min(rounds)}, max {max(rounds)}"
    )
    print("  ended by: " + ", ".join(f"{why} {n}" for why, n in endings.most_common()))
    print(
        f"  winning Fame: mean {statistics.fmean(winning):.1f}, range {min(winning)}-{max(winning)}"
    )
    print("  premier tiles bought (per game; share of games with at least one):")
    for tile in sorted(t for t in TILES if TILES[t].is_premier):
        print(
            f"    {TILES[tile].name:22} {bought[tile] / games:5.2f}  {in_games[tile] / games:4.0%}"
        )


def main(argv: list[str] | None = None) -> int:
    """Run the simulation described by the command line; print a summary."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--dump", type=Path, default=None, help="folder for final states and records"
    )
    parser.add_argument(
        "--stats", action="store_true", help="statistics of random and greedy play instead"
    )
    args = parser.parse_args(argv)
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        parser.error(f"Vegas Showdown seats {MIN_PLAYERS} to {MAX_PLAYERS} players")
    if args.stats:
        _stats(args, "Random", None)
        _stats(args, "Greedy", GreedyPlayer)
        return 0
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
    return _check_games(args)


if __name__ == "__main__":
    sys.exit(main())
