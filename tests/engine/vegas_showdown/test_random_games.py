"""Random full games never crash, keep every invariant, and replay exactly from their record."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.vegas_showdown import COLORS, GameState, apply, describe, simulate
from engine.vegas_showdown.actions import ACTION_KINDS
from engine.vegas_showdown.events import CardDrawn, GameOver
from engine.vegas_showdown.greedy import GreedyPlayer
from engine.vegas_showdown.notation import parse_line
from engine.vegas_showdown.randomplay import play_game
from engine.vegas_showdown.record import GameRecord
from engine.vegas_showdown.tables import COMPONENTS


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_end_keep_invariants_and_replay_exactly(players: int) -> None:
    for seed in (players * 100, players * 100 + 1):
        state, record = play_game(list(COLORS[:players]), seed)  # invariants after each action
        assert state.over and state.winners and state.end_reason
        replayed, events = record.replay()
        assert replayed.model_dump_json() == state.model_dump_json()
        assert GameState.model_validate_json(state.model_dump_json()) == state
        assert sum(isinstance(e, GameOver) for e in events) == 1
        assert all(describe(event) for event in events)
        restored = GameRecord.model_validate_json(record.model_dump_json())
        assert restored.replay()[0] == state


def test_random_games_reach_every_action_and_every_event_card() -> None:
    kinds: set[str] = set()
    cards: set[str] = set()
    for seed in range(30):
        _, record = play_game(list(COLORS[: 3 + seed % 3]), seed, check=False)
        kinds |= {parse_line(line)[1].kind for line in record.commands}
        _, events = record.replay()
        cards |= {e.name for e in events if isinstance(e, CardDrawn)}
        if len(cards) == len(COMPONENTS.event_cards) and len(kinds) == 10:
            break
    assert kinds == ACTION_KINDS
    assert cards == {card.name for card in COMPONENTS.event_cards.values()}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), players=st.integers(3, 5))
def test_any_seed_plays_to_the_end(seed: int, players: int) -> None:
    state, record = play_game(list(COLORS[:players]), seed)
    assert state.over
    assert record.replay()[0] == state


def test_saving_and_loading_midgame_continues_identically() -> None:
    state, record = play_game(list(COLORS[:4]), 77, check=False)
    half = len(record.commands) // 2
    midgame, _ = record.replay(upto=half)
    loaded = GameState.model_validate_json(midgame.model_dump_json())
    copied = midgame.model_copy(deep=True)
    for line in record.commands[half:]:
        player, action = parse_line(line)
        apply(loaded, player, action)
        apply(copied, player, action)
    assert loaded == state == copied


def test_simulate_checks_games_and_prints_statistics(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        simulate.main(["--games", "2", "--players", "5", "--seed", "3", "--dump", str(tmp_path)])
        == 0
    )
    out = capsys.readouterr().out
    assert "2 games of 5 players" in out and "invariants and replays checked" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-3.record.json",
        "game-3.state.json",
        "game-4.record.json",
        "game-4.state.json",
    ]
    record = GameRecord.model_validate_json((tmp_path / "game-3.record.json").read_text())
    saved = GameState.model_validate_json((tmp_path / "game-3.state.json").read_text())
    assert record.replay()[0] == saved
    assert simulate.main(["--games", "3", "--players", "3", "--stats"]) == 0
    out = capsys.readouterr().out
    assert "Random play, 3 games" in out and "Greedy play, 3 games" in out
    assert "rounds per game: mean" in out and "Theater" in out


def test_greedy_games_end_and_keep_invariants() -> None:
    for players in (3, 4, 5):
        state, record = play_game(list(COLORS[:players]), 40 + players, GreedyPlayer())
        assert state.over
        assert record.replay()[0] == state
