"""The words the pictures write: names, what each player is doing, what a card does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.vegas_showdown import Color, GameState
from engine.vegas_showdown.components import (
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
)
from engine.vegas_showdown.state import (
    BuyDecision,
    Player,
    PublicityDecision,
    RenovateDecision,
    StackDecision,
)
from engine.vegas_showdown.tables import tile_name
from engine.words import and_list, count

from ..charts import shown_name

TARGET_WORDS: Final[dict[str, str]] = {
    "slots": "Slots",
    "slots2": "Slots (2nd)",
    "lounge": "Lounge",
    "restaurant": "Restaurant",
}
_INCOME: Final[dict[str, str]] = {
    "population": "their Population",
    "revenue": "their Revenue",
    "half_lesser": "half the lesser of their Population and Revenue (rounded down)",
}


def display_names(state: GameState, names: Mapping[Color, str] | None) -> dict[Color, str]:
    """Each player's name: the given one when it is not blank, else the colour."""
    given = names or {}
    return {color: shown_name(given.get(color, ""), color) for color in state.colors}


def action_words(player: Player) -> str:
    """What a player chose this round: `bid P2 $29`, `outbid on Slots`, `Publicity`, `-`."""
    if player.action == "bid" and player.bid_on is not None:
        target = TARGET_WORDS.get(player.bid_on, player.bid_on)
        if player.outbid:
            return f"outbid on {target} (${player.bid})"
        return f"bid {target} ${player.bid}"
    if player.action == "renovate":
        return "Renovate"
    if player.action == "publicity":
        return "Publicity"
    if player.action == "pass":
        return "passed"
    return "-"


def status_words(state: GameState, color: Color) -> str | None:
    """What the game waits for from this player now, in a few words (None: nothing)."""
    if state.over:
        return None
    for decision in state.pending:
        if decision.player != color:
            continue
        if isinstance(decision, BuyDecision):
            return f"to place or reserve the {tile_name(decision.tile)}"
        if isinstance(decision, PublicityDecision):
            return "to place a reserve tile, or not"
        if isinstance(decision, RenovateDecision):
            return "to finish renovating"
        if isinstance(decision, StackDecision):
            return f"to choose the stack for {decision.space}"
    if not state.pending and state.current == color and state.step == "actions":
        return "to choose an action"
    return None


def waiting_words(state: GameState, names: Mapping[Color, str]) -> str:
    """Whose move it is, for the board's header."""
    if state.over:
        winners = and_list([names[c] for c in state.winners])
        return f"Game over: {winners} {'win' if len(state.winners) > 1 else 'wins'}"
    waiting = [c for c in state.colors if status_words(state, c) is not None]
    if not waiting:
        return ""
    if len(waiting) == 1:
        return f"Waiting for {names[waiting[0]]} {status_words(state, waiting[0])}"
    return f"Waiting for {and_list([names[c] for c in waiting])} to place their tiles"


def _tiles(tiles: tuple[str, ...]) -> str:
    words = [tile_name(tile) for tile in tiles]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def effect_words(effect: Effect, symbol: str) -> str:
    """One effect of an event card as a sentence; `symbol` is the drawn copy's size symbol."""
    match effect:
        case FamePerTile():
            tiles = _tiles(effect.tiles)
            return f"Everyone gains {effect.amount} Fame per {tiles} tile on their sheet."
        case MoneyPerTile():
            return (
                f"Everyone takes ${effect.amount} per {_tiles(effect.tiles)} tile on their sheet."
            )
        case NoBidBasic():
            return f"No bids on the {tile_name(effect.tile)} this round."
        case NoBidPremierSize():
            size = symbol if effect.size == "symbol" else effect.size
            return f"No bids on {size} premier tiles this round."
        case NoAction():
            return f"Nobody may choose {effect.action.capitalize()} this round."
        case PremierPriceShift():
            way = "up" if effect.circles > 0 else "down"
            circles = count(abs(effect.circles), "circle")
            return f"Premier prices already on the board move {way} {circles}."
        case IncomeFormula():
            return f"This round each player collects {_INCOME[effect.formula]} as income."
        case FameToRank():
            stat = effect.stat.capitalize()
            return f"Whoever has the {effect.which} {stat} gains {effect.amount} Fame (ties too)."
        case MoneyToRank():
            return f"Whoever has the {effect.which} cash takes ${effect.amount} (ties too)."
        case FameAll():
            return f"Everyone gains {effect.amount} Fame."
        case MoneyAll():
            return f"Everyone takes ${effect.amount}."
        case PublicityFame():
            return f"Publicity gives {effect.amount} Fame this round."
        case FameIfConnected():
            return f"Everyone whose entrances are joined gains {effect.amount} Fame."
        case LingeringFirstPremierPlacement():
            return (
                f"The first to put a premier tile on their sheet gains {effect.amount} Fame; "
                "the card waits until someone does."
            )
        case ChooseStack():
            return "The button holder chooses the stack that fills the space."
    return ""


def card_words(card: EventCard, symbol: str) -> str:
    """Everything an event card does, in words."""
    return " ".join(effect_words(effect, symbol) for effect in card.effects)
