"""How much memory one bot process holds with many saved games. Prints figures.

    python -m benchmarks.bot_memory [--games 1000] [--active 50]
                                    [--database sqlite|postgresql] [--postgres-url URL]

The real bot (`python -m bot`) starts against the project's Discord emulator, first on
an empty database, then on one holding `--games` finished games of each kind (Lords of
Vegas and Vegas Showdown, three players of one guild's thirty) and `--active` games of
each kind under way (ten random moves in). Its resident memory (RSS, from /proc) is read
once start-up is over (the games under way taken up again), and again after
`/vegas leaderboard` of each game, which reads every finished game of the guild. The
drawing worker's RSS is given apart.

A finished game is stored as the bot stores a game's last move: its final state, with the
winner decided, and rated as the bot rates it; only that last move is in its log (the bot
reads no finished game's log at start-up or for a leaderboard, and a full log would take
long to save).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from benchmarks.load_world import memory_mib
from bot.games import GAMES
from bot.ratings import Ratings
from bot.store import Store
from engine import lords_of_vegas, vegas_showdown
from engine.lords_of_vegas.randomplay import RandomPlayer as LordsPlayer
from engine.vegas_showdown.randomplay import RandomPlayer as ShowdownPlayer
from tests.discord_emulator import Channel, DiscordEmulator, User
from tests.discord_emulator.bots import BotProcess, children
from tests.postgres import PostgresServer, start_server

KINDS: Final = ("lords_of_vegas", "vegas_showdown")
COLORS: Final = ["red", "blue", "green"]
PEOPLE: Final = 30
# Distinct random games played per kind; the finished games cycle through them.
DISTINCT: Final = 40
# More moves than any random game takes (a guard against one that never ends).
MOST_MOVES: Final = 10_000
# After the bot has connected: its drawing worker starts, the games under way are taken up.
SETTLE: Final = 5.0


@dataclass
class Reading:
    """The bot's memory at one moment, in MiB."""

    process: float
    peak: float
    workers: float

    def __str__(self) -> str:
        return (
            f"process {self.process:6.1f} MiB (peak {self.peak:6.1f}), "
            f"drawing worker {self.workers:6.1f} MiB"
        )


def read_memory(pid: int) -> Reading:
    """The process's RSS and peak, and its workers' RSS."""
    rss, peak = memory_mib(pid)
    return Reading(rss, peak, sum(memory_mib(child)[0] for child in children(pid)))


def engine_of(kind: str) -> Any:
    """The engine package of a kind of game."""
    return lords_of_vegas if kind == "lords_of_vegas" else vegas_showdown


def settings_of(kind: str, seed: int) -> Any:
    """The engine's settings for a three-player game of `kind`."""
    if kind == "lords_of_vegas":
        return lords_of_vegas.GameSettings(edition="updated", players=COLORS, seed=seed)
    return vegas_showdown.GameSettings(players=COLORS, seed=seed)


def played(kind: str, seed: int, moves: int | None) -> tuple[Any, Any, str]:
    """A game of `kind` played by random players: its settings, state, and last move."""
    engine = engine_of(kind)
    settings = settings_of(kind, seed)
    state, _ = engine.new_game(settings)
    player = (LordsPlayer if kind == "lords_of_vegas" else ShowdownPlayer)(seed=seed)
    last = ""
    for _ in range(MOST_MOVES if moves is None else moves):
        if state.over:
            break
        color, action = player.next_move(state)
        engine.apply(state, color, action)
        last = engine.format_line(color, action)
    return settings, state, last


async def store_game(
    store: Store,
    kind: str,
    guild_id: int,
    channel_id: int,
    seated: list[User],
    game: tuple[Any, Any, str],
) -> None:
    """A game saved through the store as the bot saves one: seats, start, its last move."""
    settings, state, last = game
    edition = "updated" if kind == "lords_of_vegas" else "standard"
    row = await store.create_game(
        guild_id=guild_id,
        channel_id=channel_id,
        host_user_id=seated[0].id,
        edition=edition,
        kind=kind,
    )
    for color, user in zip(COLORS, seated, strict=True):
        row = await store.add_seat(row.id, row.version, color, user_id=user.id, name=user.name)
    initial, _ = engine_of(kind).new_game(settings)
    row = await store.start_game(row.id, row.version, settings, initial.model_dump_json())
    await store.save_action(
        row.id, row.version, seated[0].id, last, state.model_dump_json(), game_over=state.over
    )


