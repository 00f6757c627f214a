"""Finite components: casino tiles per company, dice and markers per player."""

from __future__ import annotations

from .actions import Color
from .board import BOARD, TILES_PER_COMPANY, Company
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


def is_empty_lot(state: GameState, lot: str) -> bool:
    """A lot with neither a marker nor a tile."""
    return lot not in state.lots and lot not in state.tiles
