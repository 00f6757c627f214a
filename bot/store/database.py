"""What the store asks of a database: the seam between `Store` and SQLite or PostgreSQL.

`Store` speaks portable SQL with `?` placeholders through a `Database`; everything that
differs between the two (connecting, transactions, placeholders, the few statements
written differently, backups, integrity checks) lives in one module per database:
`bot/store/sqlite.py` and `bot/store/postgresql.py`. `Store.open` picks the module from
where the database is: a file path or `sqlite:///path`, or `postgresql://...`.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal, Protocol
from urllib.parse import urlsplit, urlunsplit

from .errors import StoreError

Synchronous = Literal["FULL", "NORMAL"]
Row = tuple[Any, ...]


@dataclass(frozen=True)
class TableRows:
    """A table's rows, for copying: the table, its columns and the rows' values in order."""

    table: str
    columns: Sequence[str]
    rows: Sequence[Row]


SQLITE_SCHEME: Final = "sqlite"
POSTGRESQL_SCHEMES: Final = ("postgresql", "postgres")


# Puts a move's news in the outbox with the game's channel and current snapshot (the state
# before the move): game_id, seq, game_id, game_id, note, interaction_id, token, created_at.
INSERT_NEWS: Final = """
    INSERT INTO outbox (game_id, seq, channel_id, state_before, note, interaction_id,
                        interaction_token, created_at)
    VALUES (?, ?, (SELECT channel_id FROM games WHERE id = ?),
            (SELECT state FROM snapshots WHERE game_id = ?), ?, ?, ?, ?)
