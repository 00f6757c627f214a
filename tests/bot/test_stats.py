"""Statistics from finished games: points after every turn, favourite company, records."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.lords_of_vegas.stats import favourite, points_over_turns
from bot.stats import SeatResult, seat_results, tally
from bot.store import Game, Seat
from engine import lords_of_vegas
from engine.lords_of_vegas import Color, apply, new_game, parse_line
from engine.lords_of_vegas.randomplay import play_random_game
from engine.lords_of_vegas.state import Edition


@pytest.mark.parametrize(
    ("edition", "players", "seed"), [("updated", 2, 3), ("updated", 5, 4), ("classic", 4, 5)]
)
def test_points_over_turns_are_the_scores_at_the_end_of_each_turn(
    edition: Edition, players: int, seed: int
) -> None:
    colors: list[Color] = ["red", "blue", "green", "yellow", "purple"][:players]
    final, record = play_random_game(colors, seed, edition, "builder")
    state, events = record.replay()
    series = points_over_turns(state.colors, events)
    assert all(len(points) == final.turn + 1 for points in series.values())
    assert {c: points[-1] for c, points in series.items()} == {
        p.color: p.points for p in final.players
    }
    # Step through the game: just before the command that starts turn t + 1, the scores
    # are those of the end of turn t.
    state, _ = new_game(record.settings)
    checked = 0
    for line in record.commands:
        turn, before = state.turn, {p.color: p.points for p in state.players}
        apply(state, *parse_line(line))
        if state.turn != turn:
            assert {c: points[turn] for c, points in series.items()} == before
            checked += 1
    assert checked == final.turn - 1


def test_favourite_is_the_most_built_first_in_rulebook_order_on_a_tie() -> None:
    assert favourite(Counter()) is None
    assert favourite(Counter({"vega": 3, "pioneer": 5})) == ("pioneer", 5)
    assert favourite(Counter({"tivoli": 4, "sphinx": 4, "vega": 1})) == ("sphinx", 4)


def game_with(seats: list[Seat], state_json: str, game_id: int = 1) -> Game:
    return Game(
        id=game_id,
        kind="lords_of_vegas",
        guild_id=1,
        channel_id=2,
        host_user_id=10,
        edition="updated",
        status="finished",
        version=9,
        moves=3,
        created_at="",
        updated_at="",
        started_at="",
        ended_at="",
        seats=tuple(seats),
        settings_json=None,
        state_json=state_json,
        engine=lords_of_vegas,
    )


def test_people_count_computers_do_not_and_a_resigned_seat_never_wins() -> None:
    final, _ = play_random_game(["red", "blue", "green"], 9, "updated", "builder")
    final.winners = ["red", "blue"]  # a shared win, for the test
    seats = [
        Seat(1, "red", user_id=10, name="Ann"),
        Seat(2, "blue", user_id=11, name="Ben", resigned=True, autopilot=2),
        Seat(3, "green", ai_level=1, name="Bot Lucky"),
    ]
    results = seat_results(game_with(seats, final.model_dump_json()))
    assert [(r.user_id, r.color, r.won) for r in results] == [
        (10, "red", True),
        (11, "blue", False),
    ]
    assert results[0].points == final.player("red").points


def test_tally_ranks_by_wins_then_average_then_games() -> None:
    def result(game: int, user: int, points: int, won: bool) -> SeatResult:
        return SeatResult(game, user, f"P{user}", "red", points, won)

    results = [
        result(1, 1, 50, True),
        result(2, 1, 10, False),
        result(1, 2, 40, False),
        result(2, 2, 60, True),
        result(3, 2, 60, False),
        result(3, 3, 90, True),
    ]
    records = tally(results)
    assert [(r.user_id, r.games, r.wins, r.best) for r in records] == [
        (3, 1, 1, 90),  # one win, average 90
        (2, 3, 1, 60),  # one win, average 53.3
        (1, 2, 1, 50),  # one win, average 30
    ]
    assert records[1].average == pytest.approx(160 / 3)
