"""PostgreSQL's own side of the store: its migrations, its schema's rules, moving a SQLite
database onto it with `bot.store copy`, and plain words when it cannot be reached."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest

from bot.games import GAMES
from bot.store import MIGRATIONS_DIR, ChannelBusy, MigrationError, Store, find_migrations
from bot.store.__main__ import main
from tests.postgres import PostgresServer
from tests.store.playthrough import open_lobby, start_table
from tests.store.previous_release import ABANDONED, FINISHED, UNDER_WAY, copy_previous_release


def test_every_migration_has_a_postgresql_twin() -> None:
    sqlite = [m.path.name for m in find_migrations(MIGRATIONS_DIR)]
    postgresql = [m.path.name for m in find_migrations(MIGRATIONS_DIR / "postgresql")]
    assert postgresql == sqlite


async def test_processes_starting_at_once_migrate_once(postgres_url: str) -> None:
    stores = await asyncio.gather(*(Store.open(postgres_url, kinds=GAMES) for _ in range(4)))
    try:
        versions = await stores[0].database.fetch("SELECT version FROM schema_migrations")
        assert sorted(row[0] for row in versions) == list(range(1, len(find_migrations()) + 1))
        assert await stores[3].database.schema_version() == len(find_migrations())
    finally:
        for store in stores:
            await store.close()


async def test_a_transaction_under_way_holds_up_no_other_channel(postgres_url: str) -> None:
    async with await Store.open(postgres_url, kinds=GAMES) as store:
        one = await start_table(store, 1, ["red", "blue"], seed=1)
        other = await start_table(store, 2, ["red", "blue"], seed=2)
        holding = asyncio.Event()
        release = asyncio.Event()

        async def slow_change() -> None:
            async with store.database.transaction() as db:
                await db.execute("UPDATE games SET updated_at = updated_at WHERE id = ?", (one.id,))
                holding.set()
                await release.wait()  # a slow round trip, say

        slow = asyncio.create_task(slow_change())
        await holding.wait()
        # Meanwhile another channel's game is read and changed, on another connection
        # (with one connection for the store, these would wait for ever).
        read = await asyncio.wait_for(store.game(other.id), 30)
        assert read.version == other.version
        assert await asyncio.wait_for(store.waiting_spells(other.id, {7}), 30) == {7}
        release.set()
        await slow


async def test_bookkeeping_does_not_wait_for_the_disk_and_moves_do(postgres_url: str) -> None:
    async with await Store.open(postgres_url, kinds=GAMES) as store:
        async with store.database.transaction(durable=False) as db:
            assert await db.fetch("SHOW synchronous_commit") == [("off",)]
        async with store.database.transaction() as db:
            assert await db.fetch("SHOW synchronous_commit") == [("on",)]
        # SET LOCAL ends with its transaction: the connection is durable again.
        assert await store.database.fetch("SHOW synchronous_commit") == [("on",)]
        # A posted news is dropped in one round trip (whose deletion sticks: the outbox
        # tests), its SET LOCAL ending with it.
        await store.drop_news(404)
        assert await store.database.fetch("SHOW synchronous_commit") == [("on",)]


async def test_a_database_from_newer_code_is_not_touched(postgres_url: str) -> None:
    async with await Store.open(postgres_url, kinds=GAMES) as store:
        await store.database.execute("INSERT INTO schema_migrations (version) VALUES (99)")
    with pytest.raises(MigrationError, match="newer Vegas Host"):
        await Store.open(postgres_url, kinds=GAMES)


async def test_a_failing_migration_is_rolled_back_whole(postgres_url: str, tmp_path: Path) -> None:
    folder = tmp_path / "migrations"
    (folder / "postgresql").mkdir(parents=True)
    (folder / "postgresql" / "0001_first.sql").write_text("CREATE TABLE kept (x INTEGER);\n")
    (folder / "postgresql" / "0002_broken.sql").write_text(
        "CREATE TABLE lost (x INTEGER);\nINSERT INTO nowhere VALUES (1);\n"
    )
    with pytest.raises(MigrationError, match=r"postgresql/0002_broken.sql failed"):
        await Store.open(postgres_url, kinds=GAMES, migrations=folder)
    (folder / "postgresql" / "0002_broken.sql").unlink()
    async with await Store.open(postgres_url, kinds=GAMES, migrations=folder) as store:
        assert await store.database.schema_version() == 1
        tables = await store.database.tables()
    assert "kept" in tables and "lost" not in tables


async def test_the_schema_keeps_the_storage_rules(postgres_url: str) -> None:
    async with await Store.open(postgres_url, kinds=GAMES) as store:
        game = await start_table(store, 9, ["red", "blue"], seed=9)
        with pytest.raises(ChannelBusy):
            await open_lobby(store, 9)
        await store.database.execute(
            "INSERT INTO moves VALUES (?, 1, NULL, 'red: end', 'now')", (game.id,)
        )
        with pytest.raises(asyncpg.RaiseError, match="append-only"):
            await store.database.execute("UPDATE moves SET command = 'red: pass'")
        with pytest.raises(asyncpg.RaiseError, match="append-only"):
            await store.database.execute("DELETE FROM moves")
        with pytest.raises(asyncpg.CheckViolationError):
            await store.database.execute("UPDATE games SET version = 0")
        assert await store.integrity_problems() == []
        # The store goes on after refused statements.
        assert (await store.game(game.id)).version == game.version


async def rows_of(store: Store) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, sorted, to compare two databases."""
    found = {}
    for table in await store.database.tables():
        columns = await store.database.columns(table)
        rows = await store.database.fetch(f"SELECT {', '.join(sorted(columns))} FROM {table}")
        found[table] = sorted(rows, key=repr)
    return found


