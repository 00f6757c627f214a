"""The `/vegas` slash commands: about a player across the whole server, not one channel.

`/vegas mygames` lists the games waiting for you, `/vegas stats` tells a player's record
in the server's finished games, and `/vegas leaderboard` draws the server's best players.
(They are a group of their own because Discord allows 25 subcommands in a group and
`/lov` has them all.)
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

import discord
from discord import app_commands

from bot import posts, replies
from bot.commands import report_error
from bot.host import Host
from bot.posts import Post
from bot.stats import player_record, top_players
from bot.store import Game
from bot.tables import Refusal, seat_colors
from engine.lords_of_vegas import (
    Color,
    decisions_owed,
    describe_decision,
    offers_to_answer,
    waiting_for,
)
from engine.lords_of_vegas.board import company_name
from engine.words import count
from render.charts import render_leaderboard

Interaction = discord.Interaction[Any]
LEADERBOARD_FILE: Final = "leaderboard.png"


def _guild(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise Refusal("These commands are about a server's games: use them in a server.")
    return interaction.guild_id


def what_waits(game: Game, color: Color, deadline: float | None) -> str | None:
    """What a game waits for from the player of `color` (None: nothing just now)."""
    state = game.state()
    names = posts.plain_names(game)
    owed = decisions_owed(state, color)
    if owed:
        return f"a decision: {describe_decision(owed[0], names, hint=False)}"
    if not state.pending and state.current == color:
        until = f", it runs out <t:{int(deadline)}:R>" if deadline is not None else ""
        return f"your turn (turn {state.turn}{until})"
    offers = [f"#{offer.id}" for offer in offers_to_answer(state, color)]
    if offers:
        return f"your answer to trade offer {', '.join(offers)}"
    return None


class Vegas(app_commands.Group):
    """The `/vegas` command group."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            name="vegas", description="Lords of Vegas across this server", guild_only=True
        )
        self.host = host
        self.store = host.tables.store

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        """Answer refusals privately; log anything unexpected and apologise."""
        await report_error(interaction, error)

    @app_commands.command(name="mygames", description="The games in this server waiting for you")
    async def mygames(self, interaction: Interaction) -> None:
        """List (privately) every game in the server where it is your move, then the others."""
        user = interaction.user.id
        waiting: list[str] = []
        others: list[str] = []
        for game in await self.store.active_games(guild_id=_guild(interaction), user_id=user):
            color = seat_colors(game).get(user)
            if color is None:
                continue  # resigned
            timer = await self.store.turn_timer(game.id)
            deadline = timer.expires_at if timer is not None and timer.player == color else None
            where = f"<#{game.channel_id}> (you play {color})"
            wanted = what_waits(game, color, deadline)
            if wanted is not None:
                waiting.append(f"{where}: {wanted}")
            else:
                names = posts.plain_names(game)
                them = " and ".join(names[c] for c in waiting_for(game.state()))
                others.append(f"{where}: waiting for {them}")
        if not waiting and not others:
            await replies.send(
                interaction,
                Post("You are not playing in any game in this server just now."),
                ephemeral=True,
            )
            return
        embed = discord.Embed(title="Your games in this server", color=posts.GREEN_FELT)
        if waiting:
            embed.add_field(name="Waiting for you", value=_lines(waiting), inline=False)
        if others:
            embed.add_field(name="Waiting for others", value=_lines(others), inline=False)
        text = f"{count(len(waiting), 'game')} waiting for you."
        await replies.send(interaction, Post(text, embed), ephemeral=True)

    @app_commands.command(name="stats", description="A player's record in this server's games")
    @app_commands.describe(player="Whose record (default: yours)")
    async def stats(self, interaction: Interaction, player: discord.User | None = None) -> None:
        """Games, wins, average and best final points, and favourite company."""
        who = player or interaction.user
        await replies.defer(interaction)
        record = await player_record(self.store, _guild(interaction), who.id)
        name = discord.utils.escape_markdown(who.display_name)
        if record is None:
            text = f"**{name}** has not finished a game of Lords of Vegas in this server yet."
            await replies.send(interaction, Post(text))
            return
        played, liked = record
        embed = discord.Embed(title=f"{name} at Lords of Vegas", color=posts.GREEN_FELT)
        embed.add_field(name="Games", value=str(played.games))
        rate = round(100 * played.wins / played.games)
        embed.add_field(name="Wins", value=f"{played.wins} ({rate}%)")
        embed.add_field(name="Average points", value=f"{played.average:.1f}")
        embed.add_field(name="Best", value=count(played.best, "point"))
        if liked is not None:
            company, times = liked
            embed.add_field(
                name="Favourite company",
                value=f"{company_name(company)} ({count(times, 'tile')} built)",
            )
        embed.set_footer(text="Finished games in this server; seats resigned never count as wins.")
        await replies.send(interaction, Post("", embed))

    @app_commands.command(name="leaderboard", description="This server's best players, as a chart")
    async def leaderboard(self, interaction: Interaction) -> None:
        """The top players by wins, then average points, drawn as a chart."""
        guild = _guild(interaction)
        await replies.defer(interaction)
        best = await top_players(self.store, guild)
        if not best:
            await replies.send(
                interaction, Post("Nobody has finished a game of Lords of Vegas here yet.")
            )
            return
        title = f"Leaderboard: {interaction.guild.name}" if interaction.guild else "Leaderboard"
        png = await asyncio.to_thread(
            render_leaderboard, [player.standing() for player in best], title
        )
        lines = [
            f"{place}. **{discord.utils.escape_markdown(p.name)}**: {p.wins} of {p.games} "
            f"won, {p.average:.1f} points on average, best {p.best}"
            for place, p in enumerate(best, 1)
        ]
        embed = posts.story_embed("Leaderboard", lines)
        embed.set_image(url=f"attachment://{LEADERBOARD_FILE}")
        await replies.send(interaction, Post("", embed, png, image_name=LEADERBOARD_FILE))


def _lines(lines: list[str]) -> str:
    """Lines for an embed field (Discord allows 1024 characters)."""
    text = "\n".join(lines)
    return text if len(text) <= 1024 else text[:1023] + "…"
