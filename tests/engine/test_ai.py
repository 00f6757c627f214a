"""Computer players: legal, never peeking, answering everything, and playing games out."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from benchmarks.ai_ceiling import SEER, Seer
from benchmarks.ai_ceiling import make as make_ceiling_player
from benchmarks.ai_search import gain_of_best, gain_on_slices
from engine.lords_of_vegas import GAME_OVER, GameSettings, GameState, apply, new_game
from engine.lords_of_vegas.actions import (
    Accept,
    Build,
    Decline,
    EndTurn,
    LotStep,
    PayStep,
    Propose,
    Raise,
    Sprawl,
)
from engine.lords_of_vegas.ai.players import (
    AiPlayer,
    EasyPlayer,
    HardPlayer,
    make_player,
)
from engine.lords_of_vegas.ai.view import outlook, public_copy
from engine.lords_of_vegas.board import BOARD
from engine.lords_of_vegas.invariants import check_invariants
from engine.lords_of_vegas.moves import legal_actions
from engine.lords_of_vegas.randomplay import RandomPlayer
from engine.lords_of_vegas.rng import Rng
from engine.lords_of_vegas.state import EDITION_COLORS
from engine.lords_of_vegas.tournament import (
    Results,
    main,
    play_game,
    schedule,
    seat_player,
    wilson,
)
from engine.lords_of_vegas.trade import parties
from engine.search import clear_edge


def midgame(seed: int, players: int = 3, edition: str = "updated") -> GameState:
    colors = list(EDITION_COLORS[edition][:players])  # type: ignore[index]
    state, _ = new_game(GameSettings(edition=edition, players=colors, seed=seed))  # type: ignore[arg-type]
    ai = AiPlayer(seed=seed)
    for _ in range(60):
        play_next(state, ai)
    return state


def play_next(state: GameState, ai: AiPlayer) -> None:
    """Whoever must act next makes `ai`'s move."""
    mover = state.pending[0].player if state.pending else state.current
    action = ai.act(state, mover)
    assert action is not None
    apply(state, mover, action)


def reshuffled(state: GameState, seed: int) -> GameState:
    """The same position with another order of the unseen cards and other dice to come."""
    other = public_copy(state, random.Random(seed))
    other.rng = Rng.seeded(seed + 1)
    return other


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_choices_never_depend_on_the_deck_order_or_the_dice_to_come(level: str) -> None:
    for seed in range(4):
        state = midgame(seed)
        if state.pending or state.over:
            continue
        first = make_player(level, 7).act(state, state.current)  # type: ignore[arg-type]
        for variant in range(3):
            other = reshuffled(state, 100 * seed + variant)
            assert other.deck != state.deck
            assert make_player(level, 7).act(other, state.current) == first  # type: ignore[arg-type]


def test_hard_also_ignores_the_deck_order() -> None:
    state = midgame(3)
    player = HardPlayer(seed=5, turns=6, budget=60.0)
    first = player.act(state, state.current)
    other = reshuffled(state, 99)
    assert HardPlayer(seed=5, turns=6, budget=60.0).act(other, state.current) == first


def test_hard_without_time_plays_its_one_step_favourite() -> None:
    # Normal with hard's own evaluation and samples chooses what hard would before search.
    for seed in range(3):
        state = midgame(seed, players=2)
        if state.pending or state.over:
            continue
        hard = HardPlayer(seed=11, budget=0.0)
        one_step = AiPlayer(seed=11, samples=hard.samples, weights=hard.weights)
        assert hard.act(state, state.current) == one_step.act(state, state.current)


def test_hard_compares_candidates_only_in_complete_futures() -> None:
    state = midgame(2, players=2)
    color = state.current
    hard = HardPlayer(seed=3, turns=6)  # three rounds of two turns
    assert hard.rounds(state) == 3
    finalists = [EndTurn(), *legal_actions(state, color, ("build", "reorganize"))[:1]]
    outcomes = hard.futures(state, color, finalists, deadline=float("inf"))
    assert [len(results) for results in outcomes] == [3] * len(finalists)
    # Past the deadline no future is started: nothing half-compared.
    assert hard.futures(state, color, finalists, deadline=0.0) == [[] for _ in finalists]


