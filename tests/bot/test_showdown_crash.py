"""Vegas Showdown through crashes: the bot, a process of its own, is killed with SIGKILL
three times in a round and started again. Nothing is lost, nothing is told twice, and the
placement prompts keep working:

1. while the prompts are being posted after the bidding (Discord took the first, the bot
   died before saving it): that prompt is kept, not posted again;
2. with a place chosen from a prompt's menu, not yet confirmed: it is confirmed after the
   restart, and another player chooses and confirms after it;
3. while the answer of the last placement (ending the round) is on its way: the round
   post comes once, after the restart.
"""

from __future__ import annotations

import asyncio

from bot.app import VegasHost, create_bot
from bot.games import GAMES
from tests.bot.conftest import Table
from tests.bot.players import mentioned
from tests.bot.showdown import (
    open_prompts,
    open_showdown,
    place_from_menu,
    prompt_for,
    round_one_bids,
    spot_menus,
)
from tests.bot.test_news import assert_saved_and_posted, kill_when_failed
from tests.discord_emulator import Message
from tests.discord_emulator.fixtures import RunBot, SpawnBot


def said(table: Table, words: str) -> list[Message]:
    """The channel's messages (including prompts) containing `words` or an embed with them."""
    return [
        m for m in table.emu.history(table.channel) if words in m.content or words in str(m.embeds)
    ]


async def test_a_bot_killed_mid_round_loses_nothing_and_its_prompts_still_work(
    table: Table, run_bot: RunBot, spawn_bot: SpawnBot
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    alice, bob, carol = players
    # The game is dealt by a bot in this process, to fix its seed; it then stops, and the
    # bot is a process of its own from now on, on the same database.
    dealer = await run_bot(lambda: create_bot(table.settings(), GAMES))
    assert isinstance(dealer.client, VegasHost)
    await open_showdown(table, dealer.client, players)
    await dealer.stop()
    bot = await spawn_bot("-m", "bot", env={"DATABASE_PATH": str(table.database)})

    # Round 1's bids; the last one closes the bidding, and the bot dies while it posts the
    # placement prompts: Discord took the first one, the bot never heard back.
    await round_one_bids(table, players, close=False)
    emu.stall_next("POST /channels/*/messages")
    closing = asyncio.create_task(emu.slash(alice, channel, "vs bid", tile="slots", amount=5))
    await emu.wait_until(
        lambda: any(r.stalled for r in emu.requests_to("POST /channels/*/messages")), 10, "post"
    )
    await bot.kill()
    emu.release_stalled()
    assert "Bidding is over." in (await closing).content
    [taken] = open_prompts(emu.history(channel))
    await bot.start()
    # One prompt each: the one Discord took is kept (it works: below), the others posted.
    await emu.wait_until(lambda: len(open_prompts(emu.history(channel))) >= 3, 10.0, "prompts")
    await emu.settle()
    prompts = open_prompts(emu.history(channel))
    assert [mentioned(p, players) for p in prompts] == [[alice], [bob], [carol]]
    slots, _, lounge = prompts
    assert slots is taken

    # Alice chooses a place from her prompt's menu...
    shown = await emu.select(alice, slots, spot_menus(slots)[0], ["slots a3 90"])
    assert shown.message is not None and shown.content.startswith("Put the Slots here?")

    # ...and the bot is killed before she confirms it, then started again.
    await bot.kill()
    await bot.start()
    await emu.click(alice, shown.message, shown.custom_ids[0])
    await emu.wait_until(lambda: shown.custom_ids == [], 10.0, "the confirmation answered")
    assert "places the Slots at a3" in shown.content
    await emu.wait_until(lambda: slots.custom_ids == [], 10.0, "Alice's prompt to close")
    assert slots.content.startswith("Decided:") and "Slots at a3" in slots.content

    # Bob chooses from his prompt's menu and confirms, all after the restart.
    table_games = await prompt_for(emu, table, bob)
    _, placed = await place_from_menu(emu, table_games, bob)
    assert "Still placing: **Carol** (green)." in placed.content

    # Carol keeps her Lounge: the last placement ends the round, its answer ("thinking..."
    # while the round picture is drawn) is cut by a second crash, and comes after it.
    emu.fail_next("* /webhooks/*", status=500)
    ending = asyncio.create_task(emu.slash(carol, channel, "vs reserve"))
    await kill_when_failed(emu, bot, "* /webhooks/*")
    assert said(table, "Round 1 is over") == []
    await bot.start()
    reply = await ending
    await emu.settle()

    # Every move told once: the bids, the purchases, the round post (with its picture).
    [post] = said(table, "Round 1 is over")
    assert post is reply.message and post.attachment("tracks.png").data
    assert mentioned(post, players) == [bob]  # Bob acts first in round 2
    story = post.embeds[0]["description"]
    assert "**Alice** (red) places the Slots at a3, turned 90°." in story
    assert "**Carol** (green) keeps the Lounge in reserve." in story
    for words in ("bids $18 for the Table Games", "is outbid", "Bidding is over."):
        assert len(said(table, words)) == 1, words
    # One prompt per placement, each closed saying what was decided, none posted again.
    await emu.wait_until(lambda: open_prompts(emu.history(channel)) == [], 10.0, "prompts closed")
    decided = [m for m in emu.history(channel) if m.content.startswith("Decided:")]
    assert decided == [slots, table_games, lounge]
    assert "keeps the Lounge in reserve" in lounge.content
    await bot.stop()
    await assert_saved_and_posted(table, moves=7)
