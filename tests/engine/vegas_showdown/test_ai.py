"""Vegas Showdown's computer players: legal, never peeking, answering everything, playing games."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from engine.rng import Pcg32
from engine.tournament import Results
from engine.vegas_showdown import COLORS, GameState, apply, legal_actions, waiting_for
from engine.vegas_showdown.actions import Bid, ChooseStack, Done, Place, Publicity, Renovate
from engine.vegas_showdown.ai import (
    ComputerPlayer,
    EasyPlayer,
    HardPlayer,
    Level,
    make_player,
    public_view,
)
from engine.vegas_showdown.ai.hard import judged
from engine.vegas_showdown.ai.view import View
from engine.vegas_showdown.randomplay import RandomPlayer
from engine.vegas_showdown.scenario import Scenario, build_state
from engine.vegas_showdown.setup import GameSettings, new_game
from engine.vegas_showdown.sheet import sheet_problems
from engine.vegas_showdown.tables import COMPONENTS, TILES
from engine.vegas_showdown.tournament import main, play_game, seat_player


def quick(level: Level, seed: int = 0) -> ComputerPlayer:
    """A player of `level`; hard with a few futures and all the time it needs (no timing)."""
    if level == "hard":
        return HardPlayer(seed=seed, futures=2, budget=1e9, rounds_ahead=1)
    return make_player(level, seed)


def midgame(seed: int, players: int = 3, actions: int = 60) -> GameState:
    """A game `actions` moves in, played by normal players."""
    state, _ = new_game(GameSettings(players=list(COLORS[:players]), seed=seed))
    normal = ComputerPlayer(seed=seed)
    for _ in range(actions):
        mover = waiting_for(state)[0]
        action = normal.act(state, mover)
        assert action is not None
        apply(state, mover, action)
    assert not state.over
    return state


def rehidden(state: GameState, seed: int) -> GameState:
    """The same game but for what nobody may see: deck and stack orders, shuffles, seed."""
    other = state.model_copy(deep=True)
    rnd = random.Random(seed)
    rnd.shuffle(other.deck)
    for size, stack in other.stacks.items():
        backs = [TILES[tile].back for tile in stack]
        for back in set(backs):
            places = [i for i, b in enumerate(backs) if b == back]
            tiles = [stack[i] for i in places]
            rnd.shuffle(tiles)
            for i, tile in zip(places, tiles, strict=True):
                other.stacks[size][i] = tile
    other.rng = Pcg32.seeded(seed)
    other.seed = seed + 1000
    return other


def scenario(setup: dict[str, Any], players: list[str] | None = None) -> GameState:
    """A position from a scenario setup (see the scenario files in docs/rules-engines.md)."""
    return build_state(
        Scenario.model_validate(
            {
                "name": "test",
                "players": players or ["yellow", "red", "green"],
                "setup": setup,
                "steps": [{"expect": {}}],
            }
        )
    )


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_choices_never_depend_on_the_order_of_what_is_hidden(level: Level) -> None:
    for seed in range(3):
        state = midgame(seed, actions=40 + 7 * seed)
        mover = waiting_for(state)[0]
        first = quick(level, 7).act(state, mover)
        for variant in range(2):
            other = rehidden(state, 100 * seed + variant)
            assert other.deck != state.deck and other.seed != state.seed
            assert quick(level, 7).act(other, mover) == first


def test_the_public_view_keeps_what_is_public_and_redraws_the_rest() -> None:
    state = midgame(4)
    view = public_view(state, random.Random(1))
    for name in ("players", "spaces", "basic", "discard", "in_play", "round", "button", "step"):
        assert getattr(view, name) == getattr(state, name)
    assert view.seed == 0
    assert view.deck != state.deck and Counter(view.deck) == Counter(state.deck)
    assert view.stacks != state.stacks
    for size, stack in state.stacks.items():
        assert Counter(view.stacks[size]) == Counter(stack)
        assert [TILES[t].back for t in view.stacks[size]] == [TILES[t].back for t in stack]
    # The same hidden contents in another order give exactly the same view.
    assert public_view(rehidden(state, 9), random.Random(1)) == view


def dragon_room_auction(red_money: int) -> GameState:
    """Yellow (first) and red both have Slots and Fancy Slots; only the Dragon Room is for sale."""
    sheets = ["slots a3 180", "fancy_slots a2 180"]
    return scenario(
        {
            "button": "yellow",
            "money": {"yellow": 50, "red": red_money, "green": 20},
            "sheets": {"yellow": sheets, "red": sheets},
            "spaces": {"P1": {"tile": "dragon_room"}, "P2": None, "P3": None},
            "basic": {"slots": 0, "lounge": 0, "restaurant": 0},
        }
    )


def test_normal_outbids_easy_on_a_clearly_valuable_tile() -> None:
    state = dragon_room_auction(red_money=70)
    easy_bid = EasyPlayer(seed=1).act(state, "yellow")
    assert easy_bid == Bid(target="P1", amount=42)
    apply(state, "yellow", easy_bid)
    answer = ComputerPlayer(seed=1).act(state, "red")
    assert isinstance(answer, Bid) and answer.target == "P1"
    assert 42 < answer.amount <= 70


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_level_bids_more_than_it_has(level: Level) -> None:
    state = dragon_room_auction(red_money=45)  # the next bid after 42 is 47
    apply(state, "yellow", Bid(target="P1", amount=42))
    answer = quick(level, 2).act(state, "red")
    assert answer in legal_actions(state, "red")
    assert not isinstance(answer, Bid)


def test_every_move_of_every_level_is_legal_in_whole_games() -> None:
    kinds: Counter[str] = Counter()
    for players, lineup in ((3, ["normal", "easy", "easy"]), (5, ["easy", "normal"] * 3)):
        state, _ = new_game(GameSettings(players=list(COLORS[:players]), seed=40 + players))
        seated = {c: make_player(lineup[i], i) for i, c in enumerate(state.colors)}  # type: ignore[arg-type]
        while not state.over:
            mover = waiting_for(state)[0]
            action = seated[mover].act(state, mover)
            assert action in legal_actions(state, mover), (mover, action)
            if isinstance(action, Bid):
                assert action.amount <= state.player(mover).money
            kinds[action.kind] += 1
            apply(state, mover, action)
            for player in state.players:
                assert player.money >= 0
                assert not sheet_problems(COMPONENTS, player.sheet) or state.pending
    assert {"bid", "place", "publicity", "stack"} <= set(kinds)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_answers_every_kind_of_decision(level: Level) -> None:
    answered: set[str] = set()
    player = quick(level, 3)
    for seed in range(8):
        state, _ = new_game(GameSettings(players=list(COLORS[: 3 + seed % 3]), seed=seed))
        mover = RandomPlayer(seed=seed)
        while not state.over and len(answered) < 5:
            who = waiting_for(state)[0]
            kind = state.pending[0].kind if state.pending else "choice"
            if kind not in answered:
                answer = player.act(state, who)
                assert answer in legal_actions(state, who), (kind, answer)
                answered.add(kind)
            apply(state, *mover.next_move(state))
        if len(answered) == 5:
            break
    assert answered == {"choice", "stack", "buy", "publicity", "renovate"}


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_renovation_is_played_through_to_a_legal_sheet(level: Level) -> None:
    # Red's Lounge blocks the hotel area; its reserve holds a Restaurant it could place.
    state = scenario(
        {
            "button": "red",
            "sheets": {"red": ["lounge a3 0", "lounge c3 0", "lounge e3 0"]},
            "reserve": {"red": ["restaurant", "slots"]},
        },
        players=["red", "yellow", "green"],
    )
    apply(state, "red", Renovate())
    apply(state, "yellow", Publicity())
    apply(state, "green", Publicity())
    player = make_player(level, 5)
    steps = []
    while state.pending and state.pending[0].player == "red":
        action = player.act(state, "red")
        assert action in legal_actions(state, "red")
        steps.append(action)
        apply(state, "red", action)
        assert len(steps) <= 5
    assert isinstance(steps[-1], Done)
    assert any(isinstance(step, Place) for step in steps)
    assert not sheet_problems(COMPONENTS, state.player("red").sheet)


def test_pull_strings_is_answered_with_a_stack_that_has_tiles() -> None:
    state = scenario(
        {
            "button": "yellow",
            "at": "round_start",
            "round": 2,
            "spaces": {"P1": None},
            "stacks": {"small": [], "medium": ["fancy_lounge"], "large": ["theater"]},
            "stacks_only": True,
            "deck": ["pull_strings"],
        }
    )
    assert state.pending and state.pending[0].kind == "stack"
    for level in ("easy", "normal", "hard"):
        answer = quick(level, 1).act(state, "yellow")  # type: ignore[arg-type]
        assert isinstance(answer, ChooseStack) and answer.size in ("medium", "large")


class SteppingClock:
    """A clock that moves `step` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_hard_stops_searching_when_its_time_is_up() -> None:
    state = midgame(5)
    mover = waiting_for(state)[0]
    view = public_view(state, random.Random(0))
    clock = SteppingClock(0.5)
    hard = HardPlayer(seed=1, futures=50, budget=4.0, clock=clock)
    finalists = [a for _, a in hard.options(view, mover)[:3]]
    outcomes = hard.outcomes(view, mover, finalists, deadline=clock() + hard.budget)
    # Each rollout seems to take 0.5 s: within 4 s at most a few futures, all complete.
    assert 1 <= len(outcomes[0]) <= 3
    assert len({len(results) for results in outcomes}) == 1
    # With no time at all it plays normal's favourite without a single rollout.
    rushed = HardPlayer(seed=1, budget=0.0, clock=SteppingClock(1.0))
    assert rushed.choose(view, mover) == ComputerPlayer(seed=1).choose(view, mover)