async def test_copy_moves_the_previous_release_onto_postgresql_and_verifies_it(
    postgres_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sqlite = copy_previous_release(tmp_path / "vegas.sqlite3")
    assert (
        await asyncio.to_thread(main, ["--database", str(sqlite), "copy", "--to", postgres_url])
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    password = postgres_url.split(":")[2].split("@", maxsplit=1)[0]
    assert password not in "\n".join(out)
    assert out[0].startswith(f"Copied {sqlite} to postgresql://postgres:***@")
    assert "3 games" in out[0] and " moves" in out[0]
    assert out[-1] == "3 of 3 games verified."

    async with await Store.open(sqlite, kinds=GAMES) as source:
        expected = await rows_of(source)
        games = {
            game_id: await source.game_and_moves(game_id) for game_id in await source.game_ids()
        }
    async with await Store.open(postgres_url, kinds=GAMES) as target:
        assert await rows_of(target) == expected
        for game_id in (UNDER_WAY, FINISHED, ABANDONED):
            assert await target.game_and_moves(game_id) == games[game_id]
        # New games and news continue after the copied ids.
        lobby = await open_lobby(target, 77)
        assert lobby.id == max(games) + 1

    # A second copy into the now used database is refused, and changes nothing there.
    assert (
        await asyncio.to_thread(main, ["--database", str(sqlite), "copy", "--to", postgres_url])
        == 2
    )
    error = capsys.readouterr().err
    assert "is not empty" in error and password not in error
    async with await Store.open(postgres_url, kinds=GAMES) as target:
        assert len(await target.game_ids()) == 4


async def test_a_copy_back_to_sqlite_keeps_every_row(
    postgres_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sqlite = copy_previous_release(tmp_path / "vegas.sqlite3")
    back = tmp_path / "back.sqlite3"
    assert (
        await asyncio.to_thread(main, ["--database", str(sqlite), "copy", "--to", postgres_url])
        == 0
    )
    assert (
        await asyncio.to_thread(main, ["--database", postgres_url, "copy", "--to", str(back)]) == 0
    )
    assert capsys.readouterr().out.endswith("3 of 3 games verified.\n")
    async with (
        await Store.open(sqlite, kinds=GAMES) as first,
        await Store.open(back, kinds=GAMES) as last,
    ):
        assert await rows_of(first) == await rows_of(last)


def test_backup_of_postgresql_points_to_pg_dump(
    postgres_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "vegas.dump"
    assert main(["--database", postgres_url, "backup", str(target)]) == 2
    error = capsys.readouterr().err
    assert "pg_dump --format=custom" in error
    assert postgres_url.split(":")[2].split("@", maxsplit=1)[0] not in error
    assert not target.exists()


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("mysql://vegas:s3cret-pw@127.0.0.1/vegas", "must start with sqlite:///"),
        ("postgresql://vegas:s3cret-pw@127.0.0.1:{closed}/vegas", "Cannot reach the PostgreSQL"),
        ("{wrong_password}", "refused the user postgres: wrong password"),
    ],
)
def test_a_database_it_cannot_use_is_said_in_a_line_without_the_password(
    postgres_server: PostgresServer,
    capsys: pytest.CaptureFixture[str],
    url: str,
    said: str,
) -> None:
    with __import__("socket").socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    url = url.format(closed=closed, wrong_password=postgres_server.with_password("s3cret-pw"))
    assert main(["--database", url, "list"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert said in captured.err
    assert "s3cret-pw" not in captured.err
    assert len(captured.err.strip().splitlines()) == 1
