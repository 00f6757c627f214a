"""Many channels at once, simultaneous submissions, Discord's errors, crashes and restarts."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.app import VegasHost, create_bot
from bot.games import GAMES
from bot.store import Store, verify_game
from tests.bot.conftest import Table
from tests.bot.players import build_something, mentioned
from tests.discord_emulator import User
from tests.discord_emulator.fixtures import RunBot, SpawnBot

REPOSITORY = Path(__file__).resolve().parents[2]


async def open_table(table: Table, channel: object, host: User, guest: User) -> User:
    """Open and start a two-player game in `channel`; return whose turn it is."""
    emu = table.emu
    await emu.slash(host, channel, "lov new")  # type: ignore[arg-type]
    await emu.slash(guest, channel, "lov join")  # type: ignore[arg-type]
    start = await emu.slash(host, channel, "lov start")  # type: ignore[arg-type]
    [current] = mentioned(start, [host, guest])
    return current


async def test_two_games_in_two_channels_at_once(table: Table, vegas: VegasHost) -> None:
    emu = table.emu
    first = await open_table(table, table.channel, table.alice, table.bob)
    second = await open_table(table, table.other_channel, table.carol, table.dave)
    for _ in range(4):
        one, two = await asyncio.gather(
            emu.slash(first, table.channel, "lov end"),
            emu.slash(second, table.other_channel, "lov end"),
        )
        assert not one.ephemeral and not two.ephemeral
        [first] = mentioned(one, [table.alice, table.bob])
        [second] = mentioned(two, [table.carol, table.dave])
    assert vegas.store is not None
    for channel in (table.channel, table.other_channel):
        game = await vegas.store.open_game(channel.id)
        assert game is not None and game.moves == 4
        assert (await verify_game(vegas.store, game.id)).ok


async def test_simultaneous_submissions_are_applied_once(table: Table, vegas: VegasHost) -> None:
    emu = table.emu
    current = await open_table(table, table.channel, table.alice, table.bob)
    replies = await asyncio.gather(
        *(emu.slash(current, table.channel, "lov end") for _ in range(3))
    )
    assert sum(not r.ephemeral for r in replies) == 1
    for refused in (r for r in replies if r.ephemeral):
        assert "turn, not yours" in refused.content
    assert vegas.store is not None
    game = await vegas.store.open_game(table.channel.id)
    assert game is not None and game.moves == 1


async def test_discord_errors_do_not_break_a_game(table: Table, vegas: VegasHost) -> None:
    emu = table.emu
    current = await open_table(table, table.channel, table.alice, table.bob)
    emu.fail_next("PATCH /webhooks/*", times=1, status=429, retry_after=0.2)
    reply = await emu.slash(current, table.channel, "lov end")
    assert reply.message is not None and reply.message.attachments  # retried after the 429
    [current] = mentioned(reply, [table.alice, table.bob])

    emu.fail_next("PATCH /webhooks/*", times=1, status=500)
    reply = await emu.slash(current, table.channel, "lov end")
    await emu.wait_for_message(
        table.channel, lambda m: bool(m.attachments) and m is not reply.message
    )
    assert vegas.store is not None
    game = await vegas.store.open_game(table.channel.id)
    assert game is not None and game.moves == 2
    # The next turn is played as usual.
    [current] = [
        u for u in (table.alice, table.bob) if game.seat_of(game.state().current).user_id == u.id
    ]  # type: ignore[union-attr]
    assert not (await emu.slash(current, table.channel, "lov end")).ephemeral
    assert emu.unknown_routes == []


async def test_mentions_never_reach_beyond_the_players(table: Table, vegas: VegasHost) -> None:
    emu = table.emu
    current = await open_table(table, table.channel, table.alice, table.bob)
    await build_something(emu, current, table.channel)
    await emu.slash(current, table.channel, "lov end")
    players = {table.alice.id, table.bob.id}
    sent = [r for r in emu.requests if r.payload and isinstance(r.payload, dict)]
    checked = 0
    for request in sent:
        body = request.payload
        if "data" in body and isinstance(body["data"], dict):
            body = body["data"]
        mentions = body.get("allowed_mentions")
        if mentions is None:
            continue
        assert "everyone" not in mentions.get("parse", [])
        assert "roles" not in mentions.get("parse", [])
        assert {int(u) for u in mentions.get("users", [])} <= players
        checked += 1
    assert checked >= 4  # the start, the build, the turn end...


async def test_a_killed_bot_restarts_and_the_game_goes_on(
    table: Table, spawn_bot: SpawnBot
) -> None:
    emu = table.emu
    env = {"DATABASE_PATH": str(table.database)}
    bot = await spawn_bot("-m", "bot", env=env)
    current = await open_table(table, table.channel, table.alice, table.bob)
    accepted = 0
    for _ in range(3):
        built = await build_something(emu, current, table.channel)
        accepted += built is not None
        reply = await emu.slash(current, table.channel, "lov end")
        accepted += 1
        [current] = mentioned(reply, [table.alice, table.bob])
    before = json.loads(_snapshot(table.database))

    await bot.kill()
    assert emu.token not in bot.log()  # the token never reaches the logs
    await bot.start()
    registrations = emu.requests_to("PUT /applications/*/commands")
    assert len(registrations) == 1  # synced once, not again on restart

    after = json.loads(_snapshot(table.database))
    assert after == before
    reply = await emu.slash(current, table.channel, "lov end")
    assert not reply.ephemeral and reply.message is not None and reply.message.attachments
    store = await Store.open(table.database, kinds=GAMES)
    try:
        game = await store.open_game(table.channel.id)
        assert game is not None and game.moves == accepted + 1
        assert (await verify_game(store, game.id)).ok
    finally:
        await store.close()


def _snapshot(database: Path) -> str:
    with sqlite3.connect(database) as db:
        return str(db.execute("SELECT state FROM snapshots").fetchone()[0])


async def test_restarting_in_process_keeps_the_game_and_does_not_resync(
    table: Table, run_bot: RunBot
) -> None:
    emu = table.emu
    bot = await run_bot(lambda: create_bot(table.settings(), GAMES))
    current = await open_table(table, table.channel, table.alice, table.bob)
    await bot.restart()
    reply = await emu.slash(current, table.channel, "lov end")
    assert not reply.ephemeral
    assert len(emu.requests_to("PUT /applications/*/commands")) == 1


def test_without_a_token_the_bot_explains_how_to_set_it_up(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    env["PYTHONPATH"] = str(REPOSITORY)
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
    assert "discord.com/developers/applications" in result.stderr
    assert "scope=bot+applications.commands" in result.stderr
    assert "DISCORD_TOKEN" in result.stderr
