"""What both games' tournaments share: scores, intervals, seat rotation, seats, futures."""

from __future__ import annotations

import argparse
import random

import pytest

from benchmarks.vegas_showdown_ai_soak import table
from engine.search import clear_winner, paired_outcomes
from engine.tournament import Results, lineup, play_all, read_settings, schedule, wilson


def test_a_shared_win_counts_as_a_share() -> None:
    results = Results()
    results.score({"red": "normal", "blue": "easy", "green": "easy"}, ["red", "blue"])
    assert results.games == 1
    assert results.wins == {"normal": 0.5, "easy": 0.5}
    assert results.seats == {"normal": 1, "easy": 2}


def test_wilson_interval_surrounds_the_rate() -> None:
    low, high = wilson(45, 100)
    assert 0.35 < low < 0.45 < high < 0.55
    assert wilson(0, 0) == (0.0, 0.0)


def test_seats_rotate_and_deals_repeat_across_rotations() -> None:
    tables = schedule(["hard", "normal", "normal"], 6, seed=7, duplicate=True)
    assert [seed for _, seed in tables] == [7, 7, 7, 8, 8, 8]
    # Within one deal each seat holds hard once.
    assert [seats.index("hard") for seats, _ in tables[:3]] == [0, 2, 1]


def _one(table: tuple[str, int]) -> Results:
    results = Results()
    results.score({"red": table[0]}, ["red"] if table[1] % 2 else [])
    results.games = 1
    return results


def test_tables_played_in_this_process_or_a_pool_add_up_the_same() -> None:
    tables = [("normal", n) for n in range(6)]
    here, pooled = play_all(_one, tables, jobs=1), play_all(_one, tables, jobs=2)
    assert here.wins == pooled.wins == {"normal": 3.0}
    assert here.seats == pooled.seats == {"normal": 6}


def test_seat_settings_are_numbers_the_player_has() -> None:
    assert read_settings("normal", ["area=1.5", "samples=8"], {"area", "samples"}, "area=1") == {
        "area": 1.5,
        "samples": 8.0,
    }
    with pytest.raises(ValueError, match="'area=big': give a number, as in area=1"):
        read_settings("normal", ["area=big"], {"area"}, "area=1")
    with pytest.raises(ValueError, match="unknown setting 'speed' for normal; choose from area"):
        read_settings("normal", ["speed=2"], {"area"}, "area=1")


def test_a_lineup_cycles_its_seats_and_refuses_a_bad_one() -> None:
    parser = argparse.ArgumentParser()
    assert lineup(parser, "normal, easy", 5, str) == ["normal", "easy", "normal", "easy", "normal"]

    def refuse(seat: str) -> None:
        raise ValueError(f"no {seat}")

    with pytest.raises(SystemExit):
        lineup(parser, "expert", 3, refuse)


def test_futures_are_compared_in_pairs_and_only_complete() -> None:
    seen: list[tuple[str, int]] = []

    def rollout(move: str, seed: int) -> float:
        seen.append((move, seed))
        return 1.0 if move == "b" else 0.0

    ticks = iter(range(1000))
    outcomes = paired_outcomes(["a", "b"], rollout, 4, random.Random(1), lambda: next(ticks), 1e9)
    assert outcomes == [[0.0] * 4, [1.0] * 4]
    # Both moves were played in each future.
    assert [seed for move, seed in seen if move == "a"] == [
        seed for move, seed in seen if move == "b"
    ]
    assert clear_winner(outcomes, confidence=1.0) == 1
    assert clear_winner([[0.0, 1.0, 0.0], [2.0, -1.0, 0.5]], confidence=1.0) == 0  # noise


def test_the_vegas_showdown_soak_mixes_levels_and_table_sizes() -> None:
    tables = [table(game, 100) for game in range(30)]
    assert {len(levels) for levels, _ in tables} == {3, 4, 5}
    assert sum("hard" in levels for levels, _ in tables) == 3
    assert all({"easy", "normal"} <= set(levels) for levels, _ in tables)
    assert [seed for _, seed in tables] == list(range(100, 130))
