"""The game store: every game, its snapshot and its move log, on SQLite or PostgreSQL.

Every change is one transaction that only succeeds if the game is still at the version
the caller computed it from, so two writers can never both win (the loser gets
`VersionConflict`). `save_action` appends the command to the log, writes the new
snapshot and bumps the version together, and puts the move's news in the outbox: after
a crash either all of it is there or none of it.

The SQL here is the same for both databases; what differs lives in `sqlite.py` and
`postgresql.py` behind `database.Database`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal, Protocol, Self

from bot.shards import SHARD_SHIFT, Shards

from .database import (
    INSERT_NEWS,
    SQLITE_SCHEME,
    Connection,
    Database,
    MoveToSave,
    Synchronous,
    UniqueViolation,
    scheme_of,
    sqlite_path,
)
from .errors import (
    ChannelBusy,
    GameNotFound,
    SeatError,
    StoreError,
    UnknownKind,
    VersionConflict,
    WrongStatus,
)
from .games import (
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
from .kinds import Kind, Kinds
from .migrate import MIGRATIONS_DIR
from .postgresql import PostgreSQLDatabase
from .sqlite import SQLiteDatabase

# Where a game is played: in a Discord channel, or at the keyboard (`bot.offline`).
Place = Literal["discord", "terminal"]
_SUMMARY_COLUMNS: Final = "id, guild_id, channel_id, kind, status, moves, updated_at, ended_at"
_PROMPT_COLUMNS: Final = "game_id, kind, ref, channel_id, message_id, expires_at"
_TIMER_COLUMNS: Final = "game_id, turn, player, remind_at, expires_at, reminded"
# When a turn timer next needs attention: its reminder until it went out, then its end.
_TIMER_DUE: Final = "CASE WHEN reminded = 1 THEN expires_at ELSE remind_at END"
_SELECT_NEWS: Final = """
    SELECT o.id, o.game_id, o.seq, o.channel_id, o.state_before, o.note, o.interaction_id,
           o.interaction_token, o.created_at, m.command, m.actor_user_id
      FROM outbox AS o LEFT JOIN moves AS m ON m.game_id = o.game_id AND m.seq = o.seq
"""


# Every command reads its channel's game, so both go through an index whatever the number
# of games: the open one through games_one_open_per_channel (the clause names all of that
# partial index's condition; the terminal's games have no channel), the latest one
# through games_by_channel.
OPEN_GAME_IN_CHANNEL: Final = (
    "WHERE g.channel_id = ? AND g.status IN ('lobby', 'active') AND g.place = 'discord'"
)
LAST_GAME_IN_CHANNEL: Final = "WHERE g.channel_id = ? ORDER BY g.id DESC LIMIT 1"


def _select_games(seats_json: str) -> str:
    """The query for whole games (add a WHERE clause), with the database's seats JSON."""
    return f"""
    SELECT g.id, g.kind, g.guild_id, g.channel_id, g.host_user_id, g.edition, g.status,
           g.version, g.moves, g.created_at, g.updated_at, g.started_at, g.ended_at,
           {seats_json} AS seats, g.settings, s.state, g.options, g.rules_version
      FROM games AS g LEFT JOIN snapshots AS s ON s.game_id = g.id"""


class Seating(Protocol):
    """An engine's `GameSettings`, as far as the store reads it: the seating order."""

    @property
    def players(self) -> Sequence[str]:
        """The seated colours, in seating order."""

    def model_dump_json(self) -> str:
        """The settings as JSON."""


