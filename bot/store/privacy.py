"""Forgetting a person or a server: what an operator runs when asked to delete data.

`forget_guild` deletes every game of a server (seats, state, log, prompts, timers, news)
and the trade drafts in its channels. `forget_user` unlinks a person from every game
they sat at, keeping the games the other players played: their seats keep the colour
but lose the user id (a negative placeholder, unique in the game, that no Discord user
has) and the name; their moves keep the command but lose who sent it; games they opened
lose their host (0); a lobby they opened is abandoned and they leave the lobbies they
sat in; a game under way goes on with their seat resigned; their trade drafts go.

Both run in one transaction and, as a dry run (`apply=False`), roll it back: the counts
a dry run reports are those a real run then deletes or changes.

Every table of the schema is named in `TABLES` with what forgetting does to it, and a
test checks that none is missing: a feature adding a table decides there how its rows
are forgotten.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Final

from .database import Connection
from .store import Store, utc_now

# Each table, and what forgetting does with it (for the docs and the schema test).
TABLES: Final = {
    "games": "a server's games are deleted; a person stops being a game's host",
    "seats": "deleted with the game; a person's seat loses their user id and name",
    "snapshots": "deleted with the game (holds colours, never names or ids)",
    "moves": "deleted with the game; a person's moves lose who sent them",
    "prompts": "deleted with the game (message ids only)",
    "turn_timers": "deleted with the game (no personal data)",
    "outbox": "deleted with the game (news waiting to be posted)",
    "offer_drafts": "deleted: a server's channels' drafts, or a person's",
    "notify": "deleted: a person's your-turn message setting (kept for every server alike)",
    "waiting_spells": "deleted with the game, or a person's (who a game waits for now)",
    "bot_meta": "the bot's own bookkeeping (no personal data)",
    "ratings": "deleted with the game; a person's ratings are deleted",
}
# The tables whose rows belong to one game (deleted before the game itself).
GAME_TABLES: Final = (
    "seats",
    "snapshots",
    "moves",
    "prompts",
    "turn_timers",
    "outbox",
    "waiting_spells",
    "ratings",
)


@dataclass
class Forgetting:
    """What forgetting removed or changed (or would, in a dry run), table by table."""

    applied: bool
    games: list[int] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)

    def count(self, table: str, rows: int) -> None:
        """Add `rows` deleted or changed in `table`."""
        if rows > 0:
            self.rows[table] = self.rows.get(table, 0) + rows

    def lines(self) -> list[str]:
        """The report, one line a table, saying whether it was done or only counted."""
        done = "deleted or changed" if self.applied else "would be deleted or changed"
        games = ", ".join(map(str, self.games)) or "none"
        lines = [f"games concerned: {games}"]
        lines += [f"{table}: {rows} rows {done}" for table, rows in sorted(self.rows.items())]
        if not self.rows:
            lines.append("nothing to forget")
        elif not self.applied:
            lines.append("Dry run: nothing was changed. Add --yes to forget this for good.")
        return lines


class _DryRun(Exception):
    """Raised at the end of a dry run so the transaction is rolled back."""


@asynccontextmanager
async def _forgetting(store: Store, apply: bool) -> AsyncIterator[Connection]:
    """One write transaction, kept only when `apply`, with the move log's guard lifted."""
    database = store.database
    try:
        async with database.transaction() as db, database.log_unguarded(db):
            yield db
            if not apply:
                raise _DryRun
    except _DryRun:
        pass


async def _run(db: Connection, sql: str, parameters: tuple[object, ...]) -> int:
    """Run one statement; the number of rows it deleted or changed."""
    return max(await db.execute(sql, parameters), 0)


async def forget_guild(store: Store, guild_id: int, *, apply: bool) -> Forgetting:
    """Delete every game of the server `guild_id` and the trade drafts in its channels."""
    report = Forgetting(applied=apply)
    of_guild = "SELECT id FROM games WHERE guild_id = ?"
    async with _forgetting(store, apply) as db:
        rows = await db.fetch(f"{of_guild} ORDER BY id", (guild_id,))
        report.games = [int(row[0]) for row in rows]
        drafts = (
            "DELETE FROM offer_drafts WHERE channel_id IN "
            "(SELECT channel_id FROM games WHERE guild_id = ?)"
        )
        report.count("offer_drafts", await _run(db, drafts, (guild_id,)))
        for table in GAME_TABLES:
            sql = f"DELETE FROM {table} WHERE game_id IN ({of_guild})"
            report.count(table, await _run(db, sql, (guild_id,)))
        report.count("games", await _run(db, "DELETE FROM games WHERE guild_id = ?", (guild_id,)))
    return report


async def forget_user(store: Store, user_id: int, *, apply: bool) -> Forgetting:
    """Unlink the person `user_id` from every game, keeping the games themselves."""
    report = Forgetting(applied=apply)
    now = utc_now()
    async with _forgetting(store, apply) as db:
        rows = await db.fetch(
            "SELECT id FROM games WHERE host_user_id = ? "
            "OR id IN (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id",
            (user_id, user_id),
        )
        report.games = [int(row[0]) for row in rows]
        # Their games get a new version first, so a bot that read one before cannot save over.
        await db.execute(
            "UPDATE games SET version = version + 1, updated_at = ? WHERE host_user_id = ? "
            "OR id IN (SELECT game_id FROM seats WHERE user_id = ?)",
            (now, user_id, user_id),
        )
        await _run(
            db,
            "UPDATE games SET status = 'abandoned', ended_at = ? "
            "WHERE host_user_id = ? AND status = 'lobby'",
            (now, user_id),
        )
        left = await _run(
            db,
            "DELETE FROM seats WHERE user_id = ? "
            "AND game_id IN (SELECT id FROM games WHERE status = 'lobby')",
            (user_id,),
        )
        unlinked = await _run(
            db,
            "UPDATE seats SET user_id = -position, name = NULL, resigned = CASE WHEN game_id IN "
            "(SELECT id FROM games WHERE status = 'active') THEN 1 ELSE resigned END "
            "WHERE user_id = ?",
            (user_id,),
        )
        report.count("seats", left + unlinked)
        unhosted = await _run(
            db, "UPDATE games SET host_user_id = 0 WHERE host_user_id = ?", (user_id,)
        )
        report.count("games", unhosted)
        moves = "UPDATE moves SET actor_user_id = NULL WHERE actor_user_id = ?"
        report.count("moves", await _run(db, moves, (user_id,)))
        drafts = "DELETE FROM offer_drafts WHERE user_id = ?"
        report.count("offer_drafts", await _run(db, drafts, (user_id,)))
        for table in ("notify", "waiting_spells"):
            sql = f"DELETE FROM {table} WHERE user_id = ?"
            report.count(table, await _run(db, sql, (user_id,)))
        ratings = "DELETE FROM ratings WHERE user_id = ?"
        report.count("ratings", await _run(db, ratings, (user_id,)))
    return report
