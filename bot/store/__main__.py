"""Command line for the game database: check, export, back up, copy, list, clean up, forget.

    python -m bot.store verify [--game ID]           replay logs and compare with snapshots
    python -m bot.store export --game ID [-o FILE]  the game's record as JSON
                      [--scenario]                  ... or as a scenario file
    python -m bot.store backup FILE                 a consistent copy (SQLite; safe while
                                                    the bot runs); PostgreSQL: use pg_dump
    python -m bot.store copy --to URL               every row into an empty database, then
                                                    verify it there
    python -m bot.store list                        every game: id, server, channel, status
    python -m bot.store cleanup --older-than DAYS   ended games to delete (a dry run)
                      [--yes]                       ... and delete them
    python -m bot.store forget --guild ID [--yes]   delete a server's games (dry run without --yes)
    python -m bot.store forget --user ID [--yes]    unlink a person from every game
    python -m bot.store ratings [--rebuild]         rate finished games not rated yet (all
                                                    of them afresh with --rebuild)

The database is the bot's (`DATABASE_URL`, else `DATABASE_PATH`, from the environment or
`.env`) unless `--database` names another (a file path or a URL). Every kind of game the
bot hosts (`bot/games`) is verified and exported alike, with its own engine.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from pydantic import ValidationError

from bot.games import GAMES
from bot.ratings import Ratings
from bot.settings import Settings

from .audit import export_record, export_scenario, verify_game
from .database import SQLITE_SCHEME, TableRows, copy_order, hide_password, scheme_of, sqlite_path
from .errors import StoreError
from .games import Summary
from .privacy import forget_guild, forget_user
from .store import Store


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python3 tasks.py run bot.store",
        description="Check, export, back up, copy, list, clean up and forget saved games.",
    )
    parser.add_argument(
        "--database",
        help="a SQLite file or a postgresql:// URL (default: the bot's, from the settings)",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    verify = commands.add_parser("verify", help="replay game logs and compare with snapshots")
    verify.add_argument("--game", type=int, help="only this game (default: every game)")
    export = commands.add_parser("export", help="write a game's record as JSON")
    export.add_argument("--game", type=int, required=True)
    export.add_argument("-o", "--output", type=Path, help="file to write (default: stdout)")
    export.add_argument(
        "--scenario",
        action="store_true",
        help="write a scenario file for the game's scenario runner instead of a record",
    )
    backup = commands.add_parser("backup", help="copy a SQLite database to a new file")
    backup.add_argument("target", type=Path)
    forget = commands.add_parser(
        "forget",
        help="delete a server's or a person's data (a dry run unless --yes)",
        description="Delete a server's games, or unlink a person from every game (their "
        "seats, moves and drafts), as docs/privacy.md explains. Without --yes it only "
        "counts what would go. Stop the bot and take a backup first.",
    )
    whose = forget.add_mutually_exclusive_group(required=True)
    whose.add_argument("--guild", type=int, help="the server's id: every game played there")
    whose.add_argument("--user", type=int, help="the person's Discord user id")
    forget.add_argument("--yes", action="store_true", help="really forget (default: dry run)")
    copy = commands.add_parser("copy", help="copy every game into an empty database")
    copy.add_argument(
        "--to", required=True, help="the empty database: postgresql://... or a SQLite file"
    )
    commands.add_parser("list", help="list every game")
    cleanup = commands.add_parser(
        "cleanup", help="delete finished and abandoned games that ended long ago"
    )
    cleanup.add_argument(
        "--older-than", type=int, required=True, metavar="DAYS", help="ended this many days ago"
    )
    cleanup.add_argument("--yes", action="store_true", help="delete them (default: only list)")
    ratings = commands.add_parser("ratings", help="rate the finished games not rated yet")
    ratings.add_argument(
        "--rebuild",
        action="store_true",
        help="forget every rating and rate every finished game again, in the order they ended",
    )
    return parser


async def _ratings(store: Store, rebuild: bool) -> int:
    ratings = Ratings(store, GAMES)
    rated = await (ratings.rebuild() if rebuild else ratings.update())
    again = " again" if rebuild else ""
    print(f"Rated {rated} finished game{'s' if rated != 1 else ''}{again}.")
    return 0


async def _verify(store: Store, game: int | None) -> int:
    game_ids = [game] if game is not None else await store.game_ids()
    failed = 0
    for game_id in game_ids:
        verdict = await verify_game(store, game_id)
        if verdict.ok:
            print(f"game {game_id} ({verdict.status}, {verdict.moves} moves): ok")
        else:
            failed += 1
            print(f"game {game_id} ({verdict.status}, {verdict.moves} moves): FAILED")
            for problem in verdict.problems:
                print(f"  - {problem}")
    problems = await store.integrity_problems()
    for problem in problems:
        print(f"database: {problem}")
    print(f"{len(game_ids) - failed} of {len(game_ids)} games verified.")
    return 1 if failed or problems else 0


async def _forget(store: Store, args: argparse.Namespace) -> int:
    if args.guild is not None:
        print(f"Forgetting server {args.guild}: every game played there.")
        report = await forget_guild(store, args.guild, apply=args.yes)
    else:
        print(f"Forgetting user {args.user}: their seats, moves, hosting and drafts.")
        report = await forget_user(store, args.user, apply=args.yes)
    for line in report.lines():
        print(line)
    return 0


async def _copy(source: Store, target_url: str) -> int:
    """Copy every row of `source` into the empty database at `target_url`, then verify it."""
    shown = hide_password(target_url)
    async with await Store.open(target_url, kinds=GAMES) as target:
        versions = (await source.database.schema_version(), await target.database.schema_version())
        if versions[0] != versions[1]:
            raise StoreError(
                f"{source.location} is at schema version {versions[0]} but {shown} at "
                f"{versions[1]}: open both with the same Vegas Host first."
            )
        tables = copy_order(await source.database.tables())
        for table in tables:
            if await target.database.fetch(f"SELECT 1 FROM {table} LIMIT 1"):
                raise StoreError(
                    f"{shown} is not empty (its table {table} has rows): copy only into a new, "
                    "empty database."
                )
        columns = {table: await source.database.columns(table) for table in tables}
        copied: list[TableRows] = []
        async with source.database.reading() as db:  # one consistent moment of every table
            for table in tables:
                rows = await db.fetch(f"SELECT {', '.join(columns[table])} FROM {table}")
                copied.append(TableRows(table, columns[table], rows))
        await target.database.copy_in(copied)
        counts = ", ".join(f"{len(t.rows)} {t.table}" for t in copied if t.rows)
        print(f"Copied {source.location} to {shown}: {counts}.")
        print(f"Verifying {shown}:")
        return await _verify(target, None)


def _summary_line(game: Summary) -> str:
    server = "-" if game.guild_id is None else str(game.guild_id)
    return (
        f"{game.id:>6}  {server:>19}  {game.channel_id:>19}  {game.kind:<15} "
        f"{game.status:<9} {game.moves:>5}  {game.updated_at}"
    )


def _list(games: list[Summary]) -> None:
    print(
        f"{'game':>6}  {'server':>19}  {'channel':>19}  {'kind':<15} {'status':<9} "
        f"{'moves':>5}  last change (UTC)"
    )
    for game in games:
        print(_summary_line(game))


async def _cleanup(store: Store, days: int, delete: bool) -> int:
    cutoff = (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="milliseconds")
    old = await store.ended_before(cutoff.replace("+00:00", "Z"))
    if not old:
        print(f"No finished or abandoned game ended more than {days} days ago.")
        return 0
    _list(old)
    if not delete:
        print(
            f"{len(old)} games ended more than {days} days ago; nothing was deleted. "
            "Run again with --yes to delete them."
        )
        return 0
    await store.delete_games([game.id for game in old])
    print(f"Deleted {len(old)} games that ended more than {days} days ago.")
    return 0


async def _run(args: argparse.Namespace, database: Path | str) -> int:
    async with await Store.open(database, kinds=GAMES) as store:
        if args.command == "verify":
            return await _verify(store, args.game)
        if args.command == "export":
            exported = await (export_scenario if args.scenario else export_record)(store, args.game)
            text = exported.model_dump_json(indent=2, exclude_defaults=args.scenario) + "\n"
            if args.output is None:
                sys.stdout.write(text)
            else:
                args.output.write_text(text, encoding="utf-8")
                print(f"Wrote game {args.game}'s record to {args.output}.")
            return 0
        if args.command == "forget":
            return await _forget(store, args)
        if args.command == "copy":
            return await _copy(store, args.to)
        if args.command == "list":
            _list(await store.summaries())
            return 0
        if args.command == "cleanup":
            return await _cleanup(store, args.older_than, args.yes)
        if args.command == "ratings":
            return await _ratings(store, args.rebuild)
        await store.backup(args.target)
        print(f"Backed up {store.location} to {args.target}.")
        return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (1 when a game fails to verify).

    A database that cannot be found or opened, or a bad setting, is said in a line or two
    with exit status 2; a password is never printed.
    """
    args = _parser().parse_args(argv)
    try:
        database: Path | str = args.database or Settings().database
    except ValidationError as error:
        from bot.startup import settings_problem  # noqa: PLC0415 (it imports discord)

        print(settings_problem(error), file=sys.stderr)
        return 2
    try:
        if scheme_of(database) == SQLITE_SCHEME and not sqlite_path(database).exists():
            print(f"There is no database at {sqlite_path(database)}.", file=sys.stderr)
            return 2
        return asyncio.run(_run(args, database))
    except (StoreError, ValueError) as error:
        print(error, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
