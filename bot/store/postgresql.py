"""The store on PostgreSQL (asyncpg): for several bot processes sharing one database.

Each `Store` holds a few connections (`CONNECTIONS`), made as they are needed: a call
borrows one for its statement or transaction, so calls for different channels do not
wait for each other's round trips to the server. A move's version check is an
`UPDATE ... WHERE version = ?`, which PostgreSQL runs row-locked, so of two writers from
one version exactly one wins, whichever connection or process they are in.

Migrations are the twins in `migrations/postgresql/`, numbered like SQLite's; the table
`schema_migrations` records those applied. Start-up takes an advisory lock around them,
so processes starting together migrate once.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Final
from urllib.parse import unquote, urlsplit

import asyncpg

from .database import (
    Connection,
    MoveToSave,
    Row,
    Synchronous,
    TableRows,
    UniqueViolation,
    deletion_order,
    hide_password,
)
from .errors import MigrationError, StoreError
from .migrate import find_migrations

CONNECT_TIMEOUT_SECONDS: Final = 10.0
# Connections one store opens at the most (its calls share them).
CONNECTIONS: Final = 4
# Any fixed 64-bit number, the same in every process ("VegasHos" in ASCII).
MIGRATION_LOCK: Final = 0x5665676173486F73
SCHEMA_TABLE: Final = "schema_migrations"
SEATS_JSON: Final = """(SELECT COALESCE(json_agg(json_build_array(
            position, color, user_id, ai_level, name, resigned, autopilot)), '[]')
       FROM seats WHERE game_id = g.id)"""
# A move saved in one statement (one round trip to the server, its own transaction): the
# version check, the log line, the news with the snapshot before the move (every part of
# a statement sees the database as it was when the statement began), the new snapshot.
SAVE_MOVE: Final = """
WITH bumped AS (
    UPDATE games SET version = version + 1, moves = moves + 1, updated_at = $1,
           status = CASE WHEN $2 THEN 'finished' ELSE status END,
           ended_at = CASE WHEN $2 THEN $1 ELSE ended_at END
     WHERE id = $3 AND version = $4 AND status = 'active'
    RETURNING id, version, moves, channel_id
), logged AS (
    INSERT INTO moves (game_id, seq, actor_user_id, command, created_at)
    SELECT id, moves, $5::bigint, $6::text, $1 FROM bumped
), news AS (
    INSERT INTO outbox (game_id, seq, channel_id, state_before, note, interaction_id,
                        interaction_token, created_at)
    SELECT b.id, b.moves, b.channel_id, s.state, $7::text, $8::bigint, $9::text, $1
      FROM bumped AS b LEFT JOIN snapshots AS s ON s.game_id = b.id
     WHERE $10::boolean
), kept AS (
    UPDATE snapshots SET state = $11 WHERE game_id = (SELECT id FROM bumped)
)
SELECT version, moves FROM bumped
"""
# A store's `synchronous` level as PostgreSQL's: wait for the log on disk, or not.
SYNCHRONOUS_COMMIT: Final = {"FULL": "on", "NORMAL": "off"}
_MARK: Final = re.compile(r"'[^']*'|\?")


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """The statement with `?` placeholders numbered as PostgreSQL wants them ($1, $2, ...)."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(0) != "?":
            return match.group(0)  # a string literal, kept as it is
        count += 1
        return f"${count}"

    return _MARK.sub(number, sql)


def _rowcount(status: str) -> int:
    """The rows a command changed, from its status ("UPDATE 1", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _Connection:
    """The one connection, used by whoever holds the database's lock."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        try:
            return _rowcount(await self.conn.execute(numbered(sql), *params))
        except asyncpg.UniqueViolationError as error:
            raise UniqueViolation(str(error)) from error

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run one query; its rows as tuples."""
        try:
            return [tuple(row) for row in await self.conn.fetch(numbered(sql), *params)]
        except asyncpg.UniqueViolationError as error:
            raise UniqueViolation(str(error)) from error


def _server(url: str) -> str:
    """host:port/database of a URL, for messages."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    return f"{host}:{parts.port or 5432}{parts.path or '/'}"