def utc_now() -> str:
    """The current time as a UTC ISO 8601 string with milliseconds (…T05:58:00.123Z)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Store:
    """Saved games in one database; open it with `await Store.open(path_or_url)`.

    All methods are coroutines and safe to call from many tasks at once: they take
    turns on the store's single connection. Several `Store`s (or processes) may share
    one database; its locking and the version check keep them consistent.
    """

    def __init__(self, db: Database, kinds: Kinds | None = None) -> None:
        """Wrap an open, migrated database; use `Store.open` instead."""
        self._db = db
        self._select_games = _select_games(db.seats_json)
        self.kinds: Mapping[str, Kind] = dict(kinds or {})

    @property
    def database(self) -> Database:
        """The database underneath (for the operator commands: copy, backup, checks)."""
        return self._db

    @property
    def location(self) -> str:
        """Where the games are kept, to show a person (a file, or a URL without password)."""
        return self._db.location

    @classmethod
    async def open(
        cls,
        database: Path | str,
        *,
        synchronous: Synchronous = "FULL",
        migrations: Path = MIGRATIONS_DIR,
        kinds: Kinds | None = None,
    ) -> Store:
        """Open and migrate the database at `database`, a file path or a URL.

        A path or `sqlite:///path` is a SQLite file (created with its folder if needed);
        `postgresql://user:password@host:5432/name` a PostgreSQL database, whose migrations
        are the twins in the `postgresql` folder of `migrations`.

        `kinds` are the games this program knows, by kind: the games handed back read their
        settings and state with their kind's engine, and verify and export use them.

        `synchronous="FULL"` (the default) makes every commit durable on disk before it
        returns, so an acknowledged move survives even a power cut; `"NORMAL"` is a little
        faster and still loses nothing when only the process dies.
        """
        opened: Database
        if scheme_of(database) == SQLITE_SCHEME:
            opened = await SQLiteDatabase.open(
                sqlite_path(database), synchronous=synchronous, migrations=migrations
            )
        else:
            opened = await PostgreSQLDatabase.open(
                str(database), synchronous=synchronous, migrations=migrations / "postgresql"
            )
        return cls(opened, kinds)

    async def close(self) -> None:
        """Close the connection (waiting for the store's current operation to finish)."""
        await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    # Lobby --------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host_user_id: int,
        edition: str,
        kind: str,
        options: dict[str, Any] | None = None,
        place: Place = "discord",
    ) -> Game:
        """Open a lobby for a game of `kind` in a channel; `ChannelBusy` if it has an open game.

        `edition` is which rules of the game (its edition or variant); `options` are the
        host's table options (JSON-serialisable), kept with the game. A game whose `place`
        is the terminal (`bot.offline`) has no channel, and the bot never acts on it.
        """
        now = utc_now()
        async with self._db.transaction() as db:
            try:
                rows = await db.fetch(
                    "INSERT INTO games (kind, guild_id, channel_id, host_user_id, edition, "
                    "options, created_at, updated_at, place) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "RETURNING id",
                    (
                        kind,
                        guild_id,
                        channel_id,
                        host_user_id,
                        edition,
                        json.dumps(options or {}, sort_keys=True),
                        now,
                        now,
                        place,
                    ),
                )
            except UniqueViolation as error:
                raise ChannelBusy(channel_id) from error
            return await self._fetch_game(db, int(rows[0][0]))

    async def add_seat(
        self,
        game_id: int,
        expected_version: int,
        color: str,
        *,
        user_id: int | None = None,
        ai_level: int | None = None,
        name: str | None = None,
    ) -> Game:
        """Seat a Discord user, or an AI player of `ai_level`, at a lobby game in `color`.

        `name` is how the player is shown (their display name when they joined).
        Raises `SeatError` if the colour is taken or the user already sits here.
        """
        if (user_id is None) == (ai_level is None):
            raise ValueError("A seat needs either a user id or an AI level, not both.")
        async with self._db.transaction() as db:
            await self._bump(db, game_id, expected_version, ("lobby",))
            seats = await self._fetch_seats(db, game_id)
            if any(seat.color == color for seat in seats):
                raise SeatError(f"{color} is already taken in game {game_id}.")
            if user_id is not None and any(seat.user_id == user_id for seat in seats):
                raise SeatError(f"User {user_id} already has a seat in game {game_id}.")
            position = max((seat.position for seat in seats), default=0) + 1
            await db.execute(
                "INSERT INTO seats (game_id, position, color, user_id, ai_level, name) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, position, color, user_id, ai_level, name),
            )
            return await self._fetch_game(db, game_id)

    async def remove_seat(self, game_id: int, expected_version: int, color: str) -> Game:
        """Free the seat of `color` in a lobby game (a player leaving or an AI removed)."""
        async with self._db.transaction() as db:
            await self._bump(db, game_id, expected_version, ("lobby",))
            changed = await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND color = ?", (game_id, color)
            )
            if changed == 0:
                raise SeatError(f"Nobody sits in {color} in game {game_id}.")
            return await self._fetch_game(db, game_id)

    async def start_game(
        self,
        game_id: int,
        expected_version: int,
        settings: Seating,
        state_json: str,
        *,
        outgoing: Outgoing | None = None,
    ) -> Game:
        """Start a lobby game with the engine's settings and its initial state.

        `settings.players` (the seating order) must be exactly the colours seated;
        `state_json` is `new_game(settings)`'s state as JSON. The game records the rules
        version its kind plays now. With `outgoing`, the start's news (the first board)
        goes into the outbox in the same transaction.
        """
        now = utc_now()
        async with self._db.transaction() as db:
            await self._bump(db, game_id, expected_version, ("lobby",))
            seated = sorted(seat.color for seat in await self._fetch_seats(db, game_id))
            if seated != sorted(settings.players):
                raise ValueError(
                    f"The seating {settings.players} does not match the seats taken {seated}."
                )
            kind = (await self._fetch_game(db, game_id)).kind
            known = self.kinds.get(kind)
            await db.execute(
                "UPDATE games SET status = 'active', settings = ?, started_at = ?, "
                "rules_version = ? WHERE id = ?",
                (
                    settings.model_dump_json(),
                    now,
                    known.rules_version if known is not None else None,
                    game_id,
                ),
            )
            if outgoing is not None:
                await _add_news(db, game_id, 0, outgoing, now)  # before the snapshot: none
            await db.execute(
                "INSERT INTO snapshots (game_id, state) VALUES (?, ?)", (game_id, state_json)
            )
            return await self._fetch_game(db, game_id)

    async def set_options(
        self, game_id: int, expected_version: int, options: dict[str, Any]
    ) -> Game:
        """Replace the host's table options of a game in its lobby or under way."""
        async with self._db.transaction() as db:
            await self._bump(db, game_id, expected_version, ("lobby", "active"))
            await db.execute(
                "UPDATE games SET options = ? WHERE id = ?",
                (json.dumps(options, sort_keys=True), game_id),
            )
            return await self._fetch_game(db, game_id)

    # Play ---------------------------------------------------------------------------

    async def save_action(
        self,
        game_id: int,
        expected_version: int,
        actor_user_id: int | None,
        command_line: str,
        new_state_json: str,
        *,
        game_over: bool = False,
        outgoing: Outgoing | None = None,
    ) -> Saved:
        """Record one accepted action in one transaction.

        Appends `command_line` (the engine's notation, e.g. "red: build C7 sphinx") to the
        log with the next seq number, replaces the snapshot with `new_state_json` and bumps
        the version; with `game_over` the game is also marked finished. With `outgoing`,
        the move's news goes into the outbox (with the snapshot it replaces). Raises
        `VersionConflict` if the game is no longer at `expected_version`, in which case
        nothing is written: reload, recompute and try again.
        """
        asker = outgoing.asker if outgoing is not None else None
        now = utc_now()
        saved = await self._db.save_move(
            MoveToSave(
                game_id=game_id,
                expected_version=expected_version,
                actor_user_id=actor_user_id,
                command=command_line,
                state_json=new_state_json,
                game_over=game_over,
                now=now,
                with_news=outgoing is not None,
                note=outgoing.note if outgoing is not None else "",
                interaction_id=asker.interaction_id if asker else None,
                interaction_token=asker.token if asker else None,
            )
        )
        if saved is None:
            async with self._db.reading() as db:
                await self._refuse(db, game_id, expected_version, ("active",))
            raise AssertionError("unreachable: _refuse always raises")
        version, seq = saved
        return Saved(seq=seq, version=version, at=now)

    async def finish_game(self, game_id: int, expected_version: int) -> Game:
        """Mark an active game finished; it stays stored for history and statistics."""
        return await self._end(game_id, expected_version, "finished", ("active",))

    async def abandon_game(self, game_id: int, expected_version: int | None = None) -> Game:
        """Close a lobby or active game without a result (no version check when None)."""
        return await self._end(game_id, expected_version, "abandoned", ("lobby", "active"))

    async def _end(
        self,
        game_id: int,
        expected_version: int | None,
        status: Status,
        allowed: tuple[Status, ...],
    ) -> Game:
        async with self._db.transaction() as db:
            if expected_version is None:
                expected_version = (await self._fetch_game(db, game_id)).version
            await self._bump(db, game_id, expected_version, allowed)
            await db.execute(
                "UPDATE games SET status = ?, ended_at = updated_at WHERE id = ?",
                (status, game_id),
            )
            return await self._fetch_game(db, game_id)

    # Reading ------------------------------------------------------------------------

    def kind_of(self, game: Game) -> Kind:
        """What this program knows of the game's kind; `UnknownKind` if nothing."""
        known = self.kinds.get(game.kind)
        if known is None:
            raise UnknownKind(game.id, game.kind)
        return known

    async def game(self, game_id: int) -> Game:
        """The game with this id, with its seats and current snapshot."""
        return await self._fetch_game(self._db, game_id)

    async def open_game(self, channel_id: int) -> Game | None:
        """The channel's game in its lobby or under way, if there is one."""
        games = await self._select(self._db, OPEN_GAME_IN_CHANNEL, channel_id)
        return games[0] if games else None

    async def last_game(self, channel_id: int) -> Game | None:
        """The channel's most recent game, open or not (an open one is always the latest)."""
        games = await self._select(self._db, LAST_GAME_IN_CHANNEL, channel_id)
        return games[0] if games else None

    async def finished_games(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        kind: str | None = None,
        limit: int | None = 20,
    ) -> list[Game]:
        """Finished games, most recent first; only a guild's, a user's, a kind's, if given.

        `limit=None` returns all of them.
        """
        where, params = _game_filter("finished", guild_id, user_id, kind)
        order = f"WHERE {where} ORDER BY g.ended_at DESC, g.id DESC"
        if limit is None:
            return await self._select(self._db, order, *params)
        return await self._select(self._db, f"{order} LIMIT ?", *params, limit)

    async def next_game_id(self) -> int:
        """The id the next game will most likely get (a label: another may take it first)."""
        rows = await self._db.fetch("SELECT COALESCE(MAX(id), 0) + 1 FROM games")
        return int(rows[0][0])

    async def terminal_games(self) -> list[Game]:
        """Games under way in the terminal (`bot.offline`), oldest first."""
        return await self._select(
            self._db, "WHERE g.status = 'active' AND g.place = 'terminal' ORDER BY g.id"
        )

    async def game_ids(self) -> list[int]:
        """The ids of every stored game, oldest first."""
        rows = await self._db.fetch("SELECT id FROM games ORDER BY id")
        return [int(row[0]) for row in rows]

    async def summaries(self) -> list[Summary]:
        """Every stored game in a line each, oldest first (for operators)."""
        rows = await self._db.fetch(f"SELECT {_SUMMARY_COLUMNS} FROM games ORDER BY id")
        return [Summary(*row) for row in rows]

    async def ended_before(self, cutoff: str) -> list[Summary]:
        """Finished and abandoned games that ended before `cutoff` (a `utc_now()` time)."""
        rows = await self._db.fetch(
            f"SELECT {_SUMMARY_COLUMNS} FROM games "
            "WHERE status IN ('finished', 'abandoned') AND ended_at < ? ORDER BY id",
            (cutoff,),
        )
        return [Summary(*row) for row in rows]

    async def delete_games(self, game_ids: Sequence[int]) -> None:
        """Delete these ended games for good, with their logs, snapshots, seats and news.

        Refuses (`WrongStatus`, nothing deleted) if any of them is in its lobby or under way.
        """
        if not game_ids:
            return
        marks = ", ".join("?" * len(game_ids))
        rows = await self._db.fetch(
            f"SELECT id, status FROM games WHERE id IN ({marks}) "
            "AND status NOT IN ('finished', 'abandoned')",
            tuple(game_ids),
        )
        if rows:
            raise WrongStatus(int(rows[0][0]), str(rows[0][1]), "finished or abandoned")
        await self._db.delete_games(game_ids)

    async def game_and_moves(self, game_id: int) -> tuple[Game, list[Move]]:
        """A game and its whole move log, read at one consistent moment."""
        async with self._db.reading() as db:
            game = await self._fetch_game(db, game_id)
            rows = await db.fetch(
                "SELECT seq, actor_user_id, command, created_at FROM moves "
                "WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
        return game, [Move(*row) for row in rows]

    async def backup(self, target: Path | str) -> None:
        """Write a consistent copy of the whole database to a new file at `target`.

        SQLite copies itself while the bot runs; PostgreSQL refuses, naming `pg_dump`.
        """
        target = Path(target)
        if target.exists():
            raise StoreError(f"{target} already exists; choose a new file for the backup.")
        await self._db.backup(target)

    async def pragmas(self) -> dict[str, int | str]:
        """The database's settings in force that the store's guarantees rest on.

        SQLite: journal mode, synchronous level, foreign keys; PostgreSQL: its commit level.
        """
        return await self._db.settings()

    async def integrity_problems(self) -> list[str]:
        """The database's own consistency check (empty when sound)."""
        return await self._db.integrity_problems()

    async def resign_seat(
        self, game_id: int, expected_version: int, color: str, autopilot: int | None
    ) -> Game:
        """A player leaves a game under way; `autopilot` is the AI level playing on, if any."""
        async with self._db.transaction() as db:
            await self._bump(db, game_id, expected_version, ("active",))
            changed = await db.execute(
                "UPDATE seats SET resigned = 1, autopilot = ? "
                "WHERE game_id = ? AND color = ? AND user_id IS NOT NULL",
                (autopilot, game_id, color),
            )
            if changed == 0:
                raise SeatError(f"No player sits in {color} in game {game_id}.")
            return await self._fetch_game(db, game_id)

    async def active_games(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        kind: str | None = None,
        shards: Shards | None = None,
    ) -> list[Game]:
        """Games under way, oldest first; only a guild's, a user's, a kind's, if given.

        With `shards`, only those in the guilds of these shards.
        """
        where, params = _game_filter("active", guild_id, user_id, kind)
        sharded, more = _of_shards(shards, "g.id")
        return await self._select(
            self._db, f"WHERE {where} AND {sharded} ORDER BY g.id", *params, *more
        )

    # Prompts: messages with buttons for open offers and pending decisions ----------------

    async def add_prompt(
        self,
        game_id: int,
        kind: PromptKind,
        ref: int,
        channel_id: int,
        message_id: int,
        expires_at: float | None,
    ) -> bool:
        """Remember a prompt message; False if one already exists for this offer/decision."""
        async with self._db.transaction() as db:
            changed = await db.execute(
                "INSERT INTO prompts (game_id, kind, ref, channel_id, message_id, expires_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, kind, ref) DO NOTHING",
                (game_id, kind, ref, channel_id, message_id, expires_at),
            )
            return changed == 1

    async def open_prompts(self, game_id: int) -> list[Prompt]:
        """The game's prompts that still carry buttons."""
        rows = await self._db.fetch(
            f"SELECT {_PROMPT_COLUMNS} FROM prompts WHERE game_id = ? AND closed = 0 "
            "ORDER BY kind, ref",
            (game_id,),
        )
        return [Prompt(*row) for row in rows]

    async def close_prompt(self, game_id: int, kind: PromptKind, ref: int) -> None:
        """Mark a prompt closed (its buttons were removed).

        Not durable: after a power cut undid it, the prompt is closed again at start-up.
        """
        async with self._db.transaction(durable=False) as db:
            await db.execute(
                "UPDATE prompts SET closed = 1 WHERE game_id = ? AND kind = ? AND ref = ?",
                (game_id, kind, ref),
            )

    async def drop_prompt_deadline(self, game_id: int, kind: PromptKind, ref: int) -> None:
        """Let an open prompt wait without a deadline (nothing happens when it runs out)."""
        await self.set_prompt_deadline(game_id, kind, ref, None)

    async def set_prompt_deadline(
        self, game_id: int, kind: PromptKind, ref: int, expires_at: float | None
    ) -> None:
        """Change when an open prompt runs out (None: never)."""
        async with self._db.transaction() as db:
            await db.execute(
                "UPDATE prompts SET expires_at = ? WHERE game_id = ? AND kind = ? AND ref = ?",
                (expires_at, game_id, kind, ref),
            )

    async def due_prompts(self, now: float, shards: Shards | None = None) -> list[Prompt]:
        """Open prompts whose time ran out, oldest first (only of `shards`' guilds, if given)."""
        sharded, more = _of_shards(shards, "game_id")
        rows = await self._db.fetch(
            f"SELECT {_PROMPT_COLUMNS} FROM prompts "
            f"WHERE closed = 0 AND expires_at <= ? AND {sharded} ORDER BY expires_at",
            (now, *more),
        )
        return [Prompt(*row) for row in rows]

    async def next_prompt_due(self, shards: Shards | None = None) -> float | None:
        """When the next open prompt runs out, if any does (of `shards`' guilds, if given)."""
        sharded, more = _of_shards(shards, "game_id")
        rows = list(
            await self._db.fetch(
                f"SELECT MIN(expires_at) FROM prompts WHERE closed = 0 AND {sharded}", more
            )
        )
        return None if rows[0][0] is None else float(rows[0][0])

    # Turn timers: the clock on the turn under way ----------------------------------------

    async def turn_timer(self, game_id: int) -> TurnTimer | None:
        """The game's turn timer, if one runs."""
        rows = list(
            await self._db.fetch(
                f"SELECT {_TIMER_COLUMNS} FROM turn_timers WHERE game_id = ?", (game_id,)
            )
        )
        return _timer_from_row(rows[0]) if rows else None

    async def set_turn_timer(
        self, game_id: int, turn: int, player: str, remind_at: float, expires_at: float
    ) -> TurnTimer:
        """Start the clock on a turn, replacing the game's previous turn timer."""
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO turn_timers (game_id, turn, player, remind_at, expires_at, reminded) "
                "VALUES (?, ?, ?, ?, ?, 0) ON CONFLICT (game_id) DO UPDATE SET "
                "turn = excluded.turn, player = excluded.player, remind_at = excluded.remind_at, "
                "expires_at = excluded.expires_at, reminded = 0",
                (game_id, turn, player, remind_at, expires_at),
            )
        return TurnTimer(game_id, turn, player, remind_at, expires_at)

    async def mark_reminded(self, game_id: int, turn: int) -> None:
        """Note that the reminder for this turn went out (it goes out once)."""
        async with self._db.transaction() as db:
            await db.execute(
                "UPDATE turn_timers SET reminded = 1 WHERE game_id = ? AND turn = ?",
                (game_id, turn),
            )

    async def drop_turn_timer(self, game_id: int, turn: int | None = None) -> None:
        """Stop the game's turn timer (only if it is still the one of `turn`, when given)."""
        async with self._db.transaction() as db:
            if turn is None:
                await db.execute("DELETE FROM turn_timers WHERE game_id = ?", (game_id,))
            else:
                await db.execute(
                    "DELETE FROM turn_timers WHERE game_id = ? AND turn = ?", (game_id, turn)
                )

    async def due_turn_timers(self, now: float, shards: Shards | None = None) -> list[TurnTimer]:
        """Turn timers whose reminder or end has come, the earliest first.

        With `shards`, only those of games in these shards' guilds.
        """
        sharded, more = _of_shards(shards, "game_id")
        rows = await self._db.fetch(
            f"SELECT {_TIMER_COLUMNS} FROM turn_timers WHERE {_TIMER_DUE} <= ? "
            f"AND {sharded} ORDER BY {_TIMER_DUE}",
            (now, *more),
        )
        return [_timer_from_row(row) for row in rows]

    async def next_turn_timer_due(self, shards: Shards | None = None) -> float | None:
        """When the next turn timer needs attention, if any runs (in `shards`' guilds)."""
        sharded, more = _of_shards(shards, "game_id")
        rows = list(
            await self._db.fetch(f"SELECT MIN({_TIMER_DUE}) FROM turn_timers WHERE {sharded}", more)
        )
        return None if rows[0][0] is None else float(rows[0][0])

    # Offer drafts: what a player is composing in the trade builder ---------------------

    async def draft(self, channel_id: int, user_id: int) -> str | None:
        """The player's offer draft in this channel (JSON), if any."""
        rows = list(
            await self._db.fetch(
                "SELECT draft FROM offer_drafts WHERE channel_id = ? AND user_id = ?",
                (channel_id, user_id),
            )
        )
        return str(rows[0][0]) if rows else None

    async def save_draft(self, channel_id: int, user_id: int, draft: str) -> None:
        """Keep the player's offer draft."""
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO offer_drafts (channel_id, user_id, draft, updated_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (channel_id, user_id) DO UPDATE SET "
                "draft = excluded.draft, updated_at = excluded.updated_at",
                (channel_id, user_id, draft, utc_now()),
            )

    async def delete_draft(self, channel_id: int, user_id: int) -> None:
        """Forget the player's offer draft (posted or cancelled)."""
        async with self._db.transaction() as db:
            await db.execute(
                "DELETE FROM offer_drafts WHERE channel_id = ? AND user_id = ?",
                (channel_id, user_id),
            )

    # The outbox: news of accepted moves not posted yet ---------------------------------

    async def channel_news(self, channel_id: int, limit: int = 10) -> list[News]:
        """The oldest `limit` news not yet posted in this channel, oldest first."""
        rows = await self._db.fetch(
            f"{_SELECT_NEWS} WHERE o.channel_id = ? ORDER BY o.id LIMIT ?", (channel_id, limit)
        )
        return [_news_from_row(row) for row in rows]

    async def all_news(self, shards: Shards | None = None) -> list[News]:
        """Every news not yet posted, oldest first (only of `shards`' guilds, if given)."""
        sharded, more = _of_shards(shards, "o.game_id")
        rows = await self._db.fetch(f"{_SELECT_NEWS} WHERE {sharded} ORDER BY o.id", more)
        return [_news_from_row(row) for row in rows]

    async def drop_news(self, news_id: int) -> None:
        """Forget a news once it is posted (or can never be).

        Not durable: a news whose deletion a power cut undid is looked for in its channel
        at the next start, and found there, so it is not posted twice.
        """
        await self._db.drop_news(news_id)

    # Your-turn messages ----------------------------------------------------------------

    async def set_notify(self, user_id: int, enabled: bool) -> None:
        """Turn a person's your-turn messages on or off (in every server)."""
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO notify (user_id, enabled, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled, "
                "updated_at = excluded.updated_at",
                (user_id, int(enabled), utc_now()),
            )

    async def notified_users(self, user_ids: Iterable[int]) -> set[int]:
        """Those of these people who want your-turn messages."""
        wanted = list(user_ids)
        if not wanted:
            return set()
        marks = ", ".join("?" for _ in wanted)
        rows = await self._db.fetch(
            f"SELECT user_id FROM notify WHERE enabled = 1 AND user_id IN ({marks})", wanted
        )
        return {int(row[0]) for row in rows}

    async def waiting_spells(self, game_id: int, waiting: Iterable[int]) -> set[int]:
        """Record that the game waits for exactly these people now; those it newly waits for.

        A person it no longer waits for ends their spell; a person in a spell already is
        not new again, so each spell is told once.
        """
        now = set(waiting)
        spells = "SELECT user_id FROM waiting_spells WHERE game_id = ?"
        if {int(row[0]) for row in await self._db.fetch(spells, (game_id,))} == now:
            return set()  # most moves: the game waits for the same people
        # Not durable: a power cut may at worst tell someone of a spell twice.
        async with self._db.transaction(durable=False) as db:
            before = {int(row[0]) for row in await db.fetch(spells, (game_id,))}
            for user_id in before - now:
                await db.execute(
                    "DELETE FROM waiting_spells WHERE game_id = ? AND user_id = ?",
                    (game_id, user_id),
                )
            for user_id in now - before:
                await db.execute(
                    "INSERT INTO waiting_spells (game_id, user_id) VALUES (?, ?) "
                    "ON CONFLICT (game_id, user_id) DO NOTHING",
                    (game_id, user_id),
                )
        return now - before

    # The bot's own bookkeeping --------------------------------------------------------

    # Ratings ------------------------------------------------------------------------

    async def unrated_games(self) -> list[Game]:
        """Finished games in a server not rated yet, in the order they ended."""
        return await self._select(
            self._db,
            "WHERE g.status = 'finished' AND g.guild_id IS NOT NULL AND NOT EXISTS "
            "(SELECT 1 FROM ratings r WHERE r.game_id = g.id) ORDER BY g.ended_at, g.id",
        )

    async def save_ratings(self, ratings: Sequence[Rating]) -> None:
        """Store one game's ratings (their `seq` is given here: after every other game's).

        A game already rated keeps its rows (nothing is written twice).
        """
        async with self._db.transaction() as db:
            rows = await db.fetch("SELECT COALESCE(MAX(seq), 0) FROM ratings")
            seq = int(rows[0][0]) + 1
            for r in ratings:
                await db.execute(
                    "INSERT INTO ratings (game_id, color, user_id, level, kind, edition, "
                    "guild_id, seq, place, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (game_id, color) DO NOTHING",
                    (
                        r.game_id,
                        r.color,
                        r.user_id,
                        r.level,
                        r.kind,
                        r.edition,
                        r.guild_id,
                        seq,
                        r.place,
                        r.mu,
                        r.sigma,
                    ),
                )

    async def ratings(self, kind: str, guild_id: int) -> list[Rating]:
        """Every rating of a game's kind in a server, in the order the games were rated."""
        rows = await self._db.fetch(
            "SELECT game_id, color, user_id, level, kind, edition, guild_id, seq, place, "
            "mu, sigma FROM ratings WHERE kind = ? AND guild_id = ? ORDER BY seq, color",
            (kind, guild_id),
        )
        return [Rating(*row) for row in rows]

    async def clear_ratings(self) -> None:
        """Forget every rating (to rebuild them all from the finished games)."""
        await self._db.execute("DELETE FROM ratings")

    async def meta(self, key: str) -> str | None:
        """A value the bot stored under `key`, or None."""
        rows = list(await self._db.fetch("SELECT value FROM bot_meta WHERE key = ?", (key,)))
        return str(rows[0][0]) if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        """Store `value` under `key`, replacing what was there."""
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO bot_meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # Helpers (call with the lock held) ------------------------------------------------

    async def _bump(
        self,
        db: Connection,
        game_id: int,
        expected_version: int,
        allowed: tuple[Status, ...],
    ) -> None:
        """Bump the version if the game is at `expected_version` in an allowed status."""
        marks = ", ".join("?" * len(allowed))
        changed = await db.execute(
            f"UPDATE games SET version = version + 1, updated_at = ? "
            f"WHERE id = ? AND version = ? AND status IN ({marks})",
            (utc_now(), game_id, expected_version, *allowed),
        )
        if changed == 0:
            await self._refuse(db, game_id, expected_version, allowed)

    async def _refuse(
        self,
        db: Connection,
        game_id: int,
        expected_version: int,
        allowed: tuple[Status, ...],
    ) -> None:
        """Raise the reason a versioned write matched no row."""
        rows = list(await db.fetch("SELECT version, status FROM games WHERE id = ?", (game_id,)))
        if not rows:
            raise GameNotFound(game_id)
        version, status = rows[0]
        if version != expected_version:
            raise VersionConflict(game_id, expected_version, version)
        raise WrongStatus(game_id, status, " or ".join(allowed))

    async def _fetch_game(self, db: Connection, game_id: int) -> Game:
        games = await self._select(db, "WHERE g.id = ?", game_id)
        if not games:
            raise GameNotFound(game_id)
        return games[0]

    async def _fetch_seats(self, db: Connection, game_id: int) -> list[Seat]:
        rows = await db.fetch(
            "SELECT position, color, user_id, ai_level, name, resigned, autopilot FROM seats "
            "WHERE game_id = ? "
            "ORDER BY position",
            (game_id,),
        )
        return [Seat(*row) for row in rows]

    async def _select(self, db: Connection, where: str, *params: Any) -> list[Game]:
        rows = await db.fetch(f"{self._select_games} {where}", params)
        return [_game_from_row(row, self.kinds) for row in rows]


