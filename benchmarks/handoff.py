"""How long work handed off the event loop takes to come back while the loop is busy.

    python3 tasks.py run benchmarks.handoff [--calls 300] [--busy-ms 2]

The bot hands work to other processes and threads: the drawing workers (whose sockets
the event loop reads itself; until 2026-11 `concurrent.futures` threads fed and read
them), and the store's syncs, which run on a thread of their own. Such a thread needs
the interpreter lock (the GIL) to do its part, and while the event loop runs Python it
gets it only when the loop's switch interval is up. This
keeps the loop busy (a task computing `--busy-ms` at a time, as the bot answering many
channels does) and times a round trip to a drawing worker that does nothing, at
Python's default switch interval (5 ms) and at the bot's (`bot.serving.SWITCH_INTERVAL`),
each in a fresh process.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import time

from bot import drawing
from bot.serving import SWITCH_INTERVAL

DEFAULT_INTERVAL = 0.005


async def keep_busy(busy: float) -> None:
    """Run Python for `busy` seconds at a time, then let the loop run other callbacks."""
    while True:
        started = time.perf_counter()
        while time.perf_counter() - started < busy:
            pass
        await asyncio.sleep(0)


async def round_trips(calls: int, busy: float) -> list[float]:
    """The times of `calls` round trips to a drawing worker while the loop is kept busy."""
    drawing.configure(1)
    await drawing.draw(os.getpid)  # the worker is up
    busy_task = asyncio.create_task(keep_busy(busy))
    times = []
    for _ in range(calls):
        started = time.perf_counter()
        await drawing.draw(os.getpid)
        times.append(time.perf_counter() - started)
    busy_task.cancel()
    drawing.WORKERS.drop()
    return sorted(times)


def measure(interval: float, calls: int, busy: float) -> None:
    """One process's figures at this switch interval."""
    sys.setswitchinterval(interval)
    times = asyncio.run(round_trips(calls, busy))

    def at(share: float) -> float:
        return times[min(len(times) - 1, int(share * len(times)))] * 1000

    print(
        f"switch interval {interval * 1000:4.1f} ms: round trip median {at(0.5):7.2f} ms  "
        f"p90 {at(0.9):8.2f} ms  p99 {at(0.99):9.2f} ms  max {times[-1] * 1000:9.2f} ms",
        flush=True,
    )


def main() -> None:
    """Measure both switch intervals, each in a process of its own, twice in turns."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--busy-ms", type=float, default=2.0)
    parser.add_argument("--interval", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.interval is not None:
        measure(args.interval, args.calls, args.busy_ms / 1000)
        return
    print(f"the event loop busy {args.busy_ms:g} ms at a time; {args.calls} round trips each")
    for interval in (DEFAULT_INTERVAL, SWITCH_INTERVAL) * 2:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "benchmarks.handoff",
                "--interval",
                str(interval),
                "--calls",
                str(args.calls),
                "--busy-ms",
                str(args.busy_ms),
            ],
            check=True,
        )


if __name__ == "__main__":
    main()
