"""Trades: offers between any number of players, carried out step by step once all accept.

An offer is checked for form when made (who is named, who may act); whether each step
is possible is checked when it runs. If a step cannot happen, it and every later step
are skipped; the earlier steps stand.

Offers are kept short and few, so every party can read every step in one message and
a table's saved game stays small: at most `MAX_OFFER_STEPS` steps, `MAX_OFFERS_PER_PLAYER`
open offers made by one player and `MAX_OPEN_OFFERS` open in a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .actions import (
    ActStep,
    Color,
    DieStep,
    LotStep,
    PayStep,
    Propose,
    TradeStep,
    TurnAction,
    step_parties,
)
from .checks import money, require_lot
from .errors import IllegalAction
from .events import (
    Event,
    OfferAccepted,
    OfferClosed,
    OfferMade,
    TradeFinished,
    TradeStepDone,
    TradeStepFailed,
)
from .holdings import gain_die, gain_lot
from .state import GameState, Offer, TradeInProgress

ActionRunner = Callable[[GameState, Color, TurnAction, list[Event]], None]

MAX_OFFER_STEPS: Final = 12
MAX_OFFERS_PER_PLAYER: Final = 3
MAX_OPEN_OFFERS: Final = 10


def parties(offer: Offer) -> list[Color]:
    """Every player the offer names, in order of first mention."""
    named: list[Color] = []
    for step in offer.steps:
        for color in step_parties(step):
            if color not in named:
                named.append(color)
    return named


def find_offer(state: GameState, number: int) -> Offer:
    """The open offer with this number."""
    for offer in state.offers:
        if offer.id == number:
            return offer
    raise IllegalAction(f"There is no open offer #{number}.")


def propose(state: GameState, player: Color, action: Propose, events: list[Event]) -> Offer:
    """Open an offer; the proposer accepts it by making it."""
    if not action.steps:
        raise IllegalAction("An offer needs at least one step.")
    if len(action.steps) > MAX_OFFER_STEPS:
        raise IllegalAction(
            f"An offer has at most {MAX_OFFER_STEPS} steps; this one has {len(action.steps)}. "
            "Leave some out, or offer the rest separately."
        )
    _check_room(state, player)
    seated = set(state.colors)
    for step in action.steps:
        for color in step_parties(step):
            if color not in seated:
                raise IllegalAction(f"{color} is not playing in this game.")
        if isinstance(step, ActStep):
            if step.player != state.current:
                raise IllegalAction(
                    f"Only {state.current}, whose turn it is, can do actions in a trade."
                )
        else:
            if step.giver == step.receiver:
                raise IllegalAction(f"{step.giver} cannot trade with themselves.")
            if isinstance(step, LotStep | DieStep):
                require_lot(state, step.lot)
    offer = Offer(id=state.next_offer, proposer=player, steps=action.steps, accepted=[player])
    named = parties(offer)
    if player not in named:
        raise IllegalAction("You can only offer trades that you take part in.")
    if len(named) < 2:
        raise IllegalAction("A trade needs at least two players.")
    state.next_offer += 1
    state.offers.append(offer)
    # A snapshot: the live offer's acceptances keep changing.
    events.append(OfferMade(offer=offer.model_copy(update={"accepted": list(offer.accepted)})))
    return offer


def _check_room(state: GameState, player: Color) -> None:
    """Refuse a new offer when the player, or the game, has as many open as allowed."""
    own = [f"#{offer.id}" for offer in state.offers if offer.proposer == player]
    if len(own) >= MAX_OFFERS_PER_PLAYER:
        raise IllegalAction(
            f"You already have {len(own)} open offers ({', '.join(own)}), the most one "
            "player may have: withdraw one or wait for answers before making another."
        )
    if len(state.offers) >= MAX_OPEN_OFFERS:
        raise IllegalAction(
            f"This game already has {len(state.offers)} open offers, the most a game may "
            "have: wait until some are accepted, declined, withdrawn or expire."
        )


def accept(
    state: GameState, player: Color, number: int, run_action: ActionRunner, events: list[Event]
) -> None:
    """Accept an offer; when every named player has, it runs at once."""
    offer = find_offer(state, number)
    if player not in parties(offer):
        raise IllegalAction(f"Offer #{number} does not involve you.")
    if player in offer.accepted:
        raise IllegalAction(f"You have already accepted offer #{number}.")
    offer.accepted.append(player)
    events.append(OfferAccepted(offer=number, player=player))
    if set(offer.accepted) >= set(parties(offer)):
        state.offers.remove(offer)
        state.trade = TradeInProgress(offer=offer, next_step=0)
        continue_trade(state, run_action, events)


def decline(state: GameState, player: Color, number: int, events: list[Event]) -> None:
    """A named player turns the offer down, which ends it."""
    offer = find_offer(state, number)
    if player == offer.proposer:
        raise IllegalAction(f"You made offer #{number}: withdraw it instead.")
    if player not in parties(offer):
        raise IllegalAction(f"Offer #{number} does not involve you.")
    state.offers.remove(offer)
    events.append(OfferClosed(offer=number, reason="declined", player=player))


def withdraw(state: GameState, player: Color, number: int, events: list[Event]) -> None:
    """The proposer takes their offer back."""
    offer = find_offer(state, number)
    if player != offer.proposer:
        raise IllegalAction(f"Only {offer.proposer}, who made offer #{number}, can withdraw it.")
    state.offers.remove(offer)
    events.append(OfferClosed(offer=number, reason="withdrawn", player=player))


def expire(state: GameState, number: int, events: list[Event]) -> None:
    """An offer's time ran out: it closes as if withdrawn."""
    find_offer(state, number)
    state.offers = [offer for offer in state.offers if offer.id != number]
    events.append(OfferClosed(offer=number, reason="expired"))


