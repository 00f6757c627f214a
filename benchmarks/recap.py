"""Replays and recaps: a replay step's time, and the animated recap's time and size.

    python3 tasks.py run benchmarks.recap [--seed 1]

For a finished 6-player Lords of Vegas game (played by easy computer players) and a
finished 5-player Vegas Showdown game (the greedy player), as the bot does it:

- the replay's book: replaying the whole record once (kept afterwards);
- a replay step: its text and its picture drawn (cold), for every step of the game;
  and a step whose picture was drawn ahead while the player looked at the one before
  (warm: the usual case when stepping with next or back);
- the animated recap: the time to build it (replay, a picture per turn or round, GIF)
  and its size. Targets: step median <= 30 ms; recap <= 3 s and <= 8 MiB.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from bot.games import GAMES
from bot.recap import MOST_BYTES, build_recap
from bot.replay import page_text, write_book
from bot.store import Game, Move, Seat
from engine import lords_of_vegas, vegas_showdown
from engine.lords_of_vegas.ai.players import make_player
from engine.vegas_showdown.greedy import GreedyPlayer


def stored(
    kind: str, settings: Any, commands: list[str], colors: list[str]
) -> tuple[Game, list[Move]]:
    """A finished game as the store would give it, with its move log."""
    hosted = GAMES[kind]
    record = hosted.record(settings, commands)
    state, _ = record.replay()
    seats = tuple(
        Seat(n, color, user_id=1000 + n, name=f"Player {n}") for n, color in enumerate(colors, 1)
    )
    game = Game(
        id=1,
        kind=kind,
        guild_id=1,
        channel_id=2,
        host_user_id=1001,
        edition=hosted.editions[0] if kind != "lords_of_vegas" else "updated",
        status="finished",
        version=len(commands) + 10,
        moves=len(commands),
        created_at="2026-01-01T00:00:00.000Z",
        updated_at="",
        started_at="",
        ended_at="",
        seats=seats,
        settings_json=settings.model_dump_json(),
        state_json=state.model_dump_json(),
        engine=hosted.rules,
    )
    moves = [Move(n, None, line, "") for n, line in enumerate(commands, 1)]
    return game, moves


def lords_game(seed: int) -> tuple[Game, list[Move]]:
    """A 6-player Lords of Vegas game played to its end by easy computer players."""
    colors = ["red", "blue", "green", "yellow", "purple", "black"]
    settings = lords_of_vegas.GameSettings(players=colors, seed=seed)  # type: ignore[arg-type]
    state, _ = lords_of_vegas.new_game(settings)
    bots = {c: make_player("easy", seed + i) for i, c in enumerate(colors)}
    commands = []
    while not state.over:
        mover = lords_of_vegas.waiting_for(state)[0]
        action = bots[mover].act(state, mover) or lords_of_vegas.actions.EndTurn()
        lords_of_vegas.apply(state, mover, action)
        commands.append(lords_of_vegas.format_line(mover, action))
    return stored("lords_of_vegas", settings, commands, colors)


def showdown_game(seed: int) -> tuple[Game, list[Move]]:
    """A 5-player Vegas Showdown game played to its end by the greedy player."""
    colors = list(vegas_showdown.COLORS[:5])
    settings = vegas_showdown.GameSettings(players=colors, seed=seed)
    state, _ = vegas_showdown.new_game(settings)
    greedy = GreedyPlayer()
    commands = []
    while not state.over:
        color, action = greedy.next_move(state)
        vegas_showdown.apply(state, color, action)
        commands.append(vegas_showdown.format_line(color, action))
    return stored("vegas_showdown", settings, commands, colors)


def timed(work: Callable[[], object]) -> float:
    """Seconds `work` takes."""
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def report(title: str, game: Game, moves: list[Move]) -> None:
    """Print the book, step and recap figures of one game."""
    hosted = GAMES[game.kind]
    started = time.perf_counter()
    book = write_book(hosted, game, moves)
    written = time.perf_counter() - started
    rules = hosted.rules
    cold, warm = [], []
    for step in range(book.last + 1):

        def draw(step: int = step) -> None:
            state = rules.GameState.model_validate_json(book.pages[step].state_json)
            hosted.picture(game, state)
            page_text(hosted, game, book, step)

        cold.append(timed(draw))
        warm.append(timed(lambda step=step: page_text(hosted, game, book, step)))
    started = time.perf_counter()
    gif = build_recap(hosted, game, moves)
    took = time.perf_counter() - started
    assert gif is not None
    frames = len(book.chapter_starts())
    print(f"{title}: {len(moves)} moves, {frames} {hosted.chapter_word}s")
    print(f"  replay book (once per game): {written * 1000:.0f} ms")
    print(
        f"  replay step, picture drawn then: median {statistics.median(cold) * 1000:.1f} ms, "
        f"slowest {max(cold) * 1000:.1f} ms"
    )
    print(f"  replay step, picture drawn ahead: median {statistics.median(warm) * 1000:.2f} ms")
    size = len(gif)
    verdict = "ok" if size <= MOST_BYTES else "TOO BIG"
    print(f"  animated recap: {took:.2f} s, {size / 1024 / 1024:.2f} MiB ({verdict})")


def main() -> None:
    """Print the figures for both games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report("Lords of Vegas, 6 players", *lords_game(args.seed))
    report("Vegas Showdown, 5 players", *showdown_game(args.seed))


if __name__ == "__main__":
    main()