def _connect_problem(url: str, error: Exception) -> StoreError:
    """What stopped the connection, in words that never include the password."""
    server = _server(url)
    user = unquote(urlsplit(url).username or "") or "(the default user)"
    refused = asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError
    if isinstance(error, refused):
        return StoreError(
            f"The PostgreSQL server at {server} refused the user {user}: wrong password, or "
            "no such user, or no access from here. Check DATABASE_URL."
        )
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return StoreError(
            f"The PostgreSQL server at {server} has no such database. Create it "
            "(createdb) or correct DATABASE_URL."
        )
    if isinstance(error, asyncpg.PostgresError):
        return StoreError(f"The PostgreSQL server at {server} refused the connection: {error}")
    if isinstance(error, TimeoutError):
        reason = "no answer"
    elif isinstance(error, OSError):
        reason = error.strerror or str(error)
    else:
        reason = "the URL is not valid"
    return StoreError(f"Cannot reach the PostgreSQL server at {server}: {reason}.")


async def _connect(url: str, synchronous: Synchronous) -> asyncpg.Connection:
    """A connection to the server `url` names; `StoreError` saying why if there is none."""
    try:
        return await asyncpg.connect(
            url,
            timeout=CONNECT_TIMEOUT_SECONDS,
            server_settings={"synchronous_commit": SYNCHRONOUS_COMMIT[synchronous]},
        )
    except (OSError, TimeoutError, ValueError, asyncpg.PostgresError) as error:
        raise _connect_problem(url, error) from None
    except asyncpg.InterfaceError as error:
        raise StoreError(f"Cannot use the PostgreSQL server at {_server(url)}: {error}") from None


async def _schema_version(conn: asyncpg.Connection) -> int:
    """The last migration applied (0 for a new database)."""
    exists = await conn.fetchval("SELECT to_regclass($1) IS NOT NULL", SCHEMA_TABLE)
    if not exists:
        return 0
    return int(await conn.fetchval(f"SELECT COALESCE(MAX(version), 0) FROM {SCHEMA_TABLE}"))


async def migrate(conn: asyncpg.Connection, directory: Path) -> int:
    """Apply every migration the database lacks, each in its own transaction.

    Under an advisory lock, so two processes starting together migrate once: the second
    waits for the first, then finds nothing left to do. Returns the final version.
    """
    migrations = find_migrations(directory)
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        await conn.execute(
            f"CREATE TABLE IF NOT EXISTS {SCHEMA_TABLE} "
            "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        current = await _schema_version(conn)
        if current > len(migrations):
            raise MigrationError(
                f"The database is at schema version {current} but this code only knows up "
                f"to {len(migrations)}: it was written by a newer Vegas Host. Upgrade before "
                "opening it."
            )
        for migration in migrations[current:]:
            try:
                async with conn.transaction():
                    await conn.execute(migration.path.read_text(encoding="utf-8"))
                    await conn.execute(
                        f"INSERT INTO {SCHEMA_TABLE} (version) VALUES ($1)", migration.version
                    )
            except asyncpg.PostgresError as error:
                raise MigrationError(
                    f"Migration postgresql/{migration.path.name} failed and was rolled back: "
                    f"{error}"
                ) from error
        return await _schema_version(conn)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)


