"""The load benchmark's surroundings: the guilds and channels, the database the bots share,
how a player reads a table from it, and what the processes cost (from /proc).

`benchmarks/load.py` plays; this module sets the stage and reads the meters.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Protocol

import asyncpg

from bot.store.store import OPEN_GAME_IN_CHANNEL
from tests.discord_emulator import Channel, DiscordEmulator, User
from tests.discord_emulator.bots import children
from tests.postgres import PostgresServer

# The channel's open game, found as the bot finds it (through its index), with its
# snapshot; then its seats.
_OPEN_GAME_WHERE: Final = OPEN_GAME_IN_CHANNEL.replace("?", "{}")
OPEN_GAME_SQL: Final = (
    "SELECT g.id, g.status, s.state FROM games g LEFT JOIN snapshots s "
    f"ON s.game_id = g.id {_OPEN_GAME_WHERE}"
)
SEATS_SQL: Final = "SELECT color, user_id FROM seats WHERE game_id = {}"
# Both at once, for a database server (one round trip: the players' reads load the very
# server the bots are measured on, which real players reading Discord do not).
OPEN_GAME_WITH_SEATS_SQL: Final = (
    "SELECT g.status, s.state, (SELECT json_agg(json_build_array(color, user_id)) "
    "FROM seats WHERE game_id = g.id) FROM games g LEFT JOIN snapshots s "
    f"ON s.game_id = g.id {_OPEN_GAME_WHERE.format('$1')}"
)
# How the players' connections name themselves to PostgreSQL (`pg_stat_activity`), apart
# from the bots'.
PLAYERS_APPLICATION: Final = "vegas-load-players"

# What a player sees of a table: the game's status, its state JSON, colour -> user id.
Seen = tuple[str, str | None, dict[str, int]]


@dataclass
class Table:
    """A channel and the three people who play there."""

    channel: Channel
    game: str  # "lov" or "vs"
    players: list[User]
    turn_actions: int = 0


def world(
    emu: DiscordEmulator,
    channels: int,
    showdown_share: float,
    *,
    channels_per_guild: int,
    shard_count: int = 1,
) -> list[Table]:
    """Guilds of `channels_per_guild` channels, each channel with three players of its own.

    With `shard_count` > 1 the guilds go to the shards in turn, so each shard (and the
    process holding it) gets an equal share of the channels.
    """
    tables: list[Table] = []
    every = round(1 / showdown_share) if showdown_share > 0 else 0
    for number in range(channels):
        if number % channels_per_guild == 0:
            guild_number = number // channels_per_guild
            shard = (guild_number % shard_count, shard_count) if shard_count > 1 else None
            guild = emu.create_guild(f"Vegas Night {guild_number + 1}", shard=shard)
        channel = emu.create_channel(guild, f"table-{number + 1}")
        players = [emu.create_user(f"p{number + 1}-{seat}", guild=guild) for seat in range(3)]
        game = "vs" if every and number % every == every - 1 else "lov"
        tables.append(Table(channel, game, players))
    return tables


# Reading a table from the bots' database, as a player reads the board.


class TableReader(Protocol):
    """Reads a channel's open game from the database the bots write."""

    async def read(self, channel: Channel) -> Seen | None:
        """The channel's open game (status, state JSON, seats), or None."""

    async def close(self) -> None:
        """Let go of the database."""


class SqliteReader:
    """Reads a SQLite file, read-only (a quick local query: done in the event loop)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None

    async def read(self, channel: Channel) -> Seen | None:
        """The channel's open game (status, state JSON, seats), or None."""
        if self._db is None:
            self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        row = self._db.execute(OPEN_GAME_SQL.format("?"), (channel.id,)).fetchone()
        if row is None:
            return None
        seats = self._db.execute(SEATS_SQL.format("?"), (row[0],)).fetchall()
        return str(row[1]), row[2], {str(color): int(user) for color, user in seats if user}

    async def close(self) -> None:
        """Close the connection."""
        if self._db is not None:
            self._db.close()


class PostgresReader:
    """Reads a PostgreSQL database through a few connections of its own, taken in turns.

    Not asyncpg's pool: it resets a connection each time it is given back (four more
    statements per read, a third of all the server ran in a 200-channel level), load on
    the very server the bots are measured on.
    """

    CONNECTIONS: Final = 4

    def __init__(self, url: str) -> None:
        self.url = url
        self._connections: list[tuple[asyncpg.Connection, asyncio.Lock]] = []
        self._next = 0

    async def read(self, channel: Channel) -> Seen | None:
        """The channel's open game (status, state JSON, seats), or None."""
        if not self._connections:
            for _ in range(self.CONNECTIONS):
                connection = await asyncpg.connect(
                    self.url, server_settings={"application_name": PLAYERS_APPLICATION}
                )
                self._connections.append((connection, asyncio.Lock()))
        connection, lock = self._connections[self._next % len(self._connections)]
        self._next += 1
        async with lock:
            row = await connection.fetchrow(OPEN_GAME_WITH_SEATS_SQL, channel.id)
        if row is None:
            return None
        seats = json.loads(row[2]) if row[2] is not None else []
        return str(row[0]), row[1], {str(color): int(user) for color, user in seats if user}

    async def close(self) -> None:
        """Close the connections."""
        for connection, _ in self._connections:
            await connection.close()
        self._connections.clear()


# What the processes cost, from /proc.


def _stat_fields(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_seconds(pid: int, *, with_ended_children: bool = False) -> float:
    """User plus system CPU time of a process (and of its ended children, if asked), from /proc."""
    fields = _stat_fields(pid)
    ticks = int(fields[11]) + int(fields[12])
    if with_ended_children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def family_cpu_seconds(pid: int, *, with_ended_children: bool = False) -> tuple[float, float]:
    """CPU time of a process alone, and with its running children."""
    own = cpu_seconds(pid, with_ended_children=with_ended_children)
    others = 0.0
    for child in children(pid):
        try:
            others += cpu_seconds(child)
        except OSError:
            continue  # it ended meanwhile
    return own, own + others


def memory_mib(pid: int) -> tuple[float, float]:
    """A process's resident memory now and at its peak, in MiB."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0]) / 1024
    return found.get("VmRSS", 0.0), found.get("VmHWM", 0.0)


def server_pid(server: PostgresServer) -> int | None:
    """The PostgreSQL server's main process, when the benchmark or the tests started it."""
    if server.folder is None:
        return None
    try:
        return int((server.folder / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def server_cpu_seconds(pid: int | None) -> float:
    """CPU time of a PostgreSQL server: its main process, its ended and its running backends."""
    if pid is None:
        return 0.0
    return family_cpu_seconds(pid, with_ended_children=True)[1]
