"""Crash test: a writer process is killed with SIGKILL at random moments, many times.

After every kill the database must open cleanly, pass its own integrity check, hold
every move the writer acknowledged exactly once at its number, and replay to its
snapshots: on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.games import GAMES
from bot.store import Store, verify_game

REPO = Path(__file__).resolve().parents[2]
# Kills per database: PostgreSQL's run has fewer, as its client cannot tear a commit (the
# server writes it), and the whole suite should stay quick on a loaded machine.
RUNS = {"sqlite": 30, "postgresql": 15}
Acks = dict[tuple[int, int], str]


def run_and_kill(database: Path | str, run: int, delay: float, log: Path) -> list[str]:
    """Start the worker, let it write for `delay` seconds, SIGKILL it; return its output."""
    synchronous = "FULL" if run % 2 == 0 else "NORMAL"
    with log.open("w") as errors:
        worker = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.store.crash_worker",
                str(database),
                str(run),
                synchronous,
            ],
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


async def check_store(database: Path | str, acknowledged: Acks) -> None:
    async with await Store.open(database, kinds=GAMES) as store:
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


def test_killed_writer_never_loses_an_acknowledged_move(
    database: Path | str, tmp_path: Path
) -> None:
    rng = random.Random(20251121)
    acknowledged: Acks = {}
    runs = RUNS["sqlite" if isinstance(database, Path) else "postgresql"]
    for run in range(runs):
        output = run_and_kill(database, run, rng.uniform(0.02, 0.4), tmp_path / f"run{run}.err")
        for line in output:
            word, game_id, seq, command = line.split(" ", 3)
            assert word == "ack", line
            key = (int(game_id), int(seq))
            assert key not in acknowledged, f"move {key} acknowledged twice"
            acknowledged[key] = command
        asyncio.run(check_store(database, acknowledged))
    assert len(acknowledged) > runs
    assert len({game_id for game_id, _ in acknowledged}) > 1
