"""Time for the bot's timers: the real clock, or a hand-turned one for tests.

Timers never sleep a fixed interval; they sleep until a moment on the clock, so a
test can move a `ManualClock` forward and see exactly what is due fire, at once.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol


class Clock(Protocol):
    """Seconds since the Unix epoch, and a way to wait until a moment."""

    def now(self) -> float:
        """The current time."""
        ...

    async def sleep_until(self, moment: float) -> None:
        """Return at `moment` (or soon after), or at once if it has passed."""
        ...


class SystemClock:
    """The machine's clock."""

    def now(self) -> float:
        """The current time."""
        return time.time()

    async def sleep_until(self, moment: float) -> None:
        """Sleep until `moment`."""
        await asyncio.sleep(max(0.0, moment - time.time()))


class ManualClock:
    """A clock that only moves when told to: `advance(hours=25)` in a test."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._moved = asyncio.Condition()

    def now(self) -> float:
        """The current (manual) time."""
        return self._now

    async def sleep_until(self, moment: float) -> None:
        """Wait until the clock has been advanced to `moment`."""
        async with self._moved:
            await self._moved.wait_for(lambda: self._now >= moment)

    async def advance(self, *, seconds: float = 0.0, hours: float = 0.0) -> None:
        """Move time forward and wake whoever waits for a moment now passed."""
        async with self._moved:
            self._now += seconds + 3600 * hours
            self._moved.notify_all()
