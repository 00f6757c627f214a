"""Vegas Showdown across restarts and clocks: placement prompts keep working after a
restart, an unanswered one takes the engine's default, and turn timers time each action
choice and each round's placements, with a reminder at half time. The table's settings
read back in the game's words."""

from __future__ import annotations

import asyncio

from bot.app import VegasHost, create_bot
from bot.clock import ManualClock
from bot.games import GAMES
from tests.bot.conftest import Table
from tests.bot.players import mentioned
from tests.bot.showdown import (
    closed,
    open_prompts,
    open_showdown,
    option_values,
    prompt_for,
    round_one_bids,
    spot_menus,
    the_game,
)
from tests.discord_emulator.fixtures import RunBot

MINUTES = 1 / 60  # of an hour, for `clock.advance(hours=...)`


async def test_the_settings_speak_of_rounds(table: Table, vegas: VegasHost) -> None:
    emu, channel, alice = table.emu, table.channel, table.alice
    await emu.slash(alice, channel, "vs new", images="action")
    shown = await emu.slash(table.bob, channel, "vs settings")
    assert shown.ephemeral
    assert "**Board image:** after every action too." in shown.embeds[0]["description"]
    changed = await emu.slash(alice, channel, "vs settings", images="turn")
    assert not changed.ephemeral and "changed the table's settings" in changed.content
    assert "**Board image:** after every round." in changed.embeds[0]["description"]
    assert "turn." not in changed.embeds[0]["description"]


async def test_prompts_survive_a_restart_and_time_out_with_the_default(
    table: Table, run_bot: RunBot, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    alice, _, carol = players
    bot = await run_bot(lambda: create_bot(table.settings(), GAMES, clock=clock))
    vegas = bot.client
    assert isinstance(vegas, VegasHost)
    await open_showdown(table, vegas, players)
    await round_one_bids(table, players)
    slots = await prompt_for(emu, table, alice)
    shown = await emu.select(alice, slots, spot_menus(slots)[0], ["slots a3 90"])
    assert shown.message is not None

    # The bot restarts while the prompts wait: nothing is lost, every menu still works.
    await bot.stop()
    await bot.start()
    vegas = bot.client
    assert isinstance(vegas, VegasHost)
    await emu.click(alice, shown.message, shown.custom_ids[0])
    await emu.wait_until(lambda: shown.custom_ids == [], 10.0, "the confirmation answered")
    assert "places the Slots at a3" in shown.content
    lounge = await prompt_for(emu, table, carol)
    first = option_values(lounge, spot_menus(lounge)[0])[0]
    chosen = await emu.select(carol, lounge, spot_menus(lounge)[0], [first])
    assert chosen.ephemeral and chosen.content.startswith("Put the Lounge here?")
    await emu.wait_until(lambda: slots.custom_ids == [], 10.0, "Alice's prompt to close")

    # Neither Bob nor Carol answers: after a day their tiles go to their reserves (in
    # whichever order the two timers fire), and round 2 begins.
    await clock.advance(hours=25)
    await emu.wait_for_message(channel, lambda m: "Round 1 is over" in str(m.embeds))
    notes = sorted(m.content for m in emu.history(channel) if "Time ran out" in m.content)
    assert [note.splitlines()[0] for note in notes] == [
        "⏰ Time ran out: **Bob** (blue) must place or reserve the Table Games they bought, "
        "so the Table Games goes to their reserve.",
        "⏰ Time ran out: **Carol** (green) must place or reserve the Lounge they bought, "
        "so the Lounge goes to their reserve.",
    ]
    game = await the_game(vegas, table)
    state = game.state()
    assert state.round == 2 and state.player("blue").reserve == ["table_games"]
    assert state.player("green").reserve == ["lounge"]
    await emu.wait_until(
        lambda: open_prompts(emu.history(channel)) == [], 10.0, "the prompts to close"
    )
    assert table.emu.unknown_routes == []


async def test_turn_timers_time_each_choice_and_the_placements(
    table: Table, vegas: VegasHost, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    alice, bob, carol = players
    start = await open_showdown(table, vegas, players, settings={"turn_timer": 60})
    shown = await emu.slash(bob, channel, "vs settings")
    settings = shown.embeds[0]["description"]
    assert "**Turn timer:** 1 hour" in settings and "an action choice takes Renovate" in settings
    assert "Trade offers" not in settings
    assert start.content.endswith(
        "Your choice runs out <t:1800003600:R>; then Renovate is chosen for you."
    )

    # Half time: Alice is reminded once; full time: she takes Renovate.
    await clock.advance(hours=31 * MINUTES)
    reminder = await emu.wait_for_message(channel, lambda m: "half the time" in m.content)
    assert reminder.content.startswith(
        f"⏳ <@{alice.id}> half the time for **Alice** (red)'s action choice is gone."
    )
    await clock.advance(hours=30 * MINUTES)
    ended = await emu.wait_for_message(channel, lambda m: "Time is up" in m.content)
    assert "**Alice** (red) chooses Renovate." in ended.content
    assert mentioned(ended, players) == [bob]
    await emu.slash(bob, channel, "vs publicity")
    await emu.slash(carol, channel, "vs bid", tile="slots", amount=5)
    prompt = await prompt_for(emu, table, carol)  # it says when the placements run out
    assert "If you have not answered <t:1800007260:R>, the Slots goes to your reserve" in (
        prompt.content
    )

    # The round's placements are timed as one: Carol is reminded, then her tile is kept.
    await clock.advance(hours=31 * MINUTES)
    placing = await emu.wait_for_message(channel, lambda m: "placements of round 1" in m.content)
    assert placing.content.startswith(f"⏳ <@{carol.id}> half the time for the placements")
    await clock.advance(hours=30 * MINUTES)
    await emu.wait_for_message(channel, lambda m: "Round 1 is over" in str(m.embeds))
    state = (await the_game(vegas, table)).state()
    assert state.round == 2 and state.player("green").reserve == ["slots"]


async def test_a_placement_told_slowly_still_says_what_was_decided(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    alice, bob, carol = players
    await open_showdown(table, vegas, players)
    await round_one_bids(table, players)
    await emu.slash(alice, channel, "vs reserve")
    await emu.slash(bob, channel, "vs reserve")
    lounge = await prompt_for(emu, table, carol)
    menu = spot_menus(lounge)[0]
    shown = await emu.select(carol, lounge, menu, [option_values(lounge, menu)[0]])
    assert shown.message is not None
    confirm = next(c for c in shown.custom_ids if c.startswith("vs:confirm:"))
    # Carol's placement ends the round; Discord is slow to take its round post, so the
    # bot has not brought her prompt up to date when Bob, first to choose in round 2,
    # takes Publicity. Her prompt still says what she decided.
    posting = "POST /channels/*/messages"
    posted = len(emu.requests_to(posting))
    emu.stall_next(posting)
    confirming = asyncio.create_task(emu.click(carol, shown.message, confirm))
    await emu.wait_until(lambda: len(emu.requests_to(posting)) > posted, 10.0, "the round post")
    choosing = asyncio.create_task(emu.slash(bob, channel, "vs publicity"))
    await closed(emu, lounge)
    emu.release_stalled()
    await confirming
    assert "Publicity" in (await choosing).content
    await emu.settle()
    assert lounge.content.startswith("Decided: **Carol** (green) places the Lounge at "), (
        lounge.content
    )
