"""Fixtures for the store tests: a real SQLite file in a temporary folder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.store import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the test's database file lives (inside a folder that does not exist yet)."""
    return tmp_path / "data" / "vegas.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    """A store opened (and migrated) on a fresh file, closed after the test."""
    opened = await Store.open(db_path, kinds=GAMES)
    yield opened
    await opened.close()
