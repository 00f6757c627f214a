"""The operator's store commands on both databases: `list`, and `cleanup` (a dry run first)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.store import Store, WrongStatus, verify_game
from bot.store.__main__ import main
from engine.lords_of_vegas.randomplay import RandomPlayer
from tests.store.playthrough import GUILD_ID, open_lobby, play_move, play_to_end, start_table

REPOSITORY = Path(__file__).resolve().parents[2]


async def four_games(database: Path | str) -> dict[str, int]:
    """An old finished game, an old abandoned one, a recent finished one, one under way."""
    async with await Store.open(database, kinds=GAMES) as store:
        games: dict[str, int] = {}
        for name, channel in (("old_finished", 1), ("recent_finished", 3)):
            game = await start_table(store, channel, ["red", "blue"], seed=channel)
            await play_to_end(store, game.id, RandomPlayer(seed=channel))
            games[name] = game.id
        lobby = await open_lobby(store, 2)
        games["old_abandoned"] = (await store.abandon_game(lobby.id)).id
        going = await start_table(store, 4, ["red", "blue"], seed=4)
        await play_move(store, going.id, RandomPlayer(seed=4))
        await store.add_prompt(going.id, "offer", 1, 4, 99, None)
        games["under_way"] = going.id
        # Two of them ended long ago (and the game under way has not moved for as long).
        for game_id in (games["old_finished"], games["old_abandoned"], going.id):
            await store.database.execute(
                "UPDATE games SET ended_at = ?, updated_at = ? WHERE id = ? ",
                (
                    "2020-01-02T03:04:05.000Z" if game_id != going.id else None,
                    "2020-01-02T03:04:05.000Z",
                    game_id,
                ),
            )
        return games


def run_store(database: Path | str, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot.store ARGS` finding the database as the bot does, in the environment."""
    variable = "DATABASE_PATH" if isinstance(database, Path) else "DATABASE_URL"
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DATABASE_")}
    return subprocess.run(
        [sys.executable, "-m", "bot.store", *args],
        cwd=REPOSITORY,
        env={**clean, variable: str(database), "VEGAS_HOST_ENV_FILE": "/nonexistent"},
        capture_output=True,
        text=True,
        check=False,
    )


async def test_list_shows_every_game_with_its_server_channel_status_and_last_change(
    database: Path | str,
) -> None:
    games = await four_games(database)
    listed = await asyncio.to_thread(run_store, database, "list")
    assert listed.returncode == 0, listed.stderr
    header, *lines = listed.stdout.splitlines()
    assert header.split() == [
        *("game", "server", "channel", "kind", "status", "moves"),
        *("last", "change", "(UTC)"),
    ]
    assert [line.split()[:5] for line in lines] == [
        [str(games["old_finished"]), str(GUILD_ID), "1", "lords_of_vegas", "finished"],
        [str(games["recent_finished"]), str(GUILD_ID), "3", "lords_of_vegas", "finished"],
        [str(games["old_abandoned"]), str(GUILD_ID), "2", "lords_of_vegas", "abandoned"],
        [str(games["under_way"]), str(GUILD_ID), "4", "lords_of_vegas", "active"],
    ]
    assert lines[0].endswith("2020-01-02T03:04:05.000Z")
    assert lines[3].split()[5:] == ["1", "2020-01-02T03:04:05.000Z"]


async def test_cleanup_lists_first_and_deletes_only_old_ended_games_with_yes(
    database: Path | str, capsys: pytest.CaptureFixture[str]
) -> None:
    games = await four_games(database)
    old = {games["old_finished"], games["old_abandoned"]}
    dry = await asyncio.to_thread(run_store, database, "cleanup", "--older-than", "30")
    assert dry.returncode == 0, dry.stderr
    assert {int(line.split()[0]) for line in dry.stdout.splitlines()[1:-1]} == old
    assert dry.stdout.splitlines()[-1] == (
        "2 games ended more than 30 days ago; nothing was deleted. "
        "Run again with --yes to delete them."
    )
    async with await Store.open(database, kinds=GAMES) as store:
        assert len(await store.game_ids()) == 4

    done = await asyncio.to_thread(run_store, database, "cleanup", "--older-than", "30", "--yes")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "Deleted 2 games that ended more than 30 days ago."
    async with await Store.open(database, kinds=GAMES) as store:
        assert await store.game_ids() == sorted({*games.values()} - old)
        for game_id in await store.game_ids():
            assert (await verify_game(store, game_id)).ok
        assert await store.integrity_problems() == []
        # The log is guarded again: no move can be changed or deleted.
        with pytest.raises(Exception, match="append-only"):
            await store.database.execute("DELETE FROM moves")
        assert len(await store.open_prompts(games["under_way"])) == 1
        with pytest.raises(WrongStatus):
            await store.delete_games([games["under_way"]])

    again = await asyncio.to_thread(
        main, ["--database", str(database), "cleanup", "--older-than", "30"]
    )
    assert again == 0
    assert capsys.readouterr().out == "No finished or abandoned game ended more than 30 days ago.\n"


async def test_a_deletion_that_fails_deletes_nothing_and_keeps_the_log_guarded(
    database: Path | str,
) -> None:
    games = await four_games(database)
    async with await Store.open(database, kinds=GAMES) as store:
        # A table of a later release that refers to games, holding a row of an old game.
        await store.database.execute(
            "CREATE TABLE scores (game_id BIGINT NOT NULL REFERENCES games (id), "
            "note TEXT NOT NULL)"
        )
        await store.database.execute(
            "INSERT INTO scores VALUES (?, 'kept')", (games["old_finished"],)
        )
        await store.database.execute("CREATE TABLE later (game_id BIGINT NOT NULL)")
        await store.delete_games([games["old_finished"]])  # its rows go with it, scores too
        assert await store.database.fetch("SELECT * FROM scores") == []
        await store.database.execute("CREATE TABLE blocking (x BIGINT REFERENCES games (id))")
        await store.database.execute("INSERT INTO blocking VALUES (?)", (games["old_abandoned"],))
        with pytest.raises(Exception, match=r"(?i)foreign key"):
            await store.delete_games([games["old_abandoned"]])
        assert games["old_abandoned"] in await store.game_ids()
        assert await store.integrity_problems() == []
        with pytest.raises(Exception, match="append-only"):
            await store.database.execute("DELETE FROM moves")
