"""Fixtures for end-to-end tests of the real bot against the Discord emulator."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.app import VegasHost, create_bot
from bot.clock import ManualClock
from bot.games import GAMES
from bot.settings import Settings
from tests.discord_emulator import Channel, DiscordEmulator, Guild, User
from tests.discord_emulator.fixtures import RunBot, discord_emulator, run_bot, spawn_bot

__all__ = ["discord_emulator", "run_bot", "spawn_bot"]

TEST_SEED = 20261122  # the first player can build at once, in 2 or 3 players, either edition


@dataclass
class Table:
    """A server with a game channel, a second channel, three players and a moderator."""

    emu: DiscordEmulator
    guild: Guild
    channel: Channel
    other_channel: Channel
    alice: User
    bob: User
    carol: User
    dave: User
    mod: User
    database: Path
    # Set to a postgresql:// URL, the bot keeps its games there instead of in `database`.
    database_url: str | None = None

    def settings(self) -> Settings:
        """Settings pointing the bot at the emulator and this test's database."""
        return Settings(
            discord_token=self.emu.token,
            database_path=self.database,
            database_url=self.database_url,
            discord_api_base=self.emu.api_base,
            discord_gateway_url=self.emu.gateway_url,
            ai_pause_seconds=0,
        )


@pytest.fixture
def table(discord_emulator: DiscordEmulator, tmp_path: Path) -> Table:
    """A fresh server; the bot's settle window is short because it answers in milliseconds."""
    emu = discord_emulator
    emu.settle_time = 0.05
    guild = emu.create_guild("Vegas Night")
    return Table(
        emu=emu,
        guild=guild,
        channel=emu.create_channel(guild, "lords-of-vegas"),
        other_channel=emu.create_channel(guild, "second-table"),
        alice=emu.create_user("Alice", guild=guild),
        bob=emu.create_user("Bob", guild=guild),
        carol=emu.create_user("Carol", guild=guild),
        dave=emu.create_user("Dave", guild=guild),
        mod=emu.create_user("Mod", guild=guild, manage_channels=True),
        database=tmp_path / "vegas.sqlite3",
    )


@pytest.fixture
def clock() -> ManualClock:
    """The bot's clock, moved by hand (`await clock.advance(hours=25)`): tests never sleep."""
    return ManualClock()


@pytest.fixture
async def vegas(table: Table, run_bot: RunBot, clock: ManualClock) -> AsyncIterator[VegasHost]:
    """The real bot, in this event loop, on the test's database, with a hand-moved clock."""
    bot = await run_bot(lambda: create_bot(table.settings(), GAMES, clock=clock))
    assert isinstance(bot.client, VegasHost) and bot.client.tables is not None
    # Games are dealt from a fixed seed so every run of a test plays the same game.
    bot.client.tables.new_seed = lambda: TEST_SEED
    yield bot.client
    # Whatever the test did, the bot only used routes Discord has.
    assert table.emu.unknown_routes == []


@pytest.fixture
def terminal_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Terminal games keep themselves in the bot's store: here, the test's own database
    (DATABASE_PATH, which child processes inherit too)."""
    path = tmp_path / "terminal.sqlite3"
    monkeypatch.setenv("DATABASE_PATH", str(path))
    return path
