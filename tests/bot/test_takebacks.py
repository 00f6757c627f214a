"""Take-backs in Discord: `/lov undo` and `/vs takeback`, saved and told like any move.

A build taken back and played differently; refusals that say why (dice rolled, another
player acted, not your move); a take-back racing other commands applies once; a bot
killed between the take-back's acknowledgement and its news posts the news once.
"""

from __future__ import annotations

import asyncio
import json

from bot.app import VegasHost
from bot.store import verify_game
from tests.bot.conftest import Table
from tests.bot.players import build_something
from tests.bot.showdown import (
    closed,
    open_showdown,
    option_values,
    place_from_menu,
    prompt_for,
    round_one_bids,
    spot_menus,
)
from tests.bot.test_news import assert_saved_and_posted, kill_when_failed
from tests.bot.test_robustness import open_table
from tests.discord_emulator import Message, User
from tests.discord_emulator.fixtures import SpawnBot


def took_back(messages: list[Message]) -> list[Message]:
    """The messages telling a take-back."""
    return [m for m in messages if "took back:" in m.content]


def other(table: Table, user: User) -> User:
    return table.bob if user is table.alice else table.alice


async def test_a_build_is_taken_back_and_played_differently(table: Table, vegas: VegasHost) -> None:
    emu, channel, store = table.emu, table.channel, vegas.store
    assert store is not None
    current = await open_table(table, channel, table.alice, table.bob)
    before = await store.open_game(channel.id)
    assert before is not None

    built = await build_something(emu, current, channel)
    assert built is not None and not built.ephemeral
    undone = await emu.slash(current, channel, "lov undo")

    assert not undone.ephemeral and "took back: build" in undone.content
    game = await store.open_game(channel.id)
    assert game is not None and game.moves == 2
    assert game.state() == before.state()  # money, tiles, dice, markers, the generator
    assert (await verify_game(store, game.id)).ok  # the log, take-back included, replays
    log = await emu.slash(current, channel, "lov log")
    assert "took back: build" in json.dumps(log.message.embeds if log.message else [])

    lots = await emu.autocomplete(current, channel, "lov build", "lot")
    again = await emu.slash(current, channel, "lov build", lot=lots[-1]["value"], company="vega")
    assert not again.ephemeral and "Vega" in again.content
    exported = await emu.slash(current, channel, "lov export")
    assert exported.message is not None
    [attachment] = exported.message.attachments
    public = json.loads(attachment.data)
    assert public["record"] == "public" and public["commands"][1].endswith(": take back")


async def test_refusals_say_why_and_change_nothing(table: Table, vegas: VegasHost) -> None:
    emu, channel, store = table.emu, table.channel, vegas.store
    assert store is not None
    first = await open_table(table, channel, table.alice, table.bob)
    second = other(table, first)
    nothing = await emu.slash(first, channel, "lov undo")
    assert nothing.ephemeral and nothing.content == "Nothing to take back."

    assert await build_something(emu, first, channel) is not None
    not_mine = await emu.slash(second, channel, "lov undo")
    assert not_mine.ephemeral and "has played since" in not_mine.content
    await emu.slash(first, channel, "lov end")
    over = await emu.slash(first, channel, "lov undo")
    assert over.ephemeral and "Your turn is over" in over.content

    [lot] = (await emu.autocomplete(second, channel, "lov build", "lot"))[:1]
    vega = await emu.slash(second, channel, "lov build", lot=lot["value"], company="vega")
    assert not vega.ephemeral  # beside the first casino (Sphinx): a casino to gamble at
    await emu.slash(second, channel, "lov end")
    [casino] = (await emu.autocomplete(first, channel, "lov gamble", "lot"))[:1]
    gambled = await emu.slash(first, channel, "lov gamble", lot=casino["value"], amount=1)
    assert not gambled.ephemeral
    game = await store.open_game(channel.id)
    assert game is not None
    rolled = await emu.slash(first, channel, "lov undo")
    assert rolled.ephemeral and rolled.content == "The dice were rolled since."
    unchanged = await store.open_game(channel.id)
    assert unchanged is not None and unchanged.version == game.version


