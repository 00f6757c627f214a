"""Vegas Showdown take-backs: your choice until the next player acts, your placements
until the round's placements end; never a Pull Strings flip or anything past the bidding.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.takeback import History
from engine.vegas_showdown import (
    Color,
    GameRecord,
    GameSettings,
    GameState,
    IllegalAction,
    describe,
    format_line,
    new_game,
)
from engine.vegas_showdown.actions import CHOICE_KINDS
from engine.vegas_showdown.ai.view import copy_state
from engine.vegas_showdown.events import TookBack
from engine.vegas_showdown.randomplay import RandomPlayer
from engine.vegas_showdown.record import RULES


def game(seed: int = 1) -> GameRecord:
    """A new 3-player game's record (seed 1: red chooses first, everyone has $25)."""
    return GameRecord(settings=GameSettings(players=["red", "yellow", "green"], seed=seed))


def play(record: GameRecord, *lines: str) -> GameState:
    """Add moves to the record; the state after them."""
    record.commands.extend(lines)
    return record.replay()[0]


def refusal(record: GameRecord, player: Color) -> str:
    """Why `player` may not take back now (the record is left as it was)."""
    commands = list(record.commands)
    with pytest.raises(IllegalAction) as refused:
        record.take_back(player)
    assert record.commands == commands
    return str(refused.value)


def test_a_bid_is_taken_back_until_the_next_player_acts() -> None:
    record = game()
    before = play(record)
    after = play(record, "red: bid P1 18")

    state, events = record.take_back("red")

    assert state == before and state.rng == before.rng
    assert events == [TookBack(player="red", command="bid P1 18")]
    assert describe(events[0]) == "red took back: bid P1 18."
    assert record.replay()[0] == before
    assert play(record, "red: bid P1 18") == after  # a redo: the very same state
    play(record, "yellow: renovate")
    assert refusal(record, "red") == "yellow has played since."


def test_taking_back_the_next_players_choice_gives_the_earlier_one_back() -> None:
    record = game()
    start = play(record)
    play(record, "red: bid P1 18", "yellow: publicity")
    record.take_back("yellow")
    assert record.take_back("red")[0] == start
    assert refusal(record, "red") == "Nothing to take back."


def test_renovate_and_publicity_choices_are_taken_back_too() -> None:
    record = game()
    before = play(record)
    play(record, "red: renovate")
    assert record.take_back("red")[0] == before
    play(record, "red: publicity")
    assert record.take_back("red")[0] == before


def test_refused_to_a_player_who_did_not_make_the_move() -> None:
    record = game()
    play(record, "red: bid P1 18")
    assert refusal(record, "yellow") == "red has played since."


@pytest.mark.parametrize("seed", range(8))
def test_random_games_take_backs_are_exact_and_the_record_replays(seed: int) -> None:
    """Random games, taking back half of the moves that may be, and redoing some.

    A placement taken back after other players placed keeps their placements; every
    take-back of the mover's last move gives exactly the state before it; what may not
    be taken back is refused; the record replays to the same state.
    """
    record = game(seed)
    history: History[GameState] = History(RULES, lambda: new_game(record.settings))
    mover = RandomPlayer(seed=seed)
    rnd = random.Random(seed)
    taken: Counter[str] = Counter()
    for _ in range(4000):
        if history.state.over:
            break
        who, action = mover.next_move(history.state)
        before = copy_state(history.state)
        line = format_line(who, action)
        history.play(line)
        record.commands.append(line)
        after = copy_state(history.state)
        if rnd.random() < 0.3:
            try:
                history.take_back(who)
            except IllegalAction as refused:
                reason = str(refused)
                assert action.kind == "stack" or "since" in reason, reason
                continue
            record.commands.append(f"{who}: take back")
            assert action.kind != "stack"
            assert history.state == before
            taken["choice" if action.kind in CHOICE_KINDS else "placement"] += 1
            history.play(line)  # redo: the same state, the same shuffles to come
            record.commands.append(line)
            assert history.state == after
    assert record.replay()[0] == history.state
    kept = GameRecord(settings=record.settings, commands=history.kept)
    assert kept.replay()[0] == history.state  # the moves that stand give it too
    assert taken["choice"] and taken["placement"]


def test_a_placement_taken_back_after_another_player_placed_keeps_theirs() -> None:
    for seed in range(40):
        record = game(seed)
        history = record.history()
        mover = RandomPlayer(seed=seed)
        placed: list[tuple[str, str]] = []
        for _ in range(400):
            if history.state.over:
                break
            who, action = mover.next_move(history.state)
            line = format_line(who, action)
            history.play(line)
            record.commands.append(line)
            if history.state.step != "build" or action.kind not in {"place", "reserve"}:
                placed = []
                continue
            placed.append((who, line))
            if len({player for player, _ in placed}) == 2:
                first = placed[0][0]
                other = next(c for c, _ in placed if c != first)
                theirs = history.state.player(other).model_copy(deep=True)
                history.take_back(first)
                record.commands.append(f"{first}: take back")
                assert history.state.player(other) == theirs
                assert any(d.player == first for d in history.state.pending)
                assert record.replay()[0] == history.state
                return
    pytest.fail("no round where two players placed one after the other")
