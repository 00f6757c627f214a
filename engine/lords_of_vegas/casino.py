"""Casinos: groups of edge-connected tiles of one company and one height in one block.

Casinos are not stored; they are derived from the tiles. Because build, sprawl,
remodel and raise always act on whole casinos and tiles are never removed, the
derived groups merge exactly when the rules say and never split.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from .actions import Color
from .board import BOARD, Company
from .state import GameState


@dataclass(frozen=True, slots=True)
class Casino:
    """One casino: its lots in board order, company and height."""

    lots: tuple[str, ...]
    company: Company
    height: int
    # True when any of its lots has an edge on The Strip (fixed by its lots, so computed
    # once: payouts and the AI's evaluation ask it for every casino on every move).
    on_strip: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "on_strip", any(BOARD.lots[lot].strip_edge for lot in self.lots))

    @property
    def spaces(self) -> int:
        """How many lots the casino covers."""
        return len(self.lots)

    @property
    def tiles(self) -> int:
        """Casino tiles plus risers: its point value and betting size."""
        return len(self.lots) * self.height

    @property
    def name(self) -> str:
        """How players refer to it: by its first lot."""
        return self.lots[0]


Layout = tuple[tuple[str, Company, int], ...]


def _layout(state: GameState) -> Layout:
    return tuple([(lot, tile.company, tile.height) for lot, tile in state.tiles.items()])


def casino_map(state: GameState) -> Mapping[str, Casino]:
    """Map every lot with a tile to the casino it belongs to (read-only)."""
    return _partition(_layout(state))[0]


def all_casinos(state: GameState) -> tuple[Casino, ...]:
    """Every casino on the board, ordered by its first lot."""
    return _partition(_layout(state))[1]


@lru_cache(maxsize=4096)
def _partition(layout: Layout) -> tuple[Mapping[str, Casino], tuple[Casino, ...]]:
    # Casinos depend only on where tiles are, their company and height, so the grouping
    # is computed once per layout; dice never change it.
    tiles = {lot: (company, height) for lot, company, height in layout}
    found: dict[str, Casino] = {}
    for start in sorted(tiles, key=lambda lot: BOARD.lots[lot].order):
        if start in found:
            continue
        kind = tiles[start]
        group = [start]
        seen = {start}
        for lot in group:
            for near in BOARD.lots[lot].neighbors:
                if near not in seen and tiles.get(near) == kind:
                    seen.add(near)
                    group.append(near)
        ordered = tuple(sorted(group, key=lambda lot: BOARD.lots[lot].order))
        casino = Casino(ordered, kind[0], kind[1])
        for lot in group:
            found[lot] = casino
    unique = {casino.lots[0]: casino for casino in found.values()}
    ordered_casinos = tuple(sorted(unique.values(), key=lambda c: BOARD.lots[c.lots[0]].order))
    return MappingProxyType(found), ordered_casinos


def casino_at(state: GameState, lot: str) -> Casino | None:
    """The casino with a tile on `lot`, or None for an empty or parking lot."""
    return casino_map(state).get(lot)


def dice_in(state: GameState, casino: Casino) -> list[tuple[str, Color, int]]:
    """(lot, owner, pips) for every die in the casino, in board order."""
    result = []
    for lot in casino.lots:
        die = state.tiles[lot].die
        if die is not None:
            result.append((lot, die.owner, die.pips))
    return result


def boss_of(state: GameState, casino: Casino) -> Color | None:
    """The owner of the casino's highest die; None when it has no dice.

    Ties between players never last (they are rerolled at once), so the top die has
    exactly one owner whenever the engine is waiting for a command.
    """
    lot = boss_lot(state, casino)
    die = None if lot is None else state.tiles[lot].die
    return None if die is None else die.owner


def boss_lot(state: GameState, casino: Casino) -> str | None:
    """The lot of the boss's top die (the first in board order among equals), or None."""
    best: tuple[int, str] | None = None
    for lot in casino.lots:
        die = state.tiles[lot].die
        if die is not None and (best is None or die.pips > best[0]):
            best = (die.pips, lot)
    return None if best is None else best[1]


def tied_top(state: GameState, casino: Casino) -> list[str]:
    """Lots of the top-valued dice when they belong to two or more players, else []."""
    dice = dice_in(state, casino)
    if not dice:
        return []
    top = max(pips for _, _, pips in dice)
    holders = [(lot, owner) for lot, owner, pips in dice if pips == top]
    if len({owner for _, owner in holders}) < 2:
        return []
    return [lot for lot, _ in holders]
