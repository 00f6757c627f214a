"""Gamble: a field bet at a casino another player bosses, once per turn.

Rolls of 3, 4, 9, 10 or 11 win even money, 2 and 12 pay double, 5 to 8 lose. The
boss pays no more than they have. Classic edition: before the roll the boss may lay
off half the bet to the bank (the boss then pays or receives half, rounded down).
"""

from __future__ import annotations

from typing import Literal

from engine.words import count

from .actions import Color, Gamble, Layoff
from .casino import Casino, boss_of
from .checks import money, require_casino
from .errors import IllegalAction
from .events import DecisionRequired, Event, Gambled, LayoffChosen
from .state import GameState, LayoffDecision

BET_PER_TILE = 5
WINNING_TOTALS = frozenset({3, 4, 9, 10, 11})
DOUBLE_TOTALS = frozenset({2, 12})


def max_bet(state: GameState, player: Color, casino: Casino) -> int:
    """The largest bet `player` may place at `casino` (0 when none is allowed)."""
    boss = boss_of(state, casino)
    if boss is None or boss == player:
        return 0
    limit = min(BET_PER_TILE * casino.tiles, state.player(player).money)
    if state.edition == "updated":
        limit = min(limit, state.player(boss).money)
    return limit


def gamble(state: GameState, player: Color, action: Gamble, events: list[Event]) -> None:
    """Bet at another player's casino; the classic edition first asks the boss to lay off."""
    if state.gambled:
        raise IllegalAction("You have already gambled this turn (once per turn).")
    casino = require_casino(state, action.lot)
    boss = boss_of(state, casino)
    if boss is None:
        raise IllegalAction(f"The casino at {action.lot} has no boss to bet against.")
    if boss == player:
        raise IllegalAction(
            f"You are the boss of the casino at {action.lot}: gamble at someone else's."
        )
    table_limit = BET_PER_TILE * casino.tiles
    if action.amount > table_limit:
        raise IllegalAction(
            f"The most you can bet at the casino at {action.lot} is {money(table_limit)} "
            f"($5m per tile, {count(casino.tiles, 'tile')})."
        )
    have = state.player(player).money
    if action.amount > have:
        raise IllegalAction(f"You cannot bet {money(action.amount)}: you have {money(have)}.")
    boss_money = state.player(boss).money
    if state.edition == "updated" and action.amount > boss_money:
        raise IllegalAction(
            f"You cannot bet more than the boss has: {boss} has {money(boss_money)}."
        )

    state.gambled = True
    if state.edition == "classic":
        decision = state.ask(
            LayoffDecision(player=boss, gambler=player, lot=action.lot, amount=action.amount)
        )
        events.append(DecisionRequired(decision=decision))
        return
    _settle(state, player, boss, action.lot, action.amount, False, events)


def layoff(state: GameState, player: Color, action: Layoff, events: list[Event]) -> None:
    """The boss answers the lay-off question; then the gambler's dice roll."""
    decision = next(
        (d for d in state.pending if isinstance(d, LayoffDecision) and d.player == player), None
    )
    if decision is None:
        raise IllegalAction("Nobody is asking you to lay off a bet right now.")
    state.pending.remove(decision)
    events.append(LayoffChosen(player=player, lay_off=action.accept))
    _settle(state, decision.gambler, player, decision.lot, decision.amount, action.accept, events)


def _settle(
    state: GameState,
    gambler: Color,
    boss: Color,
    lot: str,
    amount: int,
    laid_off: bool,
    events: list[Event],
) -> None:
    dice = (state.rng.roll(), state.rng.roll())
    total = sum(dice)
    punter, house = state.player(gambler), state.player(boss)
    from_boss = from_bank = to_boss = to_bank = 0
    outcome: Literal["win", "double", "lose"]
    if total in WINNING_TOTALS or total in DOUBLE_TOTALS:
        outcome = "double" if total in DOUBLE_TOTALS else "win"
        winnings = amount * (2 if outcome == "double" else 1)
        boss_share = winnings // 2 if laid_off else winnings
        from_boss = min(boss_share, house.money)
        from_bank = winnings - boss_share
        house.money -= from_boss
        punter.money += from_boss + from_bank
    else:
        outcome = "lose"
        to_boss = amount // 2 if laid_off else amount
        to_bank = amount - to_boss
        punter.money -= amount
        house.money += to_boss
    events.append(
        Gambled(
            player=gambler,
            boss=boss,
            lot=lot,
            amount=amount,
            dice=dice,
            outcome=outcome,
            from_boss=from_boss,
            from_bank=from_bank,
            to_boss=to_boss,
            to_bank=to_bank,
            laid_off=laid_off,
        )
    )
