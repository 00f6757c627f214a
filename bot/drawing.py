"""Heavy pure work done away from the event loop, in worker processes.

The work: drawing pictures and recaps, retelling a long round, replaying a game's record,
a computer player's move, a hint. Drawing a board is pure Python for a good part
(layout, text, pastes; the PNG encoding is not), so a thread of the bot's own process
still holds the interpreter (the GIL) most of the time it draws: the event loop, which
answers every channel, waits meanwhile. With `processes` > 0 (the `RENDER_PROCESSES`
setting, 1 by default) the work goes to worker processes instead, which run on another
core; with 0 it goes to a thread, as before. The workers start with the bot and import
the games' packages first.

What is sent is a top-level function (or a hosted game's method) and its arguments,
pickled; pydantic models (game states) travel as their JSON, which is several times
cheaper to write and read than pickling them field by field, and which is how the store
keeps them anyway. What comes back is the result (PNG bytes, a story, a move). Callers
await it where they used to draw, so the order of posts in a channel is the order of
the outbox, unchanged.

Each worker has a socket to the bot, read and written by the event loop itself: a job
costs the loop a send and a receive, and no thread of the bot's process is woken for
it. (`concurrent.futures`' process pool, used before, fed and read each worker through
two threads of its own, each needing the interpreter lock in turn with the loop: about
a third of a millisecond of the bot's CPU per picture, where this costs a tenth.)
Workers are spawned fresh (no copy of the bot's threads or connections) and end with
the bot: when it is gone, killed or not, their socket reads the end and they exit.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import io
import multiprocessing
import pickle
import signal
import socket
import struct
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from multiprocessing.process import BaseProcess
from typing import Any, Final, ParamSpec, TypeVar

import pydantic

P = ParamSpec("P")
R = TypeVar("R")

# Every message on a worker's socket: its length, then that many bytes of pickle.
HEADER: Final = struct.Struct("!Q")


class WorkerDied(Exception):
    """A worker process ended (killed by the system, say) before it answered."""


class _Pickler(pickle.Pickler):
    """Pickles as usual, except pydantic models, which go as their JSON."""

    def reducer_override(self, obj: Any) -> Any:
        """A model's JSON and class, rebuilt by validating it (`_from_json`)."""
        if isinstance(obj, pydantic.BaseModel):
            return (_from_json, (type(obj), obj.model_dump_json()))
        return NotImplemented


def _from_json(model: type[pydantic.BaseModel], text: str) -> pydantic.BaseModel:
    """The model sent as `text` (see `_Pickler`)."""
    return model.model_validate_json(text)


def dumps(value: Any) -> bytes:
    """`value` pickled as it travels to and from the workers."""
    out = io.BytesIO()
    _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
    return out.getvalue()


# A job: what to send, and the future its answer goes to.
_Job = tuple[bytes, "asyncio.Future[_Answer]"]
# A worker's answer: (True, result, "") or (False, error, its traceback).
_Answer = tuple[bool, Any, str]


