"""Fixtures shared by every test folder: one real PostgreSQL server per test session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres import PostgresServer, start_server


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the whole session (started on first use, stopped at the end)."""
    server = start_server()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test; its URL."""
    url = postgres_server.new_database()
    yield url
    postgres_server.drop_database(url)
