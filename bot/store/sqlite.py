"""The store on SQLite: one file in write-ahead-log mode, the default and embedded database.

Every transaction takes the write lock up front (`BEGIN IMMEDIATE`), so a move's check
and its writes see no other writer; other processes sharing the file wait for the lock
(`busy_timeout`). Backups use `VACUUM INTO`, a consistent copy taken while the bot runs.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
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
from .migrate import migrate

BUSY_TIMEOUT_MS: Final = 10_000
# A read waits only when the file is being recovered after another process crashed.
READER_BUSY_TIMEOUT_MS: Final = 1_000
# Commits between two checkpoints (copying the write-ahead log into the file): about
# SQLite's own 1,000 pages of log at a move's few pages each.
CHECKPOINT_EVERY: Final = 150
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


def _run(connection: sqlite3.Connection, sql: str, params: Sequence[Any]) -> sqlite3.Cursor:
    try:
        return connection.execute(sql, params)
    except sqlite3.IntegrityError as error:
        if "UNIQUE" in str(error):
            raise UniqueViolation(str(error)) from error
        raise


def _fetch(connection: sqlite3.Connection, sql: str, params: Sequence[Any] = ()) -> list[Row]:
    return _run(connection, sql, params).fetchall()


class _Statements:
    """A connection's statements, run at once on the calling thread.

    They never wait for the disk's confirmation nor for another process (that is the
    commit's part, done off the event loop), so they cost microseconds and a
    transaction's statements need no trip to another thread each.
    """

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        return _run(self._connection, sql, params).rowcount

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run one query; its rows as tuples."""
        return _fetch(self._connection, sql, params)


def _connect(path: Path, synchronous: Synchronous, busy_timeout_ms: int) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    connection.execute(f"PRAGMA busy_timeout = {busy_timeout_ms}")
    connection.execute(f"PRAGMA synchronous = {synchronous}")
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


class LogSync:
    """Makes commits durable: one sync of the write-ahead log serves every commit before it.

    SQLite at `synchronous = FULL` syncs the log inside each commit, holding the write
    lock while the disk works, so under load commits queue behind each other's syncs.
    Here commits are written at `NORMAL` (to the log, not yet synced) and then wait for
    a sync of the log begun after them: that is FULL's guarantee, and one sync serves
    every commit that came while the previous one ran ("group commit").
    """

    def __init__(self, log: Path, thread: ThreadPoolExecutor) -> None:
        self._log = log
        self._thread = thread
        self.committed = 0  # commits made, numbered from 1
        self._synced = 0  # the last commit known to be on disk
        self._flight: asyncio.Future[None] | None = None

    async def wait(self, commit: int) -> None:
        """Return once commit number `commit` (and every one before it) is on disk."""
        while self._synced < commit:
            if self._flight is None:
                self._flight = asyncio.ensure_future(self._sync(self.committed))
            await asyncio.shield(self._flight)

    async def _sync(self, upto: int) -> None:
        try:
            await asyncio.get_running_loop().run_in_executor(self._thread, _sync_file, self._log)
            self._synced = max(self._synced, upto)
        finally:
            self._flight = None


