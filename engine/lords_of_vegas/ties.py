"""Settling who's the boss: dice of different players tied for the top are rerolled."""

from __future__ import annotations

from collections.abc import Iterable

from .board import BOARD
from .casino import Casino, boss_of, casino_map, tied_top
from .events import Event, TieRerolled
from .state import GameState


def settle_ties(state: GameState, lots: Iterable[str], events: list[Event]) -> None:
    """Reroll tied top dice in the casinos on `lots` until each has a single boss.

    Casinos are settled in board order of their first lot; within a round the tied dice
    roll in board order. Only the tied top dice roll, for free, round after round.
    """
    where = casino_map(state)
    casinos: dict[str, Casino] = {}
    for lot in lots:
        casino = where.get(lot)
        if casino is not None:
            casinos.setdefault(casino.lots[0], casino)
    for first in sorted(casinos, key=lambda lot: BOARD.lots[lot].order):
        casino = casinos[first]
        rolls = []
        while tied := tied_top(state, casino):
            for lot in tied:
                die = state.tiles[lot].die
                assert die is not None
                new = state.rng.roll()
                rolls.append((lot, die.owner, die.pips, new))
                die.pips = new
        if rolls:
            boss = boss_of(state, casino)
            assert boss is not None
            events.append(TieRerolled(casino=casino.lots, rolls=tuple(rolls), boss=boss))
