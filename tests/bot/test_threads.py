"""A game in a thread of its own (`/lov new thread:True`, `/vs new thread:True`): the
thread is the game's channel for everything, restarts included; one channel's threads
play at once; a server that forbids threads gets a clear refusal."""

from __future__ import annotations

import asyncio

from bot.app import VegasHost, create_bot
from bot.games import GAMES
from tests.bot.conftest import TEST_SEED, Table
from tests.bot.players import (
    answer_prompt,
    build_something,
    decision_prompts,
    mentioned,
    next_message,
)
from tests.discord_emulator import Channel, User
from tests.discord_emulator.fixtures import RunBot
from tests.discord_emulator.model import CREATE_PUBLIC_THREADS, Overwrite


async def open_in_thread(table: Table, host: User, guest: User) -> tuple[Channel, User]:
    """Open a two-player game in a new thread of the table's channel; the thread, whose turn."""
    emu, channel = table.emu, table.channel
    opened = await emu.slash(host, channel, "lov new", thread=True)
    assert not opened.ephemeral and "in its own thread" in opened.content
    thread = emu.threads(channel)[-1]
    assert thread.mention in opened.content
    await emu.slash(guest, thread, "lov join")
    start = await emu.slash(host, thread, "lov start")
    [current] = mentioned(start, [host, guest])
    return thread, current


async def test_a_whole_game_in_a_thread_with_a_restart(table: Table, run_bot: RunBot) -> None:
    emu, channel = table.emu, table.channel
    bot = await run_bot(lambda: create_bot(table.settings(), GAMES))
    assert isinstance(bot.client, VegasHost) and bot.client.tables is not None
    bot.client.tables.new_seed = lambda: TEST_SEED
    opened = await emu.slash(table.alice, channel, "lov new", thread=True, edition="classic")
    [thread] = emu.threads(channel)
    assert thread.name.startswith("Lords of Vegas #") and thread.mention in opened.content
    assert any("/lov join" in m.content for m in emu.history(thread))
    await emu.slash(table.alice, thread, "lov addbot", level="easy", color="green")
    await emu.slash(table.alice, thread, "lov start")

    await bot.restart()  # the game lives in the thread: it goes on after a restart
    seen = 0
    for _ in range(300):
        message, seen = await next_message(
            emu,
            thread,
            lambda m: f"<@{table.alice.id}>" in m.content or "wins Lords of Vegas" in m.content,
            seen,
        )
        if "wins Lords of Vegas" in message.content:
            break
        if decision_prompts([message]):
            await answer_prompt(emu, message, table.alice)
            continue
        await build_something(emu, table.alice, thread)
        await emu.slash(table.alice, thread, "lov end")
    else:
        raise AssertionError("the game did not end")
    assert all("Lords of Vegas" not in m.content for m in emu.history(channel)[1:])
    store = bot.client.store
    assert store is not None
    [game] = await store.finished_games()
    assert game.channel_id == thread.id


async def test_two_threads_of_one_channel_play_at_once(table: Table, vegas: VegasHost) -> None:
    emu = table.emu
    first, one = await open_in_thread(table, table.alice, table.bob)
    second, two = await open_in_thread(table, table.carol, table.dave)
    assert first is not second and emu.threads(table.channel) == [first, second]
    for _ in range(3):
        ended = await asyncio.gather(
            emu.slash(one, first, "lov end"), emu.slash(two, second, "lov end")
        )
        assert not any(reply.ephemeral for reply in ended)
        [one] = mentioned(ended[0], [table.alice, table.bob])
        [two] = mentioned(ended[1], [table.carol, table.dave])
    assert vegas.store is not None
    for thread in (first, second):
        game = await vegas.store.open_game(thread.id)
        assert game is not None and game.moves == 3
    assert await vegas.store.open_game(table.channel.id) is None  # the channel stays free
    showdown = await emu.slash(table.alice, table.channel, "vs new", thread=True)
    third = emu.threads(table.channel)[-1]
    assert not showdown.ephemeral and third.mention in showdown.content
    assert third.name.startswith("Vegas Showdown #")
    assert any("/vs join" in m.content for m in emu.history(third))


async def test_a_server_that_forbids_threads_gets_a_clear_refusal(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    bot = emu.bot
    channel.overwrites.append(Overwrite(bot.id, is_member=True, deny=CREATE_PUBLIC_THREADS))
    refused = await emu.slash(table.alice, channel, "lov new", thread=True)
    assert refused.ephemeral and "does not let Vegas Host open threads" in refused.content
    assert emu.threads(channel) == []
    assert vegas.store is not None and await vegas.store.open_game(channel.id) is None
    here = await emu.slash(table.alice, channel, "lov new")  # without a thread it works
    assert not here.ephemeral
