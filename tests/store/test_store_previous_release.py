"""A database written by the previous release opens, upgrades and verifies, game by game."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from bot.games import GAMES
from bot.store import Store, find_migrations, verify_game
from tests.store.previous_release import (
    ABANDONED,
    CHANNELS,
    FINISHED,
    UNDER_WAY,
    USERS,
    copy_previous_release,
)


def schema_version(path: Path) -> int:
    with closing(sqlite3.connect(path)) as db:
        return int(db.execute("PRAGMA user_version").fetchone()[0])


async def test_the_previous_release_database_opens_with_its_games_as_they_were(
    tmp_path: Path,
) -> None:
    path = copy_previous_release(tmp_path / "vegas.sqlite3")
    assert schema_version(path) == 7
    async with await Store.open(path, kinds=GAMES) as store:
        assert schema_version(path) == len(find_migrations())
        assert await store.game_ids() == [UNDER_WAY, FINISHED, ABANDONED]
        game = await store.game(UNDER_WAY)
        assert (game.kind, game.status, game.moves, game.channel_id) == (
            "lords_of_vegas",
            "active",
            19,
            CHANNELS[0],
        )
        assert game.rules_version is None  # started before rules versions were recorded
        assert [(s.color, s.user_id, s.name) for s in game.seats] == [
            ("red", USERS[0], "Alice"),
            ("green", USERS[1], "Bob"),
            ("blue", None, "Bot Lucky"),
        ]
        assert game.options["turn_minutes"] == 1440 and game.options["offer_hours"] == 48
        state = game.state()
        assert (state.turn, state.current) == (10, "green")
        assert [(o.id, o.proposer) for o in state.offers] == [(1, "green")]
        [prompt] = await store.open_prompts(UNDER_WAY)
        assert (prompt.kind, prompt.ref, prompt.channel_id) == ("offer", 1, CHANNELS[0])
        timer = await store.turn_timer(UNDER_WAY)
        assert timer is not None and (timer.turn, timer.player) == (10, "green")
        assert (await store.game(FINISHED)).status == "finished"
        assert (await store.game(ABANDONED)).status == "abandoned"
        for game_id in (UNDER_WAY, FINISHED, ABANDONED):
            assert (await verify_game(store, game_id)).ok
