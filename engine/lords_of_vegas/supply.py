"""Finite components: casino tiles per company, dice and markers per player, cards."""

from __future__ import annotations

from typing import Final

from .actions import Color
from .board import BOARD, COMPANIES, STRIP_CARDS, TILES_PER_COMPANY, CardKind, Company
from .state import DICE_PER_PLAYER, MARKERS_PER_PLAYER, GameState


def tiles_left(state: GameState, company: Company) -> int:
    """Casino tiles of `company` not yet on the board."""
    used = sum(1 for tile in state.tiles.values() if tile.company == company)
    return TILES_PER_COMPANY - used


def dice_on_board(state: GameState, color: Color) -> list[str]:
    """Lots whose tile holds this player's die, in board order."""
    lots = [lot for lot, tile in state.tiles.items() if tile.die and tile.die.owner == color]
    return sorted(lots, key=lambda lot: BOARD.lots[lot].order)


def dice_left(state: GameState, color: Color) -> int:
    """Dice this player can still place."""
    used = sum(1 for tile in state.tiles.values() if tile.die and tile.die.owner == color)
    return DICE_PER_PLAYER - used


def parking_lots(state: GameState, color: Color) -> list[str]:
    """Lots holding this player's marker, in board order."""
    lots = [lot for lot, owner in state.lots.items() if owner == color]
    return sorted(lots, key=lambda lot: BOARD.lots[lot].order)


def markers_left(state: GameState, color: Color) -> int:
    """Markers this player can still place."""
    return MARKERS_PER_PLAYER - sum(1 for owner in state.lots.values() if owner == color)


# The kinds of lot card, companies in the rulebook's order, then The Strip.
CARD_KINDS: Final[tuple[CardKind, ...]] = (*COMPANIES, "strip")


def cards_of(kind: CardKind) -> int:
    """How many cards of this kind the deck starts with (the Game Over card aside)."""
    return STRIP_CARDS if kind == "strip" else TILES_PER_COMPANY


def cards_drawn(state: GameState) -> dict[CardKind, int]:
    """How many cards of each kind have been drawn so far, in `CARD_KINDS` order."""
    in_deck = set(state.deck)
    drawn = dict.fromkeys(CARD_KINDS, 0)
    for lot in BOARD.lots.values():
        if lot.id not in in_deck:
            drawn[lot.card] += 1
    return drawn


def is_empty_lot(state: GameState, lot: str) -> bool:
    """A lot with neither a marker nor a tile."""
    return lot not in state.lots and lot not in state.tiles
