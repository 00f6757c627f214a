"""Two bot processes, shards 0 and 1 of 2, against one emulator and one shared database.

Guilds of both shards play at once; each process fires the timers of its own guilds
only; with one process killed the other keeps answering its guilds, and does not take
up the dead one's news, even when it stops; started again, the killed process posts its
own news once and keeps its prompts; the slash commands are synced once, by the process
holding shard 0. Bad shard settings stop the bot in two plain lines.

The database is a parameter (`shared_database`): one SQLite file (WAL), and one
PostgreSQL database.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.app import ShardedVegasHost, create_bot
from bot.games import GAMES
from bot.settings import Settings
from bot.store import Game, Store, verify_game
from tests.bot.players import mentioned, offer_prompt
from tests.bot.test_news import kill_when_failed
from tests.discord_emulator import Channel, DiscordEmulator, Guild, Message, Reply, User
from tests.discord_emulator.bots import REPOSITORY, BotProcess
from tests.discord_emulator.errors import InteractionFailed
from tests.discord_emulator.fixtures import RunBot, SpawnBot

SHARDS = 2
REMINDER = "half the time for"


@dataclass
class SharedDatabase:
    """A database both processes use: the settings naming it, and the test's own access."""

    env: dict[str, str]
    open: Callable[[], Awaitable[Store]]


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_database(request: pytest.FixtureRequest, tmp_path: Path) -> SharedDatabase:
    """The database the processes share: one SQLite file (WAL), or one PostgreSQL database."""
    if request.param == "sqlite":
        path = tmp_path / "shared.sqlite3"
        return SharedDatabase({"DATABASE_PATH": str(path)}, lambda: Store.open(path, kinds=GAMES))
    url: str = request.getfixturevalue("postgres_url")
    return SharedDatabase({"DATABASE_URL": url}, lambda: Store.open(url, kinds=GAMES))


@dataclass
class Side:
    """A guild of one shard, its game channel, its two players and its bot process."""

    shard: int
    guild: Guild
    channel: Channel
    players: list[User]
    bot: BotProcess | None = None

    def current(self, post: Reply | Message) -> User:
        """The player a turn post mentions."""
        [user] = mentioned(post, self.players)
        return user


@pytest.fixture
async def store(shared_database: SharedDatabase) -> AsyncIterator[Store]:
    """The test's own connection to the shared database."""
    opened = await shared_database.open()
    yield opened
    await opened.close()


def said(emu: DiscordEmulator, side: Side, words: str) -> list[Message]:
    """The side's channel messages containing `words`."""
    return [m for m in emu.history(side.channel) if words in m.content]


def turn_posts(emu: DiscordEmulator, side: Side, turn: int) -> list[Message]:
    """The messages telling the start of `turn` in the side's channel."""
    return [
        m
        for m in emu.history(side.channel)
        if any(embed.get("title") == f"Turn {turn}" for embed in m.embeds)
    ]


async def game_of(store: Store, side: Side) -> Game:
    """The side's game, as saved now."""
    game = await store.open_game(side.channel.id)
    assert game is not None
    return game


async def remind_now(store: Store, side: Side, seconds_ago: float) -> None:
    """Make the side's turn timer due for its half-time reminder `seconds_ago`."""
    game = await game_of(store, side)
    timer = await store.turn_timer(game.id)
    assert timer is not None
    now = time.time()
    await store.set_turn_timer(game.id, timer.turn, timer.player, now - seconds_ago, now + 3600)


async def start_table(emu: DiscordEmulator, side: Side) -> User:
    """Open a two-player game with a one-hour turn timer; whose turn it is."""
    host, guest = side.players
    await emu.slash(host, side.channel, "lov new")
    await emu.slash(guest, side.channel, "lov join")
    await emu.slash(host, side.channel, "lov settings", turn_timer=60)
    started = await emu.slash(host, side.channel, "lov start")
    assert started.message is not None
    return side.current(started.message)


