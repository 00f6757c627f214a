"""Moving a player's Fame, Population and Revenue markers, keeping Fame's sources apart.

Fame printed on tiles counts while the tile is on the sheet; every other Fame (publicity,
event cards, final scoring) is written in the player's `fame_from` ledger as well, so
Fame always equals the sheet's printed Fame plus the ledger.
"""

from __future__ import annotations

from .state import Player
from .tables import TILES


def gain_fame(player: Player, amount: int, source: str) -> None:
    """Move `player`'s Fame marker by `amount` for a reason no tile prints."""
    player.fame += amount
    player.fame_from[source] = player.fame_from.get(source, 0) + amount


def count_tile(player: Player, tile: str, sign: int) -> None:
    """Add (sign 1) or take away (sign -1) a tile's Population, Revenue and Fame."""
    facts = TILES[tile]
    player.population += sign * facts.population
    player.revenue += sign * facts.revenue
    player.fame += sign * facts.fame
