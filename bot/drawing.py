"""Heavy pure work (drawing pictures, retelling a long round) done away from the event loop.

Drawing a board is pure Python for a good part (the layout, the text, the pastes), so a
thread of the bot's own process still holds the interpreter (the GIL) most of the time
it draws: the event loop, which answers every channel, waits meanwhile. With
`processes` > 0 (the `RENDER_PROCESSES` setting, 1 by default) the work goes to worker
processes instead, which run on another core; with 0 it goes to a thread, as before.

What is sent is a top-level function and its arguments (pickled: pure functions of
game states, which are pydantic models); what comes back is its result (PNG bytes, a
story). Callers await it where they used to draw, so the order of posts in a channel is
the order of the outbox, unchanged. Workers are spawned fresh (no copy of the bot's
threads or connections), started at the first drawing, and end with the bot: when the
bot is killed, they find their pipe closed and exit.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Workers:
    """Where drawing is done: a pool of worker processes (started when first used) or a thread."""

    def __init__(self) -> None:
        self.processes = 0
        self._pool: ProcessPoolExecutor | None = None

    def configure(self, processes: int) -> None:
        """Use `processes` workers from now on; a pool of another size is let go."""
        processes = max(0, processes)
        if processes != self.processes:
            self.drop()
            self.processes = processes

    def pool(self) -> ProcessPoolExecutor:
        """The running pool (started now if need be)."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.processes, mp_context=context)
        return self._pool

    def drop(self) -> None:
        """Let the pool go (its work under way finishes); the next drawing starts another."""
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None


WORKERS: Final = Workers()


def configure(processes: int) -> None:
    """Draw in `processes` worker processes from now on (0: in a thread of this process)."""
    WORKERS.configure(processes)


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
