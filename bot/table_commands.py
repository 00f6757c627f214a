"""What every game's slash command group does alike: lobby, settings, moves, log, export.

A game's package declares its own `app_commands.Group` (its descriptions, its choices of
editions, its autocomplete) and hands the work to a `TableCommands` made for it: the
same lobby, the same settings, the same export for every game, in the words of its own
commands (`/lov join`, `/vs join`...). The subcommands that call these handlers alike
in every game are built once, by `bot.shared_commands`. Refusals (`Refusal`, or text the engine
cannot read) are answered privately by `report_error`.
"""

from __future__ import annotations

import io
import json
from typing import Any, Final

import discord
from discord import app_commands

from bot import posts, replies
from bot.buttons import ABANDON_REFUSAL, abandon_prompt, may_abandon
from bot.game import HostedGame, Played, Refusal
from bot.host import Host
from bot.options import TableOptions
from bot.posts import Post
from bot.store import Game, shared_record

Interaction = discord.Interaction[Any]
BOT_NAMES: Final = ("Lucky", "Bugsy", "Ace", "Dice", "Vinnie", "Sal", "Lola", "Trixie")
LOG_DEFAULT: Final = 15
# The choices every game's `new` and `settings` offer for the table's time limits.
WAITS: Final = [
    app_commands.Choice(name="1 hour", value="1"),
    app_commands.Choice(name="6 hours", value="6"),
    app_commands.Choice(name="12 hours", value="12"),
    app_commands.Choice(name="24 hours", value="24"),
    app_commands.Choice(name="2 days", value="48"),
    app_commands.Choice(name="1 week", value="168"),
    app_commands.Choice(name="no limit", value="0"),
]
TURN_TIMERS: Final = [
    app_commands.Choice(name="off", value=0),
    app_commands.Choice(name="10 minutes", value=10),
    app_commands.Choice(name="30 minutes", value=30),
    app_commands.Choice(name="1 hour", value=60),
    app_commands.Choice(name="3 hours", value=180),
    app_commands.Choice(name="6 hours", value=360),
    app_commands.Choice(name="12 hours", value=720),
    app_commands.Choice(name="1 day", value=1440),
    app_commands.Choice(name="2 days", value=2880),
    app_commands.Choice(name="3 days", value=4320),
    app_commands.Choice(name="1 week", value=10080),
]


def bot_name(game: Game) -> str:
    """A name for a new computer player, not yet used at this table."""
    taken = {seat.name for seat in game.seats}
    for name in BOT_NAMES:
        if f"Bot {name}" not in taken:
            return f"Bot {name}"
    return f"Bot {len(game.seats) + 1}"


async def report_error(
    interaction: Interaction,
    error: app_commands.AppCommandError,
    unreadable: tuple[type[Exception], ...] = (),
) -> None:
    """Answer refusals and `unreadable` text privately; log anything unexpected, apologise."""
    cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(cause, Refusal):
        await replies.refuse(interaction, str(cause))
    elif isinstance(cause, unreadable):
        await replies.refuse(interaction, f"I can't read that: {cause}")
    else:
        await replies.apologise(interaction, cause)


THREADS_FORBIDDEN: Final = (
    "This server does not let Vegas Host open threads in this channel (it needs the Create "
    "Public Threads and Send Messages in Threads permissions). Start the game here without "
    "`thread:`, or ask a moderator to allow them."
)


