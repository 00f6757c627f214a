"""Command line for the game database: verify games, export a record, take a backup.

    python -m bot.store verify [--game ID]           replay logs and compare with snapshots
    python -m bot.store export --game ID [-o FILE]  the game's record as JSON
                      [--scenario]                  ... or as a scenario file
    python -m bot.store backup FILE                 a consistent copy, safe while the bot runs
    python -m bot.store forget --guild ID [--yes]   delete a server's games (dry run without --yes)
    python -m bot.store forget --user ID [--yes]    unlink a person from every game

The database is the one in the settings (`DATABASE_PATH`, default data/vegas.sqlite3)
unless `--database` names another. Every kind of game the bot hosts (`bot/games`) is
verified and exported alike, with its own engine.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.games import GAMES
from bot.settings import Settings

from .audit import export_record, export_scenario, verify_game
from .errors import StoreError
from .privacy import forget_guild, forget_user
from .store import Store


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python3 tasks.py run bot.store",
        description="Check, export, back up and forget saved games.",
    )
    parser.add_argument("--database", type=Path, help="the SQLite file (default: from settings)")
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
    backup = commands.add_parser("backup", help="copy the database to a new file")
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
    return parser


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


async def _run(args: argparse.Namespace, database: Path) -> int:
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
        await store.backup(args.target)
        print(f"Backed up {database} to {args.target}.")
        return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (1 when a game fails to verify)."""
    args = _parser().parse_args(argv)
    database: Path = args.database or Settings().database_path
    if not database.exists():
        print(f"There is no database at {database}.", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_run(args, database))
    except (StoreError, ValueError) as error:
        print(error, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
