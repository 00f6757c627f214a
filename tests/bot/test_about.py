"""`/vegas about` and the start-up log: the version pyproject.toml gives, the games, what
is kept about people, and where the documentation is."""

from __future__ import annotations

import logging
import tomllib
from pathlib import Path

import pytest

from bot.app import create_bot
from bot.games import GAMES
from tests.bot.conftest import Table
from tests.bot.test_server_commands import field
from tests.discord_emulator.fixtures import RunBot

ROOT = Path(__file__).parent.parent.parent


def release() -> str:
    """The version pyproject.toml declares."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return str(project["version"])


async def test_about_tells_version_games_data_kept_and_docs(
    table: Table, run_bot: RunBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    await run_bot(lambda: create_bot(table.settings(), GAMES))
    started = [r.getMessage() for r in caplog.records if r.getMessage().startswith("Vegas Host ")]
    assert started == [
        f"Vegas Host {release()} hosting Lords of Vegas (`/lov`, 2 to 6 players), "
        "Vegas Showdown (`/vs`, 3 to 5 players)"
    ]

    about = await table.emu.slash(table.alice, table.channel, "vegas about")
    assert about.ephemeral
    assert field(about, "Version") == release()
    assert "Lords of Vegas (`/lov`, 2 to 6 players)" in field(about, "Games")
    assert "Vegas Showdown (`/vs`, 3 to 5 players)" in field(about, "Games")
    kept = field(about, "What is kept")
    assert "user id" in kept and "every move" in kept and "delete" in kept
    assert "docs/privacy.md" in field(about, "Documentation")
    assert "unofficial fan implementation" in field(about, "Note")


async def test_about_links_the_operators_docs_url(table: Table, run_bot: RunBot) -> None:
    settings = table.settings().model_copy(update={"docs_url": "https://example.org/vegas"})
    await run_bot(lambda: create_bot(settings, GAMES))
    about = await table.emu.slash(table.bob, table.channel, "vegas about")
    assert field(about, "Documentation").startswith("https://example.org/vegas")