def continue_trade(state: GameState, run_action: ActionRunner, events: list[Event]) -> None:
    """Run the accepted trade's remaining steps, pausing whenever a decision is owed."""
    trade = state.trade
    assert trade is not None
    steps = trade.offer.steps
    while trade.next_step < len(steps):
        index = trade.next_step
        step = steps[index]
        trade.next_step += 1
        step_events: list[Event] = []
        try:
            _run_step(state, step, run_action, step_events)
        except IllegalAction as refusal:
            events.append(
                TradeStepFailed(
                    offer=trade.offer.id,
                    index=index,
                    step=step,
                    reason=str(refusal),
                    skipped=len(steps) - index - 1,
                )
            )
            events.append(TradeFinished(offer=trade.offer.id, complete=False))
            state.trade = None
            return
        events.append(TradeStepDone(offer=trade.offer.id, index=index, step=step))
        events.extend(step_events)
        if state.pending:
            return
    events.append(TradeFinished(offer=trade.offer.id, complete=True))
    state.trade = None


def _run_step(
    state: GameState, step: TradeStep, run_action: ActionRunner, events: list[Event]
) -> None:
    if isinstance(step, PayStep):
        have = state.player(step.giver).money
        if have < step.amount:
            raise IllegalAction(f"{step.giver} has {money(have)}, not {money(step.amount)}.")
        state.player(step.giver).money -= step.amount
        state.player(step.receiver).money += step.amount
    elif isinstance(step, LotStep):
        if state.lots.get(step.lot) != step.giver:
            raise IllegalAction(f"{step.lot} is not a parking lot of {step.giver}'s.")
        gain_lot(state, step.receiver, step.lot, step.giver, events)
    elif isinstance(step, DieStep):
        tile = state.tiles.get(step.lot)
        if tile is None or tile.die is None or tile.die.owner != step.giver:
            raise IllegalAction(f"{step.lot} does not hold a die of {step.giver}'s.")
        gain_die(state, step.receiver, step.lot, tile.die.pips, step.giver, events)
    else:
        if step.player != state.current:
            raise IllegalAction(f"Only {state.current}, whose turn it is, can do actions.")
        run_action(state, step.player, step.action, events)
