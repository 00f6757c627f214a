"""Lords of Vegas take-backs: your own builds, sprawls, remodels and raises in your turn.

Never across a die roll or a card, never once another player acted; a take-back gives
back exactly the state before the move (dice generator included), and the record, which
keeps the take-back line, replays to the same state.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.lords_of_vegas import (
    GameRecord,
    GameSettings,
    GameState,
    IllegalAction,
    describe,
    format_line,
    legal_actions,
    new_game,
)
from engine.lords_of_vegas.actions import Action, Build, Color, Gamble, Raise, Remodel, Sprawl
from engine.lords_of_vegas.events import TieRerolled, TookBack
from engine.lords_of_vegas.randomplay import RandomPlayer
from engine.lords_of_vegas.record import RULES
from engine.takeback import History

TAKEABLE = (Build, Sprawl, Remodel, Raise)


def game(seed: int = 7, players: tuple[str, ...] = ("red", "blue")) -> GameRecord:
    """A new game's record (seed 7: red starts with lots C9, D4 and B4 and $13m)."""
    return GameRecord(settings=GameSettings(players=list(players), seed=seed))


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


def test_a_build_taken_back_gives_back_the_state_before_it_and_can_be_played_differently() -> None:
    record = game()
    before = play(record)
    after = play(record, "red: build C9 sphinx")
    assert after != before and after.player("red").money < before.player("red").money

    state, events = record.take_back("red")

    assert state == before  # money, tiles, dice, markers, the dice generator: all of it
    assert state.rng == before.rng
    assert record.commands == ["red: build C9 sphinx", "red: take back"]
    assert events == [TookBack(player="red", command="build C9 sphinx")]
    assert describe(events[0]) == "red took back: build C9 sphinx."
    assert record.replay()[0] == before  # the full record replays to the same state
    assert "red took back: build C9 sphinx." in [describe(e) for e in record.replay()[1]]

    again = play(record, "red: build D4 vega")  # played differently
    assert again.tiles["D4"].company == "vega" and "C9" not in again.tiles


def test_a_redo_after_a_take_back_gives_the_same_state_and_dice_generator() -> None:
    record = game()
    after = play(record, "red: build C9 sphinx")
    record.take_back("red")
    redone = play(record, "red: build C9 sphinx")
    assert redone == after and redone.rng == after.rng


def test_several_moves_are_taken_back_latest_first_and_then_nothing_is_left() -> None:
    record = game(seed=0)
    start = play(record)
    one = play(record, "red: build C8 albion")
    play(record, "red: build C11 sphinx")
    assert record.take_back("red")[0] == one
    assert record.take_back("red")[0] == start
    assert refusal(record, "red") == "Nothing to take back."
    assert record.replay()[0] == start


def test_refused_after_the_dice_were_rolled() -> None:
    record = game(seed=0)
    play(record, "red: build C8 albion", "red: reorganize C8")
    assert refusal(record, "red") == "The dice were rolled since."
    rolled = play(record)
    play(record, "red: build C11 albion")  # after the roll: may be taken back, not past it
    assert record.take_back("red")[0] == rolled
    assert refusal(record, "red") == "The dice were rolled since."


def test_refused_once_the_turn_is_over_and_by_a_player_who_did_not_make_the_move() -> None:
    record = game()
    play(record, "red: build C9 sphinx")
    assert refusal(record, "blue") == "red has played since."
    play(record, "red: end")
    assert refusal(record, "red") == "Your turn is over: the next card was drawn."
    assert refusal(record, "blue") == "red has played since."


def test_refused_once_another_player_acted_and_for_a_trade_offer() -> None:
    record = game()
    play(record, "red: build C9 sphinx", "blue: offer blue pays red 1")
    assert refusal(record, "red") == "blue has played since."
    assert refusal(record, "blue") == "A trade offer can't be taken back: withdraw it instead."


def test_refused_after_a_gamble() -> None:
    rnd = random.Random(3)
    for seed in range(200):
        record = game(seed)
        mover = RandomPlayer(seed=seed)
        state = record.replay()[0]
        for _ in range(400):
            gambles: list[Action] = [
                a for a in legal_actions(state, state.current) if isinstance(a, Gamble)
            ]
            if gambles:
                play(record, format_line(state.current, rnd.choice(gambles)))
                assert refusal(record, state.current) == "The dice were rolled since."
                return
            who, action = mover.next_move(state)
            state = play(record, format_line(who, action))
            if state.over:
                break
    pytest.fail("no gamble came up")


@pytest.mark.parametrize("seed", range(12))
def test_random_games_every_kind_taken_back_exactly_and_the_record_replays(seed: int) -> None:
    """Random games, taking back half of the moves that may be, and redoing some.

    Each take-back gives exactly the state before its move; a move of another kind (or
    after another player) is refused with the reason; the record replays to the end.
    """
    players = ["red", "blue", "green"][: 2 + seed % 2]
    record = game(seed, tuple(players))
    history: History[GameState] = History(RULES, lambda: new_game(record.settings))
    mover = RandomPlayer(seed=seed, style="builder" if seed % 3 == 0 else "uniform")
    rnd = random.Random(seed)
    taken: Counter[str] = Counter()
    for _ in range(3000):
        if history.state.over:
            break
        who, action = mover.next_move(history.state)
        before = history.state.model_copy(deep=True)
        line = format_line(who, action)
        told = history.play(line)
        record.commands.append(line)
        after = history.state.model_copy(deep=True)
        rerolled = any(isinstance(e, TieRerolled) for e in told)
        if isinstance(action, TAKEABLE) and not rerolled:
            if rnd.random() < 0.5:
                history.take_back(who)
                record.commands.append(f"{who}: take back")
                assert history.state == before
                taken[action.kind] += 1
                if rnd.random() < 0.5:  # redo: the same state, the same dice to come
                    history.play(line)
                    record.commands.append(line)
                    assert history.state == after
        elif isinstance(action, TAKEABLE):  # its tie made dice reroll
            with pytest.raises(IllegalAction, match="The dice were rolled since"):
                history.take_back(who)
        elif rnd.random() < 0.2 and not history.state.over:
            with pytest.raises(IllegalAction):
                history.take_back(who)
    assert record.replay()[0] == history.state
    kept = GameRecord(settings=record.settings, commands=history.kept)
    assert kept.replay()[0] == history.state  # the moves that stand give it too
    assert taken["build"] + taken["sprawl"] + taken["remodel"] + taken["raise"] > 0
