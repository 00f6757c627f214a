"""Pytest fixtures: an emulator per test, and bots started in-process or as processes.

Use them from any test folder's `conftest.py` with
`from tests.discord_emulator.fixtures import discord_emulator, run_bot, spawn_bot`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path

import discord
import pytest

from bot.endpoints import use_discord_endpoints

from .bots import BotProcess, InProcessBot
from .emulator import DiscordEmulator

RunBot = Callable[[Callable[[], discord.Client]], Awaitable[InProcessBot]]
SpawnBot = Callable[..., Awaitable[BotProcess]]


@pytest.fixture
async def discord_emulator() -> AsyncIterator[DiscordEmulator]:
    """A running emulator on a free port of 127.0.0.1, closed after the test."""
    emulator = DiscordEmulator()
    await emulator.start()
    yield emulator
    await emulator.close()
    assert not emulator.internal_errors, "the emulator itself failed:\n" + "\n".join(
        emulator.internal_errors
    )


@pytest.fixture
async def run_bot(discord_emulator: DiscordEmulator) -> AsyncIterator[RunBot]:
    """Start a bot in this event loop: `bot = await run_bot(lambda: MyClient())`.

    Every bot started is stopped after the test, and discord.py's endpoints are put
    back to Discord's.
    """
    started: list[InProcessBot] = []

    async def start(factory: Callable[[], discord.Client]) -> InProcessBot:
        bot = InProcessBot(discord_emulator, factory)
        started.append(bot)
        await bot.start()
        return bot

    yield start
    for bot in started:
        await bot.stop()
    use_discord_endpoints(None, None)


@pytest.fixture
async def spawn_bot(discord_emulator: DiscordEmulator, tmp_path: Path) -> AsyncIterator[SpawnBot]:
    """Start a bot process: `bot = await spawn_bot("-m", "bot", env={"DATABASE_PATH": ...})`.

    Arguments go to the Python interpreter. Every process is stopped after the test.
    """
    started: list[BotProcess] = []

    async def spawn(*args: str, env: Mapping[str, str] | None = None) -> BotProcess:
        bot = BotProcess(discord_emulator, args, tmp_path / f"bot-{len(started)}.log", env)
        started.append(bot)
        await bot.start()
        return bot

    yield spawn
    for bot in started:
        await bot.stop()