async def fill(
    database: Path | str, guild: int, people: list[User], tables: list[Channel], games: int
) -> None:
    """`games` finished games of each kind in `guild`, and one game under way per table."""
    chance = random.Random(1)
    store = await Store.open(database, kinds=GAMES, synchronous="NORMAL")
    try:
        for kind in KINDS:
            finished = [played(kind, seed, None) for seed in range(DISTINCT)]
            for number in range(games):
                # Finished games were played in channels since gone quiet: any id will do.
                channel_id = 10**15 + number * len(KINDS) + KINDS.index(kind)
                seated = chance.sample(people, len(COLORS))
                await store_game(
                    store, kind, guild, channel_id, seated, finished[number % DISTINCT]
                )
        for number, table in enumerate(tables):
            kind = KINDS[number % len(KINDS)]
            seated = chance.sample(people, len(COLORS))
            await store_game(store, kind, guild, table.id, seated, played(kind, number, 10))
        # Rated, as the bot rates each game when it ends.
        await Ratings(store, GAMES).update()
    finally:
        await store.close()


@contextmanager
def databases(kind: str, postgres_url: str | None, folder: Path) -> Iterator[Iterator[str | Path]]:
    """New empty databases of `kind`, one after another (dropped or deleted afterwards)."""
    if kind == "sqlite":
        yield (folder / f"vegas-{number}.sqlite3" for number in itertools.count())
        return
    server = PostgresServer(url=postgres_url) if postgres_url else start_server(durable=True)
    made: list[str] = []

    def new() -> Iterator[str]:
        while True:
            made.append(server.new_database())
            yield made[-1]

    try:
        yield new()
    finally:
        for url in made:
            server.drop_database(url)
        server.stop()


async def measure(
    database: Path | str, kind: str, folder: Path, games: int, active: int
) -> tuple[Reading, Reading]:
    """Fill the database, start the bot on it; its memory after start-up and leaderboards."""
    emu = DiscordEmulator(ack_timeout=30.0, deferred_timeout=600.0)
    await emu.start()
    try:
        guild = emu.create_guild("Vegas Night")
        people = [emu.create_user(f"player-{number}", guild=guild) for number in range(PEOPLE)]
        tables = [emu.create_channel(guild, f"table-{n}") for n in range(active * len(KINDS))]
        await fill(database, guild.id, people, tables, games)
        setting = "DATABASE_PATH" if kind == "sqlite" else "DATABASE_URL"
        env = {setting: str(database), "LOG_LEVEL": "WARNING"}
        bot = BotProcess(emu, ["-m", "bot"], folder / "bot.log", env)
        await bot.start(timeout=120)
        assert bot.pid is not None
        try:
            await emu.wait_until(lambda: bool(emu.commands.global_commands), 60, "the commands")
            await asyncio.sleep(SETTLE)
            started = read_memory(bot.pid)
            lobby = tables[0] if tables else emu.create_channel(guild, "lobby")
            for game in KINDS:
                await emu.slash(people[0], lobby, "vegas leaderboard", game=game)
            touched = read_memory(bot.pid)
        finally:
            await bot.stop(timeout=30)
    finally:
        await emu.close()
    return started, touched


async def run(kind: str, postgres_url: str | None, games: int, active: int) -> None:
    """Measure on an empty database, then on a full one, and print."""
    with (
        tempfile.TemporaryDirectory(prefix="vegas-memory-") as temp,
        databases(kind, postgres_url, Path(temp)) as fresh,
    ):
        empty = await measure(next(fresh), kind, Path(temp), 0, 0)
        full = await measure(next(fresh), kind, Path(temp), games, active)
    print(f"{kind}: one bot process")
    print(f"  empty database, after start-up:        {empty[0]}")
    print(f"  empty database, after the leaderboards: {empty[1]}")
    label = f"{games:,} finished + {active} under way of each kind"
    print(f"  {label}, after start-up:        {full[0]}")
    print(f"  {label}, after the leaderboards: {full[1]}")


def main() -> None:
    """Parse the command line and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="finished games of each kind")
    parser.add_argument("--active", type=int, default=50, help="games under way of each kind")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--postgres-url", help="a PostgreSQL server to create the databases on")
    args = parser.parse_args()
    asyncio.run(run(args.database, args.postgres_url, args.games, args.active))


if __name__ == "__main__":
    main()
