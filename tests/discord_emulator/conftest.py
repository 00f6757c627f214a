"""Fixtures for the emulator's own tests.

The emulator fixtures come from `tests.discord_emulator.fixtures`; other test folders
import them the same way. `world` and `tiny` are specific to these tests.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from . import Channel, DiscordEmulator, Guild, User
from .bots import InProcessBot
from .fixtures import RunBot, discord_emulator, run_bot, spawn_bot
from .tiny_bot import TinyBot

__all__ = ["discord_emulator", "run_bot", "spawn_bot"]


@dataclass
class World:
    """A guild with one channel, a channel manager (alice) and an ordinary member (bob)."""

    guild: Guild
    channel: Channel
    alice: User
    bob: User


@pytest.fixture
def world(discord_emulator: DiscordEmulator) -> World:
    guild = discord_emulator.create_guild("Vegas Night")
    channel = discord_emulator.create_channel(guild, "lords-of-vegas")
    alice = discord_emulator.create_user("alice", guild=guild, manage_channels=True)
    bob = discord_emulator.create_user("bob", guild=guild)
    return World(guild, channel, alice, bob)


@pytest.fixture
async def tiny(world: World, run_bot: RunBot) -> InProcessBot:
    """The tiny bot, running in the test's event loop, connected to the emulator."""
    return await run_bot(TinyBot)
