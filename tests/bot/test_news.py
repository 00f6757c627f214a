"""The news of every accepted move reaches the channel exactly once: through a crash, through
Discord failing to take the reply, and through a clean stop (SIGTERM)."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
from contextlib import closing

import pytest

from bot.app import VegasHost, create_bot
from bot.games import GAMES
from bot.outbox import POSTED_BELOW
from bot.store import Store, verify_game
from bot.tables import STOPPING
from tests.bot.conftest import TEST_SEED, Table
from tests.bot.players import button, mentioned, offer_prompt
from tests.bot.test_robustness import open_table
from tests.discord_emulator import DiscordEmulator, Message, Reply, User
from tests.discord_emulator.bots import BotProcess
from tests.discord_emulator.fixtures import RunBot, SpawnBot


def turn_posts(table: Table, turn: int) -> list[Message]:
    """The channel's messages telling the start of `turn` (with the board)."""
    return [
        m
        for m in table.emu.history(table.channel)
        if any(embed.get("title") == f"Turn {turn}" for embed in m.embeds)
    ]


def other(table: Table, user: User) -> User:
    return table.bob if user is table.alice else table.alice


def seat_colors(table: Table, user: User) -> tuple[str, str]:
    """The colours of `user` and of the other player, read from the database."""
    with closing(sqlite3.connect(table.database)) as db:
        colors = dict(db.execute("SELECT user_id, color FROM seats").fetchall())
    return colors[user.id], colors[other(table, user).id]


async def assert_saved_and_posted(table: Table, moves: int) -> None:
    """The database holds `moves` moves that replay to its snapshot, and no news is left."""
    store = await Store.open(table.database, kinds=GAMES)
    try:
        game = await store.open_game(table.channel.id)
        assert game is not None and game.moves == moves
        assert (await verify_game(store, game.id)).ok
        assert await store.integrity_problems() == []
        # A posted news is dropped just after Discord takes it: wait for that write.
        for _ in range(200):
            if not await store.all_news():
                break
            await asyncio.sleep(0.05)
        assert await store.all_news() == []
    finally:
        await store.close()


async def playing(table: Table, spawn_bot: SpawnBot) -> tuple[BotProcess, User]:
    """The bot as a process, a two-player game started, and whose turn it is."""
    bot = await spawn_bot("-m", "bot", env={"DATABASE_PATH": str(table.database)})
    return bot, await open_table(table, table.channel, table.alice, table.bob)


async def offer_a_million(table: Table, user: User) -> Reply:
    """`user` offers the other player $1m."""
    mine, theirs = seat_colors(table, user)
    return await table.emu.slash(
        user, table.channel, "lov trade offer", terms=f"{mine} pays {theirs} 1"
    )


async def kill_when_failed(emu: DiscordEmulator, bot: BotProcess, requests: str) -> None:
    """SIGKILL the bot once Discord has failed one of its `requests` (a pattern)."""
    await emu.wait_until(lambda: any(r.fault for r in emu.requests_to(requests)), 10, requests)
    await bot.kill()


async def test_a_bot_killed_before_its_reply_posts_the_turn_once_after_a_restart(
    table: Table, spawn_bot: SpawnBot
) -> None:
    emu, channel = table.emu, table.channel
    bot, current = await playing(table, spawn_bot)
    # An offer is saved and confirmed, and the bot killed before its message is posted
    # (Discord failed it once; discord.py waits a second before trying again).
    emu.fail_next("POST /channels/*/messages", status=500)
    assert (await offer_a_million(table, current)).ephemeral
    await kill_when_failed(emu, bot, "POST /channels/*/messages")
    await bot.start()
    await emu.wait_for_message(channel, lambda m: "offers trade #1" in m.content)

    # The turn ends, acknowledged ("thinking..."), and the bot is killed before its reply.
    emu.fail_next("* /webhooks/*", status=500)
    ending = asyncio.create_task(emu.slash(current, channel, "lov end"))
    await kill_when_failed(emu, bot, "* /webhooks/*")
    assert turn_posts(table, 2) == []
    await bot.start()
    reply = await ending  # the "thinking..." message is filled in after the restart
    await emu.settle()

    [post] = turn_posts(table, 2)
    assert post is reply.message and post.attachment("board.png").data
    assert mentioned(post, [table.alice, table.bob]) == [other(table, current)]
    assert len([m for m in emu.history(channel) if "offers trade #1" in m.content]) == 1
    await assert_saved_and_posted(table, moves=2)


