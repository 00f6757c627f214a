"""Schema migrations: numbered SQL files applied in order, each in its own transaction.

`migrations/0001_initial.sql`, `0002_....sql`, ...: the number is the schema version the
file produces, and SQLite's `PRAGMA user_version` records the version a database is at.
Opening the store applies every file above that version, so a database made by any
earlier release upgrades in place. A file that fails is rolled back whole and the
database stays at the previous version.

Writing a migration: plain SQL statements, each ending with `;` at the end of a line.
They run inside a transaction, so no `BEGIN`/`COMMIT`, `VACUUM` or `PRAGMA journal_mode`;
foreign keys are on, so a table rebuild needs `PRAGMA defer_foreign_keys = ON` first.
Never edit a migration that has been released; add a new one.

PostgreSQL has a twin of every file, with the same name, in `migrations/postgresql/`
(BIGINT for Discord ids, identity columns, plpgsql triggers); `postgresql.py` applies
them. This module's `migrate` is SQLite's.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from .errors import MigrationError

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
_FILE_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True)
class Migration:
    """One numbered SQL file; applying it brings the schema to `version`."""

    version: int
    path: Path

    def statements(self) -> list[str]:
        """The file's SQL split into single statements (trigger bodies kept whole)."""
        statements: list[str] = []
        pending = ""
        for line in self.path.read_text(encoding="utf-8").splitlines(keepends=True):
            pending += line
            if sqlite3.complete_statement(pending):
                statements.append(pending.strip())
                pending = ""
        leftover = [
            line
            for line in pending.splitlines()
            if line.strip() and not line.strip().startswith("--")
        ]
        if leftover:
            raise MigrationError(f"{self.path.name} ends with an unfinished statement.")
        return statements


def find_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migration files in `directory`, in order; their numbers must run 1, 2, 3, ..."""
    migrations: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = _FILE_NAME.match(path.name)
        if match is None:
            raise MigrationError(
                f"{path.name}: migration files are named like 0001_initial.sql (four digits, "
                "an underscore, lower-case words)."
            )
        migrations.append(Migration(version=int(match.group(1)), path=path))
    for expected, migration in enumerate(migrations, start=1):
        if migration.version != expected:
            raise MigrationError(
                f"Migration {expected:04d} is missing or doubled (found {migration.path.name})."
            )
    return migrations


async def schema_version(db: aiosqlite.Connection) -> int:
    """The schema version the database is at (0 for a new, empty database)."""
    rows = list(await db.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def migrate(db: aiosqlite.Connection, directory: Path = MIGRATIONS_DIR) -> int:
    """Apply every migration the database lacks, each in its own transaction.

    `db` must be in autocommit mode (`isolation_level=None`). Returns the final version.
    Raises `MigrationError` if the database is newer than the files or a migration fails.
    Safe when several processes start at once: each migration re-reads the version
    under the write lock and skips what another process already applied.
    """
    migrations = find_migrations(directory)
    latest = len(migrations)
    current = await schema_version(db)
    if current > latest:
        raise MigrationError(
            f"The database is at schema version {current} but this code only knows up to "
            f"{latest}: it was written by a newer Vegas Host. Upgrade before opening it."
        )
    for migration in migrations[current:]:
        await db.execute("BEGIN IMMEDIATE")
        try:
            if await schema_version(db) >= migration.version:
                await db.execute("ROLLBACK")
                continue
            for statement in migration.statements():
                await db.execute(statement)
            broken = list(await db.execute_fetchall("PRAGMA foreign_key_check"))
            if broken:
                raise MigrationError(
                    f"{migration.path.name} leaves {len(broken)} rows with broken foreign keys "
                    f"(first in table {broken[0][0]})."
                )
            await db.execute(f"PRAGMA user_version = {migration.version}")
            await db.execute("COMMIT")
        except (sqlite3.Error, MigrationError) as error:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            if isinstance(error, MigrationError):
                raise
            raise MigrationError(
                f"Migration {migration.path.name} failed and was rolled back: {error}"
            ) from error
    return await schema_version(db)
