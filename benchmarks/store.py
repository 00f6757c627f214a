"""How long the store takes to save one move and to load a game, for a late-game state.

    python -m benchmarks.store [--saves 2000] [--loads 2000] [--games 40] [--dir PATH]

A save is one `save_action` (log append, snapshot write, version bump, commit); a load
is one `Store.game` (game row, seats and snapshot) followed by parsing the snapshot
into a `GameState`. The database first gets `--games` finished random games so its
tables are not empty. Saves are measured with both `synchronous` levels; FULL is what
the bot uses. The figures depend on the disk: run it where the database will live.
Targets: median save <= 2 ms, median load <= 2 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import sqlite3
import statistics
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

from bot.games import GAMES
from bot.store import Store, Synchronous
from engine.lords_of_vegas import Color, GameSettings, GameState, apply, new_game, parse_line
from engine.lords_of_vegas.randomplay import play_random_game
from engine.lords_of_vegas.record import GameRecord

PLAYERS: list[Color] = ["red", "blue", "green", "yellow", "purple"]


def late_game() -> tuple[GameRecord, GameState]:
    """The biggest second-to-last state of a few random 5-player games, and its record."""
    best: tuple[GameRecord, GameState] | None = None
    for seed in range(6):
        _, record = play_random_game(PLAYERS, seed, check=False)
        record = GameRecord(settings=record.settings, commands=record.commands[:-1])
        state, _ = record.replay()
        if best is None or len(state.model_dump_json()) > len(best[1].model_dump_json()):
            best = (record, state)
    assert best is not None
    return best


async def fill(store: Store, games: int) -> None:
    """Store `games` finished random games, move by move, as the bot would."""
    for seed in range(games):
        settings = GameSettings(players=PLAYERS[:3], seed=1000 + seed)
        _, record = play_random_game(settings.players, settings.seed, check=False)
        game = await store.create_game(
            guild_id=1,
            channel_id=seed,
            host_user_id=1,
            edition=settings.edition,
            kind="lords_of_vegas",
        )
        for color in settings.players:
            game = await store.add_seat(game.id, game.version, color, ai_level=1)
        state, _ = new_game(settings)
        game = await store.start_game(game.id, game.version, settings, state.model_dump_json())
        current = game.version
        for command in record.commands:
            apply(state, *parse_line(command))
            saved = await store.save_action(
                game.id, current, None, command, state.model_dump_json(), game_over=state.over
            )
            current = saved.version


def percentile(samples: list[float], fraction: float) -> float:
    """The sample below which `fraction` of the samples fall (nearest rank)."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def line(name: str, samples: list[float]) -> str:
    """A printed result: median and 99th percentile in milliseconds."""
    median = statistics.median(samples) * 1000
    p99 = percentile(samples, 0.99) * 1000
    return f"{name:<34} median {median:6.3f} ms   p99 {p99:6.3f} ms   ({len(samples)} runs)"


async def start_late_game(store: Store, record: GameRecord) -> tuple[int, int]:
    """A started game in a fresh channel holding the late game's log; (id, version)."""
    settings = record.settings
    game = await store.create_game(
        guild_id=1,
        channel_id=10**9,
        host_user_id=1,
        edition=settings.edition,
        kind="lords_of_vegas",
    )
    for color in settings.players:
        game = await store.add_seat(game.id, game.version, color, ai_level=1)
    initial, _ = new_game(settings)
    game = await store.start_game(game.id, game.version, settings, initial.model_dump_json())
    return game.id, game.version


async def measure(args: argparse.Namespace, folder: Path) -> None:
    record, state = late_game()
    state_json = state.model_dump_json()
    command = record.commands[-1]
    print(f"SQLite {sqlite3.sqlite_version}, aiosqlite {version('aiosqlite')}, folder {folder}")
    print(
        f"late-game state: {len(state_json):,} bytes of JSON, turn {state.turn}, "
        f"{len(record.commands)} moves into a {len(PLAYERS)}-player game"
    )
    results: list[str] = []
    for level in ("FULL", "NORMAL"):
        synchronous: Synchronous = "FULL" if level == "FULL" else "NORMAL"
        path = folder / f"bench-{level.lower()}.sqlite3"
        store = await Store.open(path, kinds=GAMES, synchronous=synchronous)
        await fill(store, args.games)
        game_id, current = await start_late_game(store, record)
        saves: list[float] = []
        for _ in range(args.saves):
            started = time.perf_counter()
            saved = await store.save_action(game_id, current, 1, command, state_json)
            saves.append(time.perf_counter() - started)
            current = saved.version
        results.append(line(f"save, synchronous={level}", saves))
        if level == "FULL":
            loads: list[float] = []
            rows: list[float] = []
            for _ in range(args.loads):
                started = time.perf_counter()
                game = await store.game(game_id)
                fetched = time.perf_counter()
                game.state()
                loads.append(time.perf_counter() - started)
                rows.append(fetched - started)
            results.append(line("load (game row + parse state)", loads))
            results.append(line("load (game row only)", rows))
        moves = (await store.game(game_id)).moves
        await store.close()
        print(
            f"  synchronous={level}: database {path.stat().st_size / 1e6:.1f} MB, "
            f"{args.games} finished games + 1 game with {moves} logged moves"
        )
    dumps = []
    for _ in range(args.loads):
        started = time.perf_counter()
        state.model_dump_json()
        dumps.append(time.perf_counter() - started)
    results.append(line("(engine) state.model_dump_json()", dumps))
    print("\n".join(results))
    print("targets: median save <= 2 ms, median load <= 2 ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=2000)
    parser.add_argument("--loads", type=int, default=2000)
    parser.add_argument("--games", type=int, default=40, help="finished games stored first")
    parser.add_argument("--dir", type=Path, help="where to put the database (default: a temp dir)")
    args = parser.parse_args()
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        asyncio.run(measure(args, args.dir))
        return
    with tempfile.TemporaryDirectory(prefix="vegas-bench-") as folder:
        asyncio.run(measure(args, Path(folder)))


if __name__ == "__main__":
    main()