class TableCommands:
    """The shared handlers of one game's command group (see the module docstring)."""

    def __init__(self, host: Host, hosted: HostedGame) -> None:
        self.host = host
        self.hosted = hosted
        self.tables = host.tables.of(hosted)
        self.store = host.tables.store
        self.command = hosted.command

    def channel(self, interaction: Interaction) -> int:
        """The channel a command came from (games are played in server channels)."""
        if interaction.channel_id is None:
            raise Refusal(f"{self.hosted.title} is played in a server channel or thread.")
        return interaction.channel_id

    def lobby_lines(self, game: Game) -> str:
        """Who sits where in the lobby, and how many may."""
        levels = self.hosted.level_name if self.hosted.levels else None
        return posts.lobby_lines(game, len(self.hosted.colors(game.edition)), levels)

    def settings_embed(self, game: Game) -> discord.Embed:
        """The table's settings in force, in the game's words."""
        hosted = self.hosted
        return posts.settings_embed(
            TableOptions.of(game.options), hosted.options, hosted.timeout_words, hosted.image_words
        )

    async def report(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        """The group's `on_error`: refusals and unreadable text answered privately."""
        await report_error(interaction, error, self.hosted.unreadable())

    # Lobby ---------------------------------------------------------------------------

    async def open_lobby(
        self,
        interaction: Interaction,
        edition: str,
        options: TableOptions,
        *,
        thread: bool = False,
    ) -> Game:
        """Open a lobby in the channel (with `thread`, in a new thread of it).

        The creator hosts it and sits down; answer with `announce_lobby`.
        """
        channel_id = await self._open_thread(interaction) if thread else self.channel(interaction)
        return await self.tables.open_lobby(
            interaction.guild_id,
            channel_id,
            interaction.user.id,
            interaction.user.display_name,
            edition,
            options.stored(),
        )

    async def announce_lobby(self, interaction: Interaction, game: Game, text: str) -> None:
        """Answer `new` with the lobby's `text`.

        A lobby in a thread gets the text there, and the channel a line linking to it.
        """
        if game.channel_id == interaction.channel_id:
            await replies.send(interaction, Post(text))
            return
        thread = self.host.client.get_partial_messageable(game.channel_id)
        await thread.send(text, allowed_mentions=discord.AllowedMentions.none())
        host = posts.chat_names(game)[game.seats[0].color]
        await replies.send(
            interaction,
            Post(
                f"{host} opened a game of {self.hosted.title} in its own thread, "
                f"<#{game.channel_id}>: join it there with `/{self.command} join`."
            ),
        )

    async def _open_thread(self, interaction: Interaction) -> int:
        """A public thread of the interaction's text channel, named after the game to come."""
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise Refusal(
                "A game gets a thread of its own from a text channel; here, start it without "
                "`thread:`."
            )
        allowed = interaction.app_permissions
        if not (allowed.create_public_threads and allowed.send_messages_in_threads):
            raise Refusal(THREADS_FORBIDDEN)
        await replies.defer(interaction)
        number = await self.store.next_game_id()
        try:
            thread = await channel.create_thread(
                name=f"{self.hosted.title} #{number}",
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
        except discord.Forbidden:
            raise Refusal(THREADS_FORBIDDEN) from None
        return thread.id

    async def join(self, interaction: Interaction, color: str | None) -> None:
        """Sit down at the lobby."""
        game, taken = await self.tables.join(
            self.channel(interaction), interaction.user.id, interaction.user.display_name, color
        )
        name = posts.chat_names(game)[taken]
        await replies.send(interaction, Post(f"{name} joins.\n{self.lobby_lines(game)}"))

    async def leave(self, interaction: Interaction) -> None:
        """Leave the lobby, or resign from a game under way."""
        channel = self.channel(interaction)
        before = await self.tables.game_in(channel)
        if before.status == "active":
            game, color = await self.tables.resign(channel, interaction.user.id)
            name = posts.chat_names(before)[color]
            text = (
                f"{name} resigned. Their seat now {self.hosted.resigned_words}; the host can "
                f"let a computer player take it over with `/{self.command} addbot color:{color}`."
            )
            await replies.send(interaction, Post(text))
            self.host.autoplay.nudge(game)
            return
        game, color = await self.tables.leave(channel, interaction.user.id)
        name = posts.chat_names(before)[color]
        await replies.send(interaction, Post(f"{name} leaves.\n{self.lobby_lines(game)}"))

    async def addbot(self, interaction: Interaction, level: str | None, color: str | None) -> None:
        """Add a computer player to the lobby, or let one take over a resigned seat."""
        if not self.hosted.levels:
            raise Refusal(
                f"Computer players for {self.hosted.title} are coming, but they are not ready "
                f"yet: for now every seat needs a person (`/{self.command} join`)."
            )
        chosen = level or self.hosted.default_level
        number = self.hosted.level_number(chosen)
        channel = self.channel(interaction)
        game = await self.tables.game_in(channel)
        if game.status == "active":
            if color is None:
                raise Refusal("Say which resigned seat the computer player takes over (color).")
            game = await self.tables.take_over(channel, interaction.user.id, color, number)
            name = posts.chat_names(game)[color]
            await replies.send(
                interaction, Post(f"A computer player ({chosen}) now plays {name}'s seat.")
            )
            self.host.autoplay.nudge(game)
            return
        game, seated = await self.tables.add_bot(
            channel, interaction.user.id, number, bot_name(game), color
        )
        who = posts.chat_names(game)[seated]
        text = f"{who} joins: a computer player ({chosen}).\n{self.lobby_lines(game)}"
        await replies.send(interaction, Post(text))

    async def kick(
        self,
        interaction: Interaction,
        player: discord.User | discord.Member | None,
        color: str | None,
    ) -> None:
        """Remove a seated person (`player`) or a computer player (`color`): host, lobby only."""
        if (player is None) == (color is None):
            ask = "Remove one at a time" if player is not None else "Say who to remove"
            raise Refusal(
                f"{ask}: a person with `/{self.command} kick player:`, or a computer player "
                f"with `/{self.command} kick color:` and its colour."
            )
        channel = self.channel(interaction)
        before = await self.tables.game_in(channel)
        user_id = player.id if player is not None else None
        game, color = await self.tables.kick(
            channel, interaction.user.id, user_id=user_id, color=color
        )
        name = posts.chat_names(before)[color]
        await replies.send(interaction, Post(f"{name} was removed.\n{self.lobby_lines(game)}"))

    async def start(self, interaction: Interaction) -> None:
        """The host starts the game; its first news answers the command."""
        played = await self.tables.start(
            self.channel(interaction),
            interaction.user.id,
            asker=self.host.outbox.expect(interaction),
        )
        await self.host.answer(interaction, played)

    async def settings(self, interaction: Interaction, **changes: Any) -> None:
        """Show the settings in force; the host changes any of them, in the lobby or in play.

        `changes` are `TableOptions` fields (None: unchanged).
        """
        channel = self.channel(interaction)
        game = await self.tables.game_in(channel)
        if all(value is None for value in changes.values()):
            await replies.send(interaction, Post("", self.settings_embed(game)), ephemeral=True)
            return
        game = await self.tables.change_options(channel, interaction.user.id, **changes)
        retimed = changes.get("turn_minutes") is not None
        replaced = await self.store.turn_timer(game.id) if retimed else None
        timer = await self.host.turns.restart(game) if retimed else None
        host = discord.utils.escape_markdown(interaction.user.display_name)
        text = f"The host, **{host}**, changed the table's settings."
        if timer is not None:
            text += f" The turn under way now runs out <t:{int(timer.expires_at)}:R>."
        await replies.send(interaction, Post(text, self.settings_embed(game)))
        if retimed or changes.get("on_timeout") is not None:
            # The open prompts say when they run out and what then happens: now otherwise.
            await self.host.prompts.reconcile(game, redraw=True, replaced=replaced)

    async def abandon(self, interaction: Interaction) -> None:
        """Ask for confirmation before ending the game without a result."""
        game = await self.tables.game_in(self.channel(interaction))
        if not may_abandon(interaction, game):
            raise Refusal(ABANDON_REFUSAL)
        content, view = abandon_prompt(game)
        await interaction.response.send_message(content, view=view, ephemeral=True)

    # Moves ---------------------------------------------------------------------------

    async def play(self, interaction: Interaction, action: Any) -> Played:
        """Apply a command for the player who sent it and announce the result."""
        asker = self.host.outbox.expect(interaction)  # its answer may be the move's news
        played = await self.tables.play(
            self.channel(interaction), interaction.user.id, action, asker=asker
        )
        await self.host.answer(interaction, played)
        return played

    async def take_back(self, interaction: Interaction) -> Played:
        """Take back the sender's latest move that may be, and announce it."""
        asker = self.host.outbox.expect(interaction)  # its answer may be the move's news
        played = await self.tables.take_back(
            self.channel(interaction), interaction.user.id, asker=asker
        )
        await self.host.answer(interaction, played)
        return played

    async def started(self, interaction: Interaction) -> Game:
        """The channel's game under way, or the last one, once it has ended."""
        game = await self.tables.shown_game(self.channel(interaction))
        if game.state_json is None:
            raise Refusal(
                f"The game has not started yet; the host starts it with `/{self.command} start`."
            )
        return game

    async def seat(self, interaction: Interaction) -> tuple[Game, str] | None:
        """The channel's game under way and the player's colour in it, for autocomplete."""
        if interaction.channel_id is None:
            return None
        game = await self.store.open_game(interaction.channel_id)
        if game is None or game.status != "active" or game.kind != self.hosted.kind:
            return None
        color = next(
            (s.color for s in game.seats if s.user_id == interaction.user.id and s.is_human),
            None,
        )
        return None if color is None else (game, color)

    # The record ----------------------------------------------------------------------

    async def log(self, interaction: Interaction, count: int) -> None:
        """Replay the game's record and tell its last events, privately."""
        game = await self.started(interaction)
        _, moves = await self.store.game_and_moves(game.id)
        record = self.hosted.record(game.settings(), [m.command for m in moves])
        rules = self.hosted.rules
        try:
            _, events = record.replay()
        except (rules.IllegalAction, rules.NotationError):
            raise Refusal(
                "This game's log cannot be replayed with the rules played now: it was played "
                f"under earlier rules. `/{self.command} status` still shows where it stands."
            ) from None
        lines = self.hosted.narrate(game, events[-count:])
        embed = posts.story_embed("Recent events", lines)
        await replies.send(interaction, Post("", embed), ephemeral=True)

    async def export(self, interaction: Interaction) -> None:
        """Send the game's record: the public one while it runs, the full one once it ended."""
        game = await self.started(interaction)
        record = await shared_record(self.store, game.id)
        data = json.dumps(record.model_dump(mode="json"), indent=1).encode()
        name = f"{self.hosted.kind.replace('_', '-')}-{game.id}.json"
        file = discord.File(io.BytesIO(data), filename=name)
        if game.status == "active":
            text = (
                f"The public record of game {game.id} so far: who sits where, every move made "
                f"and the board as everyone sees it. {self.hosted.secret_words} until the game "
                "ends; export again then for the full record, with the seed, which replays "
                "the whole game."
            )
        else:
            text = (
                f"The full record of game {game.id}: its seed and every move, in order. With "
                "it anyone can replay the whole game, check every move, and draw its board "
                "again (with the project's code: `python3 tasks.py run render FILE`)."
            )
        await interaction.response.send_message(text, file=file, ephemeral=True)
