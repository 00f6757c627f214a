"""How good a position is for a player, in points, from public knowledge only.

Value = points on the track
      + points expected from the casinos they boss (each future scoring of a casino's
        company, or of The Strip for casinos on it, moves the marker as the track's
        breaks allow; a boss die whose lot card is still in the deck may be lost)
      + money, now and to come (dice pips and parking lots pay on future draws), at a
        rate that falls as the game nears its end, when money only breaks ties.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..actions import Color
from ..board import BOARD
from ..casino import Casino, all_casinos
from ..scoring import advance
from ..state import GameState
from .view import Outlook

# How much a $1m is worth, in points, with the whole game ahead; it fades to TIE_BREAK.
MONEY_EARLY: Final = 0.35
TIE_BREAK: Final = 0.002
# Money still to come is worth less than money in hand (fewer chances to spend it).
LATER: Final = 0.5
# Cards still in the deck at the start of a typical game, to scale the money rate.
FULL_GAME_DRAWS: Final = 30


@dataclass(frozen=True, slots=True)
class Weights:
    """Tunable parts of the evaluation (the levels differ only in how they search)."""

    money_early: float = MONEY_EARLY
    later: float = LATER
    boss_risk: float = 0.5
    # How likely rivals with dice in a casino are to reorganize it (0: ignore the threat).
    contest: float = 0.0


def money_rate(view: Outlook, weights: Weights) -> float:
    """Points per $1m at this stage of the game."""
    stage = min(1.0, view.draws_left / FULL_GAME_DRAWS)
    return weights.money_early * stage + TIE_BREAK


def casino_scorings(view: Outlook, casino: Casino) -> float:
    """How many more times the casino is expected to pay and score."""
    times = view.scorings.get(casino.company, 0.0)
    return times + view.scorings.get("strip", 0.0) if casino.on_strip else times


def value(state: GameState, player: Color, view: Outlook, weights: Weights = Weights()) -> float:
    """The player's position, in points (see the module's explanation)."""
    return values(state, view, weights)[player]


@dataclass(frozen=True, slots=True)
class Ledger:
    """One player's position in parts, as the evaluations weigh it."""

    points: int  # on the track
    expected: float  # points expected from the casinos they boss
    money: int
    lot_value: float  # half the price of every lot they own
    income: float  # money their dice should still earn
    parking: float  # money their lots should still earn
    dice: int  # their dice on the board

    def worth(self, rate: float, weights: Weights) -> float:
        """The position in points, money counted at `rate` points per $1m."""
        later = weights.later * (self.income + self.parking)
        return self.points + self.expected + rate * (self.money + self.lot_value + later)


def values(state: GameState, view: Outlook, weights: Weights = Weights()) -> dict[Color, float]:
    """Every player's position, in points, from one pass over the casinos."""
    return worths(ledgers(state, view, weights), view, weights)


def worths(
    books: dict[Color, Ledger], view: Outlook, weights: Weights = Weights()
) -> dict[Color, float]:
    """Every player's position, in points, from their ledgers."""
    rate = money_rate(view, weights)
    return {color: book.worth(rate, weights) for color, book in books.items()}


def ledgers(state: GameState, view: Outlook, weights: Weights = Weights()) -> dict[Color, Ledger]:
    """Every player's position in parts (see `Ledger`), from one pass over the casinos."""
    position = {p.color: p.points for p in state.players}
    expected_points = dict.fromkeys(position, 0.0)
    income = dict.fromkeys(position, 0.0)
    on_board = dict.fromkeys(position, 0)
    keep = 1.0 - view.pending_lot * weights.boss_risk
    undrawn = view.undrawn
    tiles = state.tiles
    for casino in all_casinos(state):
        times = casino_scorings(view, casino)
        top_pips, top_owner, top_lot = 0, None, ""
        pips_of: dict[Color, float] = {}
        dice: dict[Color, int] = {}
        pips_total = 0
        for lot in casino.lots:
            die = tiles[lot].die
            if die is None:
                continue
            owner, pips = die.owner, die.pips
            dice[owner] = dice.get(owner, 0) + 1
            pips_total += pips
            if pips > top_pips:
                top_pips, top_owner, top_lot = pips, owner, lot
            # A die whose lot card is still out may be taken over by its drawer.
            pips_of[owner] = pips_of.get(owner, 0.0) + (pips * keep if lot in undrawn else pips)
        for owner, count in dice.items():
            on_board[owner] += count
        if times <= 0.0:
            continue
        for owner, held in pips_of.items():
            income[owner] += times * held
        if top_owner is None:
            continue
        security = keep if top_lot in undrawn else 1.0
        contested = _contest(state, dice, top_owner, pips_total, weights)
        for color in (top_owner, *contested):
            start = position[color]
            worth = times * (advance(start, casino.tiles)[0] - start)
            if color == top_owner:
                expected_points[color] += worth * security * (1.0 - sum(contested.values()))
            else:
                expected_points[color] += worth * contested[color]
    lots = dict.fromkeys(position, 0)
    lot_value = dict.fromkeys(position, 0.0)
    for lot, owner in state.lots.items():
        if owner is not None:
            lots[owner] += 1
            lot_value[owner] += BOARD.lots[lot].price * 0.5
    return {
        p.color: Ledger(
            points=p.points,
            expected=expected_points[p.color],
            money=p.money,
            lot_value=lot_value[p.color],
            income=income[p.color],
            parking=float(lots[p.color] * view.draws_left),
            dice=on_board[p.color],
        )
        for p in state.players
    }


def _contest(
    state: GameState, dice: dict[Color, int], boss: Color, pips: int, weights: Weights
) -> dict[Color, float]:
    """Chance each rival with dice in a casino takes it over by reorganizing it."""
    if not weights.contest:
        return {}
    total = sum(dice.values())
    return {
        color: weights.contest * count / total
        for color, count in dice.items()
        if color != boss and state.player(color).money >= pips
    }


def standing(state: GameState, player: Color, view: Outlook, weights: Weights = Weights()) -> float:
    """The player's value minus the best rival's: what a competitive player maximises."""
    return standing_of(values(state, view, weights), player)


def standing_of(worth: dict[Color, float], player: Color) -> float:
    """`player`'s value minus the best rival's, from everyone's values."""
    rivals = [value for color, value in worth.items() if color != player]
    return worth[player] - max(rivals) if rivals else worth[player]