async def test_two_processes_share_the_guilds_by_shard(
    discord_emulator: DiscordEmulator,
    spawn_bot: SpawnBot,
    shared_database: SharedDatabase,
    store: Store,
) -> None:
    emu = discord_emulator
    emu.settle_time = 0.05
    emu.deferred_timeout = 120.0  # a reply waits through a process's death and restart
    sides = []
    for shard, names in enumerate((("Alice", "Bob"), ("Carol", "Dave"))):
        guild = emu.create_guild(f"Shard {shard}", shard=(shard, SHARDS))
        players = [emu.create_user(name, guild=guild) for name in names]
        sides.append(Side(shard, guild, emu.create_channel(guild, "lords-of-vegas"), players))
    zero, one = sides

    def environment(side: Side) -> dict[str, str]:
        shards = {"SHARD_COUNT": str(SHARDS), "SHARD_IDS": str(side.shard)}
        return {**shared_database.env, **shards, "AI_PAUSE_SECONDS": "0"}

    # Shard 1's process starts first and leaves the slash commands to shard 0's.
    one.bot = await spawn_bot("-m", "bot", env=environment(one))
    assert emu.requests_to("PUT /applications/*/commands") == []
    zero.bot = await spawn_bot("-m", "bot", env=environment(zero))
    await emu.wait_until(
        lambda: sorted(s.shard for s in emu.gateway.live_sessions) == [(0, 2), (1, 2)],
        30,
        "both shards connected",
    )

    # Both guilds play at once, each answered by its own process.
    current = list(await asyncio.gather(*(start_table(emu, side) for side in sides)))
    for _ in range(2):
        replies = await asyncio.gather(
            *(
                emu.slash(user, side.channel, "lov end")
                for user, side in zip(current, sides, strict=True)
            )
        )
        assert not any(reply.ephemeral for reply in replies)
        current = [side.current(reply) for reply, side in zip(replies, sides, strict=True)]

    # Timers: with every process stopped, both reminders come due (shard 0's first). Shard
    # 1's process alone fires its own only; then shard 0's process alone fires its own.
    await asyncio.gather(zero.bot.stop(), one.bot.stop())
    await remind_now(store, zero, seconds_ago=20)
    await remind_now(store, one, seconds_ago=10)
    await one.bot.start()
    await emu.wait_until(lambda: bool(said(emu, one, REMINDER)), 20, "shard 1's reminder")
    assert said(emu, zero, REMINDER) == []
    await one.bot.stop()
    await remind_now(store, one, seconds_ago=30)  # now due before shard 0's, again
    await zero.bot.start()
    await emu.wait_until(lambda: bool(said(emu, zero, REMINDER)), 20, "shard 0's reminder")
    assert len(said(emu, one, REMINDER)) == 1
    await one.bot.start()

    # Shard 1's process is killed with an offer open and a turn's news on its way.
    mine, theirs = await colors(store, one, current[1])
    offer = await emu.slash(
        current[1], one.channel, "lov trade offer", terms=f"{mine} pays {theirs} 1"
    )
    assert offer.ephemeral
    # The offer's prompt is posted once the offer is answered (by a process of its own,
    # whose work the emulator cannot wait for): wait for it.
    await emu.wait_until(
        lambda: any("offers trade #1" in m.content for m in emu.history(one.channel)),
        20,
        "the offer's prompt",
    )
    prompt = offer_prompt(emu.history(one.channel), 1)
    emu.fail_next("* /webhooks/*", status=500)
    ending = asyncio.create_task(emu.slash(current[1], one.channel, "lov end"))
    await kill_when_failed(emu, one.bot, "* /webhooks/*")

    # Shard 0's process keeps answering its guild; nobody answers shard 1's meanwhile.
    answered = await emu.slash(current[0], zero.channel, "lov end")
    assert not answered.ephemeral and turn_posts(emu, zero, 4) == [answered.message]
    with pytest.raises(InteractionFailed):
        await emu.slash(one.players[0], one.channel, "lov settings")
    # Stopping, shard 0's process posts its own pending news only: not shard 1's.
    await zero.bot.stop()
    assert zero.bot.process is not None and zero.bot.process.returncode == 0  # a clean stop
    assert turn_posts(emu, one, 4) == []
    await zero.bot.start()

    # Started again, shard 1's process posts its news once and keeps its prompt.
    await one.bot.start()
    reply = await ending
    await emu.settle()
    assert turn_posts(emu, one, 4) == [reply.message]
    assert [m for m in emu.history(one.channel) if "offers trade #1" in m.content] == [prompt]
    again = await emu.slash(one.current(reply), one.channel, "lov end")
    assert not again.ephemeral

    # The commands were registered once, by shard 0's process; every move is saved once.
    assert len(emu.requests_to("PUT /applications/*/commands")) == 1
    assert emu.unknown_routes == []
    await asyncio.gather(zero.bot.stop(), one.bot.stop())
    assert [side.bot.process.returncode for side in sides if side.bot and side.bot.process] == [
        0,
        0,
    ]
    for side, moves in ((zero, 3), (one, 5)):
        game = await game_of(store, side)
        assert game.moves == moves
        assert (await verify_game(store, game.id)).ok
    assert await store.all_news() == []


