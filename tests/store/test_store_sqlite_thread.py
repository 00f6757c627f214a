"""The SQLite store runs its statements on the event loop, and only waits off it.

A statement costs microseconds, so it runs where it is asked; what may wait (a commit
syncing the log to disk, another process's write lock) runs on the store's own thread,
while the event loop goes on answering. Bookkeeping commits (`durable=False`) survive the
process dying, checkpoints keep the write-ahead log short, and durable commits share the
syncs of the log.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bot.games import GAMES
from bot.store import Store
from bot.store.sqlite import LogSync
from tests.store.playthrough import start_table

ROOT = Path(__file__).resolve().parents[2]
# A light write, in a process of its own that is then killed.
LIGHT_WRITER = """
import asyncio, sys, time
from bot.games import GAMES
from bot.store import Store

async def main():
    store = await Store.open(sys.argv[1], kinds=GAMES)
    await store.waiting_spells(int(sys.argv[2]), {11, 12})
    print("written", flush=True)
    time.sleep(60)

asyncio.run(main())
"""


async def test_another_process_holding_the_write_lock_is_waited_for_off_the_event_loop(
    db_path: Path,
) -> None:
    store = await Store.open(db_path, kinds=GAMES)
    game = await start_table(store, 1, ["red", "blue"], seed=3)
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # as a `bot.store` command writing meanwhile would
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.005)

    ticker = asyncio.create_task(tick())
    try:
        save = asyncio.create_task(store.waiting_spells(game.id, {1}))
        while ticks < 20:  # the loop keeps running while the save waits for the lock
            await asyncio.sleep(0.005)
        assert not save.done()
        other.execute("COMMIT")
        assert await save == {1}
        assert await store.waiting_spells(game.id, {1}) == set()  # it was saved
    finally:
        ticker.cancel()
        other.close()
        await store.close()


async def test_reads_see_what_is_committed_while_another_writer_is_mid_transaction(
    db_path: Path,
) -> None:
    store = await Store.open(db_path, kinds=GAMES)
    game = await start_table(store, 1, ["red", "blue"], seed=3)
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute("UPDATE games SET version = version + 100 WHERE id = ?", (game.id,))
    try:
        assert (await store.game(game.id)).version == game.version  # not the uncommitted one
        other.execute("COMMIT")
        assert (await store.game(game.id)).version == game.version + 100
    finally:
        other.close()
        await store.close()


async def test_a_light_commit_survives_the_process_being_killed(db_path: Path) -> None:
    store = await Store.open(db_path, kinds=GAMES)
    game = await start_table(store, 1, ["red", "blue"], seed=3)
    await store.close()
    writer = subprocess.Popen(
        [sys.executable, "-c", LIGHT_WRITER, str(db_path), str(game.id)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert writer.stdout is not None
    try:
        assert writer.stdout.readline().strip() == "written"
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    store = await Store.open(db_path, kinds=GAMES)
    try:
        assert await store.waiting_spells(game.id, {11, 12}) == set()  # known already
    finally:
        await store.close()


async def test_checkpoints_keep_the_write_ahead_log_short(db_path: Path) -> None:
    store = await Store.open(db_path, kinds=GAMES)
    game = await start_table(store, 1, ["red", "blue"], seed=3)
    wal = db_path.with_name(db_path.name + "-wal")
    try:
        for commit in range(3000):  # each one changes who is waited for: a write
            await store.waiting_spells(game.id, {commit % 2})
        # Never checkpointed, 3,000 commits of a page or more would be 12 MiB and more.
        assert wal.stat().st_size < 3 * 1024 * 1024
    finally:
        await store.close()


class CountingThread(ThreadPoolExecutor):
    """The store's thread, counting the jobs it is given."""

    def __init__(self) -> None:
        super().__init__(1)
        self.jobs = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.jobs += 1
        return super().submit(fn, *args, **kwargs)


async def test_commits_waiting_together_are_made_durable_by_one_sync(tmp_path: Path) -> None:
    log = tmp_path / "vegas.sqlite3-wal"
    log.write_bytes(b"frames")
    thread = CountingThread()
    busy = threading.Event()
    thread.submit(busy.wait)  # the disk is slow: the first sync waits its turn
    syncs = LogSync(log, thread)
    try:
        syncs.committed = 3
        waiting = asyncio.gather(syncs.wait(1), syncs.wait(2), syncs.wait(3))
        await asyncio.sleep(0.05)
        assert not waiting.done()  # nothing returns before its commit is on disk
        busy.set()
        await waiting
        assert thread.jobs == 2  # the slow job, then one sync for the three commits
        syncs.committed = 4
        await syncs.wait(4)  # a commit after that sync began needs another
        assert thread.jobs == 3
        await syncs.wait(2)  # already on disk: no sync
        assert thread.jobs == 3
    finally:
        thread.shutdown()
