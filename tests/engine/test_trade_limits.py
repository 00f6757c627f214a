"""Offers are short and few: a step limit, and limits on open offers per player and per game."""

from __future__ import annotations

import pytest

from engine.lords_of_vegas import GameSettings, IllegalAction, apply, new_game, parse_command
from engine.lords_of_vegas.trade import MAX_OFFER_STEPS, MAX_OFFERS_PER_PLAYER, MAX_OPEN_OFFERS

COLORS = ["red", "blue", "green", "yellow"]


def offer(steps: int, giver: str = "red", receiver: str = "blue") -> str:
    return "offer " + "; ".join([f"{giver} pays {receiver} 1"] * steps)


def test_an_offer_has_at_most_twelve_steps() -> None:
    state, _ = new_game(GameSettings(players=COLORS[:2], seed=1))
    apply(state, "red", parse_command(offer(MAX_OFFER_STEPS)))
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="at most 12 steps; this one has 57"):
        apply(state, "red", parse_command(offer(57)))
    assert state.model_dump_json() == before


def test_open_offers_are_capped_per_player_then_per_game() -> None:
    state, _ = new_game(GameSettings(players=COLORS, seed=1))
    for _ in range(MAX_OFFERS_PER_PLAYER):
        apply(state, "red", parse_command(offer(1)))
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match=r"already have 3 open offers \(#1, #2, #3\)"):
        apply(state, "red", parse_command(offer(1)))
    assert state.model_dump_json() == before
    # The others still may, until the game holds ten: 3 + 3 + 3 + 1.
    for giver in ["blue"] * 3 + ["green"] * 3 + ["yellow"]:
        apply(state, giver, parse_command(offer(1, giver, "red")))
    assert len(state.offers) == MAX_OPEN_OFFERS
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match="already has 10 open offers"):
        apply(state, "yellow", parse_command(offer(1, "yellow", "red")))
    assert state.model_dump_json() == before
    # An answer makes room again.
    apply(state, "red", parse_command("withdraw 1"))
    apply(state, "yellow", parse_command(offer(1, "yellow", "red")))
    assert len(state.offers) == MAX_OPEN_OFFERS