def test_a_future_that_ends_the_game_is_judged_by_the_final_margin() -> None:
    state = play_game(["normal", "easy", "easy"], 3, Results())
    best_rival = max(p.fame for p in state.players if p.color != "red")
    margin = state.player("red").fame - best_rival
    bonus = 3.0 if "red" in state.winners else 0.0
    assert judged(View(state), "red", ComputerPlayer()) == margin + bonus


@pytest.mark.parametrize("players", [4, 5])
def test_mixed_tables_play_whole_games_with_every_invariant(players: int) -> None:
    results = Results()
    lineup = ["normal", "easy"] * 3
    state = play_game(lineup[:players], 17, results, check=True)
    assert state.over and results.games == 1
    assert sum(results.wins.values()) == pytest.approx(1.0)


def test_tournament_prints_win_rates_with_intervals_and_decision_times(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--players", "3", "--games", "3", "--seats", "normal,easy,easy"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3 games, ")
    rows = {line.split()[0]: line for line in lines[1:]}
    assert set(rows) == {"normal", "easy"}
    # Seats rotate: over three games normal sits in three seats and easy in six.
    assert " of    3 seats" in rows["normal"] and " of    6 seats" in rows["easy"]
    for row in rows.values():
        assert "95% CI" in row and "median" in row and "p99" in row and "max" in row


