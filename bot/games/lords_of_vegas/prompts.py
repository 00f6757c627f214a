"""Lords of Vegas's prompts: a message with buttons for each open offer and decision.

The state says which offers are open and which decisions are owed (`questions`); the
core's `bot.prompts` posts, redraws and closes the messages. An offer's message is
redrawn when a party accepts; when a prompt's time runs out, an offer expires and a
decision gets its default answer (`prompt_timeout`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from bot.game import PromptMessage, Question, Refusal, Timeout
from bot.options import TableOptions
from bot.posts import CONTENT_LIMIT
from bot.seats import user_of
from bot.store import Game, Prompt
from engine.lords_of_vegas import (
    Color,
    Event,
    GameState,
    default_answer,
    describe,
    describe_decision,
)
from engine.lords_of_vegas.actions import Expire
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

from .buttons import decision_view, offer_view
from .computer import DEFAULT_LEVEL
from .names import chat_names

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
    game: Game,
    state: GameState,
    decision: Decision,
    expires_at: float | None,
    by_turn: bool = False,
) -> str:
    """A decision prompt: whom it waits for, what to do, and what happens if nobody answers.

    With `by_turn`, `expires_at` is when the turn timer runs out: on a table where a
    computer player then finishes the turn, it answers the turn's player's own decision.
    """
    user = user_of(game, decision.player)
    mention = f"<@{user}> " if user else ""
    what = describe_decision(decision, chat_names(game), hint=False)
    options = TableOptions.of(game.options)
    if isinstance(decision, PlaceDecision):
        how = "Choose a placement below, or keep the dice where they landed."
    elif isinstance(decision, LayoffDecision):
        how = "Lay off half of the bet to the bank, or take the whole bet yourself?"
    else:
        how = "Choose below."
    if not expires_at:
        until = ""
    elif by_turn and options.on_timeout == "ai" and decision.player == state.current:
        until = (
            f" If you have not answered <t:{int(expires_at)}:R>, a computer player "
            f"({DEFAULT_LEVEL}) will choose for you."
        )
    else:
        until = f" If nobody answers, the default applies <t:{int(expires_at)}:R>."
    return f"{mention}{what}.\n{how}{until}"


def questions(game: Game, state: GameState, events: Sequence[Event]) -> list[Question]:
    """A prompt for every open offer, then for every pending decision.

    An offer's prompt is redrawn when a party just accepted it.
    """
    options = TableOptions.of(game.options)
    accepted = {e.offer for e in events if isinstance(e, OfferAccepted)}
    asked: list[Question] = []
    for offer in state.offers:
        asked.append(
            Question(
                kind="offer",
                ref=offer.id,
                hours=options.offer_hours,
                show=_offer_message(game, offer),
                mentions=[u for c in parties(offer) if (u := user_of(game, c))],
                refresh=offer.id in accepted,
            )
        )
    for decision in state.pending:
        user = user_of(game, decision.player)
        asked.append(
            Question(
                kind="decision",
                ref=decision.id,
                hours=options.decision_hours,
                show=_decision_message(game, state, decision),
                mentions=[user] if user else [],
                turn_bound=True,  # the turn's end answers it (`timeout_move`)
            )
        )
    return asked


def _offer_message(game: Game, offer: Offer) -> Callable[[float | None, bool], PromptMessage]:
    def show(expires_at: float | None, by_turn: bool) -> PromptMessage:
        return PromptMessage(offer_text(game, offer, expires_at), offer_view(game, offer))

    return show


def _decision_message(
    game: Game, state: GameState, decision: Decision
) -> Callable[[float | None, bool], PromptMessage]:
    def show(expires_at: float | None, by_turn: bool) -> PromptMessage:
        text = decision_text(game, state, decision, expires_at, by_turn)
        return PromptMessage(text, decision_view(game, state, decision))

    return show


def closed_text(game: Game, prompt: Prompt, events: Sequence[Event]) -> str:
    """What a prompt says once its offer is closed or its decision made."""
    if prompt.kind == "offer":
        return closed_offer_text(game, prompt.ref, events)
    return closed_decision_text(game, events)


def prompt_timeout(game: Game, state: GameState, prompt: Prompt) -> Timeout | None:
    """An offer expires; a decision gets its default answer (None: no longer open)."""
    if prompt.kind == "offer":
        offer = next((o for o in state.offers if o.id == prompt.ref), None)
        if offer is None:
            return None
        return Timeout(
            offer.proposer, Expire(offer=offer.id), f"⏰ Offer #{offer.id} ran out of time."
        )
    decision = next((d for d in state.pending if d.id == prompt.ref), None)
    if decision is None:
        return None
    asked = describe_decision(decision, chat_names(game))
    return Timeout(
        decision.player,
        default_answer(state, decision),
        f"⏰ Time ran out: {asked}; the default answer applies.",
    )