def test_hard_starts_no_rollout_that_would_run_past_its_deadline() -> None:
    # A clock that moves 0.5 s whenever it is read: every rollout seems to take 0.5 s.
    ticks = itertools.count()
    hard = HardPlayer(seed=3, turns=6, clock=lambda: next(ticks) * 0.5)
    state = midgame(2, players=2)
    color = state.current
    finalists = [EndTurn(), *legal_actions(state, color, ("build", "reorganize"))[:1]]
    assert len(finalists) == 2
    # Rollouts start at 0.0, 1.0, 2.0 and 3.0 and each ends 0.5 s later. With a deadline
    # of 3.2 the fourth would end at 3.5, so it is not started and the second future,
    # cut short, is dropped (it would have started, and finished, were only the start
    # checked against the deadline).
    outcomes = hard.futures(state, color, finalists, deadline=3.2)
    assert [len(results) for results in outcomes] == [1, 1]
    ticks = itertools.count()
    outcomes = hard.futures(state, color, finalists, deadline=3.6)
    assert [len(results) for results in outcomes] == [2, 2]


def test_search_value_judges_each_choice_on_futures_it_did_not_see() -> None:
    hard = HardPlayer()  # switches only for an edge over 1.5 standard errors
    steady = [0.0] * 8
    # The challenger is 2 points better in every future: every slice switches to it.
    better = [2.0, 2.5, 1.5, 2.0, 2.5, 1.5, 2.0, 2.0]
    assert gain_on_slices([steady, better], 4, hard) == (pytest.approx(2.0), 1.0)
    assert gain_of_best([steady, better]) == pytest.approx(2.0)
    # A challenger that wins big in one future only: the slice that saw it cannot switch
    # (no clear edge), and "best" picks it on that half but pays on the other.
    fluke = [12.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0]
    assert gain_on_slices([steady, fluke], 4, hard) == (0.0, 0.0)
    assert gain_of_best([steady, fluke]) == pytest.approx(-0.5)


def late_game(seed: int, cards_left: int) -> GameState:
    """A two-player normal game played until `cards_left` cards precede Game Over."""
    state, _ = new_game(GameSettings(players=["red", "blue"], seed=seed))
    ai = AiPlayer(seed=seed)
    while state.pending or outlook(state).draws_left > cards_left:
        assert not state.over
        play_next(state, ai)
    return state


def test_hard_plays_futures_to_the_end_once_the_end_is_near() -> None:
    hard = HardPlayer(endgame=4)
    near = late_game(5, cards_left=3)
    for seed in range(3):
        future = hard.play_out(near, near.current, EndTurn(), seed)
        assert future is not None and future.over and future.winners
        # The result itself counts: a win or a loss outweighs any margin.
        assert abs(hard.rollout(near, near.current, EndTurn(), seed)) >= 100
    # Further from the end, a future stops when our next turn begins.
    far = late_game(5, cards_left=8)
    future = hard.play_out(far, far.current, EndTurn(), 0)
    assert future is not None and not future.over
    assert future.turn == far.turn + 2 and future.current == far.current


def test_hard_simulates_as_many_turns_whatever_the_table_size() -> None:
    # A round is one turn per player: fewer, longer futures at a bigger table.
    hard = HardPlayer()
    assert [hard.rounds(midgame(1, players=n)) for n in (2, 3, 4, 6)] == [24, 16, 12, 8]


def test_public_copy_keeps_what_is_public() -> None:
    state = midgame(1)
    copy = public_copy(state, random.Random(3))
    assert sorted(copy.deck) == sorted(state.deck)
    assert copy.deck.index(GAME_OVER) == state.deck.index(GAME_OVER)
    assert copy.tiles == state.tiles and copy.players == state.players
    view = outlook(state)
    assert view.draws_left == state.deck.index(GAME_OVER)
    assert sum(view.scorings.values()) == pytest.approx(view.draws_left + 1)


