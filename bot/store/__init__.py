"""Saved games: storage on SQLite or PostgreSQL that never loses an accepted move.

One database (a SQLite file in WAL mode, or a PostgreSQL database) holds each game with its
seats, the current snapshot of its state and an append-only log of every accepted command,
and the outbox: the news of each move, kept until it is posted. `Store` is the one API;
what differs between the databases lives in `sqlite.py` and `postgresql.py`.

    store = await Store.open(settings.database, kinds=GAMES)  # a path, or postgresql://...
    game = await store.create_game(
        guild_id=g, channel_id=c, host_user_id=u, edition="updated", kind="lords_of_vegas"
    )
    game = await store.add_seat(game.id, game.version, "red", user_id=u)
    ...
    saved = await store.save_action(game.id, game.version, u, "red: end", state.model_dump_json())

Command line: `python -m bot.store verify [--game ID]`, `export --game ID [--scenario]`,
`backup FILE`, `copy --to URL`, `list`, `cleanup --older-than DAYS [--yes]`.
"""

from __future__ import annotations

from .audit import (
    Verdict,
    export_record,
    export_scenario,
    game_record,
    replay_problems,
    shared_record,
    verify_game,
)
from .database import Synchronous
from .errors import (
    ChannelBusy,
    GameNotFound,
    MigrationError,
    SeatError,
    StoreError,
    UnknownKind,
    VersionConflict,
    WrongStatus,
)
from .games import (
    OPEN_STATUSES,
    AnyRules,
    Asker,
    Game,
    Move,
    News,
    Outgoing,
    Prompt,
    PromptKind,
    Rating,
    Saved,
    Seat,
    Status,
    Summary,
    TurnTimer,
)
from .kinds import Kind, Kinds, Record
from .migrate import MIGRATIONS_DIR, find_migrations, migrate, schema_version
from .store import Seating, Store, utc_now

__all__ = [
    "MIGRATIONS_DIR",
    "OPEN_STATUSES",
    "AnyRules",
    "Asker",
    "ChannelBusy",
    "Game",
    "GameNotFound",
    "Kind",
    "Kinds",
    "MigrationError",
    "Move",
    "News",
    "Outgoing",
    "Prompt",
    "PromptKind",
    "Rating",
    "Record",
    "Saved",
    "Seat",
    "SeatError",
    "Seating",
    "Status",
    "Store",
    "StoreError",
    "Summary",
    "Synchronous",
    "TurnTimer",
    "UnknownKind",
    "Verdict",
    "VersionConflict",
    "WrongStatus",
    "export_record",
    "export_scenario",
    "find_migrations",
    "game_record",
    "migrate",
    "replay_problems",
    "schema_version",
    "shared_record",
    "utc_now",
    "verify_game",
]
