"""Prompts: the channel messages with buttons for open trade offers and pending decisions.

The saved game state says which offers are open and which decisions are owed; the
store remembers which message shows each. `Prompts.reconcile` makes the channel match
the state: it posts a message for every new offer or decision, updates offers as
parties accept, and closes (removes the buttons of) whatever is no longer open. It is
idempotent, so it can run after any change, from any path (slash command, button,
timer, restart).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any, Final, cast

import discord

from bot.buttons import decision_view, offer_view
from bot.clock import Clock
from bot.options import TableOptions
from bot.posts import CONTENT_LIMIT, Post, chat_names, user_of
from bot.store import Game, Prompt, Store
from bot.tables import Refusal
from engine.lords_of_vegas import (
    Color,
    Event,
    GameState,
    describe,
    describe_decision,
)
from engine.lords_of_vegas.events import (
    DicePlaced,
    DieMoved,
    LayoffChosen,
    MarkerMoved,
    OfferAccepted,
    OfferClosed,
    OfferMade,
    TradeFinished,
    TradeStepFailed,
)
from engine.lords_of_vegas.narrate import describe_step
from engine.lords_of_vegas.state import Decision, LayoffDecision, Offer, PlaceDecision
from engine.lords_of_vegas.trade import parties

log = logging.getLogger(__name__)

HOUR: Final = 3600.0
# A timestamp as long as any expiry time the bot writes (10 digits until the year 2286).
LONGEST_TIME: Final = 9_999_999_999.0


def offer_text(game: Game, offer: Offer, expires_at: float | None) -> str:
    """An open offer: who proposes, the steps in order, and where each party stands."""
    names = chat_names(game)
    mentions = " ".join(
        f"<@{user}>"
        for color in parties(offer)
        if color != offer.proposer and (user := user_of(game, color)) is not None
    )
    steps = "\n".join(f"{n}. {describe_step(step, names)}" for n, step in enumerate(offer.steps, 1))
    status = " · ".join(f"{names[color]}: {_standing(offer, color)}" for color in parties(offer))
    until = f" It expires <t:{int(expires_at)}:R>." if expires_at else ""
    return (
        f"{mentions}\n{names[offer.proposer]} offers trade #{offer.id}:\n{steps}\n"
        f"{status}\nEvery named player must accept.{until}"
    ).strip()


def offer_size(game: Game, offer: Offer) -> int:
    """How long the offer's message can get.

    That is with every party shown as accepted, and an expiry time when the table's offers
    expire.
    """
    longest = offer.model_copy(update={"accepted": parties(offer)})
    expires = LONGEST_TIME if TableOptions.of(game.options).offer_hours > 0 else None
    return len(offer_text(game, longest, expires))


def offer_fits(game: Game, events: Sequence[Event]) -> None:
    """Refuse a new offer whose message could not show every step in one Discord message."""
    for event in events:
        if isinstance(event, OfferMade) and (size := offer_size(game, event.offer)) > CONTENT_LIMIT:
            raise Refusal(
                f"This offer is too long to post: its message would take {size:,} "
                f"characters (the players' names count too) and a Discord message holds "
                f"{CONTENT_LIMIT:,}. Use fewer steps, or offer the rest separately."
            )


def _standing(offer: Offer, color: Color) -> str:
    if color == offer.proposer:
        return "proposer"
    return "accepted ✅" if color in offer.accepted else "waiting"


def closed_offer_text(game: Game, offer_id: int, events: Sequence[Event]) -> str:
    """What became of an offer, from the events that closed it (if we saw them)."""
    names = chat_names(game)
    for event in events:
        if isinstance(event, TradeStepFailed) and event.offer == offer_id:
            later = _skipped_words(event.index + 2, event.skipped)
            earlier = " The earlier steps stand." if event.index else ""
            return (
                f"Trade #{offer_id} stopped at step {event.index + 1}: {event.reason}"
                f"{earlier}{later}"
            )
        if isinstance(event, TradeFinished) and event.offer == offer_id and event.complete:
            return f"Trade #{offer_id} is done: every step happened, in order."
        if isinstance(event, OfferClosed) and event.offer == offer_id:
            who = names.get(event.player, "") if event.player else ""
            reasons = {
                "declined": f"{who} declined offer #{offer_id}.",
                "withdrawn": f"{who} withdrew offer #{offer_id}.",
                "lapsed": f"Offer #{offer_id} lapsed at the end of the turn.",
                "expired": f"Offer #{offer_id} expired: nobody accepted it in time.",
            }
            return reasons[event.reason]
    return f"Offer #{offer_id} is closed."


def _skipped_words(first: int, skipped: int) -> str:
    """The steps a failed trade never ran: `Step 3`, `Steps 3 and 4`, `Steps 3 to 7`."""
    if skipped == 0:
        return ""
    last = first + skipped - 1
    if skipped == 1:
        steps = f"Step {first}"
    else:
        steps = f"Steps {first} {'and' if skipped == 2 else 'to'} {last}"
    return f" {steps} did not happen."


def closed_decision_text(game: Game, events: Sequence[Event]) -> str:
    """What was decided, from the events that answered the decision (if we saw them)."""
    answers = [
        describe(event, chat_names(game))
        for event in events
        if isinstance(event, DicePlaced | LayoffChosen | MarkerMoved | DieMoved)
    ]
    return "Decided: " + " ".join(answers) if answers else "This decision is no longer needed."


def decision_text(
    game: Game, state: GameState, decision: Decision, expires_at: float | None
) -> str:
    """A decision prompt: whom it waits for and what to do."""
    user = user_of(game, decision.player)
    mention = f"<@{user}> " if user else ""
    what = describe_decision(decision, chat_names(game), hint=False)
    if isinstance(decision, PlaceDecision):
        how = "Choose a placement below, or keep the dice where they landed."
    elif isinstance(decision, LayoffDecision):
        how = "Lay off half of the bet to the bank, or take the whole bet yourself?"
    else:
        how = "Choose below."
    until = (
        f" If nobody answers, the default applies <t:{int(expires_at)}:R>." if expires_at else ""
    )
    return f"{mention}{what}.\n{how}{until}"


class Prompts:
    """Keeps each channel's prompt messages in step with its game's state."""

    def __init__(self, client: discord.Client, store: Store, clock: Clock) -> None:
        self.client = client
        self.store = store
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        # Called when a prompt with a deadline is posted, so the timers look again.
        self.on_new_deadline: Callable[[], None] = lambda: None

    async def reconcile(self, game: Game, events: Sequence[Event] = ()) -> None:
        """Post, update and close prompt messages so the channel matches the game."""
        async with self._locks.setdefault(game.channel_id, asyncio.Lock()):
            state = game.state() if game.state_json is not None else None
            live = state is not None and game.status == "active" and not state.over
            offers = {o.id: o for o in state.offers} if live and state else {}
            decisions = {d.id: d for d in state.pending} if live and state else {}
            accepted = {e.offer for e in events if isinstance(e, OfferAccepted)}
            known: set[tuple[str, int]] = set()
            for prompt in await self.store.open_prompts(game.id):
                known.add((prompt.kind, prompt.ref))
                if prompt.kind == "offer" and prompt.ref in offers:
                    if prompt.ref in accepted:
                        offer = offers[prompt.ref]
                        text = offer_text(game, offer, prompt.expires_at)
                        await self._edit(prompt, text, offer_view(game, offer))
                elif prompt.kind == "decision" and prompt.ref in decisions:
                    continue
                else:
                    await self._close(game, prompt, events)
            if state is None:
                return
            options = TableOptions.of(game.options)
            now = self.clock.now()
            for offer in offers.values():
                if ("offer", offer.id) not in known:
                    hours = options.offer_hours
                    expires = now + hours * HOUR if hours > 0 else None
                    await self._post(
                        game,
                        "offer",
                        offer.id,
                        offer_text(game, offer, expires),
                        offer_view(game, offer),
                        expires,
                        mentions=[u for c in parties(offer) if (u := user_of(game, c))],
                    )
            for decision in decisions.values():
                if ("decision", decision.id) not in known:
                    hours = options.decision_hours
                    expires = now + hours * HOUR if hours > 0 else None
                    user = user_of(game, decision.player)
                    await self._post(
                        game,
                        "decision",
                        decision.id,
                        decision_text(game, state, decision, expires),
                        decision_view(game, state, decision),
                        expires,
                        mentions=[user] if user else [],
                    )

    async def _post(
        self,
        game: Game,
        kind: str,
        ref: int,
        text: str,
        view: discord.ui.View,
        expires: float | None,
        *,
        mentions: list[int],
    ) -> None:
        channel = self.client.get_partial_messageable(game.channel_id)
        post = Post(text, mentions=mentions)
        try:
            message = await channel.send(
                post.text(), view=view, allowed_mentions=post.allowed_mentions()
            )
        except discord.HTTPException as error:
            log.warning("could not post the %s prompt %s of game %s: %s", kind, ref, game.id, error)
            return
        await self.store.add_prompt(
            game.id, cast(Any, kind), ref, game.channel_id, message.id, expires
        )
        if expires is not None:
            self.on_new_deadline()

    async def _close(self, game: Game, prompt: Prompt, events: Sequence[Event]) -> None:
        if prompt.kind == "offer":
            text = closed_offer_text(game, prompt.ref, events)
        else:
            text = closed_decision_text(game, events)
        await self._edit(prompt, text, None)
        await self.store.close_prompt(game.id, prompt.kind, prompt.ref)

    async def _edit(self, prompt: Prompt, text: str, view: discord.ui.View | None) -> None:
        channel = self.client.get_partial_messageable(prompt.channel_id)
        try:
            await channel.get_partial_message(prompt.message_id).edit(
                content=text, view=view, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as error:
            log.warning("could not update prompt message %s: %s", prompt.message_id, error)