@pytest.mark.parametrize("edition", ["updated", "classic"])
def test_computer_players_answer_every_decision_and_every_offer(edition: str) -> None:
    """AI seats against random offers and decisions: always a legal answer."""
    for seed in range(2):
        colors = list(EDITION_COLORS[edition][:3])  # type: ignore[index]
        state, _ = new_game(GameSettings(edition=edition, players=colors, seed=seed))  # type: ignore[arg-type]
        ai = {c: make_player(("easy", "normal", "normal")[i], seed) for i, c in enumerate(colors)}
        chaos = RandomPlayer(seed=seed, trade_chance=0.5)
        answered = 0
        for _ in range(3000):
            if state.over:
                break
            if not state.pending and state.current == colors[0] and chaos.rnd.random() < 0.3:
                proposal = chaos.random_offer(state)
                if proposal is not None:
                    apply(state, *proposal)
                    continue
            mover = _waiting(state)
            action = ai[mover].act(state, mover)
            assert action is not None, f"{mover} had nothing to say"
            answered += isinstance(action, Accept | Decline)
            apply(state, mover, action)
            check_invariants(state)
        assert state.over and answered > 0


def _waiting(state: GameState) -> str:
    if state.pending:
        return state.pending[0].player
    for offer in state.offers:
        for color in state.colors:
            if color in parties(offer) and color not in offer.accepted:
                return color
    return state.current


def test_easy_keeps_money_back_when_it_builds() -> None:
    for seed in range(3):
        state, _ = new_game(GameSettings(players=["red", "blue"], seed=seed))
        easy = EasyPlayer(seed=seed)
        while not state.over:
            mover = state.pending[0].player if state.pending else state.current
            action = easy.act(state, mover)
            assert action is not None
            apply(state, mover, action)
            if isinstance(action, Build | Sprawl | Raise):
                assert state.player(mover).money >= 3


@pytest.mark.parametrize(("players", "edition"), [(2, "updated"), (5, "updated"), (4, "classic")])
def test_mixed_tables_play_whole_games(players: int, edition: str) -> None:
    results = Results()
    lineup = ["normal", "easy"] * 3
    state = play_game(lineup[:players], 11, edition, results, check=True)  # type: ignore[arg-type]
    assert state.over and results.games == 1
    assert sum(results.wins.values()) == pytest.approx(1.0)


def test_wilson_interval() -> None:
    low, high = wilson(80, 100)
    assert 0.70 < low < 0.80 < high < 0.87


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_offers_are_judged_on_their_merits(level: str) -> None:
    state = midgame(2)
    assert not state.pending and not state.over
    proposer, judge = state.colors[0], state.colors[1]
    lot = next(lot for lot, owner in state.lots.items() if owner == judge)
    gift = Propose(steps=(PayStep(giver=proposer, receiver=judge, amount=10),))
    grab = Propose(
        steps=(
            LotStep(giver=judge, receiver=proposer, lot=lot),
            PayStep(giver=proposer, receiver=judge, amount=1),
        )
    )
    answers = []
    for offer in (gift, grab):
        trial = state.model_copy(deep=True)
        apply(trial, proposer, offer)
        answers.append(make_player(level, 3).act(trial, judge))  # type: ignore[arg-type]
    assert isinstance(answers[0], Accept)
    assert isinstance(answers[1], Decline)


def test_tournament_prints_win_rates_with_intervals_and_decision_times(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--players", "3", "--games", "3", "--seats", "normal,easy"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3 games, ")
    rows = {line.split()[0]: line for line in lines[1:]}
    assert set(rows) == {"normal", "easy"}
    # Seats rotate: over three games normal sits in six seats and easy in three.
    assert " of    6 seats" in rows["normal"] and " of    3 seats" in rows["easy"]
    for row in rows.values():
        assert "95% CI" in row and "median" in row and "max" in row


