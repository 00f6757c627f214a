"""Plain-English lines for events and pending decisions, for logs and chat."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from engine.words import and_list, count, namer, with_article

from .actions import (
    ActStep,
    Build,
    Color,
    DieStep,
    Gamble,
    LotStep,
    PayStep,
    Raise,
    Remodel,
    Reorganize,
    Sprawl,
    TradeStep,
    TurnAction,
)
from .board import GAME_OVER, company_name
from .events import (
    Built,
    CardDrawn,
    CasinoPaid,
    Dealt,
    DecisionRequired,
    DicePlaced,
    DieMoved,
    Event,
    Gambled,
    GameOver,
    LayoffChosen,
    MarkerMoved,
    MarkerPlaced,
    Merged,
    OfferAccepted,
    OfferClosed,
    OfferMade,
    ParkingPaid,
    PointsScored,
    Raised,
    Remodeled,
    Reorganized,
    Sprawled,
    StartingRoll,
    TakeOver,
    TieRerolled,
    TookBack,
    TradeFinished,
    TradeStepDone,
    TradeStepFailed,
    TurnEnded,
    TurnStarted,
)
from .state import Decision, LayoffDecision, Offer, PlaceDecision, TakeDieDecision

Names = Mapping[Color, str] | None

# How the game ended, said after "Game over" (the Game Over card is told when drawn).
END_WORDS: Final = {
    "game_over_card": "",
    "jackpot": ", 90 points reached",
    "instant_win": ", 90 points reached first",
    "deck_empty": ", the deck ran out",
}
CLOSED_WORDS: Final = {"declined": "declined", "withdrawn": "withdrew"}


def _money(amount: int) -> str:
    return f"${amount}m"


def _payments(payments: Mapping[Color, int], who: Callable[[Color | None], str]) -> str:
    return ", ".join(f"{who(color)} {_money(amount)}" for color, amount in payments.items())


def _span(lots: tuple[str, ...]) -> str:
    return lots[0] if len(lots) == 1 else f"{lots[0]} ({len(lots)} spaces)"


def describe_action(action: TurnAction) -> str:
    """An action in plain words, e.g. `build a Sphinx tile on C7`."""
    match action:
        case Build():
            text = f"build {with_article(company_name(action.company))} tile on {action.lot}"
            return text + (f" (moving the die from {action.using})" if action.using else "")
        case Sprawl():
            text = f"sprawl into {action.lot}" + (f" from {action.origin}" if action.origin else "")
            return text + (f" (moving the die from {action.using})" if action.using else "")
        case Remodel():
            return f"remodel the casino at {action.lot} to {company_name(action.company)}"
        case Reorganize():
            return f"reorganize the casino at {action.lot}"
        case Raise():
            return f"raise the casino at {action.lot}"
        case Gamble():
            return f"bet {_money(action.amount)} at the casino at {action.lot}"
    raise AssertionError(action)


def describe_step(step: TradeStep, names: Names = None) -> str:
    """A trade step in plain words, e.g. `green pays black $7m`."""
    who = namer(names)
    match step:
        case PayStep():
            return f"{who(step.giver)} pays {who(step.receiver)} {_money(step.amount)}"
        case LotStep():
            return f"{who(step.giver)} gives {who(step.receiver)} the parking lot {step.lot}"
        case DieStep():
            return f"{who(step.giver)} gives {who(step.receiver)} the die on {step.lot}"
        case ActStep():
            return f"{who(step.player)} will {describe_action(step.action)}"
    raise AssertionError(step)


def describe_offer(offer: Offer, names: Names = None) -> str:
    """All steps of an offer in order, in plain words."""
    steps = enumerate(offer.steps, 1)
    return "; ".join(f"{n}. {describe_step(step, names)}" for n, step in steps)


def describe_decision(decision: Decision, names: Names = None, *, hint: bool = True) -> str:
    """What a pending decision asks, e.g. `red must place their rerolled dice on A2, A5`.

    With `hint`, it ends with the command that answers it, such as "with `place`".
    """
    who = namer(names)
    if isinstance(decision, PlaceDecision):
        values = ", ".join(str(v) for v in sorted(decision.values))
        text = (
            f"{who(decision.player)} must place their rerolled dice ({values}) on "
            f"{', '.join(decision.lots)}"
        )
        command = "`place`"
    elif isinstance(decision, LayoffDecision):
        text = (
            f"{who(decision.player)} must say whether to lay off half of "
            f"{who(decision.gambler)}'s {_money(decision.amount)} bet"
        )
        command = "`layoff yes` or `layoff no`"
    else:
        what, plural = (
            ("die", "dice") if isinstance(decision, TakeDieDecision) else ("marker", "markers")
        )
        text = (
            f"{who(decision.player)} has no {plural} left and must choose which {what} to "
            f"move to {decision.lot}"
        )
        command = f"`take {what} <lot>`"
    return f"{text} with {command}" if hint else text


def describe(event: Event, names: Names = None) -> str:
    """One line a player can read for any event.

    `names` maps colours to how players should be called (e.g. `Alice (red)`); by
    default players are called by their colour.
    """
    who = namer(names)
    match event:
        case Dealt():
            lots = ", ".join(event.lots)
            return f"{who(event.player)} starts with {lots} and {_money(event.money)}."
        case StartingRoll():
            rolls = ", ".join(f"{who(c)} {a}+{b}" for c, (a, b) in event.rolls.items())
            return f"Rolling for the first turn: {rolls}."
        case TurnStarted():
            return f"Turn {event.turn}: {who(event.player)} draws."
        case CardDrawn():
            if event.card == GAME_OVER:
                return f"{who(event.player)} drew the Game Over card: The Strip pays one last time."
            pays = "The Strip" if event.pays == "strip" else company_name(event.pays)
            if event.unused_block:
                return (
                    f"{who(event.player)} drew {event.card} ({pays}); block F is unused, "
                    "so draw again."
                )
            return f"{who(event.player)} drew {event.card} ({pays})."
        case MarkerPlaced():
            return f"{who(event.player)} parks a marker on {event.lot}."
        case MarkerMoved():
            return (
                f"{who(event.player)} moves their marker from {event.from_lot} to {event.to_lot}."
            )
        case TakeOver():
            if event.previous is None:
                return (
                    f"{who(event.player)} puts {with_article(str(event.pips))} on the empty tile "
                    f"at {event.lot}."
                )
            return (
                f"{who(event.player)} takes over {event.lot} from {who(event.previous)} "
                f"({with_article(str(event.pips))})."
            )
        case DieMoved():
            return f"{who(event.player)} moves their die from {event.from_lot} to {event.to_lot}."
        case ParkingPaid():
            return f"Parking lots pay {_payments(event.payments, who)}."
        case CasinoPaid():
            name = company_name(event.company)
            return (
                f"The {name} casino at {_span(event.lots)} pays {_payments(event.payments, who)}."
            )
        case PointsScored():
            text = (
                f"{who(event.player)} scores {count(event.points, 'point')} for "
                f"{_span(event.lots)}: {event.before} -> {event.after}"
            )
            lost = f" ({count(event.lost, 'point')} lost at a break)" if event.lost else ""
            return f"{text}{lost}."
        case Built():
            return (
                f"{who(event.player)} built {with_article(company_name(event.company))} tile "
                f"on {event.lot} for {_money(event.cost)}."
            )
        case Sprawled():
            return (
                f"{who(event.player)} sprawled from {event.origin} into {event.lot} "
                f"for {_money(event.cost)}."
            )
        case Remodeled():
            return (
                f"{who(event.player)} remodeled {_span(event.lots)} from {company_name(event.old)} "
                f"to {company_name(event.new)} for {_money(event.cost)}."
            )
        case Raised():
            return (
                f"{who(event.player)} raised {_span(event.lots)} to height {event.height} "
                f"for {_money(event.cost)}."
            )
        case Reorganized():
            rolls = ", ".join(f"{who(owner)} {pips}" for _, owner, pips in event.rolls)
            return (
                f"{who(event.player)} reorganized {_span(event.lots)} for "
                f"{_money(event.cost)}: {rolls}."
            )
        case DicePlaced():
            placed = ", ".join(f"{lot}={pips}" for lot, pips in event.assignment)
            return f"{who(event.player)} placed their dice: {placed}."
        case Merged():
            name = company_name(event.company)
            size = with_article(f"{len(event.lots)}-space")
            return f"Casinos merged into {size} {name} casino at {event.lots[0]}."
        case TieRerolled():
            rolls = ", ".join(f"{who(owner)} {old}->{new}" for _, owner, old, new in event.rolls)
            return (
                f"Tie for boss at {event.casino[0]} rerolled ({rolls}); "
                f"{who(event.boss)} is the boss."
            )
        case Gambled():
            bet = (
                f"{who(event.player)} bet {_money(event.amount)} at {who(event.boss)}'s {event.lot}"
            )
            rolled = f"rolled {event.dice[0]}+{event.dice[1]}"
            if event.outcome == "lose":
                return f"{bet}, {rolled} and lost."
            return f"{bet}, {rolled} and won {_money(event.from_boss + event.from_bank)}."
        case LayoffChosen():
            choice = "lays off" if event.lay_off else "does not lay off"
            return f"{who(event.player)} {choice} half the bet."
        case DecisionRequired():
            # Like every other line, it starts with the player as named (colours lower case).
            return describe_decision(event.decision, names) + "."
        case TurnEnded():
            return f"{who(event.player)} ends their turn."
        case OfferMade():
            offer = event.offer
            steps = describe_offer(offer, names)
            return f"{who(offer.proposer)} offers trade #{offer.id}: {steps}."
        case OfferAccepted():
            return f"{who(event.player)} accepts offer #{event.offer}."
        case OfferClosed():
            if event.reason == "lapsed":
                return f"Offer #{event.offer} lapsed at the end of the turn."
            if event.reason == "expired":
                return f"Offer #{event.offer} expired: nobody accepted it in time."
            return f"{who(event.player)} {CLOSED_WORDS[event.reason]} offer #{event.offer}."
        case TradeStepDone():
            step = event.step
            if isinstance(step, ActStep):
                what = f"{who(step.player)}'s action"
            else:
                what = describe_step(step, names)
            return f"Trade #{event.offer}, step {event.index + 1}: {what}."
        case TradeStepFailed():
            return f"Trade #{event.offer}, step {event.index + 1} failed: {event.reason}" + (
                f" The {count(event.skipped, 'later step')} did not happen."
                if event.skipped
                else ""
            )
        case TradeFinished():
            return f"Trade #{event.offer} {'completed' if event.complete else 'stopped'}."
        case GameOver():
            return describe_game_over(event, names)
        case TookBack():
            return f"{who(event.player)} took back: {event.command}."
    raise AssertionError(f"no narration for {event!r}")


def describe_game_over(event: GameOver, names: Names = None) -> str:
    """The one line announcing the end: why, who won, with what, then everyone else.

    e.g. `Game over: blue wins Lords of Vegas with 62 points and $30m; then red with
    50 points and $20m.`
    """
    who = namer(names)
    figures = {color: (points, money) for color, points, money in event.standings}
    points, money = figures[event.winners[0]]
    shared = len(event.winners) > 1
    text = (
        f"Game over{END_WORDS[event.reason]}: {and_list([who(c) for c in event.winners])} "
        f"{'win' if shared else 'wins'} Lords of Vegas with {count(points, 'point')} and "
        f"{_money(money)}{' each' if shared else ''}"
    )
    others = [
        f"{who(color)} with {count(points, 'point')} and {_money(money)}"
        for color, points, money in event.standings
        if color not in event.winners
    ]
    return f"{text}; then {', '.join(others)}." if others else f"{text}."
