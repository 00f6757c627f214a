"""The bot's work on interactions: what a person waits for before looking at the channel.

A bot often answers an interaction at once and goes on working: it renders a picture in
a thread, saves to its database, posts the news in the channel, lets computer players
move. None of that shows on the wire until its next request, so "no request for a
while" is no proof that the answer is complete: on a loaded machine a picture alone can
take longer than any quiet spell one would wait for.

For a bot running in the test's event loop, `BotWork` knows the real thing. While the
bot's gateway reader handles an INTERACTION_CREATE, a context variable names the
interaction; every task started then, and every task those tasks start (tasks inherit
their creator's context), is the interaction's work. The answer is complete when every
such task has finished or is parked: waiting for a moment on the bot's clock (a turn
timer, a computer's pause, a retry in 30 s) or for a view's timeout, which only time
ends, never the bot.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable, Iterator
from types import CodeType
from typing import Any, cast

import discord

from bot.clock import ManualClock, SystemClock

# The interaction whose handling started the current task (None: not an interaction's).
ORIGIN: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "emulator_interaction_origin", default=None
)
# Coroutines that wait for a moment: on the bot's clock, or a view's timeout (discord.py
# closes a view when no one used it for a while).
CLOCK_WAITS: frozenset[CodeType] = frozenset(
    {
        ManualClock.sleep_until.__code__,
        SystemClock.sleep_until.__code__,
        discord.ui.view.BaseView._BaseView__timeout_task_impl.__code__,  # type: ignore[attr-defined]
    }
)


class BotWork:
    """The unfinished tasks that interactions started in this event loop."""

    def __init__(self) -> None:
        self.tasks: dict[asyncio.Task[Any], int] = {}
        self._loops: set[asyncio.AbstractEventLoop] = set()

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        """Note every task created in `loop` on behalf of an interaction (once per loop)."""
        if loop in self._loops:
            return
        self._loops.add(loop)
        # Called with the keyword arguments of `create_task` (`context` since Python 3.11).
        previous = cast("Callable[..., asyncio.Future[Any]] | None", loop.get_task_factory())

        def factory(
            loop: asyncio.AbstractEventLoop, coro: Any, /, **kwargs: Any
        ) -> asyncio.Future[Any]:
            if previous is not None:
                task = previous(loop, coro, **kwargs)
            else:
                task = asyncio.Task(coro, loop=loop, **kwargs)
            context: contextvars.Context | None = kwargs.get("context")
            origin = ORIGIN.get() if context is None else context.get(ORIGIN)
            if origin is not None and isinstance(task, asyncio.Task):
                self.tasks[task] = origin
                task.add_done_callback(self._forget)
            return task

        loop.set_task_factory(factory)

    def watch(self, client: discord.Client) -> None:
        """Make the tasks `client` starts while handling an interaction that interaction's.

        discord.py's gateway reader handles each event in one synchronous call of its
        parser, which starts the tasks that run the command, button or form.
        """
        parsers: dict[str, Callable[[Any], None]] = client._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def parse_interaction(data: Any) -> None:
            token = ORIGIN.set(int(data["id"]))
            try:
                parse(data)
            finally:
                ORIGIN.reset(token)

        parsers["INTERACTION_CREATE"] = parse_interaction

    def busy(self) -> list[asyncio.Task[Any]]:
        """The interactions' tasks still working: not finished and not parked on the clock."""
        return [task for task in list(self.tasks) if not task.done() and not parked(task)]

    def _forget(self, task: asyncio.Future[Any]) -> None:
        if isinstance(task, asyncio.Task):
            self.tasks.pop(task, None)


def describe(task: asyncio.Task[Any]) -> str:
    """A task's name and where it waits: `Task-7 (Outbox._drain > Store.channel_news)`."""
    where = " > ".join(code.co_qualname for code in awaiting(task.get_coro()))
    return f"{task.get_name()} ({where})"


def parked(task: asyncio.Task[Any]) -> bool:
    """Whether the task waits for a moment on the bot's clock (directly or not)."""
    return any(code in CLOCK_WAITS for code in awaiting(task.get_coro()))


def awaiting(coro: object) -> Iterator[CodeType]:
    """The code of each coroutine in the chain `coro` is suspended in, outermost first."""
    while coro is not None:
        code = getattr(coro, "cr_code", None)
        if not isinstance(code, CodeType):
            return
        yield code
        coro = getattr(coro, "cr_await", None)