def test_hard_leaves_its_favourite_only_for_a_clear_edge_in_the_same_futures() -> None:
    assert clear_edge([3.0, 2.0, 4.0], [1.0, 1.0, 1.0], confidence=1.5) == pytest.approx(2.0)
    # A lead of 1 point on average, but swinging by 4: noise, not an edge.
    assert clear_edge([3.0, -1.0, 3.0, -1.0], [0.0] * 4, confidence=1.5) == 0.0
    assert clear_edge([0.0, 0.0], [1.0, 1.0], confidence=1.5) == 0.0
    assert clear_edge([9.0], [0.0], confidence=1.5) == 0.0  # one future proves nothing


def test_a_tournament_seat_can_tune_a_level() -> None:
    tuned = seat_player("normal:contest=0.3:samples=8", seed=5)
    assert tuned.level == "normal" and tuned.samples == 8 and isinstance(tuned.samples, int)
    assert tuned.weights.contest == 0.3
    assert tuned.weights.money_early == seat_player("normal").weights.money_early
    hard = seat_player("hard:budget=0.5")
    assert isinstance(hard, HardPlayer) and hard.budget == 0.5
    # The tuned player still plays: it chooses a legal action.
    state, _ = new_game(GameSettings(players=["black", "blue"], seed=4))
    action = tuned.act(state, state.current)
    assert action is not None and action in [*legal_actions(state, state.current), EndTurn()]


@pytest.mark.parametrize(
    ("seat", "complaint"),
    [
        ("expert", "unknown level 'expert'; choose from easy, normal, hard"),
        ("normal:speed=2", "unknown setting 'speed' for normal; choose from "),
        ("normal:contest=high", "'contest=high': give a number, as in contest=0.3"),
        ("normal:seed=3", "unknown setting 'seed'"),
    ],
)
def test_a_tournament_refuses_a_seat_it_cannot_build(
    seat: str, complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ValueError, match=re.escape(complaint)):
        seat_player(seat)
    with pytest.raises(SystemExit):
        main(["--games", "1", "--seats", f"normal,{seat}"])
    assert complaint in capsys.readouterr().err


def test_duplicate_deals_give_every_rotation_the_same_cards() -> None:
    lineup = ["hard", "normal", "easy"]
    plain = schedule(lineup, 6, seed=10)
    assert [seed for _, seed in plain] == [10, 11, 12, 13, 14, 15]
    dealt = schedule(lineup, 6, seed=10, duplicate=True)
    assert [seed for _, seed in dealt] == [10, 10, 10, 11, 11, 11]
    # Within one deal each level sits in each seat once.
    for seat in range(3):
        assert sorted(seats[seat] for seats, _ in dealt[:3]) == sorted(lineup)
    assert [seats for seats, _ in dealt] == [seats for seats, _ in plain]


def test_the_ceiling_seer_expects_exactly_the_cards_that_come() -> None:
    state = midgame(seed=8, players=2)
    coming = state.deck[: state.deck.index(GAME_OVER)]
    told = Seer(seed=1).look(state)
    fair = outlook(state)
    assert told.draws_left == fair.draws_left == len(coming)
    assert told.undrawn == frozenset(coming)
    # Exact counts where the fair view has averages; Game Over pays The Strip once more.
    for kind in ("strip", *{BOARD.lots[card].card for card in coming}):
        expected = sum(BOARD.lots[card].card == kind for card in coming) + (kind == "strip")
        assert told.scorings.get(kind, 0.0) == expected
    assert sum(told.scorings.values()) == pytest.approx(sum(fair.scorings.values()))


def test_a_tournament_game_can_seat_players_built_elsewhere() -> None:
    results = Results()
    state = play_game([SEER, "normal"], 21, "updated", results, make=make_ceiling_player)
    assert state.over
    assert results.seats == {SEER: 1, "normal": 1}
    assert results.wins[SEER] + results.wins["normal"] == pytest.approx(1.0)
    assert results.times[SEER] and results.times["normal"]
