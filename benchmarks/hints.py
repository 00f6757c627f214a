"""How long a hint takes: the normal computer player's advice at every moment of games.

    python3 tasks.py run benchmarks.hints [--games 2] [--players 4]

Plays whole games with normal computer players (Lords of Vegas, then Vegas Showdown) and
asks for a hint for whoever must act at every step; prints the median, 90th percentile
and slowest hint of each game. Target: median <= 200 ms.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine import lords_of_vegas, vegas_showdown
from engine.hints import Suggestion
from engine.lords_of_vegas.ai.hints import hints as lords_hints
from engine.lords_of_vegas.ai.players import make_player as lords_player
from engine.vegas_showdown.ai import make_player as showdown_player
from engine.vegas_showdown.ai.hints import hints as showdown_hints
from engine.vegas_showdown.state import MAX_PLAYERS


def time_hints(
    state: Any,
    waiting: Callable[[Any], list[str]],
    hint: Callable[[Any, Any], list[Suggestion]],
    act: Callable[[Any, str], Any],
    apply: Callable[[Any, Any, Any], object],
    over: Callable[[Any], bool],
) -> list[float]:
    """Seconds per hint, asked for whoever must act at every step until the game ends."""
    took = []
    for _ in range(2000):
        if over(state):
            break
        mover = waiting(state)[0]
        started = time.perf_counter()
        hint(state, mover)
        took.append(time.perf_counter() - started)
        apply(state, mover, act(state, mover))
    return took


def lords_game(seed: int, players: int) -> list[float]:
    """Hint times over one Lords of Vegas game among normal players."""
    colors = list(lords_of_vegas.state.EDITION_COLORS["updated"][:players])
    settings = lords_of_vegas.GameSettings(players=colors, seed=seed)  # type: ignore[arg-type]
    state, _ = lords_of_vegas.new_game(settings)
    bots = {c: lords_player("normal", seed + i) for i, c in enumerate(colors)}

    def act(s: Any, c: str) -> Any:
        return bots[c].act(s, c) or lords_of_vegas.actions.EndTurn()  # type: ignore[index]

    return time_hints(
        state,
        lords_of_vegas.waiting_for,
        lords_hints,
        act,
        lords_of_vegas.apply,
        lords_of_vegas.is_over,
    )


def showdown_game(seed: int, players: int) -> list[float]:
    """Hint times over one Vegas Showdown game among normal players."""
    colors = list(vegas_showdown.COLORS[: min(players, MAX_PLAYERS)])
    state, _ = vegas_showdown.new_game(vegas_showdown.GameSettings(players=colors, seed=seed))
    bots = {c: showdown_player("normal", seed + i) for i, c in enumerate(colors)}
    return time_hints(
        state,
        vegas_showdown.waiting_for,
        showdown_hints,
        lambda s, c: bots[c].act(s, c),
        vegas_showdown.apply,
        vegas_showdown.is_over,
    )


def report(title: str, took: list[float]) -> None:
    """Print a game's hint times in milliseconds."""
    ms = sorted(t * 1000 for t in took)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    print(
        f"{title}: {len(ms)} hints, median {statistics.median(ms):.1f} ms, "
        f"90th percentile {p90:.1f} ms, slowest {ms[-1]:.1f} ms"
    )


def main() -> None:
    """Time hints over whole games of both games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    for seed in range(args.games):
        title = f"{args.players} players, seed {seed}"
        report(f"Lords of Vegas, {title}", lords_game(seed, args.players))
        seated = min(args.players, MAX_PLAYERS)
        report(f"Vegas Showdown, {seated} players, seed {seed}", showdown_game(seed, seated))


if __name__ == "__main__":
    main()
