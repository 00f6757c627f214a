"""A game saved by the previous release goes on in this one, to its end, by slash commands."""

from __future__ import annotations

import asyncio

import pytest

from bot.app import VegasHost, create_bot
from bot.clock import ManualClock
from bot.games import GAMES
from bot.store import verify_game
from bot.store.__main__ import main as store_command
from tests.bot.conftest import Table
from tests.bot.players import answer_prompt, build_something, decision_prompts, prompt_closed
from tests.discord_emulator import User
from tests.discord_emulator.fixtures import RunBot
from tests.store.previous_release import CHANNELS, GUILD, UNDER_WAY, USERS, copy_previous_release


@pytest.fixture(params=["sqlite", "postgresql"])
def postgres_or_not(request: pytest.FixtureRequest) -> str | None:
    """None (the bot stays on SQLite), or a new PostgreSQL database's URL.

    Asked for before the bot, so the database outlives it.
    """
    if request.param == "sqlite":
        return None
    url: str = request.getfixturevalue("postgres_url")
    return url


async def test_the_previous_release_game_is_finished_in_this_one(
    postgres_or_not: str | None, table: Table, run_bot: RunBot, clock: ManualClock
) -> None:
    """On PostgreSQL, the operator first moves the file there with `bot.store copy`."""
    emu, channel = table.emu, table.channel
    people = [table.alice, table.bob, table.carol, table.dave]
    third = emu.create_channel(table.guild, "classic-table")
    ids = {GUILD: table.guild.id} | dict(
        zip(CHANNELS, (channel.id, table.other_channel.id, third.id), strict=True)
    )
    ids |= dict(zip(USERS, (user.id for user in people), strict=True))
    copy_previous_release(table.database, ids)
    if postgres_or_not is not None:
        table.database_url = postgres_or_not
        copy = ["--database", str(table.database), "copy", "--to", postgres_or_not]
        assert await asyncio.to_thread(store_command, copy) == 0
        table.database.unlink()  # the bot must play on without it
    # This emulator is a Discord that never saw the commands the database says were synced.
    bot = await run_bot(lambda: create_bot(table.settings(), GAMES, clock=clock, force_sync=True))
    vegas = bot.client
    assert isinstance(vegas, VegasHost) and vegas.store is not None
    store = vegas.store

    # Bob's offer, made under the previous release, is still open: Alice takes it.
    accepted = await emu.slash(table.alice, channel, "lov trade accept", offer=1)
    assert "Trade #1" in accepted.content and not accepted.ephemeral
    by_id: dict[int, User] = {user.id: user for user in people}
    for _ in range(500):
        await emu.settle()
        game = await store.game(UNDER_WAY)
        if game.status == "finished":
            break
        prompts = decision_prompts(emu.history(channel))
        if prompts:
            state = game.state()
            owner = game.seat_of(state.pending[0].player) if state.pending else None
            if owner is not None and owner.user_id is not None:
                await answer_prompt(emu, prompts[0], by_id[owner.user_id])
                await prompt_closed(emu, prompts[0])
            continue
        state = game.state()
        seat = game.seat_of(state.current)
        assert seat is not None
        if seat.user_id is None:
            continue  # the computer player moves by itself
        player = by_id[seat.user_id]
        await build_something(emu, player, channel)
        await emu.slash(player, channel, "lov end")
    else:
        raise AssertionError("the game did not end")

    # The computer's last move may have ended it: its news follows, and is the last word.
    await emu.wait_for_message(channel, lambda message: "wins Lords of Vegas" in message.content)
    await emu.settle()
    assert "wins Lords of Vegas" in emu.history(channel)[-1].content
    assert (await verify_game(store, UNDER_WAY)).ok
    status = await emu.slash(table.dave, channel, "lov status")
    fields = {field["name"]: field["value"] for field in status.embeds[0]["fields"]}
    assert "won." in fields["Result"]
