"""A channel's game is found through an index on both databases, however many games are
kept: every command reads it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import Store
from bot.store.store import LAST_GAME_IN_CHANNEL, OPEN_GAME_IN_CHANNEL


async def plan(store: Store, database: Path | str, where: str) -> str:
    """How the database would run the store's read of games `where` (channel 42)."""
    query = f"{store._select_games} {where}"
    if isinstance(database, Path):
        rows = await store.database.fetch(f"EXPLAIN QUERY PLAN {query}", (42,))
        return "\n".join(str(row[-1]) for row in rows)
    async with store.database.transaction() as db:
        # A small table is cheaper to read whole: ask whether an index can be used at all.
        await db.execute("SET LOCAL enable_seqscan = off")
        rows = await db.fetch(f"EXPLAIN {query}", (42,))
    return "\n".join(str(row[0]) for row in rows)


@pytest.mark.parametrize(
    ("where", "index"),
    [
        (OPEN_GAME_IN_CHANNEL, "games_one_open_per_channel"),
        (LAST_GAME_IN_CHANNEL, "games_by_channel"),
    ],
)
async def test_a_channels_game_is_read_through_an_index(
    store: Store, database: Path | str, where: str, index: str
) -> None:
    found = await plan(store, database, where)

    games_line = next(line for line in found.splitlines() if " g " in f" {line} ")
    assert index in games_line, found
