"""`python3 proj/tasks.py ...` typed in another folder: the paths the user gives are from
that folder (files, `--boards`, `--database`, `-o`, a backup's target, `DATABASE_PATH`),
and the project's own `.env` is still the one read."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

import tasks
from bot.games import GAMES
from bot.settings import Settings
from bot.store import Store
from engine.lords_of_vegas import GameSettings, new_game
from tests.discord_emulator.fixtures import SpawnBot
from tests.store.playthrough import start_table

REPOSITORY = Path(__file__).resolve().parents[2]
TASKS = str(REPOSITORY / "tasks.py")
SETTINGS = ("DISCORD_", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "VEGAS_HOST_ENV_FILE")


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """A folder outside the repository, where the user types the commands."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder


def tasks_py(
    folder: Path, *args: str, env: Mapping[str, str] | None = None, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """`python3 <repository>/tasks.py ARGS` typed in `folder`, without any setting set.

    The project's `.env` is replaced by a missing file, so a developer's own settings
    cannot change what the test sees.
    """
    clean = {k: v for k, v in os.environ.items() if not k.startswith(SETTINGS)}
    clean["VEGAS_HOST_ENV_FILE"] = str(folder / "no-such.env")
    return subprocess.run(
        [sys.executable, TASKS, *args],
        cwd=folder,
        env={**clean, **(env or {})},
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def leftovers(*names: str) -> list[Path]:
    """Which of these names exist in the repository (where they must not land)."""
    return [REPOSITORY / name for name in names if (REPOSITORY / name).exists()]


def test_render_reads_and_writes_from_the_folder_the_command_was_typed_in(
    elsewhere: Path,
) -> None:
    state, _ = new_game(GameSettings(edition="updated", players=["red", "blue"], seed=5))
    (elsewhere / "game.json").write_text(state.model_dump_json(), encoding="utf-8")

    done = tasks_py(elsewhere, "run", "render", "game.json", "-o", "x.png")

    assert done.returncode == 0, done.stderr
    assert (elsewhere / "x.png").read_bytes().startswith(b"\x89PNG")
    assert leftovers("x.png") == []


def test_offline_boards_land_in_the_folder_the_command_was_typed_in(elsewhere: Path) -> None:
    done = tasks_py(
        elsewhere, "run", "bot.offline", "--seed", "3", "--boards", "my-boards", stdin="quit\n"
    )

    assert done.returncode == 0, done.stderr
    assert list((elsewhere / "my-boards").rglob("turn-001.png"))
    assert list((elsewhere / "my-boards").rglob("record.json"))
    assert leftovers("my-boards") == []


async def make_database(path: Path) -> int:
    """A database with one game under way; its id."""
    store = await Store.open(path, kinds=GAMES)
    try:
        return (await start_table(store, 1, ["red", "blue"], seed=1)).id
    finally:
        await store.close()


def test_store_tools_take_paths_from_the_folder_the_command_was_typed_in(
    elsewhere: Path,
) -> None:
    game = asyncio.run(make_database(elsewhere / "games.sqlite3"))

    exported = tasks_py(
        elsewhere,
        *("run", "bot.store", "--database", "games.sqlite3"),
        *("export", "--game", str(game), "-o", "game.json"),
    )
    assert exported.returncode == 0, exported.stderr
    assert '"commands"' in (elsewhere / "game.json").read_text(encoding="utf-8")

    backup = tasks_py(
        elsewhere,
        *("run", "bot.store", "backup", "copy.sqlite3"),
        env={"DATABASE_PATH": "games.sqlite3"},
    )
    assert backup.returncode == 0, backup.stderr
    assert backup.stdout.strip() == "Backed up games.sqlite3 to copy.sqlite3."
    assert (elsewhere / "copy.sqlite3").stat().st_size > 0

    verified = tasks_py(
        elsewhere, "run", "bot.store", "verify", env={"DATABASE_PATH": "copy.sqlite3"}
    )
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.splitlines()[-1] == "1 of 1 games verified."
    assert leftovers("game.json", "copy.sqlite3", "games.sqlite3") == []


def test_the_bot_through_tasks_py_explains_a_bad_setting(elsewhere: Path) -> None:
    done = tasks_py(elsewhere, "bot", env={"LOG_LEVEL": "verbose"})

    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        "Fix it in .env or in the environment, then start the bot again."
    )


async def test_the_bot_saves_games_where_database_path_says_from_where_it_started(
    spawn_bot: SpawnBot, tmp_path: Path
) -> None:
    # spawn_bot runs the command in tmp_path, outside the repository.
    env = {"DATABASE_PATH": "games/vegas.sqlite3", "VEGAS_HOST_ENV_FILE": str(tmp_path / "none")}
    await spawn_bot(TASKS, "bot", env=env)

    assert (tmp_path / "games" / "vegas.sqlite3").stat().st_size > 0
    assert leftovers("games") == []


def test_the_projects_env_file_is_read_from_anywhere_and_the_local_one_wins(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, elsewhere: Path
) -> None:
    for name in ("DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "VEGAS_HOST_ENV_FILE"):
        monkeypatch.delenv(name, raising=False)
    assert tasks.child_environment()["VEGAS_HOST_ENV_FILE"] == str(REPOSITORY / ".env")
    project = tmp_path / "project.env"
    project.write_text("DATABASE_PATH=kept/vegas.sqlite3\nDEV_GUILD_ID=1\nLOG_LEVEL=debug\n")
    (elsewhere / ".env").write_text("DEV_GUILD_ID=2\n")
    monkeypatch.setenv("VEGAS_HOST_ENV_FILE", str(project))
    monkeypatch.setenv("LOG_LEVEL", "error")
    monkeypatch.chdir(elsewhere)

    settings = Settings()

    assert settings.database_path == Path("kept/vegas.sqlite3")
    assert settings.dev_guild_id == 2  # the folder's .env wins over the project's
    assert settings.log_level == "ERROR"  # and the environment over both
