"""The end of the game: who won, and the final standings."""

from __future__ import annotations

from typing import Literal

from .actions import Color
from .events import Event, GameOver
from .state import GameState

EndReason = Literal["game_over_card", "jackpot", "instant_win", "deck_empty"]


def standings(state: GameState) -> list[tuple[Color, int, int]]:
    """(colour, points, money) for every player, best first: points, then money."""
    ranked = sorted(state.players, key=lambda p: (-p.points, -p.money, state.colors.index(p.color)))
    return [(p.color, p.points, p.money) for p in ranked]


def finish(
    state: GameState, reason: EndReason, events: list[Event], winner: Color | None = None
) -> None:
    """End the game. The winner is `winner` if given, else most points, ties to most money."""
    table = standings(state)
    if winner is not None:
        winners: list[Color] = [winner]
    else:
        _, best_points, best_money = table[0]
        winners = [c for c, points, money in table if (points, money) == (best_points, best_money)]
    state.over = True
    state.winners = winners
    state.offers = []
    state.pending = []
    state.trade = None
    state.paused_draw = None
    events.append(GameOver(reason=reason, winners=tuple(winners), standings=tuple(table)))
