"""The `/vegas` slash commands: about a player across the whole server, every game alike.

`/vegas mygames` lists the games waiting for you (of every kind), `/vegas stats` tells a
player's record in the server's finished games of one game, `/vegas leaderboard`
draws a game's best players, `/vegas about` tells what Vegas Host is (its version,
games, the data it keeps, where its documentation is), and `/vegas notify` turns a
person's your-turn direct messages on or off (`bot.notify`). (They are a group of their
own because Discord allows 25 subcommands in a group.)
"""

from __future__ import annotations

import statistics
from typing import Any, Final

import discord
from discord import app_commands

from bot import drawing, posts, replies
from bot.about import about_fields
from bot.game import Games, HostedGame, Refusal
from bot.hints import hint_text
from bot.host import Host
from bot.posts import Post
from bot.ratings import (
    MIN_GAMES,
    TREND_GAMES,
    Player,
    Standing,
    computer_standings,
    duration_words,
    leaders,
    move_seconds,
    standings,
)
from bot.recap import recap
from bot.replay import LIBRARY, page_post
from bot.seats import seat_colors
from bot.stats import LEADERBOARD_SIZE, player_record, top_players
from bot.store import Game, GameNotFound, Rating, Store
from bot.table_commands import report_error
from engine.words import count, plural
from render.charts import render_leaderboard

Interaction = discord.Interaction[Any]
LEADERBOARD_FILE: Final = "leaderboard.png"
NOTIFY_CHOICES: Final = [
    app_commands.Choice(name="on", value="on"),
    app_commands.Choice(name="off", value="off"),
]
NOTIFY_ON: Final = (
    "Your-turn messages are on: whenever a game waits for you, in any server, I send you "
    "a direct message with a link to its channel (one each time it starts waiting). Your "
    "direct messages must be open to this server's members."
)
NOTIFY_OFF: Final = "Your-turn messages are off."
REPLAY_FORMATS: Final = [
    app_commands.Choice(name="step by step", value="board"),
    app_commands.Choice(name="animation (a finished game)", value="animation"),
]


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
                where = f"<#{game.channel_id}> ({which}game {game.id}, you play {color})"
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

        @app_commands.command(
            name="notify", description="A direct message when a game waits for you: on or off"
        )
        @app_commands.describe(
            setting="on: a direct message whenever a game waits for you, in any server"
        )
        @app_commands.choices(setting=NOTIFY_CHOICES)
        async def notify(self, interaction: Interaction, setting: app_commands.Choice[str]) -> None:
            """Turn your-turn messages on or off, for you in every server."""
            on = setting.value == "on"
            await self.store.set_notify(interaction.user.id, on)
            text = NOTIFY_ON if on else NOTIFY_OFF
            await replies.send(interaction, Post(text), ephemeral=True)

        @app_commands.command(
            name="replay", description="Step through a game move by move (privately)"
        )
        @app_commands.describe(
            game="A game id from /vegas mygames (default: this channel's game, or its last)",
            format="Step by step (default), or the animated recap of a finished game",
            public="Show it to the channel (only you can step through it)",
        )
        @app_commands.choices(format=REPLAY_FORMATS)
        async def replay(
            self,
            interaction: Interaction,
            game: int | None = None,
            format: app_commands.Choice[str] | None = None,
            public: bool = False,
        ) -> None:
            """The game at its latest move, with buttons to step through it (or its recap)."""
            chosen = await _replay_game(self.store, interaction, game)
            hosted = games.of(chosen)
            if format is not None and format.value == "animation":
                if chosen.status == "active":
                    raise Refusal(
                        f"Game {chosen.id} is under way: its animated recap is made once it "
                        "has ended. Step through it so far with `/vegas replay`."
                    )
                await replies.defer(interaction, ephemeral=not public)
                gif = await recap(self.store, hosted, chosen.id)
                text = f"The recap of game {chosen.id} ({hosted.title}), one frame per " + (
                    f"{hosted.chapter_word}." if gif else "... it draws no pictures."
                )
                await replies.send(interaction, Post(text, animation=gif), ephemeral=not public)
                return
            await replies.defer(interaction, ephemeral=not public)
            chosen, book = await LIBRARY.book(self.store, hosted, chosen.id)
            post, view = await page_post(hosted, chosen, book, book.last, interaction.user.id)
            await interaction.followup.send(
                post.text() or "", files=post.files(), view=view, ephemeral=not public
            )

        @app_commands.command(
            name="hint", description="What the normal computer player would do in your place now"
        )
        async def hint(self, interaction: Interaction) -> None:
            """Privately, the normal computer player's best moves for you now, and why."""
            _guild(interaction)
            channel = interaction.channel_id
            game = await self.store.open_game(channel) if channel is not None else None
            if game is None or game.status != "active" or game.kind not in games:
                raise Refusal(
                    "There is no game under way in this channel: a hint is about the game "
                    "you are playing where you ask."
                )
            hosted = games[game.kind]
            color = seat_colors(game).get(interaction.user.id)
            if color is None:
                raise Refusal(
                    "You have no seat in this channel's game, so there is no move of yours "
                    "to hint at."
                )
            await replies.defer(interaction, ephemeral=True)
            state = game.state()
            suggestions = await drawing.draw(hosted.hints, state, color)
            if suggestions is None:
                text = f"{hosted.title} gives no hints."
            elif not suggestions:
                names = posts.plain_names(game)
                waiting = hosted.rules.waiting_for(state)
                them = " and ".join(str(names.get(c, c)) for c in waiting) or "nobody"
                text = f"Nothing is yours to decide just now: the game waits for {them}."
            else:
                text = hint_text(suggestions)
            await replies.send(interaction, Post(text), ephemeral=True)

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
            await host.ratings.update()
            pool = await self.store.ratings(hosted.kind, guild)
            editions = list(dict.fromkeys(r.edition for r in pool))
            for edition in editions:
                rated = standings(pool, edition).get(("person", who.id))
                if rated is None:
                    continue
                label = "" if len(editions) == 1 else f" ({edition})"
                embed.add_field(name=f"Rating{label}", value=_rating_words(rated))
                embed.add_field(name=f"Trend{label}", value=_trend_words(rated))
            took = await _move_times(self.store, hosted, guild, who.id)
            if took:
                embed.add_field(
                    name="Median time per move", value=duration_words(statistics.median(took))
                )
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
            await host.ratings.update()
            pool = await self.store.ratings(hosted.kind, guild)
            edition = _most_rated(pool, hosted.editions)
            record = {p.user_id: p for p in await top_players(self.store, hosted, guild, None)}
            rated = [s for s in leaders(pool, edition, 1) if s.player[1] in record]
            ranked = [s for s in rated if s.games >= MIN_GAMES][:LEADERBOARD_SIZE]
            provisional = [s for s in rated if s.games < MIN_GAMES][:LEADERBOARD_SIZE]
            best = [record[int(s.player[1])] for s in ranked + provisional]
            if not best:
                await replies.send(
                    interaction, Post(f"Nobody has finished a game of {hosted.title} here yet.")
                )
                return
            server = interaction.guild.name if interaction.guild else ""
            title = "Leaderboard" + (f": {server}" if server else "")
            if several:
                title += f" ({hosted.title})"
            if len(hosted.editions) > 1:
                title += f", {edition} edition"
            png = await drawing.draw(
                render_leaderboard, [player.standing() for player in best], title
            )
            words = plural(2, hosted.points_word, hosted.points_plural)

            def line(rating: Standing) -> str:
                p = record[int(rating.player[1])]
                return (
                    f"**{discord.utils.escape_markdown(p.name)}**: rating {rating.ordinal:.1f} "
                    f"({count(rating.games, 'rated game')}); {p.wins} of {p.games} won, "
                    f"{p.average:.1f} {words} on average, best {p.best}"
                )

            lines = [f"{place}. {line(s)}" for place, s in enumerate(ranked, 1)]
            if not lines:
                lines = [f"Nobody has {count(MIN_GAMES, 'rated game')} here yet."]
            embed = posts.story_embed("Leaderboard", lines)
            if provisional:
                embed.add_field(
                    name=f"Not ranked yet (fewer than {count(MIN_GAMES, 'game')})",
                    value=_lines([line(s) for s in provisional]),
                    inline=False,
                )
            computers = computer_standings(pool, edition)
            if computers:
                embed.add_field(
                    name="Computer players",
                    value=_lines([f"{_name(s.player)}: {_rating_words(s)}" for s in computers]),
                    inline=False,
                )
            embed.set_footer(
                text="Ranked by skill rating (openskill): it rises with good finishes against "
                "strong players and grows surer with every game."
            )
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


