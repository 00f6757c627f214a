"""The forecast: a position's predicted final margin, fitted to how normal games end."""

from __future__ import annotations

import random

import pytest

from benchmarks.ai_fit import explained, fit, play_one
from engine.lords_of_vegas import GameSettings, GameState, new_game
from engine.lords_of_vegas.actions import EndTurn
from engine.lords_of_vegas.ai.forecast import (
    PARTS,
    RATES,
    STAGE_CARDS,
    predicted_margin,
    stage,
    weigh,
)
from engine.lords_of_vegas.ai.players import AiPlayer, HardPlayer
from engine.lords_of_vegas.ai.value import ledgers, standing
from engine.lords_of_vegas.ai.view import copy_state, outlook
from engine.lords_of_vegas.board import BOARD
from engine.lords_of_vegas.tournament import seat_player
from tests.engine.test_ai import play_next


def midgame(seed: int, cards_left: int = 14, players: int = 2) -> GameState:
    """A normal game played until `cards_left` cards precede Game Over."""
    colors = ["red", "blue", "green", "yellow"][:players]
    state, _ = new_game(GameSettings(players=colors, seed=seed))  # type: ignore[arg-type]
    ai = AiPlayer(seed=seed)
    while state.pending or outlook(state).draws_left > cards_left:
        play_next(state, ai)
    return state


def test_a_ledger_counts_what_each_player_holds() -> None:
    state = midgame(3)
    view = outlook(state)
    books = ledgers(state, view)
    for player in state.players:
        book = books[player.color]
        owned = [lot for lot, owner in state.lots.items() if owner == player.color]
        dice = [t for t in state.tiles.values() if t.die and t.die.owner == player.color]
        assert (book.points, book.money) == (player.points, player.money)
        assert book.dice == len(dice) > 0
        assert book.lot_value == sum(BOARD.lots[lot].price for lot in owned) / 2
        assert book.parking == len(owned) * view.draws_left
        assert book.income > 0 and book.expected >= 0


def test_the_forecast_has_a_row_for_every_stage_of_the_game() -> None:
    assert all(len(row) == len(PARTS) for row in RATES)
    assert [stage(n) for n in (0, STAGE_CARDS - 1, STAGE_CARDS, 29, 45)] == [0, 0, 1, 7, 7]
    # Points already scored count almost in full, and more so as the end nears.
    points = [row[PARTS.index("points")] for row in RATES]
    assert all(0.3 < rate <= 1.0 for rate in points) and points[0] > points[5]


def test_more_points_or_more_money_forecast_a_better_margin() -> None:
    state = midgame(4)
    me = state.current
    before = predicted_margin(state, me, outlook(state))
    richer = copy_state(state)
    richer.player(me).money += 10
    ahead = copy_state(state)
    track = BOARD.track
    ahead.player(me).points = track[track.index(state.player(me).points) + 2]
    assert predicted_margin(richer, me, outlook(richer)) > before
    assert predicted_margin(ahead, me, outlook(ahead)) > before
    # Zero-sum between two players: the rival's forecast margin is the mirror image.
    rival = next(p.color for p in state.players if p.color != me)
    assert predicted_margin(state, rival, outlook(state)) == pytest.approx(-before)


def test_the_fit_recovers_known_rates() -> None:
    rnd = random.Random(1)
    truth = [1.0, 0.2, 0.1, 0.0, 0.05, 0.1, 3.0]
    samples = []
    for _ in range(400):
        x = tuple(rnd.uniform(-20, 20) for _ in PARTS)
        margin = sum(t * v for t, v in zip(truth, x, strict=True)) + rnd.gauss(0, 0.1)
        samples.append((3, x, 0.0, margin))
    assert fit(samples) == pytest.approx(truth, abs=0.01)


def test_the_forecast_predicts_how_unseen_games_end_better_than_the_standing() -> None:
    # Games the rates were not fitted on (they come from seeds 100000 to 103999).
    samples = [s for seed in range(700_000, 700_012) for s in play_one(seed)]
    margins = [s[3] for s in samples]
    ours = [weigh(RATES[s[0]], s[1]) for s in samples]
    hand = [s[2] for s in samples]
    scale = sum(h * m for h, m in zip(hand, margins, strict=True)) / sum(h * h for h in hand)
    assert explained(ours, margins) > explained([scale * h for h in hand], margins) + 0.05


def test_hard_judges_its_futures_by_the_forecast() -> None:
    state = midgame(5)
    me = state.current
    hard = HardPlayer()
    future = hard.play_out(state, me, EndTurn(), 7)
    assert future is not None and not future.over
    assert hard.rollout(state, me, EndTurn(), 7) == predicted_margin(future, me, outlook(future))
    by_hand = seat_player("hard:forecast=0")
    assert isinstance(by_hand, HardPlayer) and not by_hand.forecast
    assert by_hand.rollout(state, me, EndTurn(), 7) == standing(future, me, outlook(future))


def test_bigger_tables_judge_futures_by_the_standing() -> None:
    # The forecast is fitted on two-player games only.
    state = midgame(6)
    three = midgame(6, players=3)
    hard = HardPlayer()
    for table in (state, three):
        me = table.current
        future = hard.play_out(table, me, EndTurn(), 3)
        assert future is not None and not future.over
        judge = predicted_margin if len(table.players) == 2 else standing
        assert hard.rollout(table, me, EndTurn(), 3) == judge(future, me, outlook(future))