class PostgreSQLDatabase:
    """An open, migrated PostgreSQL database; open it with `await PostgreSQLDatabase.open(url)`."""

    seats_json: Final = SEATS_JSON

    def __init__(self, conn: asyncpg.Connection, url: str, synchronous: Synchronous) -> None:
        """Wrap an open, migrated connection; use `PostgreSQLDatabase.open` instead."""
        self._url = url
        self._synchronous = synchronous
        self._idle = [_Connection(conn)]  # connections made and not lent now
        self._free = asyncio.Semaphore(CONNECTIONS)

    @property
    def location(self) -> str:
        """The database's URL, without its password."""
        return hide_password(self._url)

    @classmethod
    async def open(
        cls, url: str, *, synchronous: Synchronous = "FULL", migrations: Path
    ) -> PostgreSQLDatabase:
        """Connect to the database at `url` and migrate it.

        `synchronous="FULL"` waits at each commit until the server has the commit on disk;
        `"NORMAL"` does not (`synchronous_commit = off`): nothing is lost when the bot's
        process dies, only the last moment's commits if the server itself crashes.
        """
        conn = await _connect(url, synchronous)
        try:
            await migrate(conn, migrations)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, url, synchronous)

    async def close(self) -> None:
        """Close the connections (waiting for the operations under way to finish)."""
        for _ in range(CONNECTIONS):
            await self._free.acquire()
        for connection in self._idle:
            await connection.conn.close()
        self._idle.clear()

    @asynccontextmanager
    async def _borrowed(self) -> AsyncIterator[_Connection]:
        """A connection for one call: an idle one, or a new one while fewer are open."""
        async with self._free:
            connection = await self._ready(self._idle.pop() if self._idle else None)
            try:
                yield connection
            finally:
                self._idle.append(connection)

    async def _ready(self, connection: _Connection | None) -> _Connection:
        """`connection`, made (again, if the server dropped it); no transaction left open."""
        if connection is None or connection.conn.is_closed():
            return _Connection(await _connect(self._url, self._synchronous))
        if connection.conn.is_in_transaction():
            # A task cancelled while rolling back left its transaction open: end it here,
            # so nothing of it is ever committed by the next one.
            await connection.conn.execute("ROLLBACK")
        return connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement on its own (it commits by itself)."""
        async with self._borrowed() as connection:
            return await connection.execute(sql, params)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run one query on its own."""
        async with self._borrowed() as connection:
            return await connection.fetch(sql, params)

    @asynccontextmanager
    async def _within(self, begin: str, durable: bool = True) -> AsyncIterator[_Connection]:
        if not durable:  # sent with the BEGIN: one round trip to the server, not two
            begin = f"{begin}; SET LOCAL synchronous_commit = off"
        async with self._borrowed() as connection:
            await connection.conn.execute(begin)
            try:
                yield connection
            except BaseException:
                if connection.conn.is_in_transaction() and not connection.conn.is_closed():
                    await connection.conn.execute("ROLLBACK")
                raise
            await connection.conn.execute("COMMIT")

    async def save_move(self, move: MoveToSave) -> tuple[int, int] | None:
        """Save an accepted move in one statement: one round trip, its own transaction."""
        async with self._borrowed() as connection:
            rows = await connection.conn.fetch(
                SAVE_MOVE,
                *(move.now, move.game_over, move.game_id, move.expected_version),
                *(move.actor_user_id, move.command),
                *(move.note, move.interaction_id, move.interaction_token, move.with_news),
                move.state_json,
            )
        return (int(rows[0][0]), int(rows[0][1])) if rows else None

    async def drop_news(self, news_id: int) -> None:
        """Delete a news from the outbox, without waiting for the disk: one round trip.

        The whole transaction goes as one simple query; the id, an integer, is the only
        value written into it.
        """
        async with self._borrowed() as connection:
            await connection.conn.execute(
                "BEGIN; SET LOCAL synchronous_commit = off; "
                f"DELETE FROM outbox WHERE id = {int(news_id)}; COMMIT"
            )

    def transaction(self, *, durable: bool = True) -> AbstractAsyncContextManager[_Connection]:
        """A write transaction, rolled back on any error.

        Read committed: the version check's UPDATE waits for a concurrent writer of the
        same game and then sees its new version, so the later writer is refused. One not
        `durable` does not wait for the server's disk (`synchronous_commit = off`).
        """
        return self._within("BEGIN ISOLATION LEVEL READ COMMITTED", durable)

    def reading(self) -> AbstractAsyncContextManager[_Connection]:
        """A read transaction: every query inside sees the same committed moment."""
        return self._within("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    async def schema_version(self) -> int:
        """The last migration applied."""
        async with self._borrowed() as connection:
            return await _schema_version(connection.conn)

    async def integrity_problems(self) -> list[str]:
        """Constraints PostgreSQL does not hold to, and a move log left unguarded."""
        unchecked = await self.fetch(
            "SELECT conrelid::regclass::text, conname FROM pg_constraint "
            "WHERE NOT convalidated AND connamespace = current_schema()::regnamespace"
        )
        guards = await self.fetch(
            "SELECT tgname, tgenabled FROM pg_trigger "
            "WHERE tgrelid = 'moves'::regclass AND NOT tgisinternal"
        )
        problems = [f"constraint {name} on {table} is not checked" for table, name in unchecked]
        enabled = [name for name, state in guards if state != "D"]
        if len(enabled) < 2:
            problems.append("the move log is not guarded against changes (a trigger is missing)")
        return problems

    async def settings(self) -> dict[str, int | str]:
        """The server's version and the commit level in force."""
        found: dict[str, int | str] = {}
        for name in ("server_version", "synchronous_commit", "transaction_isolation"):
            rows = await self.fetch(f"SHOW {name}")
            found[name] = str(rows[0][0])
        return found

    async def backup(self, target: Path) -> None:
        """Refused: PostgreSQL's own `pg_dump` makes the backup (it says how)."""
        raise StoreError(
            "A PostgreSQL database is backed up with PostgreSQL's own pg_dump, which must "
            f"match the server's version: pg_dump --format=custom --file={target} "
            f"'{self.location}' (see docs/operating.md, Backups and restoring)."
        )

    async def tables(self) -> list[str]:
        """The tables of the schema (the migrations' own record left out)."""
        rows = await self.fetch(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' "
            "AND table_name <> ? ORDER BY table_name",
            (SCHEMA_TABLE,),
        )
        return [str(row[0]) for row in rows]

    async def columns(self, table: str) -> list[str]:
        """A table's columns, in order."""
        rows = await self.fetch(
            "SELECT column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
            (table,),
        )
        return [str(row[0]) for row in rows]

    async def delete_games(self, game_ids: Sequence[int]) -> None:
        """Delete these games with every row of theirs, the append-only log's included.

        The log's guards (triggers) are switched off only inside this transaction, which
        holds the table locked meanwhile, so no other writer ever sees the log unguarded.
        """
        tables = [t for t in await self.tables() if "game_id" in await self.columns(t)]
        ids = list(game_ids)
        async with self.transaction() as db, self.log_unguarded(db):
            for table in deletion_order(tables):
                await db.execute(f"DELETE FROM {table} WHERE game_id = ANY(?::bigint[])", (ids,))
            await db.execute("DELETE FROM games WHERE id = ANY(?::bigint[])", (ids,))

    @asynccontextmanager
    async def log_unguarded(self, db: Connection) -> AsyncIterator[None]:
        """The log's guards (triggers) off inside the transaction `db`, then on again.

        The transaction holds the table locked meanwhile, and a rollback undoes both.
        """
        await db.execute("ALTER TABLE moves DISABLE TRIGGER USER")
        yield
        await db.execute("ALTER TABLE moves ENABLE TRIGGER USER")

    async def copy_in(self, tables: Sequence[TableRows]) -> None:
        """Insert every table's rows as they are (ids included), all in one transaction.

        Identity columns (`id`) then continue after the highest id copied.
        """
        async with self.transaction() as db:
            for copied in tables:
                await db.conn.copy_records_to_table(
                    copied.table, records=copied.rows, columns=list(copied.columns)
                )
                if "id" in copied.columns and copied.rows:
                    await db.fetch(
                        "SELECT setval(pg_get_serial_sequence(?, 'id'), MAX(id)) "
                        f"FROM {copied.table} HAVING pg_get_serial_sequence(?, 'id') IS NOT NULL",
                        (copied.table, copied.table),
                    )
