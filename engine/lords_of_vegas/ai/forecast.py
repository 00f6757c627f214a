"""How a game is likely to end: the final points margin a position predicts.

The hand-made evaluation (`value.py`) adds up a player's parts at fixed rates; it is
what normal chooses its moves by. The forecast weighs the same parts, plus the number
of dice a player has on the board, at rates fitted to how thousands of normal-vs-normal
games really ended (`benchmarks.ai_fit` plays them and prints `RATES`), and it predicts
the final margin better. The fit weighs a boss's expected points at about a fifth of
what the hand-made evaluation counts (bosses lose casinos, and big casinos stall at the
track's breaks) and each die on the board at two to four points by mid-game. Hard
judges the futures it plays out by it.

The rates depend on the stage of the game, so there is one row per stage: cards still
to be drawn before Game Over, in steps of `STAGE_CARDS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..actions import Color
from ..state import GameState
from .value import Ledger, ledgers
from .view import Outlook

STAGE_CARDS: Final = 4
# One row per stage (0-3 cards left, 4-7, ... 28 or more); in each row, the points a
# unit of each part of the ledger is worth at the end of the game, in the order of
# `PARTS`. Printed by `python -m benchmarks.ai_fit` (see its docstring for the games).
PARTS: Final = ("points", "expected", "money", "lot_value", "income", "parking", "dice")
RATES: Final[tuple[tuple[float, ...], ...]] = (
    (0.9740, 0.3799, 0.0367, -0.0041, 0.0786, 0.1644, 0.6571),
    (0.9439, 0.2630, 0.0756, -0.0253, 0.0630, 0.1126, 1.4383),
    (0.9480, 0.2101, 0.1147, -0.0187, 0.0639, 0.0563, 1.9787),
    (0.8834, 0.2027, 0.1741, -0.0303, 0.0801, 0.0733, 2.4755),
    (0.6738, 0.1848, 0.2369, -0.0179, 0.0812, 0.1071, 3.2260),
    (0.4090, 0.1763, 0.3526, 0.0061, 0.0819, 0.1210, 3.8587),
    (0.3115, 0.1688, 0.3723, -0.0321, 0.1050, 0.1396, 3.6141),
    (0.6118, 0.1100, 0.3430, 0.0566, 0.1478, 0.1060, 1.7472),
)


def stage(draws_left: int) -> int:
    """The row of `RATES` for a game with this many cards left before Game Over."""
    return min(draws_left // STAGE_CARDS, len(RATES) - 1)


def parts(book: Ledger) -> tuple[float, ...]:
    """The ledger's numbers in the order of `PARTS`."""
    return tuple(float(getattr(book, name)) for name in PARTS)


def weigh(rates: Sequence[float], numbers: Sequence[float]) -> float:
    """Points at the end of the game for these numbers (in the order of `PARTS`)."""
    return sum(rate * x for rate, x in zip(rates, numbers, strict=True))


def forecasts(state: GameState, view: Outlook) -> dict[Color, float]:
    """Every player's predicted final points (their margin, once a rival's is taken off)."""
    rates = RATES[stage(view.draws_left)]
    return {color: weigh(rates, parts(book)) for color, book in ledgers(state, view).items()}


def predicted_margin(state: GameState, player: Color, view: Outlook) -> float:
    """The player's predicted final points minus the best rival's."""
    every = forecasts(state, view)
    mine = every.pop(player)
    return mine - max(every.values()) if every else mine
