"""The database written by the release before the game-agnostic core, ready to open.

`fixtures/previous_release.sqlite3` (see `fixtures/README.md`) holds a Lords of Vegas game
under way (with an open offer, its prompt and a turn timer), a finished game and an
abandoned one. Tests open a copy, its Discord ids mapped onto their own emulator's.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Mapping
from contextlib import closing
from pathlib import Path
from typing import Final

FIXTURE: Final = Path(__file__).parent / "fixtures" / "previous_release.sqlite3"
GUILD: Final = 1574640934753140736
# The channels of the game under way, the finished game and the abandoned one.
CHANNELS: Final = (1574640934753140739, 1574640934753140740, 1574640940260261888)
# Alice (red, the host), Bob (green) in the game under way; Carol and Dave.
USERS: Final = (
    1574640934753140741,
    1574640934753140742,
    1574640934753140743,
    1574640934753140744,
)
UNDER_WAY, FINISHED, ABANDONED = 1, 2, 3

# Where each kind of id is kept: (table, column).
_GUILD_COLUMNS: Final = (("games", "guild_id"),)
_CHANNEL_COLUMNS: Final = (
    ("games", "channel_id"),
    ("prompts", "channel_id"),
    ("outbox", "channel_id"),
    ("offer_drafts", "channel_id"),
)
_USER_COLUMNS: Final = (
    ("games", "host_user_id"),
    ("seats", "user_id"),
    ("offer_drafts", "user_id"),
)  # the move log keeps its actors: it is append-only (and only history reads them)


def copy_previous_release(target: Path, ids: Mapping[int, int] | None = None) -> Path:
    """Copy the fixture to `target`, each Discord id in `ids` replaced by its new value.

    The copy is changed with plain SQL (sqlite3, schema untouched), so a store opening it
    still finds the previous release's schema to migrate.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(FIXTURE, target)
    if ids:
        with closing(sqlite3.connect(target, isolation_level=None)) as db:
            db.execute("PRAGMA foreign_keys = OFF")
            for table, column in (*_GUILD_COLUMNS, *_CHANNEL_COLUMNS, *_USER_COLUMNS):
                for old, new in ids.items():
                    db.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (new, old))
    return target
