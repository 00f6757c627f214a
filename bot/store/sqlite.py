"""The store on SQLite: one file in write-ahead-log mode, the default and embedded database.

Every transaction takes the write lock up front (`BEGIN IMMEDIATE`), so a move's check
and its writes see no other writer; other processes sharing the file wait for the lock
(`busy_timeout`). Backups use `VACUUM INTO`, a consistent copy taken while the bot runs.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

import aiosqlite

from .database import (
    Connection,
    MoveToSave,
    Row,
    Synchronous,
    TableRows,
    UniqueViolation,
    deletion_order,
    save_move_in_steps,
)
from .errors import StoreError
from .migrate import migrate, schema_version

BUSY_TIMEOUT_MS: Final = 10_000
SEATS_JSON: Final = """(SELECT json_group_array(
            json_array(position, color, user_id, ai_level, name, resigned, autopilot))
       FROM seats WHERE game_id = g.id)"""


async def _use_wal(db: aiosqlite.Connection, path: Path) -> None:
    """Switch the file to write-ahead logging (a lasting property of the file).

    Switching needs the file to itself, and SQLite does not wait for that on its own
    when several connections open a new file at once, so retry for a while.
    """
    deadline = asyncio.get_running_loop().time() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            mode = list(await db.execute_fetchall("PRAGMA journal_mode = WAL"))
            break
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.01)
    if str(mode[0][0]).lower() != "wal":
        raise StoreError(f"{path} cannot use write-ahead logging (got {mode[0][0]}).")


class _Connection:
    """The one connection, used by whoever holds the database's lock."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        try:
            cursor = await self._db.execute(sql, params)
        except sqlite3.IntegrityError as error:
            if "UNIQUE" in str(error):
                raise UniqueViolation(str(error)) from error
            raise
        return cursor.rowcount

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run one query; its rows as tuples."""
        try:
            return [tuple(row) for row in await self._db.execute_fetchall(sql, params)]
        except sqlite3.IntegrityError as error:
            if "UNIQUE" in str(error):
                raise UniqueViolation(str(error)) from error
            raise


class SQLiteDatabase:
    """An open, migrated SQLite file; open it with `await SQLiteDatabase.open(path)`."""

    seats_json: Final = SEATS_JSON

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        """Wrap an open, migrated connection; use `SQLiteDatabase.open` instead."""
        self._db = db
        self._connection = _Connection(db)
        self._lock = asyncio.Lock()
        self.path = path

    @property
    def location(self) -> str:
        """The file's path."""
        return str(self.path)

    @classmethod
    async def open(
        cls, path: Path, *, synchronous: Synchronous = "FULL", migrations: Path
    ) -> SQLiteDatabase:
        """Open (creating it and its folder if needed) and migrate the file at `path`.

        `synchronous="FULL"` syncs the log to disk at every commit, so an acknowledged
        move survives even a power cut; `"NORMAL"` is a little faster and still loses
        nothing when only the process dies.
        """
        path.parent.mkdir(parents=True, exist_ok=True)
        # When aiosqlite fails to open a file, its worker thread outlives the error and may
        # print a traceback once the event loop is closed: find out here, plainly, first.
        sqlite3.connect(path).close()
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            # Wait for other connections' locks (from the very first statement on).
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await _use_wal(db, path)
            await db.execute(f"PRAGMA synchronous = {synchronous}")
            await db.execute("PRAGMA foreign_keys = ON")
            await migrate(db, migrations)
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    async def close(self) -> None:
        """Close the connection (waiting for the current operation to finish)."""
        async with self._lock:
            await self._db.close()

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement on its own (it commits by itself)."""
        async with self._lock:
            return await self._connection.execute(sql, params)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run one query on its own."""
        async with self._lock:
            return await self._connection.fetch(sql, params)

    async def save_move(self, move: MoveToSave) -> tuple[int, int] | None:
        """Save an accepted move statement by statement in one transaction."""
        async with self.transaction() as db:
            return await save_move_in_steps(db, move)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_Connection]:
        """A write transaction: taken with the write lock up front, rolled back on any error."""
        async with self._lock:
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                yield self._connection
                await self._db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[_Connection]:
        """A read transaction: every query inside sees the same committed moment."""
        async with self._lock:
            try:
                await self._db.execute("BEGIN")
                yield self._connection
            finally:
                await self._rollback()  # ends the read; there is nothing to undo

    async def _rollback(self) -> None:
        """End the open transaction without keeping its changes, if one is still open.

        Statements run in order on the connection's thread, and a statement once awaited
        runs even if the awaiting task is cancelled: so this runs after everything the
        failed or cancelled transaction queued (its BEGIN, even its COMMIT), and the
        next transaction always starts on a clean connection.
        """
        try:
            await self._db.execute("ROLLBACK")
        except sqlite3.OperationalError as error:
            if "no transaction is active" not in str(error):
                raise

    async def schema_version(self) -> int:
        """The file's `PRAGMA user_version`: the last migration applied."""
        async with self._lock:
            return await schema_version(self._db)

    async def integrity_problems(self) -> list[str]:
        """SQLite's own check of the file (empty when sound) plus any broken foreign key."""
        async with self._lock:
            rows = list(await self._db.execute_fetchall("PRAGMA integrity_check"))
            broken = list(await self._db.execute_fetchall("PRAGMA foreign_key_check"))
        problems = [str(row[0]) for row in rows if row[0] != "ok"]
        problems += [f"broken foreign key in {row[0]} row {row[1]}" for row in broken]
        return problems

    async def settings(self) -> dict[str, int | str]:
        """The pragmas in force: journal mode, synchronous level, foreign keys, busy timeout."""
        found: dict[str, int | str] = {}
        async with self._lock:
            for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout"):
                rows = list(await self._db.execute_fetchall(f"PRAGMA {name}"))
                found[name] = rows[0][0]
        return found

    async def backup(self, target: Path) -> None:
        """Write a consistent copy of the whole file to the new file `target`."""
        target.parent.mkdir(parents=True, exist_ok=True)
        async with self._lock:
            await self._db.execute("VACUUM INTO ?", (str(target),))

    async def tables(self) -> list[str]:
        """The tables of the schema, by name."""
        rows = await self.fetch(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name"
        )
        return [str(row[0]) for row in rows]

    async def columns(self, table: str) -> list[str]:
        """A table's columns, in order."""
        rows = await self.fetch("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))
        return [str(row[0]) for row in rows]

    async def delete_games(self, game_ids: Sequence[int]) -> None:
        """Delete these games with every row of theirs, the append-only log's included.

        The log's guards (triggers) are dropped and put back inside the one transaction,
        so no other writer ever sees the log unguarded.
        """
        tables = [t for t in await self.tables() if "game_id" in await self.columns(t)]
        marks = ", ".join("?" * len(game_ids))
        async with self.transaction() as db, self.log_unguarded(db):
            for table in deletion_order(tables):
                await db.execute(f"DELETE FROM {table} WHERE game_id IN ({marks})", game_ids)
            await db.execute(f"DELETE FROM games WHERE id IN ({marks})", game_ids)

    @asynccontextmanager
    async def log_unguarded(self, db: Connection) -> AsyncIterator[None]:
        """The log's guards dropped and created again as they were, inside `db`.

        Triggers are schema, and schema changes are transactional: a rollback puts them
        back too.
        """
        guards = await db.fetch(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'moves'"
        )
        for name, _ in guards:
            await db.execute(f'DROP TRIGGER "{name}"')
        yield
        for _, sql in guards:
            await db.execute(sql)

    async def copy_in(self, tables: Sequence[TableRows]) -> None:
        """Insert every table's rows as they are (ids included), all in one transaction."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                for copied in tables:
                    marks = ", ".join("?" * len(copied.columns))
                    names = ", ".join(copied.columns)
                    await self._db.executemany(
                        f"INSERT INTO {copied.table} ({names}) VALUES ({marks})", copied.rows
                    )
                await self._db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise
