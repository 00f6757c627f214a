"""The gateway: identify, heartbeats, privileged intents, dropped connections and resuming."""

from __future__ import annotations

import discord
import pytest

from . import DiscordEmulator
from .bots import InProcessBot
from .conftest import World
from .fixtures import RunBot
from .gateway import GUILD_MEMBERS


async def test_the_bot_identifies_once_over_a_compressed_stream(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    [connection] = discord_emulator.gateway.connections
    asked = discord.utils._ActiveDecompressionContext.COMPRESSION_TYPE

    assert connection.compression == asked
    assert connection.compressed == (asked == "zlib-stream")  # zstd falls back to text
    assert connection.path == "/gateway"
    assert discord_emulator.gateway.identifies == 1
    assert tiny.client is not None
    assert tiny.client.get_channel(world.channel.id) is not None


@pytest.mark.parametrize("close_code", [None, 4000, 1000])
async def test_the_bot_resumes_after_a_dropped_connection_and_gets_missed_events(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot, close_code: int | None
) -> None:
    [session] = discord_emulator.gateway.live_sessions

    assert await discord_emulator.drop_gateway(close_code) == 1
    added = discord_emulator.create_channel(world.guild, "added-while-away")
    await discord_emulator.wait_for_resume()

    assert discord_emulator.gateway.live_sessions == [session]
    assert discord_emulator.gateway.identifies == 1
    [connection] = discord_emulator.gateway.connections
    assert connection.path == "/gateway/resume"
    assert tiny.client is not None
    assert tiny.client.get_channel(added.id) is not None  # replayed on RESUME
    reply = await discord_emulator.slash(world.alice, added, "echo", text="back again")
    assert reply.content == "back again"


async def test_heartbeats_are_acknowledged(
    discord_emulator: DiscordEmulator, world: World, run_bot: RunBot
) -> None:
    discord_emulator.heartbeat_interval = 0.05
    bot = await run_bot(lambda: discord.Client(intents=discord.Intents.default()))

    await discord_emulator.wait_until(
        lambda: discord_emulator.gateway.heartbeats >= 3, 5, "three heartbeats"
    )

    assert bot.client is not None
    assert bot.client.latency < 5


async def test_privileged_intents_must_be_enabled_for_the_application(
    discord_emulator: DiscordEmulator, world: World, run_bot: RunBot
) -> None:
    intents = discord.Intents.default()
    intents.members = True

    with pytest.raises(discord.PrivilegedIntentsRequired):
        await run_bot(lambda: discord.Client(intents=intents))

    discord_emulator.privileged_intents = GUILD_MEMBERS
    bot = await run_bot(lambda: discord.Client(intents=intents))
    assert bot.client is not None
    guild = bot.client.get_guild(world.guild.id)
    assert guild is not None
    await discord_emulator.wait_until(lambda: guild.chunked, 5, "the member list")
    assert {member.name for member in guild.members} >= {"alice", "bob"}
