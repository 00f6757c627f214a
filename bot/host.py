"""The host at the table: what the bot says and posts once a command was accepted.

Slash commands, buttons and timers all end up here after `Tables` saved a change (with
its news, in the outbox): the player gets an answer, the channel sees what happened
through the `Outbox` (the game's package composes the post), and the prompt messages are
brought up to date.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any, Final

import discord

from bot import replies
from bot.autoplay import Autoplay
from bot.game import Games, HostedGame, Played
from bot.notify import Notifier
from bot.outbox import Outbox, replayed_news
from bot.posts import Post
from bot.prompts import Prompts
from bot.ratings import Ratings
from bot.recap import recap
from bot.rematch import rematch_view
from bot.shards import Shards
from bot.store import News
from bot.tables import Tables
from bot.turns import TurnTimers

Interaction = discord.Interaction[Any]
log = logging.getLogger(__name__)
# Moves kept from their save to their news' post (a few per channel at the most).
FRESH_KEPT: Final = 1000


class Host:
    """Answers players and keeps the channel informed after every accepted command.

    With `shards`, what it takes up by itself (start-up recovery, news left over) is
    limited to these shards' guilds.
    """

    def __init__(
        self,
        client: discord.Client,
        games: Games,
        tables: Tables,
        prompts: Prompts,
        turns: TurnTimers,
        ai_pause: float = 2.0,
        reply_timeout: float = 10.0,
        shards: Shards | None = None,
    ) -> None:
        self.client = client
        self.shards = shards
        self.games = games
        self.tables = tables
        self.prompts = prompts
        self.turns = turns
        self.autoplay = Autoplay(games, tables, self.announce, ai_pause, prompts.clock)
        self.outbox = Outbox(client, tables.store, self.tell, prompts.clock, reply_timeout, shards)
        # Moves just saved, by game and move number, until their news is told.
        self._fresh: OrderedDict[tuple[int, int], Played] = OrderedDict()
        self.notifier = Notifier(client, games, tables.store)
        self.ratings = Ratings(tables.store, games)

    async def recover(self) -> None:
        """At start-up: post unposted news, rate unrated finished games, update the prompts.

        A crash may also have come before a game's prompt messages were brought up to date.
        """
        await self.outbox.recover()
        await self.ratings.update()  # games that ended just before a crash
        for game in await self.tables.store.active_games(shards=self.shards):
            await self.prompts.reconcile(game, adopt=True)

    def saved(self, played: Played) -> None:
        """A move was saved: keep it for its news, and tell the prompts."""
        self._fresh[(played.game.id, played.game.moves)] = played
        while len(self._fresh) > FRESH_KEPT:
            self._fresh.popitem(last=False)
        self.prompts.saved(played)

    async def tell(self, news: News) -> Post | None:
        """The post for a move's news, or None when the move's prompt message tells it.

        The move is the one kept since it was saved, or else (after a restart) made again
        from the news: the same state and events, the engine being deterministic.
        """
        game = await self.tables.store.game(news.game_id)
        hosted = self.games.of(game)
        fresh = self._fresh.pop((news.game_id, news.seq), None)
        if fresh is not None:
            played = Played(game, fresh.state, fresh.events, fresh.color)
        else:
            played = await replayed_news(self.tables.store, hosted, game, news)
        if news.actor_user_id is not None and hosted.quiet(played) is not None:
            return None
        post = await self.compose(hosted, played)
        post.content = f"{news.note}\n{post.content}".strip()
        return post

    async def settle(self, played: Played) -> None:
        """After any accepted command: update the prompts, let computer seats move.

        The turn timer is armed first (its news may still be on its way), so a prompt
        that runs out with the turn never comes due before the turn's timer does.
        """
        await self.turns.arm(played.game, played.state)
        await self.prompts.reconcile(played.game, played.events, state=played.state)
        await self.notifier.settle(played.game, played.state)
        self.autoplay.nudge(played.game, played.state)
        if played.game.status == "finished":
            await self.ratings.update()

    async def compose(self, hosted: HostedGame, played: Played) -> Post:
        """The public post for an accepted command.

        It first makes the turn timer match the game, so a new turn's post can say when
        the turn runs out.
        """
        timer = await self.turns.arm(played.game, played.state)
        deadline = timer.expires_at if timer is not None else None
        post = await hosted.news(self.tables.store, played, deadline)
        if hosted.rules.is_over(played.state):
            post.view = rematch_view(played.game)
        if hosted.rules.is_over(played.state):  # the final post carries the recap
            try:
                post.animation = await recap(self.tables.store, hosted, played.game.id)
            except Exception:  # the final post goes out without it, never lost for it
                log.exception("could not make the recap of game %s", played.game.id)
        return post

    async def answer(self, interaction: Interaction, played: Played) -> None:
        """Answer a slash command that was accepted, then update the prompts.

        The news is the command's reply. A slow one (a picture is drawn) shows
        "thinking..." first and is posted in the background, so that the prompts never
        wait for it, nor for Discord when it fails to take the reply.
        """
        with self.tables.gate.finishing():
            hosted = self.games.of(played.game)
            channel_id = played.game.channel_id
            note = hosted.quiet(played)
            if note is not None:
                await replies.send(interaction, Post(note), ephemeral=True)
                self.outbox.kick(channel_id)  # nothing to post: the news is dropped
            elif hosted.slow(played) or self.outbox.busy(channel_id):
                await self.outbox.acknowledge(interaction)
                self.outbox.kick(channel_id)
            else:
                await self.outbox.deliver(channel_id)
            await self.settle(played)

    async def announce(self, played: Played) -> None:
        """Tell the channel what happened when no interaction asked (a timer ran out)."""
        with self.tables.gate.finishing():
            await self.outbox.deliver(played.game.channel_id)
            await self.settle(played)

    async def after_click(
        self, interaction: Interaction, played: Played, *, noted: bool = False
    ) -> None:
        """After a button: the news goes to the channel (the clicked message stays).

        A move answered privately gets its note, unless the click's message already
        shows it (`noted`).
        """
        with self.tables.gate.finishing():
            note = self.games.of(played.game).quiet(played)
            if note is not None:
                if not noted:
                    await replies.send(interaction, Post(note), ephemeral=True)
                self.outbox.kick(played.game.channel_id)
            else:
                await self.outbox.deliver(played.game.channel_id)
            await self.settle(played)
