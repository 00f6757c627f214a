"""`python -m bot.store`: verify, export and backup against a real database file."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.store import Store
from bot.store.__main__ import main
from engine.lords_of_vegas.randomplay import RandomPlayer
from engine.lords_of_vegas.record import GameRecord
from engine.lords_of_vegas.scenario import main as run_scenarios
from tests.store.playthrough import play_move, play_to_end, start_table


async def fill(db_path: Path) -> list[int]:
    """A finished game, a game under way and a lobby; returns the started games' ids."""
    store = await Store.open(db_path, kinds=GAMES)
    try:
        done = await start_table(store, 1, ["red", "blue"], seed=1)
        await play_to_end(store, done.id, RandomPlayer(seed=1))
        going = await start_table(store, 2, ["green", "yellow", "black"], seed=2)
        player = RandomPlayer(seed=2)
        for _ in range(15):
            await play_move(store, going.id, player)
        await store.create_game(
            guild_id=1, channel_id=3, host_user_id=1, edition="updated", kind="lords_of_vegas"
        )
        return [done.id, going.id]
    finally:
        await store.close()


@pytest.fixture
def filled(db_path: Path) -> tuple[Path, list[int]]:
    return db_path, asyncio.run(fill(db_path))


def test_verify_command_checks_every_game_in_the_configured_database(
    filled: tuple[Path, list[int]], tmp_path: Path
) -> None:
    db_path, _ = filled
    env = {**os.environ, "DATABASE_PATH": str(db_path)}
    run = subprocess.run(
        [sys.executable, "-m", "bot.store", "verify"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("game 1 (finished, ")
    assert lines[0].endswith(" moves): ok")
    assert lines[1] == "game 2 (active, 15 moves): ok"
    assert lines[2] == "game 3 (lobby, 0 moves): ok"
    assert lines[-1] == "3 of 3 games verified."


def test_verify_command_fails_on_a_tampered_snapshot(
    filled: tuple[Path, list[int]], capsys: pytest.CaptureFixture[str]
) -> None:
    db_path, (done, going) = filled
    with closing(sqlite3.connect(db_path, isolation_level=None)) as db:
        db.execute(
            "UPDATE snapshots SET state = json_set(state, '$.over', json('false')) "
            f"WHERE game_id = {done}"
        )
    assert main(["--database", str(db_path), "verify", "--game", str(done)]) == 1
    out = capsys.readouterr().out
    assert f"game {done} (finished, " in out
    assert "FAILED\n  - the snapshot differs from the replay in: over\n" in out
    assert out.endswith("0 of 1 games verified.\n")
    assert main(["--database", str(db_path), "verify", "--game", str(going)]) == 0


def test_export_command_writes_a_record_the_engine_replays(
    filled: tuple[Path, list[int]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path, (done, going) = filled
    target = tmp_path / "exported.json"
    assert (
        main(["--database", str(db_path), "export", "--game", str(going), "-o", str(target)]) == 0
    )
    record = GameRecord.model_validate_json(target.read_text())
    assert len(record.commands) == 15
    assert record.settings.players == ["green", "yellow", "black"]
    assert capsys.readouterr().out == f"Wrote game {going}'s record to {target}.\n"

    assert main(["--database", str(db_path), "export", "--game", str(done)]) == 0
    finished = GameRecord.model_validate_json(capsys.readouterr().out)
    state, _ = finished.replay()
    assert state.over

    async def snapshots() -> tuple[str | None, str | None]:
        async with await Store.open(db_path, kinds=GAMES) as store:
            return (await store.game(going)).state_json, (await store.game(done)).state_json

    going_json, done_json = asyncio.run(snapshots())
    assert record.replay()[0].model_dump_json() == going_json
    assert state.model_dump_json() == done_json


def test_export_as_a_scenario_runs_in_the_engine_scenario_runner(
    filled: tuple[Path, list[int]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path, games = filled
    files = []
    for game_id in games:
        target = tmp_path / f"game-{game_id}.scenario.json"
        args = ["--database", str(db_path), "export", "--game", str(game_id), "--scenario"]
        assert main([*args, "-o", str(target)]) == 0
        files.append(str(target))
    capsys.readouterr()
    assert run_scenarios(files) == 0
    assert capsys.readouterr().out.endswith("2 of 2 scenarios passed\n")

    with closing(sqlite3.connect(db_path, isolation_level=None)) as db:
        db.execute(
            "UPDATE snapshots SET state = json_set(state, '$.players[1].money', 1234) "
            f"WHERE game_id = {games[1]}"
        )
    target = tmp_path / "tampered.scenario.json"
    args = ["--database", str(db_path), "export", "--game", str(games[1]), "--scenario"]
    assert main([*args, "-o", str(target)]) == 0
    assert run_scenarios([str(target)]) == 1
    assert "money is" in capsys.readouterr().out


def test_export_of_an_unknown_game_says_so(
    filled: tuple[Path, list[int]], capsys: pytest.CaptureFixture[str]
) -> None:
    db_path, _ = filled
    assert main(["--database", str(db_path), "export", "--game", "77"]) == 2
    assert "There is no game 77." in capsys.readouterr().err


def test_backup_command_makes_a_copy_that_opens_and_verifies(
    filled: tuple[Path, list[int]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path, _ = filled
    copy = tmp_path / "backups" / "vegas-copy.sqlite3"
    assert main(["--database", str(db_path), "backup", str(copy)]) == 0
    assert main(["--database", str(copy), "verify"]) == 0
    assert "3 of 3 games verified." in capsys.readouterr().out
    assert main(["--database", str(db_path), "backup", str(copy)]) == 2
    assert "already exists" in capsys.readouterr().err


def test_a_missing_database_is_reported_not_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere.sqlite3"
    assert main(["--database", str(missing), "verify"]) == 2
    assert "There is no database at" in capsys.readouterr().err
    assert not missing.exists()
