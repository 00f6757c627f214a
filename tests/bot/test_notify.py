"""Your-turn messages: `/vegas notify`, one direct message per game per waiting spell, and
closed DMs turning the setting off with one note in the channel."""

from __future__ import annotations

from bot.app import VegasHost
from tests.bot.conftest import Table
from tests.bot.players import build_something
from tests.bot.test_robustness import open_table
from tests.discord_emulator import User


def other(table: Table, user: User) -> User:
    return table.bob if user is table.alice else table.alice


async def test_opted_in_players_get_one_message_per_waiting_spell_with_a_link(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    for user in (table.alice, table.bob):
        on = await emu.slash(user, channel, "vegas notify", setting="on")
        assert on.ephemeral and "Your-turn messages are on" in on.content
    first = await open_table(table, channel, table.alice, table.bob)
    second = other(table, first)
    link = f"https://discord.com/channels/{table.guild.id}/{channel.id}"

    await emu.wait_until(lambda: len(emu.dms(first)) == 1, 10, "the first player's message")
    [told] = emu.dms(first)
    assert "Lords of Vegas" in told.content and "your turn (turn 1" in told.content
    assert link in told.content and emu.dms(second) == []

    assert await build_something(emu, first, channel) is not None  # still the same spell
    await emu.slash(first, channel, "lov end")
    await emu.wait_until(lambda: len(emu.dms(second)) == 1, 10, "the second player's message")
    await emu.slash(second, channel, "lov end")
    await emu.wait_until(lambda: len(emu.dms(first)) == 2, 10, "the first player's next turn")
    await emu.settle()
    assert len(emu.dms(first)) == 2 and len(emu.dms(second)) == 1

    off = await emu.slash(second, channel, "vegas notify", setting="off")
    assert off.ephemeral and off.content == "Your-turn messages are off."
    await emu.slash(first, channel, "lov end")
    await emu.settle()
    assert len(emu.dms(second)) == 1


async def test_closed_direct_messages_turn_the_setting_off_with_one_note_in_the_channel(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    for user in (table.alice, table.bob):
        user.accepts_dms = False
        await emu.slash(user, channel, "vegas notify", setting="on")
    first = await open_table(table, channel, table.alice, table.bob)
    second = other(table, first)

    def notes() -> list[str]:
        return [
            m.content for m in emu.history(channel) if "direct messages are closed" in m.content
        ]

    await emu.wait_until(lambda: len(notes()) == 1, 10, "the note about closed DMs")
    assert notes()[0].startswith(f"<@{first.id}>")
    await emu.slash(first, channel, "lov end")
    await emu.wait_until(lambda: len(notes()) == 2, 10, "the second player's note")
    await emu.slash(second, channel, "lov end")
    await emu.slash(first, channel, "lov end")
    await emu.settle()
    assert len(notes()) == 2  # told once each; the setting is off, nothing is tried again
    assert emu.dms(first) == [] and emu.dms(second) == []
    assert vegas.store is not None
    assert await vegas.store.notified_users([first.id, second.id]) == set()
