"""The host at the table: what the bot says and posts once a command was accepted.

Slash commands, buttons and timers all end up here after `Tables` saved a change (with
its news, in the outbox): the player gets an answer, the channel sees what happened (with
the board after a turn, or after a trade that changed it) through the `Outbox`, and the
prompt messages are brought up to date.
"""

from __future__ import annotations

from typing import Any, cast

import discord

from bot import posts, replies, stats
from bot.autoplay import Autoplay
from bot.options import TableOptions
from bot.outbox import Outbox, replayed
from bot.posts import Post
from bot.prompts import Prompts
from bot.store import News
from bot.tables import Played, Refusal, Tables, seat_colors
from bot.turns import TurnTimers
from engine.lords_of_vegas import Color, Event, default_answer, parse_command
from engine.lords_of_vegas.actions import (
    Accept,
    Action,
    ActStep,
    Decline,
    Layoff,
    Place,
    Take,
    Withdraw,
)
from engine.lords_of_vegas.events import (
    OfferAccepted,
    OfferMade,
    TradeStepDone,
    TurnStarted,
)
from engine.lords_of_vegas.state import LayoffDecision, PlaceDecision, TakeDieDecision
from engine.lords_of_vegas.trade import parties

Interaction = discord.Interaction[Any]


def told_by_prompts(events: list[Event]) -> bool:
    """True for offers made or accepted by a player: no news to post.

    The offer's own message (with its buttons) tells the table, and the player only gets
    a private confirmation.
    """
    return all(isinstance(e, OfferMade | OfferAccepted) for e in events)


def board_changed(played: Played) -> bool:
    """True when a trade moved a lot, a die, or ran an action."""
    return any(
        isinstance(e, TradeStepDone)
        and (e.step.kind in ("lot", "die") or isinstance(e.step, ActStep))
        for e in played.events
    )