def _game_filter(
    status: Status, guild_id: int | None, user_id: int | None, kind: str | None
) -> tuple[str, list[Any]]:
    """A WHERE clause (and its parameters) for games in `status`, of a guild, user or kind."""
    where = ["g.status = ?", "g.place = 'discord'"]
    params: list[Any] = [status]
    if kind is not None:
        where.append("g.kind = ?")
        params.append(kind)
    if guild_id is not None:
        where.append("g.guild_id = ?")
        params.append(guild_id)
    if user_id is not None:
        where.append("g.id IN (SELECT game_id FROM seats WHERE user_id = ?)")
        params.append(user_id)
    return " AND ".join(where), params


def _of_shards(shards: Shards | None, game_id: str) -> tuple[str, list[Any]]:
    """A condition (and its parameters): the row's game is in a guild of `shards`.

    `game_id` names the row's game column. Without shards the condition always holds.
    A game without a guild counts as shard 0's, where Discord sends direct messages.
    """
    if shards is None:
        return "1 = 1", []
    marks = ", ".join("?" for _ in shards.ids)
    return (
        f"{game_id} IN (SELECT sg.id FROM games AS sg "
        f"WHERE (COALESCE(sg.guild_id, 0) >> {SHARD_SHIFT}) % ? IN ({marks}))",
        [shards.count, *shards.ids],
    )