"""


@dataclass(frozen=True)
class MoveToSave:
    """One accepted move to save: the log line, the new snapshot and, if any, its news."""

    game_id: int
    expected_version: int
    actor_user_id: int | None
    command: str
    state_json: str
    game_over: bool
    now: str
    with_news: bool
    note: str = ""
    interaction_id: int | None = None
    interaction_token: str | None = None


async def save_move_in_steps(db: Connection, move: MoveToSave) -> tuple[int, int] | None:
    """Save a move statement by statement inside the caller's transaction.

    Returns (new version, the move's seq), or None when the game is not at the expected
    version or not under way (then nothing was written).
    """
    rows = await db.fetch(
        "UPDATE games SET version = version + 1, moves = moves + 1, updated_at = ?, "
        "status = CASE WHEN ? THEN 'finished' ELSE status END, "
        "ended_at = CASE WHEN ? THEN ? ELSE ended_at END "
        "WHERE id = ? AND version = ? AND status = 'active' RETURNING version, moves",
        (
            move.now,
            move.game_over,
            move.game_over,
            move.now,
            move.game_id,
            move.expected_version,
        ),
    )
    if not rows:
        return None
    version, seq = int(rows[0][0]), int(rows[0][1])
    await db.execute(
        "INSERT INTO moves (game_id, seq, actor_user_id, command, created_at) "
        "VALUES (?, ?, ?, ?, ?)",
        (move.game_id, seq, move.actor_user_id, move.command, move.now),
    )
    if move.with_news:
        await db.execute(
            INSERT_NEWS,
            (
                *(move.game_id, seq, move.game_id, move.game_id),
                *(move.note, move.interaction_id, move.interaction_token, move.now),
            ),
        )
    await db.execute(
        "UPDATE snapshots SET state = ? WHERE game_id = ?", (move.state_json, move.game_id)
    )
    return version, seq


class UniqueViolation(StoreError):
    """A write broke a UNIQUE constraint or index (the store says which rule it broke)."""


class Connection(Protocol):
    """A connection inside a transaction (or a single statement); `?` marks parameters."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run one query; its rows as tuples."""


class Database(Connection, Protocol):
    """An open, migrated database; statements outside a transaction commit on their own.

    Calls take turns on one connection, so a `Database` is safe to share between tasks.
    """

    @property
    def location(self) -> str:
        """Where the database is, to show a person (never with a password)."""

    @property
    def seats_json(self) -> str:
        """An SQL expression: the seats of game `g` as a JSON array of arrays.

        Each is `[position, color, user_id, ai_level, name, resigned, autopilot]`.
        """

    async def save_move(self, move: MoveToSave) -> tuple[int, int] | None:
        """Save an accepted move (log, snapshot, version, news) in one transaction.

        (new version, seq), or None if the game was not at the expected version and under
        way: then nothing is written. It is the hottest write, so each database does it
        its fastest way.
        """

    async def drop_news(self, news_id: int) -> None:
        """Delete a news from the outbox, as bookkeeping (`transaction(durable=False)`).

        Done once per move: each database does it in its fewest round trips.
        """

    def transaction(self, *, durable: bool = True) -> AbstractAsyncContextManager[Connection]:
        """A write transaction (the first write waits for others), rolled back on any error.

        `durable=False` is for bookkeeping that the bot puts right after a crash (which
        news went out, which message shows a prompt): its commit survives the process
        dying but not a power cut, and does not wait for the disk.
        """

    def reading(self) -> AbstractAsyncContextManager[Connection]:
        """A read transaction: every query inside sees the same committed moment."""

    def log_unguarded(self, db: Connection) -> AbstractAsyncContextManager[None]:
        """Inside the transaction `db`: the move log's append-only guards lifted, then put back.

        Deleting games and forgetting a person are the only changes the log may undergo;
        no other writer ever sees it unguarded, and a rolled-back transaction keeps them.
        """

    async def close(self) -> None:
        """Close the connection (after the current operation)."""

    async def schema_version(self) -> int:
        """The number of the last migration applied."""

    async def integrity_problems(self) -> list[str]:
        """The database's own consistency check (empty when sound)."""

    async def settings(self) -> dict[str, int | str]:
        """The connection settings in force that the store's guarantees rest on."""

    async def backup(self, target: Path) -> None:
        """Write a consistent copy of the whole database to the new file `target`."""

    async def tables(self) -> list[str]:
        """The tables of the schema, by name."""

    async def columns(self, table: str) -> list[str]:
        """A table's columns, in order."""

    async def delete_games(self, game_ids: Sequence[int]) -> None:
        """Delete these games and everything of theirs, their append-only logs included."""

    async def copy_in(self, tables: Sequence[TableRows]) -> None:
        """Insert every table's rows as they are (ids included), all in one transaction.

        For `bot.store copy`: after it, new ids continue after the copied ones.
        """


# The store's own tables in an order that never inserts a row before the row it refers to.
# Tables added by later migrations that this list does not name come after them.
TABLE_ORDER: Final = (
    "games",
    "seats",
    "snapshots",
    "moves",
    "prompts",
    "turn_timers",
    "outbox",
    "offer_drafts",
    "bot_meta",
)


def copy_order(tables: Sequence[str]) -> list[str]:
    """`tables` in an order in which rows can be inserted (referred-to tables first)."""
    known = [table for table in TABLE_ORDER if table in tables]
    return known + sorted(table for table in tables if table not in TABLE_ORDER)


def deletion_order(tables: Sequence[str]) -> list[str]:
    """Tables holding games' rows (`game_id`), in an order they can be deleted from.

    `games` itself is not among them: it goes last.
    """
    return [table for table in reversed(copy_order(tables)) if table != "games"]


def hide_password(url: str) -> str:
    """The URL with its password (if any) replaced by `***`."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rpartition("@")
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[2]}"))


def scheme_of(database: Path | str) -> str:
    """Which database `database` names: "sqlite" for a path or sqlite:// URL, else its scheme.

    A `StoreError` names the schemes understood when it is none of them.
    """
    if isinstance(database, Path) or "://" not in database:
        return SQLITE_SCHEME
    scheme = database.split("://", 1)[0].lower()
    if scheme == SQLITE_SCHEME:
        return SQLITE_SCHEME
    if scheme in POSTGRESQL_SCHEMES:
        return "postgresql"
    raise StoreError(
        f"The database URL {hide_password(database)} is not one Vegas Host can use: it must "
        "start with sqlite:/// (a file) or postgresql:// (a PostgreSQL server)."
    )


def sqlite_path(database: Path | str) -> Path:
    """The file a SQLite path or `sqlite:///relative` / `sqlite:////absolute` URL names."""
    if isinstance(database, Path):
        return database
    if database.lower().startswith("sqlite://"):
        rest = database[len("sqlite://") :]
        if not rest.startswith("/") or len(rest) == 1:
            raise StoreError(
                f"The database URL {database} names no file: write sqlite:///data/vegas.sqlite3 "
                "(relative) or sqlite:////srv/vegas.sqlite3 (absolute)."
            )
        return Path(rest[1:])
    return Path(database)
