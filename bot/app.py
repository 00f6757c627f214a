"""The Discord client: storage, the slash commands and persistent buttons, wired up once.

It hosts the games it is given (`bot/games` registers them; `python -m bot` passes them):
each brings its command group and its buttons, the core brings the rest.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from types import TracebackType
from typing import Any, Final

import discord
from discord import app_commands
from pydantic import ValidationError

from bot import drawing
from bot.about import games_line, vegas_host_version
from bot.buttons import AbandonButton
from bot.clock import Clock, SystemClock
from bot.endpoints import use_discord_endpoints
from bot.game import Games
from bot.guild_commands import vegas_commands
from bot.host import Host
from bot.prompts import Prompts
from bot.rematch import RematchButton
from bot.replay import PERSISTENT_ITEMS as REPLAY_ITEMS
from bot.serving import freeze_startup_objects, tune_interpreter
from bot.settings import Settings
from bot.shards import Shards
from bot.startup import configure_logging, settings_problem, start_problem
from bot.store import Store
from bot.sync import sync_commands
from bot.tables import Tables
from bot.timers import Timers
from bot.turns import TurnTimers

log = logging.getLogger("bot")
# How long a stop (SIGTERM) may take to post the news still pending, which otherwise goes
# out at the next start: well within the 10 s `docker stop` waits before killing.
STOP_SECONDS: Final = 8.0

PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)

SETUP_HELP = f"""\
Vegas Host needs a Discord bot token (DISCORD_TOKEN) to start.

1. Open https://discord.com/developers/applications and create an application.
2. In "Bot", reset the token and copy it. No privileged intents are needed.
3. Put it in a file named .env next to tasks.py:  DISCORD_TOKEN=your-token
   (copy .env.example for the other settings) or set it in the environment.
4. Invite the bot with this link, putting your application's id (General Information):
   https://discord.com/oauth2/authorize?client_id=YOUR_APPLICATION_ID&scope=bot+applications.commands&permissions={PERMISSIONS.value}
   (scopes: bot and applications.commands; permissions: view channels, send messages and
   messages in threads, create public threads (for `new thread:True`), embed links, attach
   files, read message history)
5. Start it again: python3 tasks.py bot
   While developing, DEV_GUILD_ID=<your server id> makes command changes appear at once.
"""


# Only the guilds and their channels: the bot works through interactions and REST, and
# reads no message, reaction, typing or voice event. Each event asked for is one more to
# receive and parse, for every message in every channel the bot can see.
INTENTS: Final = discord.Intents(guilds=True)


class VegasHost(discord.Client):
    """The bot: opens the store, registers each game's commands and buttons, and `/vegas`.

    It syncs the commands with Discord when they changed.

    With `handle_signals`, SIGTERM (`docker stop`, systemd) stops it cleanly (`close`).

    It is one unsharded connection; `ShardedVegasHost` is the same bot over shards.
    """

    def __init__(
        self,
        settings: Settings,
        games: Games,
        *,
        force_sync: bool = False,
        clock: Clock | None = None,
        handle_signals: bool = False,
        **client_options: Any,
    ) -> None:
        super().__init__(
            intents=INTENTS,
            allowed_mentions=discord.AllowedMentions.none(),
            **client_options,
        )
        self.settings = settings
        # The guilds this process looks after by itself (None: every guild).
        self.own_shards: Shards | None = None
        self.games = games
        self.force_sync = force_sync
        self.handle_signals = handle_signals
        self.clock: Clock = clock or SystemClock()
        self.tree: app_commands.CommandTree[Any] = app_commands.CommandTree(self)
        self.store: Store | None = None
        self.tables: Tables | None = None
        self.host: Host | None = None
        self.timers: Timers | None = None
        self._timer_task: asyncio.Task[None] | None = None
        self._recovery: asyncio.Task[None] | None = None
        self._stopping: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        """Runs once per start (not on reconnects): storage, commands, buttons, timers."""
        log.info("Vegas Host %s hosting %s", vegas_host_version(), games_line(self.games))
        self.store = await Store.open(self.settings.database, kinds=self.games.kinds())
        drawing.configure(self.settings.render_processes, preload=("bot.games",))
        self.tables = Tables(self.store, self.games)
        prompts = Prompts(self, self.store, self.clock, self.games)
        turns = TurnTimers(self.store, self.clock, self.games)
        self.host = Host(
            self,
            self.games,
            self.tables,
            prompts,
            turns,
            self.settings.ai_pause_seconds,
            self.settings.reply_timeout_seconds,
            self.own_shards,
        )
        self.timers = Timers(self.host, self.store, self.clock, self.own_shards)
        prompts.on_new_deadline = self.timers.poke
        self.tables.on_saved = self.host.saved
        turns.on_new_deadline = self.timers.poke
        self.add_dynamic_items(AbandonButton, RematchButton, *REPLAY_ITEMS)
        for hosted in self.games.values():
            self.tree.add_command(hosted.commands(self.host))
            self.add_dynamic_items(*hosted.persistent_items())
        self.tree.add_command(vegas_commands(self.host, self.settings.docs_url))
        if self.own_shards is None or self.own_shards.syncs_commands:
            await sync_commands(
                self.tree, self.store, self.settings.dev_guild_id, force=self.force_sync
            )
        else:
            log.info("%s: the process holding shard 0 syncs the slash commands", self.own_shards)
        # Turns that should be timed but are not (a crash between a move and its timer).
        await turns.resume_all(self.own_shards)
        # News a crash left unposted goes out first (each channel's news in order).
        self._recovery = asyncio.create_task(self.host.recover())
        self._timer_task = asyncio.create_task(self.timers.run())
        await self.host.autoplay.resume_all(self.own_shards)
        if self.handle_signals:  # the bot has its process to itself (`python -m bot`)
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self._on_sigterm)
            log.debug("%s objects frozen out of the garbage collector", freeze_startup_objects())

    def _on_sigterm(self) -> None:
        if self.tables is not None:
            self.tables.gate.closing = True  # at once: no change may slip in meanwhile
        log.info("SIGTERM: stopping cleanly")
        self._stopping = self._stopping or asyncio.create_task(self._stop())

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Modal forms are answered here (each game's), so they work across restarts."""
        if self.host is None:
            return
        for hosted in self.games.values():
            if await hosted.on_interaction(self.host, interaction):
                return

    async def close(self) -> None:
        """Stop cleanly, and wait until stopped (calling it again waits for the same stop).

        No more changes are taken (players are told to try again in a minute), those under
        way are finished and answered, the news still pending is posted, then the bot
        disconnects and closes the database.
        """
        self._stopping = self._stopping or asyncio.create_task(self._stop())
        await asyncio.shield(self._stopping)

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc_value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        # `Client.run` ends here: wait for the whole stop, the database closed included.
        await self.close()

    async def _stop(self) -> None:
        was_up = self.host is not None  # a bot that never logged in has nothing to stop
        if self.tables is not None:
            self.tables.gate.closing = True
        if self.host is not None:
            await self.host.autoplay.close()
        for task in (self._timer_task, self._recovery):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        started = asyncio.get_running_loop().time()
        if self.tables is not None:
            try:
                await asyncio.wait_for(self.tables.gate.close(), STOP_SECONDS)
            except TimeoutError:
                log.warning("stopping while commands are still being answered")
        if self.host is not None:
            left = STOP_SECONDS - (asyncio.get_running_loop().time() - started)
            await self.host.outbox.close(max(left, 0.5))
        if self.handle_signals:
            asyncio.get_running_loop().remove_signal_handler(signal.SIGTERM)
        await super().close()
        if self.store is not None:
            await self.store.close()
        if was_up:
            log.info("stopped")