async def _add_news(db: Connection, game_id: int, seq: int, outgoing: Outgoing, now: str) -> None:
    """Put a move's news in the outbox, with the game's snapshot as it is (call it first)."""
    asker = outgoing.asker
    await db.execute(
        INSERT_NEWS,
        (
            game_id,
            seq,
            game_id,
            game_id,
            outgoing.note,
            asker.interaction_id if asker else None,
            asker.token if asker else None,
            now,
        ),
    )


def _news_from_row(row: Iterable[Any]) -> News:
    (
        news_id,
        game_id,
        seq,
        channel_id,
        state_before,
        note,
        interaction_id,
        token,
        created_at,
        command,
        actor,
    ) = row
    asker = Asker(interaction_id, token) if interaction_id is not None and token else None
    return News(
        news_id, game_id, seq, channel_id, state_before, note, asker, created_at, command, actor
    )


def _timer_from_row(row: Iterable[Any]) -> TurnTimer:
    game_id, turn, player, remind_at, expires_at, reminded = row
    return TurnTimer(game_id, turn, player, float(remind_at), float(expires_at), bool(reminded))


def _game_from_row(row: Iterable[Any], kinds: Mapping[str, Kind]) -> Game:
    (
        game_id,
        kind,
        guild_id,
        channel_id,
        host_user_id,
        edition,
        status,
        version,
        moves,
        created_at,
        updated_at,
        started_at,
        ended_at,
        seats_json,
        settings_json,
        state_json,
        options_json,
        rules_version,
    ) = row
    seats = sorted((Seat(*seat) for seat in json.loads(seats_json)), key=lambda s: s.position)
    return Game(
        id=game_id,
        kind=kind,
        guild_id=guild_id,
        channel_id=channel_id,
        host_user_id=host_user_id,
        edition=edition,
        status=status,
        version=version,
        moves=moves,
        created_at=created_at,
        updated_at=updated_at,
        started_at=started_at,
        ended_at=ended_at,
        seats=tuple(seats),
        settings_json=settings_json,
        state_json=state_json,
        options=json.loads(options_json),
        rules_version=rules_version,
        engine=kinds[kind].rules if kind in kinds else None,
    )
