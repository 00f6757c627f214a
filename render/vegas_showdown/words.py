"""The words the pictures write: names and what each player is doing.

What an event card does is the engine's wording (`narrate.describe_card`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.vegas_showdown import Color, GameState, describe_card
from engine.vegas_showdown.state import (
    BuyDecision,
    Player,
    PublicityDecision,
    RenovateDecision,
    StackDecision,
)
from engine.vegas_showdown.tables import card_of, tile_name
from engine.words import and_list

from ..charts import shown_name

TARGET_WORDS: Final[dict[str, str]] = {
    "slots": "Slots",
    "slots2": "Slots (2nd)",
    "lounge": "Lounge",
    "restaurant": "Restaurant",
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


def event_cards(state: GameState) -> list[tuple[str, str]]:
    """The round's event cards and those still waiting to be completed: title, what it does."""
    cards: list[tuple[str, str]] = []
    for index in state.drawn:
        copy, card = card_of(index)
        waiting = ", waiting to be completed" if index in state.in_play else ""
        cards.append((f"{card.name} ({copy.symbol} stack){waiting}", describe_card(index)))
    for index in state.in_play:
        if index not in state.drawn:
            card = card_of(index)[1]
            cards.append((f"Still waiting: {card.name}", describe_card(index)))
    return cards


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
