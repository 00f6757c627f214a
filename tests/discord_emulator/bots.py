"""Running a bot against the emulator: inside the test's event loop, or as a separate process.

Both wait until the bot has identified on the gateway (so its commands are registered
and it receives interactions), and both can restart the bot; a process can also be
killed with SIGKILL, as a crash or an out-of-memory kill would.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO

import discord

from bot.endpoints import use_discord_endpoints

from .emulator import DiscordEmulator
from .model import Guild

REPOSITORY = Path(__file__).resolve().parents[2]


class InProcessBot:
    """A discord.py client made by `factory`, started in this event loop against the emulator.

    Starting points discord.py at the emulator with `use_discord_endpoints`, just as a
    bot's own start-up code does with its settings, and lets the emulator follow the
    tasks the bot starts for each interaction (`DiscordEmulator.work`), so the driver
    waits until the bot has finished answering.
    """

    def __init__(self, emulator: DiscordEmulator, factory: Callable[[], discord.Client]) -> None:
        self.emulator = emulator
        self.factory = factory
        self.client: discord.Client | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self, timeout: float = 15.0) -> discord.Client:
        """Create a client, log it in and wait until it is connected."""
        emulator = self.emulator
        use_discord_endpoints(emulator.api_base, emulator.gateway_url)
        target = emulator.gateway.identifies + 1
        client = self.factory()
        emulator.work.install(asyncio.get_running_loop())
        emulator.work.watch(client)
        self.client = client
        task = asyncio.create_task(client.start(emulator.token))
        self._task = task
        await emulator.wait_until(
            lambda: (
                task.done()
                or (
                    emulator.gateway.identifies >= target
                    and bool(emulator.gateway.live_sessions)
                    # Its guilds are in the client's cache (discord.py's own readiness
                    # comes only after a 2 s quiet wait for more guilds).
                    and all(client.get_guild(guild.id) for guild in _its_guilds(client, emulator))
                )
            ),
            timeout,
            "the in-process bot to connect",
        )
        if task.done():
            # A client that fails to connect is not always closed by discord.py.
            self.client = None
            self._task = None
            await client.close()
            task.result()
            raise RuntimeError("the bot stopped before connecting to the gateway")
        return client

    async def stop(self) -> None:
        """Close the client (gracefully) and wait for it to finish."""
        if self.client is not None:
            await self.client.close()
        if self._task is not None:
            await asyncio.wait_for(self._task, 10)
        self.client = None
        self._task = None

    async def restart(self) -> discord.Client:
        """Stop, then start a fresh client from the factory."""
        await self.stop()
        return await self.start()


class BotProcess:
    """A bot running as a child process (`python -m module`) pointed at the emulator.

    It runs in the folder of `log_path` (a test's temporary folder, so a developer's
    `.env` in the repository is not read) with the test's environment, plus
    `DISCORD_TOKEN`, `DISCORD_API_BASE` and `DISCORD_GATEWAY_URL` for the emulator,
    the repository on `PYTHONPATH` (so `-m bot` and `-m tests.discord_emulator.tiny_bot`
    work), and `env`. Output goes to `log_path`.
    """

    def __init__(
        self,
        emulator: DiscordEmulator,
        args: Sequence[str],
        log_path: Path,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.emulator = emulator
        self.args = [sys.executable, *args]
        self.log_path = log_path
        path = os.pathsep.join(
            item for item in (str(REPOSITORY), os.environ.get("PYTHONPATH")) if item
        )
        self.env = {**os.environ, **emulator.bot_environment(), "PYTHONPATH": path, **(env or {})}
        self.process: asyncio.subprocess.Process | None = None
        self._log: IO[bytes] | None = None

    @property
    def pid(self) -> int | None:
        """The running process's id."""
        return None if self.process is None else self.process.pid

    async def start(self, timeout: float = 30.0) -> None:
        """Start the process and wait until it is connected to the gateway."""
        emulator = self.emulator
        target = emulator.gateway.identifies + 1
        self._log = self.log_path.open("ab")
        process = await asyncio.create_subprocess_exec(
            *self.args,
            cwd=self.log_path.parent,
            env=self.env,
            stdout=self._log,
            stderr=asyncio.subprocess.STDOUT,
        )
        self.process = process
        try:
            await emulator.wait_until(
                lambda: (
                    process.returncode is not None
                    or (
                        emulator.gateway.identifies >= target
                        and bool(emulator.gateway.live_sessions)
                    )
                ),
                timeout,
                "the bot process to connect",
            )
        except TimeoutError:
            await self.kill()
            raise RuntimeError(
                f"the bot process did not connect; its output:\n{self.log()}"
            ) from None
        if process.returncode is not None:
            raise RuntimeError(f"the bot process exited ({process.returncode}):\n{self.log()}")

    async def kill(self) -> None:
        """SIGKILL the process: no goodbye, no cleanup, as in a crash."""
        await self._end(signal.SIGKILL, 0)

    async def stop(self, timeout: float = 10.0) -> None:
        """Ask the process to stop (SIGTERM); kill it if it does not within `timeout`."""
        await self._end(signal.SIGTERM, timeout)

    async def restart(self) -> None:
        """Kill the process and start it again with the same arguments and environment."""
        await self.kill()
        await self.start()

    async def _end(self, how: signal.Signals, timeout: float) -> None:
        process = self.process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(how)
            try:
                await asyncio.wait_for(process.wait(), timeout or None)
            except TimeoutError:
                process.kill()
                await process.wait()
        if self._log is not None:
            self._log.close()
            self._log = None

    def log(self) -> str:
        """Everything the process has printed so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def _its_guilds(client: discord.Client, emulator: DiscordEmulator) -> list[Guild]:
    """The guilds a client's connection carries: all of the bot's, or its shards' share."""
    count = client.shard_count or 1
    shards = getattr(client, "shard_ids", None)
    if shards is None:
        shards = [client.shard_id] if client.shard_id is not None else range(count)
    return [guild for guild in emulator.bot_guilds() if (guild.id >> 22) % count in shards]


def children(pid: int) -> list[int]:
    """The running processes that `pid` started (a bot's drawing workers)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found
