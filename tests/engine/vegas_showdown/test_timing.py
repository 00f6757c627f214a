"""When Renovate and Publicity are carried out: at once for new games, as the books say;
after bidding for games saved before that (their settings and states say nothing of it)."""

from __future__ import annotations

import json

import pytest

from engine.vegas_showdown import (
    COLORS,
    GameSettings,
    GameState,
    apply,
    new_game,
    waiting_for,
)
from engine.vegas_showdown.actions import Publicity
from engine.vegas_showdown.events import DecisionRequired
from engine.vegas_showdown.notation import parse_line
from engine.vegas_showdown.randomplay import play_game
from engine.vegas_showdown.record import GameRecord


def _without_timing(text: str, *fields: str) -> str:
    """JSON as the release before the timing wrote it: without its new fields."""

    def strip(node: object) -> object:
        if isinstance(node, dict):
            return {k: strip(v) for k, v in node.items() if k not in fields}
        if isinstance(node, list):
            return [strip(v) for v in node]
        return node

    return json.dumps(strip(json.loads(text)))


def test_new_games_carry_out_renovate_and_publicity_at_once() -> None:
    settings = GameSettings(players=["red", "blue", "green"], seed=3)
    assert settings.timing == "at_once"
    assert json.loads(settings.model_dump_json(exclude_defaults=True))["timing"] == "at_once"
    assert GameSettings.model_validate_json(settings.model_dump_json()) == settings


def test_settings_and_states_saved_before_the_timing_keep_the_old_timing() -> None:
    old_settings = '{"players": ["red", "blue", "green"], "seed": 3}'
    assert GameSettings.model_validate_json(old_settings).timing == "after_bidding"
    state, _ = play_game(["red", "blue", "green"], 3, max_moves=20_000, timing="after_bidding")
    old_state = _without_timing(state.model_dump_json(), "timing", "placed_while_bidding")
    assert GameState.model_validate_json(old_state).timing == "after_bidding"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_game_saved_under_the_old_timing_replays_and_continues_under_it(players: int) -> None:
    colors = list(COLORS[:players])
    state, record = play_game(colors, 40 + players, timing="after_bidding")
    old = GameRecord.model_validate_json(_without_timing(record.model_dump_json(), "timing"))
    assert old.settings.timing == "after_bidding"
    assert old.replay()[0] == state and state.over
    # Saved mid-bidding, after someone chose Renovate or Publicity: their decision opens
    # once bidding is over, and the game goes on to the same end.
    moving, _ = new_game(old.settings)
    lines = list(old.commands)
    while not (
        moving.step == "actions"
        and any(p.action in ("renovate", "publicity") for p in moving.players)
    ):
        apply(moving, *parse_line(lines.pop(0)))
    assert not moving.pending
    saved = _without_timing(moving.model_dump_json(), "timing", "placed_while_bidding")
    opened = GameState.model_validate_json(saved)
    assert opened.timing == "after_bidding"
    for line in lines:
        apply(opened, *parse_line(line))
    assert opened == state


def test_publicity_asks_for_its_placement_at_once_while_bidding_goes_on() -> None:
    state, _ = new_game(GameSettings(players=["red", "blue", "green"], seed=7))
    first = state.current
    assert first is not None
    state.player(first).reserve.append("lounge")
    events = apply(state, first, Publicity())
    assert [e.decision.kind for e in events if isinstance(e, DecisionRequired)] == ["publicity"]
    assert state.step == "actions" and state.current not in (None, first)
    assert waiting_for(state) == [first, state.current]
