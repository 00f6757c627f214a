"""The Discord client: storage, the slash commands and persistent buttons, wired up once."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
from typing import Any

import discord
from discord import app_commands
from pydantic import ValidationError

from bot.builder import DraftItem, route_modal
from bot.buttons import AbandonButton, DecisionButton, DecisionMenu, OfferButton
from bot.clock import Clock, SystemClock
from bot.commands import LordsOfVegas
from bot.endpoints import use_discord_endpoints
from bot.guild_commands import Vegas
from bot.host import Host
from bot.prompts import Prompts, offer_fits
from bot.settings import Settings
from bot.startup import configure_logging, settings_problem, start_problem
from bot.store import Store
from bot.sync import sync_commands
from bot.tables import Tables
from bot.timers import Timers
from bot.turns import TurnTimers

log = logging.getLogger("bot")

PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
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
   messages in threads, embed links, attach files, read message history)
5. Start it again: python3 tasks.py bot
   While developing, DEV_GUILD_ID=<your server id> makes command changes appear at once.
"""


class VegasHost(discord.Client):
    """The bot: opens the store, registers `/lov` and the buttons, syncs commands if needed."""

    def __init__(
        self, settings: Settings, *, force_sync: bool = False, clock: Clock | None = None
    ) -> None:
        super().__init__(
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.force_sync = force_sync
        self.clock: Clock = clock or SystemClock()
        self.tree: app_commands.CommandTree[Any] = app_commands.CommandTree(self)
        self.store: Store | None = None
        self.tables: Tables | None = None
        self.host: Host | None = None
        self.timers: Timers | None = None
        self._timer_task: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        """Runs once per start (not on reconnects): storage, commands, buttons, timers."""
        self.store = await Store.open(self.settings.database_path)
        self.tables = Tables(self.store, check_posts=offer_fits)
        prompts = Prompts(self, self.store, self.clock)
        turns = TurnTimers(self.store, self.clock)
        self.host = Host(self, self.tables, prompts, turns, self.settings.ai_pause_seconds)
        self.timers = Timers(self.host, self.store, self.clock)
        prompts.on_new_deadline = self.timers.poke
        turns.on_new_deadline = self.timers.poke
        self.tree.add_command(LordsOfVegas(self.host))
        self.tree.add_command(Vegas(self.host))
        self.add_dynamic_items(AbandonButton, OfferButton, DecisionButton, DecisionMenu, DraftItem)
        await sync_commands(
            self.tree, self.store, self.settings.dev_guild_id, force=self.force_sync
        )
        # Turns that should be timed but are not (a crash between a move and its timer).
        await turns.resume_all()
        self._timer_task = asyncio.create_task(self.timers.run())
        await self.host.autoplay.resume_all()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Modal forms are answered here so they work across restarts."""
        if self.host is not None:
            await route_modal(self.host, interaction)

    async def close(self) -> None:
        """Stop the timers, disconnect, then close the database."""
        if self.host is not None:
            await self.host.autoplay.close()
        if self._timer_task is not None:
            self._timer_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._timer_task
        await super().close()
        if self.store is not None:
            await self.store.close()


def create_bot(
    settings: Settings, *, force_sync: bool = False, clock: Clock | None = None
) -> VegasHost:
    """A configured client, pointed at the endpoints the settings name."""
    use_discord_endpoints(settings.discord_api_base, settings.discord_gateway_url)
    return VegasHost(settings, force_sync=force_sync, clock=clock)


def main(argv: list[str] | None = None) -> int:
    """Run the bot until it is stopped; explain the set-up when the token is missing.

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
    bot = create_bot(settings, force_sync=args.sync)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except Exception as error:
        problem = start_problem(error, settings)
        if problem is None:
            raise
        print(problem, file=sys.stderr)
        return 1
    return 0
