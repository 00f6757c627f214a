"""The end of the game: final scoring by category, the winners and the standings."""

from __future__ import annotations

from typing import Final

from .actions import Color
from .events import Event, FinalScored, GameOver
from .sheet_scoring import sheet_bonuses
from .state import EndReason, GameState, Player
from .tables import COMPONENTS
from .tracks import gain_fame

FILLED_AREA_FAME: Final = 5
CONNECTED_FAME: Final = 3
RANK_FAME: Final = (5, 3, 1)
FULL_DIAMOND_FAME: Final = 3
THREE_QUARTER_DIAMOND_FAME: Final = 1
DOLLARS_PER_FAME: Final = 10
FINAL_FAME: Final = "final scoring"
# The categories of final scoring, in the order they are announced.
CATEGORIES: Final = (
    "filled_casino",
    "filled_hotel",
    "connected",
    "population",
    "revenue",
    "cash",
    "full_diamonds",
    "three_quarter_diamonds",
)


def standings(state: GameState) -> list[tuple[Color, int, int]]:
    """(colour, Fame, cash) for every player, best first: Fame, then cash."""
    order = state.colors
    ranked = sorted(state.players, key=lambda p: (-p.fame, -p.money, order.index(p.color)))
    return [(p.color, p.fame, p.money) for p in ranked]


def rank_fame(values: dict[Color, int]) -> dict[Color, int]:
    """Fame for the highest values: 5, 3 and 1 for the first three places.

    Tied players share the Fame of every place they occupy together, rounded down (two
    tied for first get (5 + 3) // 2 = 4 each); the next player takes the place after them.
    """
    ordered = sorted(values.values(), reverse=True)
    fame: dict[Color, int] = {}
    for color, value in values.items():
        first = ordered.index(value)
        tied = ordered.count(value)
        places = [RANK_FAME[i] if i < len(RANK_FAME) else 0 for i in range(first, first + tied)]
        fame[color] = sum(places) // tied
    return fame


def final_scores(state: GameState) -> dict[Color, dict[str, int]]:
    """Each player's end-of-game Fame by category (before it is added)."""
    population = rank_fame({p.color: p.population for p in state.players})
    revenue = rank_fame({p.color: p.revenue for p in state.players})
    scores: dict[Color, dict[str, int]] = {}
    for player in state.players:
        bonuses = sheet_bonuses(COMPONENTS, player.sheet)
        scores[player.color] = {
            "filled_casino": FILLED_AREA_FAME if bonuses.filled_casino else 0,
            "filled_hotel": FILLED_AREA_FAME if bonuses.filled_hotel else 0,
            "connected": CONNECTED_FAME if bonuses.connected else 0,
            "population": population[player.color],
            "revenue": revenue[player.color],
            "cash": player.money // DOLLARS_PER_FAME,
            "full_diamonds": FULL_DIAMOND_FAME * bonuses.full_diamonds,
            "three_quarter_diamonds": THREE_QUARTER_DIAMOND_FAME * bonuses.three_quarter_diamonds,
        }
    return scores


def finish(state: GameState, reason: EndReason, events: list[Event]) -> None:
    """End the game now: score every category, turn cash into Fame, name the winners."""
    scores = final_scores(state)
    for player in state.players:
        _score(player, scores[player.color], events)
    table = standings(state)
    _, best_fame, best_money = table[0]
    state.winners = [c for c, fame, money in table if (fame, money) == (best_fame, best_money)]
    state.final_scores = scores
    state.over = True
    state.step = "over"
    state.end_reason = reason
    state.current = None
    state.pending = []
    state.filling = None
    events.append(GameOver(reason=reason, winners=tuple(state.winners), standings=tuple(table)))


def _score(player: Player, scores: dict[str, int], events: list[Event]) -> None:
    gain_fame(player, sum(scores.values()), FINAL_FAME)
    player.money -= DOLLARS_PER_FAME * scores["cash"]
    events.append(
        FinalScored(player=player.color, scores=scores, fame=player.fame, money=player.money)
    )