async def _replay_game(store: Store, interaction: Interaction, game_id: int | None) -> Game:
    """The game a replay is asked for: by id (in this server), else the channel's."""
    guild = _guild(interaction)
    if game_id is not None:
        try:
            found = await store.game(game_id)
        except GameNotFound:
            found = None
        if found is None or found.guild_id != guild:
            raise Refusal(f"There is no game {game_id} in this server (see `/vegas mygames`).")
    else:
        channel = interaction.channel_id
        found = None
        if channel is not None:
            found = await store.open_game(channel) or await store.last_game(channel)
        if found is None:
            raise Refusal(
                "No game has been played in this channel: name one by its id "
                "(`/vegas mygames` lists yours)."
            )
    if found.state_json is None:
        raise Refusal(f"Game {found.id} has not started: there is nothing to replay yet.")
    return found


def _rating_words(rating: Standing) -> str:
    """A rating as `/vegas stats` shows it."""
    return (
        f"{rating.ordinal:.1f} (skill {rating.mu:.1f} ± {3 * rating.sigma:.1f}, "
        f"{count(rating.games, 'rated game')})"
    )


def _trend_words(rating: Standing) -> str:
    """How the rating moved over the last rated games."""
    recent = min(rating.games, TREND_GAMES)
    return f"{rating.trend:+.1f} over the last {count(recent, 'game')}"


def _name(player: Player) -> str:
    return f"{player[1]} computer" if player[0] == "computer" else str(player[1])


def _most_rated(pool: list[Rating], editions: tuple[str, ...]) -> str:
    """The edition with the most rated games in the pool (the default one if none)."""
    games = {
        edition: len({r.game_id for r in pool if r.edition == edition}) for edition in editions
    }
    return max(editions, key=lambda e: (games[e], -editions.index(e)))


async def _move_times(store: Store, hosted: HostedGame, guild: int, user_id: int) -> list[float]:
    """Seconds the person took over each move in their finished games of this kind here."""
    finished = await store.finished_games(
        guild_id=guild, user_id=user_id, kind=hosted.kind, limit=None
    )
    took: list[float] = []
    for game in finished:
        _, moves = await store.game_and_moves(game.id)
        took += move_seconds(moves, user_id)
    return took


def _lines(lines: list[str]) -> str:
    """Lines for an embed field (Discord allows 1024 characters)."""
    text = "\n".join(lines)
    return text if len(text) <= 1024 else text[:1023] + "…"
