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


def start_writer(database: Path | str, run: int, log: Path) -> subprocess.Popen[str]:
    """Start the worker of run `run`: it imports, then waits for its go-ahead."""
    synchronous = "FULL" if run % 2 == 0 else "NORMAL"
    worker = ["-m", "tests.store.crash_worker", str(database), str(run), synchronous]
    with log.open("w") as errors:
        return subprocess.Popen(
            [sys.executable, *worker],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )


def run_and_kill(worker: subprocess.Popen[str], delay: float, log: Path) -> list[str]:
    """Let the worker write for `delay` s once its store is open, kill it; its output."""
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write("go\n")
    worker.stdin.close()
    first = worker.stdout.readline()
    if first != "ready\n":
        worker.kill()
        worker.wait()
        raise AssertionError(f"the worker did not start: {log.read_text()}")
    time.sleep(delay)
    worker.send_signal(signal.SIGKILL)
    worker.wait()
    rest = worker.stdout.read()
    worker.stdout.close()
    assert worker.returncode == -signal.SIGKILL, log.read_text()
    return rest.splitlines()


async def check_store(database: Path | str, acknowledged: Acks, checked: dict[int, int]) -> None:
    """The database is sound, and every game changed since the last check (none in
    `checked`, its game ids and move counts, means every game) replays to its snapshot
    and holds the moves acknowledged in it."""
    async with await Store.open(database, kinds=GAMES) as store:
        assert await store.integrity_problems() == []
        logs: dict[int, dict[int, str]] = {}
        for game_id in await store.game_ids():
            game = await store.game(game_id)
            if checked.get(game_id) == game.moves:
                continue  # replayed after an earlier kill, and not written since
            verdict = await verify_game(store, game_id)
            assert verdict.ok, (game_id, verdict.problems)
            game, moves = await store.game_and_moves(game_id)
            logs[game_id] = {move.seq: move.command for move in moves}
            assert len(logs[game_id]) == len(moves) == game.moves
            checked[game_id] = game.moves
        for (game_id, seq), command in acknowledged.items():
            if game_id in logs:
                assert logs[game_id].get(seq) == command, (game_id, seq)


def test_killed_writer_never_loses_an_acknowledged_move(
    database: Path | str, tmp_path: Path
) -> None:
    rng = random.Random(20251121)
    acknowledged: Acks = {}
    checked: dict[int, int] = {}
    runs = RUNS["sqlite" if isinstance(database, Path) else "postgresql"]
    logs = [tmp_path / f"run{run}.err" for run in range(runs)]
    upcoming = start_writer(database, 0, logs[0])
    for run in range(runs):
        # The next writer starts (and imports) while this one writes and is checked; it
        # touches nothing before its go-ahead.
        writer = upcoming
        if run + 1 < runs:
            upcoming = start_writer(database, run + 1, logs[run + 1])
        output = run_and_kill(writer, rng.uniform(0.02, 0.4), logs[run])
        for line in output:
            word, game_id, seq, command = line.split(" ", 3)
            assert word == "ack", line
            key = (int(game_id), int(seq))
            assert key not in acknowledged, f"move {key} acknowledged twice"
            acknowledged[key] = command
        asyncio.run(check_store(database, acknowledged, checked))
    asyncio.run(check_store(database, acknowledged, {}))  # every game, once more
    assert len(acknowledged) > runs
    assert len({game_id for game_id, _ in acknowledged}) > 1
