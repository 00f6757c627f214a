"""The public record of a game under way tells nothing from which a card or a roll to come
could be known; the full record (with the seed) replays the game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from engine.lords_of_vegas import GAME_OVER, GameState, apply
from engine.lords_of_vegas.actions import EndTurn, Gamble
from engine.lords_of_vegas.events import CardDrawn, Gambled
from engine.lords_of_vegas.moves import legal_actions
from engine.lords_of_vegas.randomplay import play_random_game
from engine.lords_of_vegas.record import GameRecord, PublicRecord
from engine.lords_of_vegas.rng import Rng

SEED = 8_273_645_129_377  # long enough that its digits cannot turn up by chance


def mid_game() -> tuple[GameRecord, GameState]:
    """A random game halfway through, at a moment the current player could end the turn."""
    _, whole = play_random_game(["red", "blue", "green"], SEED, check=False)
    upto = len(whole.commands) // 2
    while True:
        record = GameRecord(settings=whole.settings, commands=whole.commands[:upto])
        state, _ = record.replay()
        if not state.pending:
            return record, state
        upto -= 1


def keys(data: Any) -> set[str]:
    """Every key of every object in a JSON document."""
    if isinstance(data, dict):
        return set(data).union(*(keys(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(keys(item) for item in data))
    return set()


def test_the_public_record_has_no_seed_no_generator_and_no_deck_order() -> None:
    record, state = mid_game()
    text = record.public(state).model_dump_json()
    exported = json.loads(text)
    assert not keys(exported) & {"seed", "rng", "deck", "settings"}
    assert str(SEED) not in text and str(state.rng.state) not in text
    assert exported["players"] == ["red", "blue", "green"]
    assert exported["commands"] == record.commands
    left = [card for card in exported["state"]["undrawn"] if card != GAME_OVER]
    assert sorted(left) == sorted(c for c in state.deck if c != GAME_OVER) and left != state.deck
    # It is not a record the engine can replay.
    with pytest.raises(ValidationError):
        GameRecord.model_validate(exported)
    # Read back, it is the same public record, and its state draws the same board.
    again = PublicRecord.model_validate_json(text)
    assert again == record.public(state)
    assert again.state.players == state.players and again.state.tiles == state.tiles
    assert len(again.state.deck) == len(state.deck)


def test_games_with_different_cards_and_dice_to_come_export_the_same_public_record() -> None:
    record, state = mid_game()
    twin = state.model_copy(deep=True)
    # The twin's next card is another one still in the deck, and its dice roll otherwise.
    other = next(i for i, card in enumerate(twin.deck) if card not in (GAME_OVER, twin.deck[0]))
    twin.deck[0], twin.deck[other] = twin.deck[other], twin.deck[0]
    twin.rng = Rng.seeded(SEED + 1)
    assert record.public(state).model_dump_json() == record.public(twin).model_dump_json()

    ends = [apply(game.model_copy(deep=True), game.current, EndTurn()) for game in (state, twin)]
    draws = [next(e.card for e in events if isinstance(e, CardDrawn)) for events in ends]
    assert draws[0] != draws[1]  # the same export, two different next cards

    # And the same bet rolls differently in each.
    bet = next(a for a in legal_actions(state, state.current) if isinstance(a, Gamble))
    gambles = [apply(game.model_copy(deep=True), game.current, bet) for game in (state, twin)]
    rolls = [[e.dice for e in events if isinstance(e, Gambled)] for events in gambles]
    assert rolls[0] != rolls[1]


def test_a_full_state_given_to_the_public_record_keeps_only_its_public_part() -> None:
    record, state = mid_game()
    smuggled = {
        "edition": "updated",
        "players": ["red", "blue", "green"],
        "state": json.loads(state.model_dump_json()),
    }
    public = PublicRecord.model_validate(smuggled)
    assert public.state.seed == 0 and public.state.rng == Rng(state=0)
    assert public.state == record.public(state).state
