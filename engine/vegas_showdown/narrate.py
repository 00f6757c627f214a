"""Plain-English lines for events, pending decisions and event cards, for logs and chat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.words import count, namer

from .actions import BidTarget, Color
from .components import (
    ChooseStack,
    Effect,
    EventCard,
    FameAll,
    FameIfConnected,
    FamePerTile,
    FameToRank,
    IncomeFormula,
    LingeringFirstPremierPlacement,
    MoneyAll,
    MoneyPerTile,
    MoneyToRank,
    NoAction,
    NoBidBasic,
    NoBidPremierSize,
    PremierPriceShift,
    PublicityFame,
    SizeSymbol,
)
from .events import (
    ActionChosen,
    BidPlaced,
    ButtonPassed,
    CardCompleted,
    CardDrawn,
    CardInPlay,
    DecisionRequired,
    Event,
    FameGained,
    FinalScored,
    GameOver,
    GameStarted,
    IncomeCollected,
    MoneyGained,
    NoBidPlaced,
    Outbid,
    PlacementFinished,
    PriceDropped,
    PriceShifted,
    RenovationUndone,
    RoundRuleChanged,
    RoundStarted,
    StackChosen,
    StackEmpty,
    TileBought,
    TileDiscarded,
    TileFlipped,
    TilePlaced,
    TileRemoved,
    TileReserved,
    TookBack,
)
from .sheet import cell_name
from .state import BuyDecision, Decision, PublicityDecision, RenovateDecision
from .tables import card_of, tile_name

Names = Mapping[Color, str] | None

CATEGORY_NAMES: Final[dict[str, str]] = {
    "filled_casino": "filled casino",
    "filled_hotel": "filled hotel",
    "connected": "connected entrances",
    "population": "Population rank",
    "revenue": "Revenue rank",
    "cash": "cash",
    "full_diamonds": "full diamonds",
    "three_quarter_diamonds": "three-quarter diamonds",
}
_INCOME: Final[dict[str, str]] = {
    "lesser": "the lesser of Population and Revenue",
    "population": "their Population",
    "revenue": "their Revenue",
    "half_lesser": "half the lesser of Population and Revenue (rounded down)",
}
_NO_BID: Final[dict[str, str]] = {
    "renovate": "nobody may Renovate",
    "publicity": "nobody may take Publicity",
    "small": "nobody may bid on small premier tiles",
    "medium": "nobody may bid on medium premier tiles",
    "large": "nobody may bid on large premier tiles",
}


_ACTION_NAMES: Final[dict[str, str]] = {"renovate": "Renovate", "publicity": "Publicity"}
_RANKED: Final[dict[str, str]] = {
    "population": "Population",
    "revenue": "Revenue",
    "fame": "Fame",
    "cash": "cash",
}


def _either(tiles: tuple[str, ...]) -> str:
    names = [tile_name(tile) for tile in tiles]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _rank(which: str, stat: str) -> str:
    if stat == "cash":
        return "the most cash" if which == "highest" else "the least cash"
    return f"the {which} {_RANKED[stat]}"


def describe_effect(effect: Effect, symbol: SizeSymbol | None = None) -> str:
    """One effect of an event card as a short sentence (the board picture has little room).

    `symbol` is the size symbol on the copy drawn; without it, a card that bars its own
    size says so in general terms.
    """
    match effect:
        case FamePerTile():
            tiles = _either(effect.tiles)
            return f"Every player gains {effect.amount} Fame per {tiles} on their sheet."
        case MoneyPerTile():
            tiles = _either(effect.tiles)
            return f"Every player takes ${effect.amount} per {tiles} on their sheet."
        case NoBidBasic():
            return f"Nobody may bid on the {tile_name(effect.tile)} this round."
        case NoBidPremierSize():
            size = symbol if effect.size == "symbol" else effect.size
            if size == "any":
                return "This copy shows no size, so no premier tile is barred."
            tiles = f"{size} premier tiles" if size else "premier tiles of the card's size"
            return f"Nobody may bid on {tiles} this round, even the one this card brings out."
        case NoAction():
            return f"Nobody may choose {_ACTION_NAMES[effect.action]} this round."
        case PremierPriceShift():
            steps = count(abs(effect.circles), "circle")
            if effect.circles < 0:
                return f"Premier tiles already on the board drop {steps} in price (not below $3)."
            return (
                f"Premier tiles already on the board rise {steps} in price "
                "(not above their printed price)."
            )
        case IncomeFormula():
            return f"This round each player's income is {_INCOME[effect.formula]}."
        case FameToRank():
            who = _rank(effect.which, effect.stat)
            return f"Whoever has {who} gains {effect.amount} Fame (all tied players do)."
        case MoneyToRank():
            who = _rank(effect.which, effect.stat)
            return f"Whoever has {who} takes ${effect.amount} (all tied players do)."
        case FameAll():
            return f"Every player gains {effect.amount} Fame."
        case MoneyAll():
            return f"Every player takes ${effect.amount}."
        case PublicityFame():
            return f"This round Publicity gives {effect.amount} Fame instead of 1."
        case FameIfConnected():
            return (
                "Every player whose casino and hotel entrances are already joined gains "
                f"{effect.amount} Fame."
            )
        case LingeringFirstPremierPlacement():
            return (
                f"The first player to put a premier tile on their sheet gains {effect.amount} "
                "Fame; the card stays until then."
            )
        case ChooseStack():
            return "The button holder picks which premier stack (with tiles left) fills the space."
    raise AssertionError(f"no words for the effect {effect!r}")


def describe_card(card: int | EventCard, symbol: SizeSymbol | None = None) -> str:
    """What an event card does, in plain words: every effect, in the order it acts.

    `card` is a card of the deck (its index, whose copy's size symbol is used) or a card
    type, with the `symbol` of a copy when known.
    """
    if isinstance(card, int):
        copy, card = card_of(card)
        symbol = copy.symbol
    elif symbol is None and len(set(card.size_symbols)) == 1:
        symbol = card.size_symbols[0]
    return " ".join(describe_effect(effect, symbol) for effect in card.effects)


def _track(target: BidTarget) -> str:
    if target == "slots2":
        return "the second Slots track"
    if target.startswith("P"):
        return f"premier space {target}"
    return f"the {tile_name(target)} track"


def _at(x: int, y: int, rot: int) -> str:
    turn = f", turned {rot * 90}°" if rot else ""
    return f"at {cell_name((x, y))}{turn}"


def describe_decision(decision: Decision, names: Names = None, *, hint: bool = True) -> str:
    """What a pending decision asks, e.g. `red must place or reserve the Lounge`."""
    who = namer(names)(decision.player)
    if isinstance(decision, BuyDecision):
        text = f"{who} must place or reserve the {tile_name(decision.tile)} they bought"
        command = "`place <tile> <cell> <turn>` or `reserve`"
    elif isinstance(decision, PublicityDecision):
        text = f"{who} may place one tile from their reserve"
        command = "`place <tile> <cell> <turn>` or `done`"
    elif isinstance(decision, RenovateDecision):
        text = f"{who} is renovating: up to 2 tiles off, then up to 2 on"
        command = "`remove <cell>`, `place ...`, then `done` (or `undo`, `cancel`)"
    else:
        text = f"{who} must choose the premier stack that fills {decision.space}"
        command = "`stack small|medium|large`"
    return f"{text} with {command}" if hint else text


def describe(event: Event, names: Names = None) -> str:
    """One line a player can read for any event.

    `names` maps colours to how players should be called (e.g. `Alice (red)`); by
    default players are called by their colour.
    """
    who = namer(names)
    match event:
        case GameStarted():
            seats = ", ".join(who(c) for c in event.players)
            text = f"Vegas Showdown begins: {seats}. {who(event.button)} holds the button."
            if event.removed:
                text += f" {len(event.removed)} basic tiles are set aside for 3 players."
            return text
        case RoundStarted():
            return f"Round {event.round}: {who(event.button)} acts first."
        case PriceDropped():
            return (
                f"The {tile_name(event.tile)} on {event.space} drops from ${event.old} "
                f"to ${event.new}."
            )
        case TileDiscarded():
            return (
                f"Nobody bought the {tile_name(event.tile)} on {event.space} even at $3: "
                "it leaves the game."
            )
        case CardDrawn():
            return f"Event for {event.space}: {event.name} ({event.symbol} stack)."
        case FameGained():
            sign = "gains" if event.amount >= 0 else "loses"
            return f"{who(event.player)} {sign} {abs(event.amount)} Fame ({event.reason})."
        case MoneyGained():
            return f"{who(event.player)} takes ${event.amount} from the bank ({event.reason})."
        case NoBidPlaced():
            what = _NO_BID.get(event.what, f"nobody may bid on the {tile_name(event.what)}")
            return f"{event.reason}: {what} this round."
        case PriceShifted():
            return (
                f"{event.reason}: the {tile_name(event.tile)} on {event.space} now starts at "
                f"${event.new} (was ${event.old})."
            )
        case RoundRuleChanged():
            if event.income is not None:
                return f"{event.reason}: this round everyone's income is {_INCOME[event.income]}."
            return f"{event.reason}: Publicity is worth {event.publicity_fame} Fame this round."
        case CardInPlay():
            return f"{event.name} stays in play until someone completes it."
        case CardCompleted():
            return f"{event.name} is completed and discarded."
        case StackChosen():
            return f"{who(event.player)} chooses the {event.size} premier stack."
        case TileFlipped():
            return f"Up for auction on {event.space}: {tile_name(event.tile)}, from ${event.price}."
        case StackEmpty():
            if event.size is None:
                return "Every premier stack is empty."
            return f"The {event.size} premier stack is empty."
        case IncomeCollected():
            paid = ", ".join(f"{who(c)} ${amount}" for c, amount in event.payments.items())
            return f"Income: {paid}."
        case BidPlaced():
            return (
                f"{who(event.player)} bids ${event.amount} for the {tile_name(event.tile)} "
                f"({_track(event.target)})."
            )
        case Outbid():
            return (
                f"{who(event.player)} is outbid on the {tile_name(event.tile)} by {who(event.by)} "
                "and will choose again."
            )
        case ActionChosen():
            if event.action == "pass":
                return f"{who(event.player)} has no action they may take and passes."
            action = "Renovate" if event.action == "renovate" else "Publicity"
            return f"{who(event.player)} chooses {action}."
        case TileBought():
            return f"{who(event.player)} buys the {tile_name(event.tile)} for ${event.price}."
        case TilePlaced():
            return (
                f"{who(event.player)} places the {tile_name(event.tile)} "
                f"{_at(event.x, event.y, event.rot)}."
            )
        case TileReserved():
            why = " (it cannot go on the sheet yet)" if event.automatic else ""
            return f"{who(event.player)} keeps the {tile_name(event.tile)} in reserve{why}."
        case TileRemoved():
            return (
                f"{who(event.player)} takes the {tile_name(event.tile)} at "
                f"{cell_name((event.x, event.y))} off the sheet."
            )
        case RenovationUndone():
            if event.finished:
                return f"{who(event.player)} cancels the renovation; nothing changes."
            return f"{who(event.player)} starts the renovation again."
        case PlacementFinished():
            return f"{who(event.player)} is done placing."
        case DecisionRequired():
            # Colours and names are written as they are, even first: "red must place ...".
            return describe_decision(event.decision, names) + "."
        case ButtonPassed():
            return f"The button passes to {who(event.player)}."
        case FinalScored():
            parts = ", ".join(
                f"{CATEGORY_NAMES[category]} {fame}"
                for category, fame in event.scores.items()
                if fame
            )
            return (
                f"Final scoring for {who(event.player)}: {parts or 'nothing'}; "
                f"{event.fame} Fame, ${event.money} left."
            )
        case GameOver():
            reason = (
                "a sheet is full"
                if event.reason == "sheet_full"
                else "a premier tile was needed from an empty stack"
            )
            table = "; ".join(
                f"{who(c)} {fame} Fame, ${money}" for c, fame, money in event.standings
            )
            if len(event.winners) > 1:
                winners = " and ".join(who(c) for c in event.winners) + " share the win"
            else:
                winners = f"{who(event.winners[0])} wins"
            return f"Game over ({reason}). {winners}. {table}."
        case TookBack():
            return f"{who(event.player)} took back: {event.command}."
    raise AssertionError(f"no narration for {event!r}")
