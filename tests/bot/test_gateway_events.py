"""The bot asks Discord only for the events it uses: guilds and their channels.

Every message posted in a channel the bot can see (its own posts included, and all the
players' chat) would otherwise reach it as an event to receive and parse, for nothing.
"""

from __future__ import annotations

from bot.app import VegasHost
from tests.bot.conftest import Table
from tests.bot.test_robustness import open_table
from tests.discord_emulator.gateway import GUILDS


async def test_a_game_is_played_without_message_events(table: Table, vegas: VegasHost) -> None:
    emu = table.emu
    current = await open_table(table, table.channel, table.alice, table.bob)
    reply = await emu.slash(current, table.channel, "lov end")

    assert reply.message is not None and reply.message.attachment("board.png").data
    [session] = emu.gateway.sessions.values()
    assert session.intents == GUILDS
    events = {event["t"] for event in session.sent}
    assert "INTERACTION_CREATE" in events
    assert not events & {"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE"}