class _Worker:
    """One worker process and the bot's end of its socket, read by the event loop itself.

    One job at a time: its bytes are written (what the socket does not take at once,
    when the socket can), and the answer is read as it arrives, in the loop's own
    callbacks; the caller waits on a future only.
    """

    def __init__(self, preload: Sequence[str], done: Callable[[_Worker], None]) -> None:
        context = multiprocessing.get_context("spawn")
        ours, theirs = socket.socketpair()
        self.process: BaseProcess = context.Process(
            target=_serve, args=(theirs, tuple(preload)), daemon=True, name="vegas-drawing"
        )
        self.process.start()
        theirs.close()  # the worker has it now: once the bot's end closes, it reads the end
        ours.setblocking(False)
        self.socket = ours
        self.broken = False
        self._done = done
        self._loop: asyncio.AbstractEventLoop | None = None
        self._answer: asyncio.Future[_Answer] | None = None
        self._unsent = memoryview(b"")
        self._head = bytearray(HEADER.size)
        self._body: bytearray | None = None
        self._got = 0

    def start(self, job: _Job) -> None:
        """Send `job`; its answer goes to its future, and then the worker is done."""
        payload, self._answer = job
        self._loop = self._answer.get_loop()
        self._body, self._got = None, 0
        self._unsent = memoryview(HEADER.pack(len(payload)) + payload)
        self._loop.add_reader(self.socket.fileno(), self._readable)
        self._writable()

    def _writable(self) -> None:
        assert self._loop is not None
        try:
            sent = self.socket.send(self._unsent)
        except BlockingIOError:
            sent = 0
        except OSError as error:
            self._fail(error)
            return
        self._unsent = self._unsent[sent:]
        if self._unsent:
            self._loop.add_writer(self.socket.fileno(), self._writable)
        else:
            self._loop.remove_writer(self.socket.fileno())

    def _readable(self) -> None:
        # Into buffers of the right size: the header, then the answer it announces.
        while True:
            buffer = self._head if self._body is None else self._body
            try:
                count = self.socket.recv_into(memoryview(buffer)[self._got :])
            except BlockingIOError:
                return
            except OSError as error:
                self._fail(error)
                return
            if count == 0:
                self._fail(EOFError(f"drawing worker {self.process.pid} ended"))
                return
            self._got += count
            if self._got < len(buffer):
                continue
            self._got = 0
            if self._body is None:
                self._body = bytearray(HEADER.unpack(self._head)[0])
                continue
            body, self._body = self._body, None
            answer = self._finish()
            try:
                found: _Answer = pickle.loads(body)
            except Exception as error:
                found = (False, error, "")
            if not answer.done():  # not cancelled meanwhile
                answer.set_result(found)
            self._done(self)
            return

    def _fail(self, error: BaseException) -> None:
        """The conversation broke off: the worker is done for, its job is to do again."""
        self.broken = True
        answer = self._finish()
        if not answer.done():
            died = WorkerDied(str(error))
            died.__cause__ = error
            answer.set_exception(died)
        self._done(self)

    def _finish(self) -> asyncio.Future[_Answer]:
        assert self._loop is not None and self._answer is not None
        self._unwatch(self._loop)
        answer, self._answer = self._answer, None
        return answer

    def _unwatch(self, loop: asyncio.AbstractEventLoop) -> None:
        """The loop no longer reads nor writes the socket for a job."""
        loop.remove_reader(self.socket.fileno())
        loop.remove_writer(self.socket.fileno())

    @property
    def busy(self) -> bool:
        """True while a job is under way."""
        return self._answer is not None

    def stop(self) -> None:
        """Close our end: the worker exits when it reads that (after its job under way)."""
        if self._answer is not None and self._loop is not None and not self._loop.is_closed():
            self._unwatch(self._loop)
        self.socket.close()