async def colors(store: Store, side: Side, user: User) -> tuple[str, str]:
    """The colours of `user` and of the other player of the side's game."""
    game = await game_of(store, side)
    by_user = {seat.user_id: seat.color for seat in game.seats}
    other = next(player for player in side.players if player is not user)
    return by_user[user.id], by_user[other.id]


@pytest.mark.parametrize(
    ("count", "ids", "words"),
    [
        ("2", "0-3", "SHARD_IDS='0-3' is not right: there is no shard 2 of 2"),
        (None, "1", "SHARD_IDS='1' is not right: SHARD_COUNT must be set too"),
        ("2", "one", "SHARD_IDS='one' is not right: 'one' is not a shard number"),
        ("0", None, "SHARD_COUNT='0' is not right: it must be the number of shards"),
    ],
)
def test_bad_shard_settings_stop_the_bot_in_two_plain_lines(
    tmp_path: Path, count: str | None, ids: str | None, words: str
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SHARD_"))}
    env.update(PYTHONPATH=str(REPOSITORY), DISCORD_TOKEN="not-a-real-token")
    env.update(
        {name: value for name, value in (("SHARD_COUNT", count), ("SHARD_IDS", ids)) if value}
    )
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 2 and words in lines[0], result.stderr
    assert lines[1] == "Fix it in .env or in the environment, then start the bot again."


async def test_one_process_may_hold_every_shard(
    discord_emulator: DiscordEmulator, run_bot: RunBot, tmp_path: Path
) -> None:
    emu = discord_emulator
    emu.settle_time = 0.05
    tables = []
    for shard in range(SHARDS):
        guild = emu.create_guild(f"Shard {shard}", shard=(shard, SHARDS))
        tables.append((emu.create_channel(guild, "tables"), emu.create_user("Host", guild=guild)))
    settings = Settings(
        discord_token=emu.token,
        database_path=tmp_path / "vegas.sqlite3",
        discord_api_base=emu.api_base,
        discord_gateway_url=emu.gateway_url,
        shard_count=SHARDS,
    )

    bot = await run_bot(lambda: create_bot(settings, GAMES))
    # discord.py identifies the second shard 5 s after the first, as Discord asks.
    await emu.wait_until(lambda: len(emu.gateway.live_sessions) == SHARDS, 30, "both shards")

    assert isinstance(bot.client, ShardedVegasHost)
    assert sorted(s.shard for s in emu.gateway.live_sessions) == [(0, 2), (1, 2)]
    for channel, host in tables:
        opened = await emu.slash(host, channel, "lov new")
        assert not opened.ephemeral and "**Host** (red) opened a game" in opened.content
    assert len(emu.requests_to("PUT /applications/*/commands")) == 1
