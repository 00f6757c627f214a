"""The outbox: the news of every accepted move, posted once and in order, crash or outage.

What the channel must be told about an accepted move (the board after a turn, the mention
of the next player, what an action did) is part of the move: `Tables` saves it in the
move's own transaction, as a row of the store's outbox, and the `Outbox` posts it and then
deletes the row. A crash or a Discord outage between the save and the post only delays
the news: whatever is left over is posted when the bot starts again.

Each channel's news goes out in order, one post at a time, by the best route left:

1. the reply of the slash command that asked (its first answer, or its "thinking..."
   message filled in), if Discord takes it within `reply_timeout` seconds;
2. otherwise a plain message in the channel; a "thinking..." message then says that the
   news is below.

Nothing is posted twice. A row is deleted as soon as Discord confirms its post. When a
post may have reached Discord without the bot hearing back (the bot died in that
instant, or a request timed out or met a server error), the channel is read back first:
a message of the bot's equal to the post, sent since the move, means it went out. Filling
in the "thinking..." message is an edit, which changes nothing when done twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Final, Literal, cast

import aiohttp
import discord

from bot import replies
from bot.clock import Clock
from bot.game import HostedGame, Played
from bot.posts import Post
from bot.replies import apologise, sorry
from bot.shards import Shards
from bot.store import Asker, Game, News, Store
from engine.takeback import taker

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
Outcome = Literal["posted", "refused", "unsure"]

# Discord's name for an interaction's first reply; discord.py puts it in the URL as it is.
ORIGINAL: Final = cast(int, "@original")
# Interaction tokens work for 15 minutes; past 14 the reply is not tried any more.
TOKEN_LIFETIME: Final = timedelta(minutes=14)
# How far before a move to look for its post: room for the bot's clock being off a little.
CLOCK_MARGIN: Final = timedelta(seconds=10)
# When Discord fails, how long before the channel's news is tried again.
RETRY_SECONDS: Final = 30.0
# News of a channel read from the store at a time (usually there is one).
NEWS_BATCH: Final = 10
POSTED_BELOW: Final = (
    "Your move is saved; what it did is posted below (Discord would not take it here)."
)
# Failures after which a request may or may not have reached Discord.
UNSURE_ERRORS: Final = (discord.DiscordServerError, aiohttp.ClientError, OSError, TimeoutError)


def replayed(hosted: HostedGame, game: Game, news: News) -> Played:
    """The move a news is about, applied again to the state it was applied to.

    The engine is deterministic, so this gives exactly the events and the state after the
    move that were saved. The start of a game (seq 0) is set up again from its settings.
    """
    rules = hosted.rules
    if news.state_before is None or news.command is None:
        state, events = rules.new_game(game.settings())
        return Played(game, state, events, (rules.waiting_for(state) or [""])[0])
    state = rules.GameState.model_validate_json(news.state_before)
    color, action = rules.parse_line(news.command)
    events = rules.apply(state, color, action)
    return Played(game, state, events, color)


async def replayed_news(store: Store, hosted: HostedGame, game: Game, news: News) -> Played:
    """The move a news is about, made again: `replayed`, or a take-back taken again.

    A take-back is not applied to the state before it but to the game's record: the
    record up to it takes the same move back again.
    """
    color = taker(news.command) if news.command is not None else None
    if color is None:
        return replayed(hosted, game, news)
    _, moves = await store.game_and_moves(game.id)
    record = hosted.record(game.settings(), [move.command for move in moves[: news.seq - 1]])
    state, events = await asyncio.to_thread(record.take_back, color)
    return Played(game, state, events, color)


@dataclass
class Expected:
    """A slash command whose move is being made: its first answer may be the news.

    Whoever answers it first (the news, or "thinking...") holds `lock` meanwhile.
    """

    interaction: Interaction
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Outbox:
    """Posts the news saved with each move, channel by channel, and deletes what went out.

    `tell` makes a news' post (None when there is nothing to post). One task per channel
    posts its news oldest first; callers wait for it (`deliver`) or not (`kick`). With
    `shards`, the news it takes up by itself (left over at start-up, pending at shutdown)
    are only those of these shards' guilds: another process posts the others.
    """

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        tell: Callable[[News], Awaitable[Post | None]],
        clock: Clock,
        reply_timeout: float,
        shards: Shards | None = None,
    ) -> None:
        self.client = client
        self.shards = shards
        self.store = store
        self.tell = tell
        self.clock = clock
        self.reply_timeout = reply_timeout
        self._drains: dict[int, asyncio.Task[None]] = {}
        self._dirty: set[int] = set()
        self._retries: dict[int, asyncio.Task[None]] = {}
        self._chores: set[asyncio.Task[None]] = set()
        # Slash commands asking for a move, by interaction id, until their news is posted.
        self._expected: dict[int, Expected] = {}
        # News that may have been posted without the bot hearing back.
        self._unsure: set[int] = set()
        self._closing = False
        self._closed = False

    def expect(self, interaction: Interaction) -> Asker:
        """Before a slash command's move is made: let its news be the command's answer.

        Returns the `Asker` to save with the move.
        """
        # Refused moves leave theirs behind (no news came): drop the expired ones. They
        # are the oldest (kept in the order they came), so only the front is looked at;
        # a look at every one made each command cost more the busier the bot was.
        now = discord.utils.utcnow()
        while self._expected:
            oldest = next(iter(self._expected))
            if self._expected[oldest].interaction.expires_at >= now:
                break
            del self._expected[oldest]
        self._expected[interaction.id] = Expected(interaction)
        return Asker(interaction.id, interaction.token)

    async def acknowledge(self, interaction: Interaction) -> None:
        """Answer "thinking..." now, unless the command's news already answered it."""
        expected = self._expected.get(interaction.id)
        if expected is None:
            await replies.defer(interaction)
            return
        async with expected.lock:
            await replies.defer(interaction)

    def busy(self, channel_id: int) -> bool:
        """True while the channel has news being posted or waiting (a new one would wait)."""
        tasks = (self._drains.get(channel_id), self._retries.get(channel_id))
        return any(task is not None and not task.done() for task in tasks)

    def kick(self, channel_id: int) -> asyncio.Task[None]:
        """Post the channel's pending news in the background; the task doing it."""
        self._dirty.add(channel_id)
        task = self._drains.get(channel_id)
        if task is None or task.done():
            task = asyncio.create_task(self._drain(channel_id))
            self._drains[channel_id] = task
        return task

    async def deliver(self, channel_id: int) -> None:
        """Post the channel's pending news now and wait until they are out.

        The posting runs in its own task: a caller cancelled meanwhile does not cut a post
        in half.
        """
        await asyncio.shield(self.kick(channel_id))

    async def recover(self) -> None:
        """At start-up: post the news left over (each looked for in its channel first)."""
        leftover = await self.store.all_news(self.shards)
        self._unsure.update(news.id for news in leftover)
        channels = dict.fromkeys(news.channel_id for news in leftover)
        if channels:
            log.info("posting %s news left over in %s channels", len(leftover), len(channels))
        await asyncio.gather(*(self.deliver(channel) for channel in channels))

    async def close(self, timeout: float) -> None:
        """At shutdown: post every pending news, for up to `timeout` seconds, then stop.

        What is still pending then stays saved and goes out at the next start.
        """
        self._closing = True
        for task in self._retries.values():
            task.cancel()
        for news in await self.store.all_news(self.shards):
            self.kick(news.channel_id)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        # Posting may start more work (a "thinking..." reply to update): wait for that too.
        while pending := [t for t in (*self._drains.values(), *self._chores) if not t.done()]:
            if loop.time() >= deadline:
                break
            await asyncio.wait(pending, timeout=deadline - loop.time())
        everything = [*self._drains.values(), *self._chores, *self._retries.values()]
        for task in everything:
            task.cancel()  # nothing, once done
        await asyncio.gather(*everything, return_exceptions=True)
        self._closed = True

    # Posting -------------------------------------------------------------------------

    async def _drain(self, channel_id: int) -> None:
        # News saved while some are posted kick the channel again (it is dirty again), so
        # the pending ones are read a batch at a time, not once more after each post.
        while channel_id in self._dirty and not self._closed:
            self._dirty.discard(channel_id)
            pending = await self.store.channel_news(channel_id, NEWS_BATCH)
            if len(pending) == NEWS_BATCH:
                self._dirty.add(channel_id)  # more than a batch waits: read again after it
            for news in pending:
                try:
                    done = await self._deliver(news)
                except Exception:
                    log.exception("posting in channel %s failed; trying again later", channel_id)
                    done = False
                if not done:
                    self._retry_later(channel_id)
                    return

    async def _deliver(self, news: News) -> bool:
        """Post one news and delete it; False when Discord failed and it must wait."""
        asker = news.asker
        live = self._expected.get(asker.interaction_id) if asker is not None else None
        try:
            return await self._try(news, live)
        finally:
            if asker is not None:
                self._expected.pop(asker.interaction_id, None)

    async def _try(self, news: News, live: Expected | None) -> bool:
        try:
            post = await self.tell(news)
        except Exception as error:
            # A news that cannot even be composed would hold up the channel's news for good.
            await self._done(news)
            if live is not None and not live.interaction.response.is_done():
                await apologise(live.interaction, error)  # logs it
                return True
            log.exception("cannot compose move %s of game %s", news.seq, news.game_id)
            if news.asker is not None:
                self._resolve_later(news.asker, sorry())
            return True
        if post is None:
            await self.store.drop_news(news.id)
            return True
        if news.id in self._unsure and await self._went_out(news, post):
            return True
        outcome = await self._reply(news, post, live)
        if outcome == "unsure":
            self._unsure.add(news.id)
            if await self._went_out(news, post):
                return True
        if outcome == "posted":
            await self._done(news)
            return True
        outcome = await self._post(news, post)
        if outcome == "unsure":
            self._unsure.add(news.id)
            return False
        if outcome == "refused":
            log.warning("the news of move %s of game %s cannot be posted", news.seq, news.game_id)
        await self._done(news)
        if outcome == "posted" and news.asker is not None:
            self._resolve_later(news.asker, POSTED_BELOW)
        return True

    async def _done(self, news: News) -> None:
        await self.store.drop_news(news.id)
        self._unsure.discard(news.id)

    async def _reply(self, news: News, post: Post, live: Expected | None) -> Outcome:
        """Post through the slash command's reply, if it can still be used."""
        asker = news.asker
        if asker is None or _expired(asker):
            return "refused"
        try:
            async with asyncio.timeout(self.reply_timeout):
                if live is not None and await _answer_first(live, post):
                    return "posted"
                await self._webhook(asker).edit_message(
                    ORIGINAL,
                    content=post.text(),
                    embeds=[post.embed] if post.embed else [],
                    attachments=post.files(),
                    allowed_mentions=post.allowed_mentions(),
                    view=post.view or discord.utils.MISSING,
                )
        except UNSURE_ERRORS as error:
            log.warning("the reply to interaction %s failed: %r", asker.interaction_id, error)
            return "unsure"
        except discord.HTTPException as error:
            log.info("the reply to interaction %s is refused: %s", asker.interaction_id, error)
            return "refused"
        return "posted"

    async def _post(self, news: News, post: Post) -> Outcome:
        """Post as a plain message in the channel."""
        channel = self.client.get_partial_messageable(news.channel_id)
        try:
            await channel.send(**_message(post))
        except UNSURE_ERRORS as error:
            log.warning("could not post in channel %s: %r", news.channel_id, error)
            return "unsure"
        except discord.HTTPException as error:
            log.warning("could not post in channel %s: %s", news.channel_id, error)
            return "unsure" if error.status == 429 else "refused"
        return "posted"

    async def _went_out(self, news: News, post: Post) -> bool:
        """Whether the post is already in the channel (then the news is done)."""
        me = self.client.user
        since = datetime.fromisoformat(news.created_at) - CLOCK_MARGIN
        channel = self.client.get_partial_messageable(news.channel_id)
        found: discord.Message | None = None
        try:
            async for message in channel.history(limit=100, after=since, oldest_first=True):
                if me is not None and message.author.id == me.id and _same(message, post):
                    found = message
                    break
        except (discord.HTTPException, *UNSURE_ERRORS) as error:
            # Better the news twice than never: post it again.
            log.warning("could not read channel %s back: %r", news.channel_id, error)
            return False
        if found is None:
            return False
        await self._done(news)
        asker = news.asker
        metadata = found.interaction_metadata
        if asker is not None and (metadata is None or metadata.id != asker.interaction_id):
            # It went out in the channel: the reply may still say "thinking...".
            self._resolve_later(asker, POSTED_BELOW)
        return True

    def _resolve_later(self, asker: Asker, text: str) -> None:
        """Put `text` in the slash command's reply, in case it still says "thinking..."."""
        if _expired(asker):
            return
        task = asyncio.create_task(self._resolve(asker, text))
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    async def _resolve(self, asker: Asker, text: str) -> None:
        try:
            await self._webhook(asker).edit_message(
                ORIGINAL, content=text, embeds=[], attachments=[]
            )
        except (discord.HTTPException, *UNSURE_ERRORS) as error:
            log.info("could not update interaction %s: %r", asker.interaction_id, error)

    def _webhook(self, asker: Asker) -> discord.Webhook:
        application_id = self.client.application_id
        assert application_id is not None  # known once logged in
        return discord.Webhook.partial(application_id, asker.token, client=self.client)

    def _retry_later(self, channel_id: int) -> None:
        if self._closing:
            return  # what is left goes out at the next start
        running = self._retries.get(channel_id)
        if running is None or running.done():
            self._retries[channel_id] = asyncio.create_task(self._retry(channel_id))

    async def _retry(self, channel_id: int) -> None:
        await self.clock.sleep_until(self.clock.now() + RETRY_SECONDS)
        self.kick(channel_id)


async def _answer_first(expected: Expected, post: Post) -> bool:
    """Make the post the command's first answer, unless it was answered ("thinking...")."""
    interaction = expected.interaction
    async with expected.lock:
        if interaction.response.is_done():
            return False
        await interaction.response.send_message(**_message(post))
        return True


def _message(post: Post) -> dict[str, Any]:
    """A new message's arguments for discord.py: text, embed, images, mentions allowed."""
    return {
        "content": post.text(),
        "embed": post.embed or discord.utils.MISSING,
        "files": post.files() or discord.utils.MISSING,
        "allowed_mentions": post.allowed_mentions(),
        "view": post.view or discord.utils.MISSING,
    }


def _expired(asker: Asker) -> bool:
    """Whether the interaction's token is too old to use."""
    created = discord.utils.snowflake_time(asker.interaction_id)
    return created + TOKEN_LIFETIME < discord.utils.utcnow()


def _same(message: discord.Message, post: Post) -> bool:
    """Whether a message shows this post: the same story (embed), or else the same text."""
    if post.embed is not None:
        return any(
            embed.title == post.embed.title and embed.description == post.embed.description
            for embed in message.embeds
        )
    return message.content.strip() == (post.text() or "").strip()