async def test_a_take_back_racing_other_commands_applies_once(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel, store = table.emu, table.channel, vegas.store
    assert store is not None
    current = await open_table(table, channel, table.alice, table.bob)
    assert await build_something(emu, current, channel) is not None
    replies = await asyncio.gather(
        emu.slash(current, channel, "lov undo"),
        emu.slash(current, channel, "lov undo"),
        emu.slash(current, channel, "lov end"),
    )
    undos = [r for r in replies[:2] if not r.ephemeral]
    assert len(undos) <= 1 and not replies[2].ephemeral
    for refused in (r for r in replies[:2] if r.ephemeral):
        assert refused.content in (
            "Nothing to take back.",
            "Your turn is over: the next card was drawn.",
        )
    await emu.settle()
    assert len(took_back(emu.history(channel))) == len(undos)
    game = await store.open_game(channel.id)
    assert game is not None and game.moves == 2 + len(undos)
    assert (await verify_game(store, game.id)).ok


async def test_a_bot_killed_between_the_take_backs_answer_and_its_news_posts_it_once(
    table: Table, spawn_bot: SpawnBot
) -> None:
    emu, channel = table.emu, table.channel
    bot = await spawn_bot("-m", "bot", env={"DATABASE_PATH": str(table.database)})
    await emu.slash(table.alice, channel, "lov new", images="action")  # news draws the board
    await emu.slash(table.bob, channel, "lov join")
    start = await emu.slash(table.alice, channel, "lov start")
    current = table.alice if f"<@{table.alice.id}>" in start.content else table.bob
    assert await build_something(emu, current, channel) is not None

    # The take-back is saved and acknowledged ("thinking..."), and the bot is killed
    # before its news fills the reply in.
    emu.fail_next("* /webhooks/*", status=500)
    undoing = asyncio.create_task(emu.slash(current, channel, "lov undo"))
    await kill_when_failed(emu, bot, "* /webhooks/*")
    assert took_back(emu.history(channel)) == []
    await bot.start()
    reply = await undoing
    await emu.settle()

    [news] = took_back(emu.history(channel))
    assert news is reply.message and news.attachment("board.png").data
    await assert_saved_and_posted(table, moves=2)


async def test_vegas_showdown_a_bid_is_taken_back_until_the_next_player_acts(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel, store = table.emu, table.channel, vegas.store
    assert store is not None
    alice, bob, carol = table.alice, table.bob, table.carol
    await open_showdown(table, vegas, [alice, bob, carol])  # Alice (red) acts first
    start = await store.open_game(channel.id)
    assert start is not None

    assert not (await emu.slash(alice, channel, "vs bid", tile="P2", amount=18)).ephemeral
    undone = await emu.slash(alice, channel, "vs takeback")
    assert not undone.ephemeral and "took back: bid P2 18" in undone.content
    game = await store.open_game(channel.id)
    assert game is not None and game.state() == start.state()

    await emu.slash(alice, channel, "vs bid", tile="P2", amount=18)
    alice_bid = await store.open_game(channel.id)
    assert alice_bid is not None
    assert not (await emu.slash(bob, channel, "vs bid", tile="P2", amount=21)).ephemeral
    refused = await emu.slash(alice, channel, "vs takeback")
    assert refused.ephemeral and refused.content == "blue has played since."
    not_yours = await emu.slash(carol, channel, "vs takeback")
    assert not_yours.ephemeral and not_yours.content == "blue has played since."

    assert not (await emu.slash(bob, channel, "vs takeback")).ephemeral  # Alice outbid no more
    game = await store.open_game(channel.id)
    assert game is not None and game.state() == alice_bid.state()
    assert (await verify_game(store, game.id)).ok


async def test_vegas_showdown_a_placement_taken_back_brings_the_prompt_back(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel, store = table.emu, table.channel, vegas.store
    assert store is not None
    alice, bob, carol = table.alice, table.bob, table.carol
    await open_showdown(table, vegas, [alice, bob, carol])
    await round_one_bids(table, [alice, bob, carol])  # Bob bought the Table Games
    prompt = await prompt_for(emu, table, bob)
    before = await store.open_game(channel.id)
    assert before is not None

    await place_from_menu(emu, prompt, bob)
    await closed(emu, prompt)
    undone = await emu.slash(bob, channel, "vs takeback")
    assert undone.ephemeral and "took back: place table_games" in undone.content  # as placed

    game = await store.open_game(channel.id)
    assert game is not None and game.state() == before.state()
    again = await prompt_for(emu, table, bob)  # the placement is asked again
    assert again is not prompt and spot_menus(again)
    assert (await verify_game(store, game.id)).ok


async def test_vegas_showdown_a_take_back_racing_a_placement_click_applies_once(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel, store = table.emu, table.channel, vegas.store
    assert store is not None
    alice, bob, carol = table.alice, table.bob, table.carol
    await open_showdown(table, vegas, [alice, bob, carol])
    await round_one_bids(table, [alice, bob, carol])
    prompt = await prompt_for(emu, table, bob)
    menu = spot_menus(prompt)[0]
    shown = await emu.select(bob, prompt, menu, [option_values(prompt, menu)[0]])
    assert shown.message is not None
    confirm = next(c for c in shown.custom_ids if c.startswith("vs:confirm:"))
    before = await store.open_game(channel.id)
    assert before is not None

    _, undone = await asyncio.gather(
        emu.click(bob, shown.message, confirm), emu.slash(bob, channel, "vs takeback")
    )
    await emu.wait_until(lambda: shown.custom_ids == [], 10.0, "the confirmation's answer")
    game = await store.open_game(channel.id)
    assert game is not None
    _, moves = await store.game_and_moves(game.id)
    placed = [m.command for m in moves[before.moves :] if m.command.startswith("blue: place")]
    took = [m.command for m in moves[before.moves :] if m.command == "blue: take back"]
    assert len(placed) == 1 and len(took) <= 1  # the click applied once, the take-back at most
    if took:  # it came after the placement, and undid it: the prompt asks again
        assert "took back: place" in undone.content
        assert game.state() == before.state()
        await prompt_for(emu, table, bob)
    else:
        assert undone.ephemeral and "since" in undone.content
    assert (await verify_game(store, game.id)).ok