class Workers:
    """Where drawing is done: worker processes (started when first needed) or a thread."""

    def __init__(self) -> None:
        self.processes = 0
        self.preload: tuple[str, ...] = ()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._all: list[_Worker] = []
        self._idle: list[_Worker] = []
        self._waiting: deque[_Job] = deque()  # jobs waiting for a worker, in order

    def configure(self, processes: int, preload: Sequence[str] = ()) -> None:
        """Use `processes` workers from now on; workers of another number are let go.

        The workers start now and import the `preload` modules, so that the first
        pictures do not wait for them.
        """
        processes = max(0, processes)
        if processes != self.processes:
            self.drop()
            self.processes = processes
            self.preload = tuple(preload)
        self._fill()

    def pids(self) -> list[int]:
        """The worker processes' ids (starting them if need be)."""
        self._fill()
        return [worker.process.pid for worker in self._all if worker.process.pid is not None]

    def drop(self) -> None:
        """Let the workers go (each finishes its job under way); later work starts others."""
        for worker in self._all:
            worker.stop()
        self._all.clear()
        self._idle.clear()
        for _, answer in self._waiting:
            answer.cancel()
        self._waiting.clear()

    async def run(self, call: Callable[[], R]) -> R:
        """`call()` in a worker; its result, or its error raised here.

        A caller cancelled meanwhile leaves its job to end: the worker's answer is read
        and dropped before the worker takes another job.
        """
        payload = dumps(call)
        for attempt in (1, 2):
            answer: asyncio.Future[_Answer] = asyncio.get_running_loop().create_future()
            self._submit((payload, answer))
            try:
                ok, value, where = await answer
            except WorkerDied:
                if attempt == 2:
                    raise
                continue
            if not ok:
                value.add_note(f"In the drawing worker:\n{where}")
                raise value
            return value  # type: ignore[no-any-return]
        raise AssertionError("unreachable")

    def _submit(self, job: _Job) -> None:
        """Start `job` on an idle worker, or queue it behind the jobs that came first."""
        loop = job[1].get_loop()
        if loop is not self._loop:
            self._adopt(loop)
        self._fill()
        if self._idle and not self._waiting:
            self._idle.pop().start(job)
        else:
            self._waiting.append(job)

    def _adopt(self, loop: asyncio.AbstractEventLoop) -> None:
        """Serve jobs of `loop` from now on (the last loop is gone: a test ended, say).

        Idle workers carry on; one still busy for the old loop would answer nobody, and
        no job of the old loop waits any more.
        """
        self._loop = loop
        for worker in [w for w in self._all if w.busy]:
            self._all.remove(worker)
            worker.stop()
        self._waiting.clear()

    def _worker_done(self, worker: _Worker) -> None:
        """A worker's job is over: on to the next job, or idle (or replaced, if broken)."""
        if worker not in self._all:
            worker.stop()  # from before a `drop`
            return
        if worker.broken:
            self._all.remove(worker)
            worker.stop()
            self._fill()
            worker = self._idle.pop()
        while self._waiting:
            job = self._waiting.popleft()
            if not job[1].done():  # not cancelled while it waited
                worker.start(job)
                return
        self._idle.append(worker)

    def _fill(self) -> None:
        """Start workers up to the number configured."""
        while len(self._all) < self.processes:
            worker = _Worker(self.preload, self._worker_done)
            self._all.append(worker)
            self._idle.append(worker)


def _serve(connection: socket.socket, modules: Sequence[str]) -> None:
    """A worker's life: import what the work needs, then do jobs until the bot is gone."""
    # The bot stops its workers by closing their sockets, after its last pictures: a
    # Ctrl-C at the terminal, sent to the whole group, must not end them first.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for module in modules:
        importlib.import_module(module)
    with connection:
        while True:
            try:
                header = _receive(connection, HEADER.size)
                call = pickle.loads(_receive(connection, HEADER.unpack(header)[0]))
            except (EOFError, ConnectionError):
                return
            try:
                answer = dumps((True, call(), ""))
            except Exception as error:
                answer = _failure(error)
            try:
                connection.sendall(HEADER.pack(len(answer)) + answer)
            except ConnectionError:
                return


def _receive(connection: socket.socket, size: int) -> bytearray:
    """Exactly `size` bytes; EOFError if the bot closed its end first."""
    data = bytearray(size)
    view = memoryview(data)
    got = 0
    while got < size:
        count = connection.recv_into(view[got:])
        if count == 0:
            raise EOFError
        got += count
    return data


def _failure(error: Exception) -> bytes:
    """The answer for a job that raised `error`: the error itself if it can travel."""
    where = "".join(traceback.format_exception(error))
    try:
        return dumps((False, error, where))
    except Exception:
        return dumps((False, RuntimeError(repr(error)), where))


WORKERS: Final = Workers()


def configure(processes: int, preload: Sequence[str] = ()) -> None:
    """Draw in `processes` worker processes from now on (0: in a thread of this process).

    Each worker imports the `preload` modules as it starts.
    """
    WORKERS.configure(processes, preload)


async def draw(work: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """`work(*args, **kwargs)` away from the event loop: in a worker process, or a thread.

    `work` must be a module's top-level function (or a hosted game's method) when
    processes are configured. A worker that died (killed by the system) is replaced, and
    the work done again, once.
    """
    call = functools.partial(work, *args, **kwargs)
    if WORKERS.processes == 0:
        return await asyncio.to_thread(call)
    return await WORKERS.run(call)
