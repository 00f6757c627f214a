"""Random full games never crash, keep every invariant, and replay exactly from their record."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.lords_of_vegas import GameState, IllegalAction, apply, describe, simulate
from engine.lords_of_vegas.actions import (
    Action,
    Build,
    EndTurn,
    Gamble,
    Layoff,
    Place,
    Raise,
    Remodel,
    Reorganize,
    Sprawl,
    Take,
)
from engine.lords_of_vegas.board import BOARD, COMPANIES
from engine.lords_of_vegas.events import GameOver, TradeStepFailed
from engine.lords_of_vegas.invariants import check_invariants
from engine.lords_of_vegas.notation import parse_line
from engine.lords_of_vegas.randomplay import STYLES, RandomPlayer, play_random_game
from engine.lords_of_vegas.record import GameRecord
from engine.lords_of_vegas.setup import GameSettings, new_game
from engine.lords_of_vegas.state import EDITION_COLORS

TABLES = [
    (edition, count)
    for edition, colors in EDITION_COLORS.items()
    for count in range(2, len(colors) + 1)
]


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_random_games_end_keep_invariants_and_replay_exactly(
    edition: str, players: int, style: str
) -> None:
    colors = list(EDITION_COLORS[edition][:players])  # type: ignore[index]
    for seed in (players * 100, players * 100 + 1):
        state, record = play_random_game(colors, seed, edition, style=style)  # type: ignore[arg-type]
        assert state.over and state.winners
        replayed, events = record.replay()
        assert replayed == state
        assert replayed.model_dump_json() == state.model_dump_json()
        assert GameState.model_validate_json(state.model_dump_json()) == state
        assert sum(isinstance(e, GameOver) for e in events) == 1
        restored = GameRecord.model_validate_json(record.model_dump_json())
        assert restored.replay()[0] == state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**40),
    table=st.sampled_from(TABLES),
    style=st.sampled_from(sorted(STYLES)),
)
def test_any_seed_plays_to_the_end(seed: int, table: tuple[str, int], style: str) -> None:
    edition, players = table
    colors = list(EDITION_COLORS[edition][:players])  # type: ignore[index]
    state, record = play_random_game(colors, seed, edition, style=style)  # type: ignore[arg-type]
    assert state.over
    assert record.replay()[0] == state


def test_saving_and_loading_midgame_continues_identically() -> None:
    colors = ["red", "blue", "green", "yellow"]
    state, record = play_random_game(colors, 77, style="builder")  # type: ignore[arg-type]
    half = len(record.commands) // 2
    midgame, _ = record.replay(upto=half)
    loaded = GameState.model_validate_json(midgame.model_dump_json())
    for line in record.commands[half:]:
        player, action = parse_line(line)
        for game in (midgame, loaded):
            apply(game, player, action)
        assert loaded == midgame
    assert loaded == state


def _candidates(state: GameState, rnd: random.Random) -> list[Action]:
    """A broad, mostly illegal pool of actions to throw at the engine."""
    lots = list(BOARD.order)
    pool: list[Action] = [EndTurn(), Layoff(accept=True), Layoff(accept=False)]
    for _ in range(40):
        lot, other = rnd.choice(lots), rnd.choice(lots)
        pool += [
            Build(lot=lot, company=rnd.choice(COMPANIES), using=rnd.choice([None, other])),
            Sprawl(lot=lot, origin=rnd.choice([None, other]), using=rnd.choice([None, other])),
            Remodel(lot=lot, company=rnd.choice(COMPANIES)),
            Reorganize(lot=lot),
            Raise(lot=lot),
            Gamble(lot=lot, amount=rnd.randint(1, 120)),
            Take(what=rnd.choice(["die", "marker"]), lot=lot),
            Place(assignment=((lot, rnd.randint(1, 6)), (other, rnd.randint(1, 6)))),
        ]
    return pool


@pytest.mark.parametrize("seed", range(6))
def test_refused_actions_change_nothing(seed: int) -> None:
    rnd = random.Random(seed)
    edition = "classic" if seed % 2 else "updated"
    colors = list(EDITION_COLORS[edition][: 2 + seed % 3])
    state, _ = new_game(GameSettings(edition=edition, players=colors, seed=seed))  # type: ignore[arg-type]
    player = RandomPlayer(seed=seed, style=sorted(STYLES)[seed % 3])
    refused = 0
    while not state.over:
        if rnd.random() < 0.2:
            before = state.model_dump_json()
            for action in rnd.sample(_candidates(state, rnd), 25):
                trial = GameState.model_validate_json(before)
                who = rnd.choice(colors)
                try:
                    apply(trial, who, action)
                except IllegalAction as refusal:
                    refused += 1
                    assert str(refusal)
                    assert trial.model_dump_json() == before, f"{who}: {action} changed the game"
        who, action = player.next_move(state)
        apply(state, who, action)
        check_invariants(state)
    assert refused > 100


def test_every_event_can_be_narrated() -> None:
    kinds: set[str] = set()
    for seed, style in enumerate(sorted(STYLES) * 3):
        for edition, colors in (
            ("updated", ["red", "blue"]),
            ("classic", ["red", "blue", "green"]),
        ):
            _, record = play_random_game(colors, seed, edition, style=style)  # type: ignore[arg-type]
            names = {color: f"Player-{color.upper()}" for color in colors}
            for event in record.replay()[1]:
                text = describe(event)
                assert text and text[-1] in ".)", text
                kinds.add(event.kind)
                # With names given, every player is called by name, never by a bare colour.
                named = describe(event, names)  # type: ignore[arg-type]
                if isinstance(event, TradeStepFailed):  # the reason is a refusal message
                    named = named.replace(event.reason, "")
                words = set(re.findall(r"[a-z]+", named))
                assert not words & set(colors), named
    expected = {
        "dealt",
        "starting_roll",
        "turn_started",
        "card_drawn",
        "marker_placed",
        "marker_moved",
        "take_over",
        "die_moved",
        "parking_paid",
        "casino_paid",
        "points_scored",
        "built",
        "sprawled",
        "remodeled",
        "raised",
        "reorganized",
        "dice_placed",
        "merged",
        "tie_rerolled",
        "gambled",
        "layoff_chosen",
        "decision_required",
        "turn_ended",
        "offer_made",
        "offer_accepted",
        "offer_closed",
        "trade_step_done",
        "trade_step_failed",
        "trade_finished",
        "game_over",
    }
    assert expected <= kinds


def test_simulate_checks_replays_and_writes_each_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["--games", "2", "--players", "3", "--seed", "5", "--dump", str(tmp_path)]
    assert simulate.main(arguments) == 0
    out = capsys.readouterr().out
    assert "2 updated games of 3 players" in out and "invariants and replays checked" in out
    assert re.search(r"^wins: \w+ \d", out, re.MULTILINE)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-5.record.json",
        "game-5.state.json",
        "game-6.record.json",
        "game-6.state.json",
    ]
    record = GameRecord.model_validate_json((tmp_path / "game-6.record.json").read_text())
    saved = GameState.model_validate_json((tmp_path / "game-6.state.json").read_text())
    assert record.replay()[0] == saved