class ShardedVegasHost(VegasHost, discord.AutoShardedClient):
    """The bot over some of Discord's shards (`shards`), beside processes holding the others.

    It connects only its shards, and what it does by itself (timers, news left over,
    computer players, start-up recovery) concerns only their guilds; it syncs the slash
    commands only if it holds shard 0.
    """

    def __init__(
        self,
        settings: Settings,
        games: Games,
        shards: Shards,
        *,
        force_sync: bool = False,
        clock: Clock | None = None,
        handle_signals: bool = False,
    ) -> None:
        super().__init__(
            settings,
            games,
            force_sync=force_sync,
            clock=clock,
            handle_signals=handle_signals,
            shard_count=shards.count,
            shard_ids=list(shards.ids),
        )
        self.own_shards = shards


def host_of(interaction: discord.Interaction[Any]) -> Host:
    """The running host an interaction came to (for games' buttons, menus and forms)."""
    client = interaction.client
    if not isinstance(client, VegasHost) or client.host is None:
        raise RuntimeError("interaction outside a started Vegas Host")
    return client.host


def create_bot(
    settings: Settings,
    games: Games,
    *,
    force_sync: bool = False,
    clock: Clock | None = None,
    handle_signals: bool = False,
) -> VegasHost:
    """A configured client hosting `games`, pointed at the endpoints the settings name."""
    use_discord_endpoints(settings.discord_api_base, settings.discord_gateway_url)
    shards = settings.shards()
    if shards is None:
        return VegasHost(
            settings, games, force_sync=force_sync, clock=clock, handle_signals=handle_signals
        )
    log.info("connecting %s", shards)
    return ShardedVegasHost(
        settings, games, shards, force_sync=force_sync, clock=clock, handle_signals=handle_signals
    )


def main(argv: list[str] | None = None, games: Games | None = None) -> int:
    """Run the bot until it is stopped; explain the set-up when the token is missing.

    `games` are the games it hosts (`python -m bot` gives the registered ones).

    Exit status: 0 when stopped, 2 for missing or malformed settings, 1 when it could not
    start (token refused, Discord unreachable, database unusable: said in a line or two).
    """
    parser = argparse.ArgumentParser(prog="python3 tasks.py bot", description="Run Vegas Host.")
    parser.add_argument("--sync", action="store_true", help="register slash commands now")
    args = parser.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        print(settings_problem(error), file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    if settings.discord_token is None:
        print(SETUP_HELP, file=sys.stderr)
        return 2
    if not games:
        raise ValueError("no games to host: start the bot with `python -m bot`")
    log.debug("event loop: %s", tune_interpreter())
    bot = create_bot(settings, games, force_sync=args.sync, handle_signals=True)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except Exception as error:
        problem = start_problem(error, settings)
        if problem is None:
            raise
        print(problem, file=sys.stderr)
        return 1
    return 0
