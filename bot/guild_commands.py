"""The `/vegas` slash commands: about a player across the whole server, every game alike.

`/vegas mygames` lists the games waiting for you (of every kind), `/vegas stats` tells a
player's record in the server's finished games of one game, `/vegas leaderboard`
draws a game's best players, and `/vegas about` tells what Vegas Host is (its version,
games, the data it keeps, where its documentation is). (They are a group of their own
because Discord allows 25 subcommands in a group and `/lov` has them all.)
"""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands

from bot import drawing, posts, replies
from bot.about import about_fields
from bot.game import Games, HostedGame, Refusal
from bot.host import Host
from bot.posts import Post
from bot.seats import seat_colors
from bot.stats import player_record, top_players
from bot.store import Store
from bot.table_commands import report_error
from engine.words import count, plural
from render.charts import render_leaderboard

Interaction = discord.Interaction[Any]
LEADERBOARD_FILE: Final = "leaderboard.png"


def _guild(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise Refusal("These commands are about a server's games: use them in a server.")
    return interaction.guild_id


async def _most_played(
    store: Store, games: Games, guild_id: int, user_id: int | None = None
) -> HostedGame:
    """The game with the most finished games here (the user's, if given); else the first."""
    finished = await store.finished_games(guild_id=guild_id, user_id=user_id, limit=None)
    kinds = [game.kind for game in finished if game.kind in games]
    hosted = list(games.values())
    return max(hosted, key=lambda h: (kinds.count(h.kind), -hosted.index(h)))


def vegas_commands(host: Host, docs_url: str | None = None) -> app_commands.Group:
    """The `/vegas` group, its `game` options naming every registered game.

    `docs_url` is where `/vegas about` sends readers (the operator's `DOCS_URL`).
    """
    games = host.games
    titles = " and ".join(hosted.title for hosted in games.values())
    game_choices = [app_commands.Choice(name=h.title, value=h.kind) for h in games.values()]
    several = len(games) > 1

    class Vegas(app_commands.Group):
        """The `/vegas` command group."""

        def __init__(self) -> None:
            super().__init__(
                name="vegas", description=f"{titles} across this server", guild_only=True
            )
            self.store = host.tables.store

        async def on_error(
            self, interaction: Interaction, error: app_commands.AppCommandError
        ) -> None:
            """Answer refusals privately; log anything unexpected and apologise."""
            await report_error(interaction, error)

        @app_commands.command(
            name="mygames", description="The games in this server waiting for you"
        )
        async def mygames(self, interaction: Interaction) -> None:
            """List (privately) every game in the server where it is your move, then the others."""
            user = interaction.user.id
            waiting: list[str] = []
            others: list[str] = []
            for game in await self.store.active_games(guild_id=_guild(interaction), user_id=user):
                color = seat_colors(game).get(user)
                hosted = games.get(game.kind)
                if color is None or hosted is None:
                    continue  # resigned, or a game this program does not host
                timer = await self.store.turn_timer(game.id)
                mine = timer is not None and timer.player in (color, "")
                deadline = timer.expires_at if timer is not None and mine else None
                which = f"{hosted.title}, " if several else ""
                where = f"<#{game.channel_id}> ({which}you play {color})"
                state = game.state()
                wanted = hosted.waiting_line(game, state, color, deadline)
                if wanted is not None:
                    waiting.append(f"{where}: {wanted}")
                else:
                    names = posts.plain_names(game)
                    them = " and ".join(names[c] for c in hosted.rules.waiting_for(state))
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
        @app_commands.describe(
            player="Whose record (default: yours)",
            game="Which game (default: the one they finished most here)",
        )
        @app_commands.choices(game=game_choices)
        async def stats(
            self,
            interaction: Interaction,
            player: discord.User | None = None,
            game: app_commands.Choice[str] | None = None,
        ) -> None:
            """Games, wins, average and best final points, and what the game adds."""
            who = player or interaction.user
            guild = _guild(interaction)
            await replies.defer(interaction)
            hosted = (
                games[game.value] if game else await _most_played(self.store, games, guild, who.id)
            )
            record = await player_record(self.store, hosted, guild, who.id)
            name = discord.utils.escape_markdown(who.display_name)
            if record is None:
                text = f"**{name}** has not finished a game of {hosted.title} in this server yet."
                await replies.send(interaction, Post(text))
                return
            played, extra = record
            word, words = hosted.points_word, plural(2, hosted.points_word, hosted.points_plural)
            embed = discord.Embed(title=f"{name} at {hosted.title}", color=posts.GREEN_FELT)
            embed.add_field(name="Games", value=str(played.games))
            rate = round(100 * played.wins / played.games)
            embed.add_field(name="Wins", value=f"{played.wins} ({rate}%)")
            embed.add_field(name=f"Average {words}", value=f"{played.average:.1f}")
            embed.add_field(name="Best", value=count(played.best, word, hosted.points_plural))
            for field_name, value in extra:
                embed.add_field(name=field_name, value=value)
            embed.set_footer(
                text="Finished games in this server; seats resigned never count as wins."
            )
            await replies.send(interaction, Post("", embed))

        @app_commands.command(
            name="leaderboard", description="This server's best players, as a chart"
        )
        @app_commands.describe(game="Which game (default: the one most played here)")
        @app_commands.choices(game=game_choices)
        async def leaderboard(
            self, interaction: Interaction, game: app_commands.Choice[str] | None = None
        ) -> None:
            """The top players by wins, then average points, drawn as a chart."""
            guild = _guild(interaction)
            await replies.defer(interaction)
            hosted = games[game.value] if game else await _most_played(self.store, games, guild)
            best = await top_players(self.store, hosted, guild)
            if not best:
                await replies.send(
                    interaction, Post(f"Nobody has finished a game of {hosted.title} here yet.")
                )
                return
            server = interaction.guild.name if interaction.guild else ""
            title = "Leaderboard" + (f": {server}" if server else "")
            if several:
                title += f" ({hosted.title})"
            png = await drawing.draw(
                render_leaderboard, [player.standing() for player in best], title
            )
            words = plural(2, hosted.points_word, hosted.points_plural)
            lines = [
                f"{place}. **{discord.utils.escape_markdown(p.name)}**: {p.wins} of {p.games} "
                f"won, {p.average:.1f} {words} on average, best {p.best}"
                for place, p in enumerate(best, 1)
            ]
            embed = posts.story_embed("Leaderboard", lines)
            embed.set_image(url=f"attachment://{LEADERBOARD_FILE}")
            await replies.send(interaction, Post("", embed, png, image_name=LEADERBOARD_FILE))

        @app_commands.command(
            name="about", description="What Vegas Host is: version, games, data kept, docs"
        )
        async def about(self, interaction: Interaction) -> None:
            """Privately: the version, the games, what is kept about people, the docs."""
            embed = discord.Embed(title="Vegas Host", color=posts.GREEN_FELT)
            for name, value in about_fields(games, docs_url):
                embed.add_field(name=name, value=value, inline=False)
            await replies.send(interaction, Post("", embed), ephemeral=True)

    return Vegas()


def _lines(lines: list[str]) -> str:
    """Lines for an embed field (Discord allows 1024 characters)."""
    text = "\n".join(lines)
    return text if len(text) <= 1024 else text[:1023] + "…"