async def test_a_post_that_went_out_just_before_a_crash_is_not_posted_again(
    table: Table, spawn_bot: SpawnBot
) -> None:
    emu, channel = table.emu, table.channel
    bot, current = await playing(table, spawn_bot)
    prompt = offer_prompt((await offer_a_million(table, current)).posted, 1)
    # The decline's news is posted in the channel, and the bot killed before it hears back.
    emu.stall_next("POST /channels/*/messages")
    clicking = asyncio.create_task(
        emu.click(other(table, current), prompt, button(prompt, ":decline"))
    )
    await emu.wait_until(
        lambda: any(r.stalled for r in emu.requests_to("POST /channels/*/messages")), 10, "post"
    )
    await bot.kill()
    emu.release_stalled()
    await clicking

    await bot.start()  # finds the news unconfirmed, and the post in the channel
    await emu.wait_until(lambda: "is closed" in prompt.content, 10, "the offer to close")
    await emu.settle()

    declined = [m for m in emu.history(channel) if "declined offer #1" in m.content]
    assert len(declined) == 1 and declined[0] is not prompt
    await assert_saved_and_posted(table, moves=2)


@pytest.mark.parametrize(("status", "times"), [(500, 2), (401, 1)])
async def test_when_discord_will_not_take_the_reply_the_turn_is_posted_in_the_channel(
    table: Table, run_bot: RunBot, status: int, times: int
) -> None:
    emu, channel = table.emu, table.channel
    # The bot waits half a second for Discord to take a reply (ten by default).
    settings = table.settings().model_copy(update={"reply_timeout_seconds": 0.5})
    bot = await run_bot(lambda: create_bot(settings, GAMES))
    vegas = bot.client
    assert isinstance(vegas, VegasHost) and vegas.store is not None and vegas.tables is not None
    vegas.tables.new_seed = lambda: TEST_SEED
    current = await open_table(table, channel, table.alice, table.bob)
    game = await vegas.store.open_game(channel.id)
    assert game is not None
    color = next(seat.color for seat in game.seats if seat.user_id == current.id)
    lot = next(lot for lot, owner in game.state().lots.items() if owner == color)
    offer = f"{'blue' if color == 'red' else 'red'} pays {color} 1; {color} does build {lot} vega"
    prompt = offer_prompt(
        (await emu.slash(current, channel, "lov trade offer", terms=offer)).posted, 1
    )

    # 500: Discord fails the reply longer than the bot waits (discord.py would retry it for
    # 25 s); 401: the reply's token is refused (it expired). The next request gets through.
    emu.fail_next("* /webhooks/*", times=times, status=status)
    reply = await emu.slash(current, channel, "lov end")

    [post] = turn_posts(table, 2)
    assert post is not reply.message and post.interaction_id is None  # a channel message
    assert post.attachment("board.png").data
    assert mentioned(post, [table.alice, table.bob]) == [other(table, current)]
    assert reply.message is not None and reply.message.content == POSTED_BELOW
    assert not reply.message.attachments and not reply.message.embeds
    # The offer's prompt was closed at once, before the bot gave up on the reply.
    assert "lapsed at the end of the turn" in prompt.content
    edits = emu.requests_to(f"PATCH /channels/{channel.id}/messages/{prompt.id}")
    fallback = emu.requests_to("POST /channels/*/messages")[-1]
    assert edits[0].answered_at < fallback.received_at
    assert await vegas.store.all_news() == []
    # The game goes on as usual.
    assert not (await emu.slash(other(table, current), channel, "lov end")).ephemeral
    assert len(turn_posts(table, 3)) == 1


async def test_sigterm_finishes_the_move_under_way_and_exits_cleanly(
    table: Table, spawn_bot: SpawnBot
) -> None:
    emu = table.emu
    bot, current = await playing(table, spawn_bot)
    # The reply of this move is slow (rate limited for two seconds): the stop comes while
    # it is under way.
    emu.fail_next("* /webhooks/*", status=429, retry_after=2.0)
    ending = asyncio.create_task(emu.slash(current, table.channel, "lov end"))
    await emu.wait_until(
        lambda: any(r.fault for r in emu.requests_to("* /webhooks/*")), 10, "the reply"
    )
    assert bot.process is not None
    bot.process.send_signal(signal.SIGTERM)
    await emu.wait_until(lambda: "stopping cleanly" in bot.log(), 10, "the bot to stop")
    # A move asked for while the bot stops is refused politely and changes nothing.
    late = await emu.slash(other(table, current), table.channel, "lov end")
    reply = await ending

    assert await bot.process.wait() == 0
    assert late.ephemeral and late.content == STOPPING
    [post] = turn_posts(table, 2)
    assert post is reply.message and post.attachment("board.png").data
    assert mentioned(post, [table.alice, table.bob]) == [other(table, current)]
    await assert_saved_and_posted(table, moves=1)
    assert "stopped" in bot.log()