class Host:
    """Answers players and keeps the channel informed after every accepted command."""

    def __init__(
        self,
        client: discord.Client,
        tables: Tables,
        prompts: Prompts,
        turns: TurnTimers,
        ai_pause: float = 2.0,
        reply_timeout: float = 10.0,
    ) -> None:
        self.client = client
        self.tables = tables
        self.prompts = prompts
        self.turns = turns
        self.autoplay = Autoplay(self, ai_pause)
        self.outbox = Outbox(client, tables.store, self.tell, prompts.clock, reply_timeout)

    async def recover(self) -> None:
        """At start-up: post the news a crash left unposted, then update every prompt.

        A crash may also have come before a game's prompt messages were brought up to date.
        """
        await self.outbox.recover()
        for game in await self.tables.store.active_games():
            await self.prompts.reconcile(game)

    async def tell(self, news: News) -> Post | None:
        """The post for a move's news, or None when the move's prompt message tells it."""
        game = await self.tables.store.game(news.game_id)
        played = replayed(game, news)
        if news.actor_user_id is not None and told_by_prompts(played.events):
            return None
        post, _ = await self.compose(played)
        post.content = f"{news.note}\n{post.content}".strip()
        return post

    async def settle(self, played: Played) -> None:
        """After any accepted command: update the prompts, let computer seats move."""
        await self.prompts.reconcile(played.game, played.events)
        self.autoplay.nudge(played.game)

    async def compose(self, played: Played) -> tuple[Post, bool]:
        """The public post for an accepted command, and whether it needs the image.

        It first makes the turn timer match the game, so a new turn's post can say when
        the turn runs out.
        """
        game, state, events = played.game, played.state, played.events
        timer = await self.turns.arm(game, state)
        if state.over:
            chart = await stats.points_chart(self.tables.store, game)
            return await posts.final_post(game, state, events, chart), True
        if any(isinstance(e, TurnStarted) for e in events):
            deadline = timer.expires_at if timer is not None else None
            return await posts.turn_post(game, state, events, deadline), True
        post = posts.action_post(game, state, events)
        if TableOptions.of(game.options).images == "action" or board_changed(played):
            post.image = await posts.board_image(game, state)
        return post, post.image is not None

    async def answer(self, interaction: Interaction, played: Played) -> None:
        """Answer a slash command that was accepted, then update the prompts.

        The news is the command's reply. A slow one (the board is drawn) shows
        "thinking..." first and is posted in the background, so that the prompts never
        wait for it, nor for Discord when it fails to take the reply.
        """
        with self.tables.gate.finishing():
            channel_id = played.game.channel_id
            if told_by_prompts(played.events):
                await replies.send(interaction, Post(_quiet_note(played)), ephemeral=True)
                self.outbox.kick(channel_id)  # nothing to post: the news is dropped
            elif _slow(played) or self.outbox.busy(channel_id):
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

    # Buttons and menus ---------------------------------------------------------------

    async def click_offer(
        self, interaction: Interaction, game_id: int, offer_id: int, verb: str
    ) -> None:
        """A party accepts or declines an offer, or its proposer withdraws it."""
        await replies.defer_update(interaction)
        try:
            game, color = await self._seated(interaction, game_id)
            offer = next((o for o in game.state().offers if o.id == offer_id), None)
            if offer is None:
                raise Refusal(f"Offer #{offer_id} is no longer open.")
            if color not in parties(offer):
                raise Refusal(
                    f"Offer #{offer_id} is not yours: only the players it names answer it."
                )
            if verb == "withdraw" and color != offer.proposer:
                raise Refusal(f"Only the player who made offer #{offer_id} can withdraw it.")
            action: Action
            if verb == "accept":
                action = Accept(offer=offer_id)
            elif verb == "decline":
                action = Decline(offer=offer_id)
            else:
                action = Withdraw(offer=offer_id)
            played = await self.tables.play(game.channel_id, interaction.user.id, action)
        except Refusal as refusal:
            await replies.refuse(interaction, str(refusal))
            return
        await self._after_click(interaction, played)

    async def click_decision(
        self, interaction: Interaction, game_id: int, decision_id: int, choice: str
    ) -> None:
        """The player a decision waits for answers it from its prompt."""
        await replies.defer_update(interaction)
        try:
            game, color = await self._seated(interaction, game_id)
            state = game.state()
            decision = next((d for d in state.pending if d.id == decision_id), None)
            if decision is None:
                raise Refusal("That decision has already been made.")
            if decision.player != color:
                owner = posts.chat_names(game)[cast(Color, decision.player)]
                raise Refusal(f"This decision is not yours: it waits for {owner}.")
            if isinstance(decision, PlaceDecision):
                if choice == "keep":
                    action = default_answer(state, decision)
                else:
                    action = parse_command("place " + choice.removeprefix("pick:"))
                    assert isinstance(action, Place)
            elif isinstance(decision, LayoffDecision):
                action = Layoff(accept=choice == "yes")
            else:
                what = "die" if isinstance(decision, TakeDieDecision) else "marker"
                action = Take(what=what, lot=choice.removeprefix("pick:"))
            played = await self.tables.play(game.channel_id, interaction.user.id, action)
        except Refusal as refusal:
            await replies.refuse(interaction, str(refusal))
            return
        await self._after_click(interaction, played)

    async def _seated(self, interaction: Interaction, game_id: int) -> tuple[Any, Color]:
        game = await self.tables.store.game(game_id)
        if game.status != "active" or game.channel_id != interaction.channel_id:
            raise Refusal("That game is over; these buttons do nothing any more.")
        color = seat_colors(game).get(interaction.user.id)
        if color is None:
            raise Refusal("You are not playing in this game.")
        return game, color

    async def _after_click(self, interaction: Interaction, played: Played) -> None:
        """After a button: the news goes to the channel (the clicked message stays)."""
        with self.tables.gate.finishing():
            if told_by_prompts(played.events):
                await replies.send(interaction, Post(_quiet_note(played)), ephemeral=True)
                self.outbox.kick(played.game.channel_id)
            else:
                await self.outbox.deliver(played.game.channel_id)
            await self.settle(played)


def _slow(played: Played) -> bool:
    """Whether the news of a move has the board image (slow to draw: acknowledge first)."""
    turn_over = any(isinstance(e, TurnStarted) for e in played.events)
    images = TableOptions.of(played.game.options).images
    return played.state.over or turn_over or images == "action" or board_changed(played)


def _quiet_note(played: Played) -> str:
    """A private confirmation for offers and acceptances (the offer message shows them)."""
    for event in played.events:
        if isinstance(event, OfferMade):
            return f"Your offer #{event.offer.id} is posted; every player it names must accept it."
    accepted = [e.offer for e in played.events if isinstance(e, OfferAccepted)]
    return f"You accepted offer #{accepted[0]}." if accepted else "Done."