def test_a_tournament_seat_can_tune_a_level() -> None:
    tuned = seat_player("normal:area=1.5:hasten=0", seed=5)
    assert tuned.level == "normal" and tuned.weights.area == 1.5 and tuned.hasten == 0.0
    hard = seat_player("hard:budget=0.5:futures=4")
    assert isinstance(hard, HardPlayer) and hard.budget == 0.5 and hard.futures == 4
    assert isinstance(hard.futures, int)


@pytest.mark.parametrize(
    ("seat", "complaint"),
    [
        ("expert", "unknown level 'expert'; choose from easy, normal, hard"),
        ("normal:speed=2", "unknown setting 'speed' for normal; choose from "),
        ("normal:area=big", "'area=big': give a number, as in area=1.5"),
        ("hard:clock=3", "unknown setting 'clock'"),
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


@pytest.mark.parametrize(("timing", "review"), [("at_once", 2.0), ("after_bidding", 0.0)])
def test_normal_counts_favorable_review_for_a_premier_tile_placed_at_once(
    timing: str, review: float
) -> None:
    """Publicity placing a premier tile during bidding comes first, so it earns the card."""
    setup = {
        "round": 2,
        "at": "round_start",
        "button": "red",
        "spaces": {"P1": None},
        "deck": ["favorable_review"],
        "stacks": {"large": ["sports_book"]},
        "reserve": {"red": ["table_games"]},
    }
    players = ["red", "yellow", "green"]
    steps = [{"expect": {}}]
    state = build_state(
        Scenario.model_validate(
            {"name": "review", "players": players, "timing": timing, "setup": setup, "steps": steps}
        )
    )
    assert state.in_play and state.current == "red"
    normal = make_player("normal", 0)
    view = public_view(state, random.Random(0))
    gains = {action: gain for gain, action in normal.options(view, "red")}
    # The same position without the card in play: the difference is the card's Fame.
    state.discard += state.in_play
    state.in_play = []
    plain = {
        action: gain for gain, action in normal.options(public_view(state, random.Random(0)), "red")
    }
    assert gains[Publicity()] - plain[Publicity()] == pytest.approx(review)
