"""The schema: built from the migrations, upgraded from any earlier version, and enforcing
the storage rules itself (one open game per channel, an append-only log).
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.store import (
    MIGRATIONS_DIR,
    MigrationError,
    Store,
    find_migrations,
    verify_game,
)
from engine.lords_of_vegas.randomplay import RandomPlayer
from tests.store.playthrough import open_lobby, play_to_end, start_table


@contextmanager
def raw(path: Path) -> Iterator[sqlite3.Connection]:
    """A plain sqlite3 connection in autocommit mode with foreign keys on."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("PRAGMA foreign_keys = ON")
        yield connection


def schema_of(path: Path) -> tuple[int, list[tuple[str, str, str, str]]]:
    """The schema version and every table, index and trigger definition in the file."""
    with raw(path) as db:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        objects = db.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master "
            "WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
        ).fetchall()
    return version, objects


def migrations_upto(target: Path, count: int, extra: dict[str, str] | None = None) -> Path:
    """A migrations folder holding the first `count` real files plus `extra` ones."""
    target.mkdir(parents=True, exist_ok=True)
    for migration in find_migrations()[:count]:
        shutil.copy(migration.path, target / migration.path.name)
    for name, sql in (extra or {}).items():
        (target / name).write_text(sql, encoding="utf-8")
    return target


async def test_fresh_database_gets_every_migration_and_the_documented_schema(
    db_path: Path,
) -> None:
    store = await Store.open(db_path, kinds=GAMES)
    pragmas = await store.pragmas()
    await store.close()

    version, objects = schema_of(db_path)
    assert version == len(find_migrations()) >= 1
    assert pragmas["journal_mode"] == "wal"
    assert pragmas["foreign_keys"] == 1
    assert pragmas["synchronous"] == 2  # FULL
    with raw(db_path) as db:
        tables = {name for kind, name, _, _ in objects if kind == "table"}
        assert tables == {
            "games",
            "seats",
            "snapshots",
            "moves",
            "bot_meta",
            "prompts",
            "offer_drafts",
            "turn_timers",
            "outbox",
            "notify",
            "waiting_spells",
            "ratings",
        }
        columns = {
            table: [row[1] for row in db.execute(f"PRAGMA table_info({table})")] for table in tables
        }
        assert columns["games"] == [
            "id",
            "kind",
            "guild_id",
            "channel_id",
            "host_user_id",
            "edition",
            "status",
            "settings",
            "version",
            "moves",
            "created_at",
            "updated_at",
            "started_at",
            "ended_at",
            "options",
            "rules_version",
            "place",
        ]
        assert columns["seats"] == [
            "game_id",
            "position",
            "color",
            "user_id",
            "ai_level",
            "name",
            "resigned",
            "autopilot",
        ]
        assert columns["bot_meta"] == ["key", "value"]
        assert columns["snapshots"] == ["game_id", "state"]
        assert columns["moves"] == ["game_id", "seq", "actor_user_id", "command", "created_at"]
        assert columns["turn_timers"] == [
            "game_id",
            "turn",
            "player",
            "remind_at",
            "expires_at",
            "reminded",
        ]
        assert columns["outbox"] == [
            "id",
            "game_id",
            "seq",
            "channel_id",
            "state_before",
            "note",
            "interaction_id",
            "interaction_token",
            "created_at",
        ]
        assert columns["notify"] == ["user_id", "enabled", "updated_at"]
        assert columns["waiting_spells"] == ["game_id", "user_id"]
        for table in (
            "seats",
            "snapshots",
            "moves",
            "prompts",
            "turn_timers",
            "outbox",
            "waiting_spells",
        ):
            references = {row[2] for row in db.execute(f"PRAGMA foreign_key_list({table})")}
            assert references == {"games"}, table
        indexes = {row[1]: row for row in db.execute("PRAGMA index_list(games)")}
        one_open = indexes["games_one_open_per_channel"]
        assert one_open[2] == 1  # unique
        assert one_open[4] == 1  # partial
        moves_key = [row[2] for row in db.execute("PRAGMA index_info(sqlite_autoindex_moves_1)")]
        assert moves_key == ["game_id", "seq"]
    triggers = {name for kind, name, _, _ in objects if kind == "trigger"}
    assert triggers == {"moves_never_change", "moves_never_vanish"}