def _sync_file(path: Path) -> None:
    """Have the file's written data on disk (`fsync`)."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


class SQLiteDatabase:
    """An open, migrated SQLite file; open it with `await SQLiteDatabase.open(path)`.

    Two connections: the writer and the reader. Statements run on the event loop's own
    thread, where a query costs microseconds; only what waits (syncing the log to disk,
    a write lock held by another process, a checkpoint, a backup) runs on the store's own
    thread. Handing every statement to a thread, as before, cost a round trip each, and
    under load each trip also waited for the interpreter lock behind the event loop:
    the store's dozen statements per command then set the pace of every answer. Durable
    commits share the syncs of the log (`LogSync`) and hold the write lock only while
    they write, not while the disk syncs.

    The reader sees what is committed (write-ahead logging lets it read while the writer
    writes), so a query never waits for a move being saved.
    """

    seats_json: Final = SEATS_JSON

    def __init__(
        self,
        writer: sqlite3.Connection,
        reader: sqlite3.Connection,
        path: Path,
        synchronous: Synchronous,
    ) -> None:
        """Wrap open connections to a migrated file; use `SQLiteDatabase.open` instead."""
        self._writer = writer
        self._reader = reader
        self._synchronous = synchronous
        self._commits = 0  # since the last checkpoint
        self._statements = _Statements(writer)
        self._reads = _Statements(reader)
        self._lock = asyncio.Lock()  # the writer: one transaction at a time
        self._reading = asyncio.Lock()  # the reader's consistent reads
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="sqlite")
        self._sync = LogSync(path.with_name(path.name + "-wal"), self._thread)
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
            await db.execute("PRAGMA foreign_keys = ON")
            await migrate(db, migrations)
        finally:
            await db.close()
        # The writer waits for nobody on the event loop: see `_begin`.
        # Commits sync nothing themselves: durable ones wait for a shared sync (`LogSync`).
        writer = _connect(path, "NORMAL", 0)
        # Its checkpoints would run on the event loop after a light commit: see `_committed`.
        writer.execute("PRAGMA wal_autocheckpoint = 0")
        reader = _connect(path, synchronous, READER_BUSY_TIMEOUT_MS)
        return cls(writer, reader, path, synchronous)

    async def close(self) -> None:
        """Close the connections (after the current transaction)."""
        async with self._lock, self._reading:
            self._writer.close()
            self._reader.close()
        self._thread.shutdown()

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement on its own (it commits by itself)."""
        async with self.transaction() as db:
            return await db.execute(sql, params)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run one query on its own, on what is committed."""
        if self._reading.locked():  # the reader is inside someone's consistent read
            async with self._reading:
                return await self._reads.fetch(sql, params)
        return await self._reads.fetch(sql, params)

    async def save_move(self, move: MoveToSave) -> tuple[int, int] | None:
        """Save an accepted move statement by statement in one transaction."""
        async with self.transaction() as db:
            return await save_move_in_steps(db, move)

    async def drop_news(self, news_id: int) -> None:
        """Delete a news from the outbox, without waiting for the disk."""
        async with self.transaction(durable=False) as db:
            await db.execute("DELETE FROM outbox WHERE id = ?", (news_id,))

    @asynccontextmanager
    async def transaction(self, *, durable: bool = True) -> AsyncIterator[_Statements]:
        """A write transaction: taken with the write lock up front, rolled back on any error.

        A durable one is on disk when it returns (at `synchronous = FULL`, the bot's); one
        that is not (`durable=False`: bookkeeping that a crash may lose and the bot puts
        right at start-up) survives the process dying, and a later sync covers it too.
        """
        async with self._lock:
            await self._begin()
            try:
                yield self._statements
                self._writer.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
            self._sync.committed += 1
            commit = self._sync.committed
            await self._committed()
        if durable and self._synchronous == "FULL":
            await self._sync.wait(commit)

    async def _committed(self) -> None:
        """Count a commit; every `CHECKPOINT_EVERY`, copy the log into the file, off the loop.

        SQLite would do it by itself in the commit that fills the log, on whatever thread
        commits: the event loop, for a light commit. Done here, still holding the writer,
        no write comes in meanwhile, so the log starts again from its beginning after it.
        """
        self._commits += 1
        if self._commits >= CHECKPOINT_EVERY:
            self._commits = 0
            await self._waiting(_fetch, self._writer, "PRAGMA wal_checkpoint(PASSIVE)")

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[_Statements]:
        """A read transaction: every query inside sees the same committed moment."""
        async with self._reading:
            self._reader.execute("BEGIN")
            try:
                yield self._reads
            finally:
                self._reader.execute("ROLLBACK")  # ends the read; there is nothing to undo

    async def _begin(self) -> None:
        """Take the write lock: at once, or (held by another process) waiting off the loop."""
        try:
            self._writer.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            await self._waiting(self._writer.execute, "BEGIN IMMEDIATE")

    async def _waiting(self, work: Callable[..., Any], *args: Any) -> Any:
        """Run `work` on the store's thread, where the writer may wait for other processes.

        Once started it runs to its end even if the caller is cancelled meanwhile (the
        caller then hears of the cancellation only after it), so the writer is never used
        by two threads at once.
        """

        def waiting() -> Any:
            self._writer.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            try:
                return work(*args)
            finally:
                self._writer.execute("PRAGMA busy_timeout = 0")

        done = asyncio.get_running_loop().run_in_executor(self._thread, waiting)
        try:
            return await asyncio.shield(done)
        except asyncio.CancelledError:
            await asyncio.wait([done])
            raise

    def _rollback(self) -> None:
        """End the open transaction without keeping its changes, if one is still open."""
        if self._writer.in_transaction:
            self._writer.execute("ROLLBACK")

    async def schema_version(self) -> int:
        """The file's `PRAGMA user_version`: the last migration applied."""
        rows = await self.fetch("PRAGMA user_version")
        return int(rows[0][0])

    async def integrity_problems(self) -> list[str]:
        """SQLite's own check of the file (empty when sound) plus any broken foreign key."""

        def check() -> tuple[list[Row], list[Row]]:
            rows = self._writer.execute("PRAGMA integrity_check").fetchall()
            return rows, self._writer.execute("PRAGMA foreign_key_check").fetchall()

        async with self._lock:
            rows, broken = await self._waiting(check)
        problems = [str(row[0]) for row in rows if row[0] != "ok"]
        problems += [f"broken foreign key in {row[0]} row {row[1]}" for row in broken]
        return problems

    async def settings(self) -> dict[str, int | str]:
        """The pragmas in force: journal mode, synchronous level, foreign keys, busy timeout.

        The busy timeout is the one the store waits with for another process's write lock.
        """
        found: dict[str, int | str] = {}
        async with self._lock:
            for name in ("journal_mode", "foreign_keys"):
                found[name] = self._writer.execute(f"PRAGMA {name}").fetchall()[0][0]
        # The level durable commits are held to (SQLite's numbers: FULL 2, NORMAL 1),
        # which `LogSync` provides.
        found["synchronous"] = 2 if self._synchronous == "FULL" else 1
        found["busy_timeout"] = BUSY_TIMEOUT_MS
        return found

    async def backup(self, target: Path) -> None:
        """Write a consistent copy of the whole file to the new file `target`."""
        target.parent.mkdir(parents=True, exist_ok=True)
        async with self._lock:
            await self._waiting(self._writer.execute, "VACUUM INTO ?", (str(target),))

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

        def insert(writer: sqlite3.Connection) -> None:
            for copied in tables:
                marks = ", ".join("?" * len(copied.columns))
                names = ", ".join(copied.columns)
                writer.executemany(
                    f"INSERT INTO {copied.table} ({names}) VALUES ({marks})", copied.rows
                )

        async with self.transaction():
            await self._waiting(insert, self._writer)
