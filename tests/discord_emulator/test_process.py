"""The tiny bot as a separate process: killed with SIGKILL and started again on the same state."""

from __future__ import annotations

from pathlib import Path

from . import DiscordEmulator, tiny_bot
from .conftest import World
from .fixtures import SpawnBot


async def test_a_killed_bot_process_restarts_and_its_buttons_still_work(
    discord_emulator: DiscordEmulator, world: World, spawn_bot: SpawnBot, tmp_path: Path
) -> None:
    state = tmp_path / "state.txt"
    bot = await spawn_bot("-m", tiny_bot.__name__, env={"DATABASE_PATH": str(state)})
    started = await discord_emulator.slash(world.alice, world.channel, "starts")
    counter = await discord_emulator.slash(world.alice, world.channel, "counter")
    assert counter.message is not None
    await discord_emulator.click(world.bob, counter.message, "counter:0")

    await bot.kill()
    assert bot.process is not None
    assert bot.process.returncode == -9
    await bot.start()
    restarted = await discord_emulator.slash(world.alice, world.channel, "starts")
    clicked = await discord_emulator.click(world.alice, counter.message, "counter:1")

    assert started.content == "Started 1 times."
    assert restarted.content == "Started 2 times."
    assert clicked.message is counter.message
    assert counter.message.content == "Clicked 2 times"
    assert discord_emulator.gateway.identifies == 2
    assert discord_emulator.unknown_routes == []