@pytest.mark.parametrize("start_version", range(len(find_migrations())))
async def test_database_at_any_earlier_version_upgrades_to_the_same_schema(
    tmp_path: Path, start_version: int
) -> None:
    fresh = tmp_path / "fresh.sqlite3"
    await (await Store.open(fresh, kinds=GAMES)).close()

    old = tmp_path / "old.sqlite3"
    older_code = migrations_upto(tmp_path / "older", start_version)
    await (await Store.open(old, kinds=GAMES, migrations=older_code)).close()
    assert schema_of(old)[0] == start_version

    await (await Store.open(old, kinds=GAMES)).close()
    assert schema_of(old) == schema_of(fresh)


async def test_older_database_with_games_keeps_them_through_an_upgrade(
    tmp_path: Path, db_path: Path
) -> None:
    current = len(find_migrations())
    store = await Store.open(db_path, kinds=GAMES)
    game = await start_table(store, 1, ["red", "blue", "green"], seed=11)
    await play_to_end(store, game.id, RandomPlayer(seed=11))
    lobby = await open_lobby(store, 2)
    await store.close()

    newer_code = migrations_upto(
        tmp_path / "newer",
        current,
        {
            f"{current + 1:04d}_game_notes.sql": (
                "-- a later release adds notes to games\n"
                "ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT '';\n"
                "CREATE INDEX games_by_host ON games (host_user_id);\n"
            )
        },
    )
    store = await Store.open(db_path, kinds=GAMES, migrations=newer_code)
    try:
        assert (await store.game(lobby.id)).status == "lobby"
        finished = await store.game(game.id)
        assert finished.status == "finished"
        assert (await verify_game(store, game.id)).ok
    finally:
        await store.close()
    with raw(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == current + 1
        assert db.execute("SELECT DISTINCT note FROM games").fetchall() == [("",)]


async def test_failing_migration_is_rolled_back_whole(tmp_path: Path, db_path: Path) -> None:
    current = len(find_migrations())
    store = await Store.open(db_path, kinds=GAMES)
    await open_lobby(store, 5)
    await store.close()
    broken = migrations_upto(
        tmp_path / "broken",
        current,
        {
            f"{current + 1:04d}_ratings.sql": (
                "CREATE TABLE ratings (user_id INTEGER PRIMARY KEY, rating INTEGER NOT NULL);\n"
                "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;\n"
                "CREATE INDEX ratings_by_rating ON no_such_table (rating);\n"
            )
        },
    )
    before = schema_of(db_path)

    with pytest.raises(MigrationError, match=r"_ratings\.sql failed and was rolled back"):
        await Store.open(db_path, kinds=GAMES, migrations=broken)

    assert schema_of(db_path) == before
    store = await Store.open(db_path, kinds=GAMES)
    assert (await store.open_game(5)) is not None
    await store.close()


async def test_migration_leaving_broken_foreign_keys_is_refused(
    tmp_path: Path, db_path: Path
) -> None:
    current = len(find_migrations())
    await (await Store.open(db_path, kinds=GAMES)).close()
    orphan = migrations_upto(
        tmp_path / "orphan",
        current,
        {
            f"{current + 1:04d}_orphan.sql": (
                "PRAGMA defer_foreign_keys = ON;\n"
                "INSERT INTO snapshots (game_id, state) VALUES (999, '{}');\n"
            )
        },
    )
    with pytest.raises(MigrationError, match="broken foreign keys"):
        await Store.open(db_path, kinds=GAMES, migrations=orphan)
    assert schema_of(db_path)[0] == current
    with raw(db_path) as db:
        assert db.execute("SELECT count(*) FROM snapshots").fetchone()[0] == 0


async def test_database_from_newer_code_is_not_touched(db_path: Path) -> None:
    await (await Store.open(db_path, kinds=GAMES)).close()
    with raw(db_path) as db:
        db.execute("PRAGMA user_version = 99")
    before = schema_of(db_path)
    with pytest.raises(MigrationError, match="newer Vegas Host"):
        await Store.open(db_path, kinds=GAMES)
    assert schema_of(db_path) == before


@pytest.mark.parametrize(
    "names",
    [["1_initial.sql"], ["0001_initial.sql", "0003_later.sql"], ["0001_a.sql", "0001_b.sql"]],
)
def test_misnamed_or_missing_migration_files_are_refused(tmp_path: Path, names: list[str]) -> None:
    for name in names:
        (tmp_path / name).write_text("CREATE TABLE t (x INTEGER);\n", encoding="utf-8")
    with pytest.raises(MigrationError):
        find_migrations(tmp_path)


def test_real_migration_files_split_into_whole_statements() -> None:
    migrations = find_migrations(MIGRATIONS_DIR)
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    for migration in migrations:
        for statement in migration.statements():
            assert sqlite3.complete_statement(statement)
    triggers = [s for s in migrations[0].statements() if "CREATE TRIGGER" in s]
    assert len(triggers) == 2
    assert all(s.rstrip().endswith("END;") for s in triggers)


async def test_two_processes_starting_at_once_migrate_once(db_path: Path) -> None:
    stores = await asyncio.gather(*(Store.open(db_path, kinds=GAMES) for _ in range(4)))
    for store in stores:
        await store.close()
    assert schema_of(db_path)[0] == len(find_migrations())


async def test_schema_allows_one_open_game_per_channel(db_path: Path) -> None:
    await (await Store.open(db_path, kinds=GAMES)).close()
    insert = (
        "INSERT INTO games (kind, guild_id, channel_id, host_user_id, edition, status, settings, "
        "created_at, updated_at) VALUES ('lords_of_vegas', 1, ?, 1, 'updated', ?, ?, 'now', 'now')"
    )
    with raw(db_path) as db:
        db.execute(insert, (10, "lobby", None))
        with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
            db.execute(insert, (10, "lobby", None))
        with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
            db.execute(insert, (10, "active", "{}"))
        db.execute(insert, (11, "active", "{}"))  # another channel is fine
        db.execute("UPDATE games SET status = 'abandoned' WHERE channel_id = 10")
        db.execute(insert, (10, "active", "{}"))
        db.execute(
            "UPDATE games SET status = 'finished' WHERE channel_id = 10 AND status = 'active'"
        )
        db.execute(insert, (10, "lobby", None))
        statuses = db.execute(
            "SELECT status FROM games WHERE channel_id = 10 ORDER BY id"
        ).fetchall()
        assert statuses == [("abandoned",), ("finished",), ("lobby",)]


async def test_schema_rejects_rows_that_break_the_storage_rules(db_path: Path) -> None:
    await (await Store.open(db_path, kinds=GAMES)).close()
    with raw(db_path) as db:
        db.execute(
            "INSERT INTO games (id, kind, guild_id, channel_id, host_user_id, edition, status, "
            "settings, created_at, updated_at) "
            "VALUES (1, 'lords_of_vegas', 1, 1, 1, 'updated', 'active', '{}', 'now', 'now')"
        )
        db.execute("INSERT INTO moves VALUES (1, 1, 5, 'red: end', 'now')")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("UPDATE moves SET command = 'red: gamble C7 5'")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("DELETE FROM moves")
        with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
            db.execute("INSERT INTO moves VALUES (1, 1, 5, 'red: end', 'now')")
        with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
            db.execute("INSERT INTO moves VALUES (2, 1, 5, 'red: end', 'now')")
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            db.execute(
                "INSERT INTO seats VALUES (1, 1, 'red', 5, 1, 'Ann', 0, NULL)"
            )  # a user and an AI
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            db.execute(
                "INSERT INTO seats VALUES (1, 1, 'red', NULL, NULL, 'Ann', 0, NULL)"
            )  # neither
        db.execute("INSERT INTO seats VALUES (1, 1, 'red', 5, NULL, 'Ann', 0, NULL)")
        with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
            db.execute(
                "INSERT INTO seats VALUES (1, 2, 'blue', 5, NULL, 'Ann', 0, NULL)"
            )  # same user twice
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            db.execute("UPDATE games SET status = 'paused'")
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            db.execute("UPDATE games SET settings = NULL")  # an active game needs settings
        assert db.execute("SELECT command FROM moves").fetchall() == [("red: end",)]
