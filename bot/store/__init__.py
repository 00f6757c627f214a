"""Saved games: SQLite storage that never loses an accepted move.

One database file (WAL journal, foreign keys on) holds each game with its seats, the
current snapshot of its state and an append-only log of every accepted command.

    store = await Store.open(settings.database_path)
    game = await store.create_game(guild_id=g, channel_id=c, host_user_id=u, edition="updated")
    game = await store.add_seat(game.id, game.version, "red", user_id=u)
    ...
    saved = await store.save_action(game.id, game.version, u, "red: end", state.model_dump_json())

Command line: `python -m bot.store verify [--game ID]`, `export --game ID [--scenario]`,
`backup FILE`.
"""

from __future__ import annotations

from .audit import (
    Verdict,
    export_record,
    export_scenario,
    game_record,
    game_scenario,
    replay_problems,
    shared_record,
    verify_game,
)
from .errors import (
    ChannelBusy,
    GameNotFound,
    MigrationError,
    SeatError,
    StoreError,
    VersionConflict,
    WrongStatus,
)
from .games import (
    LORDS_OF_VEGAS,
    OPEN_STATUSES,
    Game,
    Move,
    Prompt,
    PromptKind,
    Saved,
    Seat,
    Status,
    TurnTimer,
)
from .migrate import MIGRATIONS_DIR, find_migrations, migrate, schema_version
from .store import Store, Synchronous, utc_now

__all__ = [
    "LORDS_OF_VEGAS",
    "MIGRATIONS_DIR",
    "OPEN_STATUSES",
    "ChannelBusy",
    "Game",
    "GameNotFound",
    "MigrationError",
    "Move",
    "Prompt",
    "PromptKind",
    "Saved",
    "Seat",
    "SeatError",
    "Status",
    "Store",
    "StoreError",
    "Synchronous",
    "TurnTimer",
    "Verdict",
    "VersionConflict",
    "WrongStatus",
    "export_record",
    "export_scenario",
    "find_migrations",
    "game_record",
    "game_scenario",
    "migrate",
    "replay_problems",
    "schema_version",
    "shared_record",
    "utc_now",
    "verify_game",
]
