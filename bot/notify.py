"""Your-turn messages: a direct message when a game waits for you (`/vegas notify on`).

After every change to a game, the people it newly waits for (their turn, a decision, an
offer to answer: whatever the game's `waiting_line` names) start a waiting spell, kept in
the store so a restart does not tell them again; those who asked for it get one direct
message per game per spell, with a link to the game's channel. Discord refusing a direct
message (50007: the person's DMs are closed) turns the setting off and says so once in
the game's channel; nothing is retried.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Final

import aiohttp
import discord

from bot.game import Games
from bot.posts import chat_names
from bot.store import Game, Store

log = logging.getLogger(__name__)
# Discord's error code for a direct message the person does not accept.
CLOSED_DMS: Final = 50007


def game_link(game: Game) -> str:
    """A link that opens the game's channel (at its latest messages)."""
    return f"https://discord.com/channels/{game.guild_id}/{game.channel_id}"


class Notifier:
    """Tells people by direct message that a game waits for them, once per waiting spell."""

    def __init__(self, client: discord.Client, games: Games, store: Store) -> None:
        self.client = client
        self.games = games
        self.store = store
        self._locks: dict[int, asyncio.Lock] = {}
        # Whom each game under way waits for, as this process last stored it: most moves
        # leave it as it was, and then the store is not asked. (A guild's games are played
        # by one process only, so nobody else changes it meanwhile.)
        self._waiting: dict[int, frozenset[int]] = {}

    async def settle(self, game: Game, state: Any) -> None:
        """After a change to `game` (now at `state`): tell whoever it newly waits for."""
        hosted = self.games.of(game)
        colors = hosted.rules.waiting_for(state) if game.status == "active" else []
        people = {
            seat.user_id: seat.color
            for seat in game.seats
            if seat.user_id is not None and seat.is_human and seat.color in colors
        }
        waiting = frozenset(people)
        async with self._locks.setdefault(game.id, asyncio.Lock()):
            if self._waiting.get(game.id) == waiting:
                return
            new = await self.store.waiting_spells(game.id, people)
            if game.status == "active":
                self._waiting[game.id] = waiting
            else:
                self._waiting.pop(game.id, None)
            wanted = await self.store.notified_users(new)
        for user_id in sorted(wanted):
            waits = hosted.waiting_line(game, state, people[user_id], None) or "your move"
            text = (
                f"**{hosted.title}** in <#{game.channel_id}> waits for you, "
                f"{chat_names(game).get(people[user_id], people[user_id])}: {waits}.\n"
                f"{game_link(game)}"
            )
            await self._send(game, user_id, text)

    async def _send(self, game: Game, user_id: int, text: str) -> None:
        """Send one direct message; closed DMs turn the setting off, said once in the channel."""
        try:
            channel = await self.client.create_dm(discord.Object(user_id))
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as error:
            if error.code != CLOSED_DMS:
                log.info("could not send user %s a your-turn message: %s", user_id, error)
                return
            await self.store.set_notify(user_id, False)
            await self._closed(game, user_id)
        except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
            log.info("could not send user %s a your-turn message: %r", user_id, error)

    async def _closed(self, game: Game, user_id: int) -> None:
        """Say in the game's channel that the person's DMs are closed, so the messages stop."""
        channel = self.client.get_partial_messageable(game.channel_id)
        text = (
            f"<@{user_id}>, your direct messages are closed, so your-turn messages are off "
            "now. Open them (Privacy Settings: Direct Messages) and use `/vegas notify "
            "setting:on` to have them again."
        )
        try:
            mention = discord.AllowedMentions(users=[discord.Object(user_id)])
            await channel.send(text, allowed_mentions=mention)
        except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
            log.info("could not tell channel %s about closed DMs: %r", game.channel_id, error)
