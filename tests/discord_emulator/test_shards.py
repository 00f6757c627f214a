"""Shards: each gateway session carries only the guilds of its shard, and their events."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import discord
from discord import app_commands

from . import DiscordEmulator
from .fixtures import RunBot
from .gateway import IDENTIFY, INVALID_SHARD, shard_of


class ShardedEcho(discord.AutoShardedClient):
    """A sharded client whose `/who` says which client answered, and on which shard."""

    def __init__(self, name: str, shard_ids: list[int] | None, shard_count: int | None) -> None:
        super().__init__(
            intents=discord.Intents.default(), shard_ids=shard_ids, shard_count=shard_count
        )
        self.tree: app_commands.CommandTree[Any] = app_commands.CommandTree(self)

        @self.tree.command(description="Say who answers")
        async def who(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message(
                f"{name} on shard {interaction.guild.shard_id if interaction.guild else 0}"
            )

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # Discord wants 5 s between identifies; the emulator does not, and tests should not.
        return None


async def test_each_process_gets_only_its_shards_guilds_and_interactions(
    discord_emulator: DiscordEmulator, run_bot: RunBot
) -> None:
    emu = discord_emulator
    first = emu.create_guild("Shard Zero", shard=(0, 2))
    second = emu.create_guild("Shard One", shard=(1, 2))
    assert (shard_of(first.id, 2), shard_of(second.id, 2)) == (0, 1)
    channels = [emu.create_channel(guild, "tables") for guild in (first, second)]
    alice = emu.create_user("alice", guild=first)
    emu.add_member(second, alice)

    zero = await run_bot(lambda: ShardedEcho("zero", [0], 2))
    one = await run_bot(lambda: ShardedEcho("one", [1], 2))

    assert sorted(session.shard for session in emu.gateway.live_sessions) == [(0, 2), (1, 2)]
    assert zero.client is not None and one.client is not None
    for client in (zero.client, one.client):
        await emu.wait_until(client.is_ready, 10, "the client to be ready")
    assert [guild.id for guild in zero.client.guilds] == [first.id]
    assert [guild.id for guild in one.client.guilds] == [second.id]
    answers = [(await emu.slash(alice, channel, "who")).content for channel in channels]
    assert answers == ["zero on shard 0", "one on shard 1"]

    # A guild joined later, and its channels, reach the process of its shard only.
    later = emu.create_guild("Later", shard=(1, 2))
    emu.create_channel(later, "more-tables")
    await emu.wait_until(lambda: one.client.get_guild(later.id) is not None, 5, "the new guild")
    assert zero.client.get_guild(later.id) is None
    assert emu.internal_errors == []


async def test_a_client_without_a_shard_count_takes_the_recommended_one(
    discord_emulator: DiscordEmulator, run_bot: RunBot
) -> None:
    emu = discord_emulator
    emu.recommended_shards = 2
    guilds = [emu.create_guild(f"Shard {n}", shard=(n, 2)) for n in (0, 1)]

    bot = await run_bot(lambda: ShardedEcho("all", None, None))

    await emu.wait_until(lambda: len(emu.gateway.live_sessions) == 2, 10, "both shards")
    assert sorted(session.shard for session in emu.gateway.live_sessions) == [(0, 2), (1, 2)]
    assert bot.client is not None
    await emu.wait_until(lambda: len(bot.client.guilds) == 2, 10, "both guilds")
    assert {guild.id for guild in bot.client.guilds} == {guild.id for guild in guilds}
    assert len(emu.requests_to("GET /gateway/bot")) >= 1


async def test_a_shard_outside_the_count_is_refused(discord_emulator: DiscordEmulator) -> None:
    emu = discord_emulator
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(f"{emu.gateway_url}?v=10&encoding=json") as ws,
    ):
        hello = json.loads((await ws.receive()).data)
        assert hello["op"] == 10
        await ws.send_str(
            json.dumps({"op": IDENTIFY, "d": {"token": emu.token, "intents": 1, "shard": [2, 2]}})
        )
        closing = await ws.receive()

    assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert ws.close_code == INVALID_SHARD
    assert emu.gateway.identifies == 0
