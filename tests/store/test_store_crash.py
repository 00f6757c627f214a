"""Crash test: a writer process is killed with SIGKILL at random moments, many times.

After every kill the database must open cleanly, pass SQLite's integrity check, hold
every move the writer acknowledged exactly once at its number, and replay to its
snapshots.
"""

from __future__ import annotations

import asyncio
import random
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

from bot.games import GAMES
from bot.store import Store, verify_game

REPO = Path(__file__).resolve().parents[2]
RUNS = 30
Acks = dict[tuple[int, int], str]


def run_and_kill(db_path: Path, run: int, delay: float, log: Path) -> list[str]:
    """Start the worker, let it write for `delay` seconds, SIGKILL it; return its output."""
    synchronous = "FULL" if run % 2 == 0 else "NORMAL"
    with log.open("w") as errors:
        worker = subprocess.Popen(
            [sys.executable, "-m", "tests.store.crash_worker", str(db_path), str(run), synchronous],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )
        assert worker.stdout is not None
        first = worker.stdout.readline()
        if first != "ready\n":
            worker.kill()
            worker.wait()
            raise AssertionError(f"worker {run} did not start: {log.read_text()}")
        time.sleep(delay)
        worker.send_signal(signal.SIGKILL)
        worker.wait()
        rest = worker.stdout.read()
        worker.stdout.close()
    assert worker.returncode == -signal.SIGKILL, log.read_text()
    return rest.splitlines()


def integrity(db_path: Path) -> list[tuple[str]]:
    with closing(sqlite3.connect(db_path)) as db:
        return db.execute("PRAGMA integrity_check").fetchall()


async def check_store(db_path: Path, acknowledged: Acks) -> None:
    async with await Store.open(db_path, kinds=GAMES) as store:
        assert await store.integrity_problems() == []
        logs: dict[int, dict[int, str]] = {}
        for game_id in await store.game_ids():
            verdict = await verify_game(store, game_id)
            assert verdict.ok, (game_id, verdict.problems)
            game, moves = await store.game_and_moves(game_id)
            logs[game_id] = {move.seq: move.command for move in moves}
            assert len(logs[game_id]) == len(moves) == game.moves
        for (game_id, seq), command in acknowledged.items():
            assert logs[game_id].get(seq) == command, (game_id, seq)


def test_killed_writer_never_loses_an_acknowledged_move(tmp_path: Path) -> None:
    db_path = tmp_path / "crash.sqlite3"
    rng = random.Random(20251121)
    acknowledged: Acks = {}
    for run in range(RUNS):
        output = run_and_kill(db_path, run, rng.uniform(0.02, 0.4), tmp_path / f"run{run}.err")
        for line in output:
            word, game_id, seq, command = line.split(" ", 3)
            assert word == "ack", line
            key = (int(game_id), int(seq))
            assert key not in acknowledged, f"move {key} acknowledged twice"
            acknowledged[key] = command
        assert integrity(db_path) == [("ok",)]
        asyncio.run(check_store(db_path, acknowledged))
    assert len(acknowledged) > RUNS
    assert len({game_id for game_id, _ in acknowledged}) > 1
