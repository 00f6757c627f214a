"""Heavy pure work done away from the event loop, in worker processes.

The work: drawing pictures and recaps, retelling a long round, replaying a game's record,
a computer player's move, a hint. Drawing a board is pure Python for a good part
(layout, text, pastes; the PNG encoding is not), so a thread of the bot's own process
still holds the interpreter (the GIL) most of the time it draws: the event loop, which
answers every channel, waits meanwhile. With `processes` > 0 (the `RENDER_PROCESSES`
setting, 1 by default) the work goes to worker processes instead, which run on another
core; with 0 it goes to a thread, as before. The workers start with the bot and import
the games' packages first.

What is sent is a top-level function (or a hosted game's method) and its arguments
(pickled: game states are pydantic models; a stored game sends its engine by name);
what comes back is its result (PNG bytes, a story, a move). Callers await it where they
used to draw, so the order of posts in a channel is the order of the outbox, unchanged.
Workers are spawned fresh (no copy of the bot's threads or connections) and end with the
bot: when it is killed, they see it gone within a second and exit.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

# How often a worker looks whether the bot that started it is still there.
ORPHAN_CHECK_SECONDS: Final = 1.0


class Workers:
    """Where drawing is done: a pool of worker processes (started when first used) or a thread."""

    def __init__(self) -> None:
        self.processes = 0
        self.preload: tuple[str, ...] = ()
        self._pool: ProcessPoolExecutor | None = None

    def configure(self, processes: int, preload: Sequence[str] = ()) -> None:
        """Use `processes` workers from now on; a pool of another size is let go.

        The workers start now and import the `preload` modules, so that the first
        pictures do not wait for them.
        """
        processes = max(0, processes)
        if processes != self.processes:
            self.drop()
            self.processes = processes
            self.preload = tuple(preload)
        if processes and self._pool is None:
            pool = self.pool()
            for _ in range(processes):
                pool.submit(_ready)

    def pool(self) -> ProcessPoolExecutor:
        """The running pool (started now if need be)."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.processes,
                mp_context=context,
                initializer=_load,
                initargs=(os.getpid(), self.preload),
            )
        return self._pool

    def drop(self) -> None:
        """Let the pool go (its work under way finishes); the next drawing starts another."""
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None


def _load(bot: int, modules: Sequence[str]) -> None:
    """In a new worker of the process `bot`: watch it, and import what the drawings need.

    The bot's pid comes from the bot: a worker asking for its parent would be told of
    another process if the bot was killed while the worker started.
    """
    threading.Thread(target=_follow, args=(bot,), daemon=True).start()
    for module in modules:
        importlib.import_module(module)


def _follow(bot: int) -> None:
    """End this worker once the bot that started it is gone (killed: nobody told us).

    A worker waiting for work would otherwise wait for ever: it holds both ends of its
    own queue, so it never sees the bot's end close.
    """
    while os.getppid() == bot:
        time.sleep(ORPHAN_CHECK_SECONDS)
    os._exit(0)


def _ready() -> None:
    """Nothing: sent to start a worker."""


WORKERS: Final = Workers()


def configure(processes: int, preload: Sequence[str] = ()) -> None:
    """Draw in `processes` worker processes from now on (0: in a thread of this process).

    Each worker imports the `preload` modules as it starts.
    """
    WORKERS.configure(processes, preload)


async def draw(work: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """`work(*args, **kwargs)` away from the event loop: in a worker process, or a thread.

    `work` must be a module's top-level function when processes are configured. A worker
    that died (killed by the system) is replaced, and the work done again, once.
    """
    call = functools.partial(work, *args, **kwargs)
    if WORKERS.processes == 0:
        return await asyncio.to_thread(call)
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(WORKERS.pool(), call)
    except BrokenProcessPool:
        WORKERS.drop()
        return await loop.run_in_executor(WORKERS.pool(), call)
