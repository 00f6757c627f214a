"""Fixtures for the store tests: each runs on a real SQLite file and on real PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.store import Store

DATABASES = ("sqlite", "postgresql")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the test's SQLite file lives (inside a folder that does not exist yet)."""
    return tmp_path / "data" / "vegas.sqlite3"


@pytest.fixture(params=DATABASES)
def database(request: pytest.FixtureRequest, db_path: Path) -> Path | str:
    """A new database, once SQLite (a file path) and once PostgreSQL (a URL)."""
    if request.param == "sqlite":
        return db_path
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
async def store(database: Path | str) -> AsyncIterator[Store]:
    """A store opened (and migrated) on a fresh database, closed after the test."""
    opened = await Store.open(database, kinds=GAMES)
    yield opened
    await opened.close()
