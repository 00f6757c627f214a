"""The public record of a Vegas Showdown game under way tells nothing from which an event
card or a premier tile to come could be known; the full record (with the seed) replays it."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from engine.rng import Pcg32
from engine.vegas_showdown import (
    Event,
    GameState,
    apply,
    decisions_owed,
    default_answer,
    legal_actions,
    waiting_for,
)
from engine.vegas_showdown.actions import SIZES
from engine.vegas_showdown.events import CardDrawn, TileFlipped
from engine.vegas_showdown.randomplay import play_game
from engine.vegas_showdown.record import GameRecord, PublicRecord, public_stack
from engine.vegas_showdown.tables import TILES, card_of
from tests.engine.test_public_record import keys

SEED = 8_273_645_129_377  # long enough that its digits cannot turn up by chance
PLAYERS = ["red", "yellow", "green", "blue"]


def mid_game() -> tuple[GameRecord, GameState]:
    """A random game a third of the way through, while players choose their actions."""
    _, whole = play_game(list(PLAYERS), SEED, check=False)
    upto = len(whole.commands) // 3
    while True:
        record = GameRecord(settings=whole.settings, commands=whole.commands[:upto])
        state, _ = record.replay()
        if not state.pending and state.step == "actions":
            return record, state
        upto -= 1


def _play_one(state: GameState) -> list[Event]:
    """The first choice of the first player the game waits for (a default when owed)."""
    player = waiting_for(state)[0]
    owed = decisions_owed(state, player)
    action = default_answer(state, owed[0]) if owed else legal_actions(state, player)[0]
    return apply(state, player, action)


def play_to_next_draw(state: GameState) -> tuple[list[int], list[str]]:
    """The cards drawn and premier tiles flipped next, playing on with first choices.

    Play goes on until event cards are drawn again and their spaces are filled (the
    default answer chooses a Pull Strings stack).
    """
    events: list[Event] = []
    while not any(isinstance(event, CardDrawn) for event in events):
        events = _play_one(state)
    while state.step == "flip":
        events += _play_one(state)
    cards = [event.card for event in events if isinstance(event, CardDrawn)]
    return cards, [event.tile for event in events if isinstance(event, TileFlipped)]


def test_the_public_record_has_no_seed_no_generator_and_no_hidden_order() -> None:
    record, state = mid_game()
    text = record.public(state).model_dump_json()
    exported = json.loads(text)
    assert exported["game"] == "vegas_showdown" and exported["record"] == "public"
    assert not keys(exported) & {"seed", "rng", "deck", "settings"}
    assert str(SEED) not in text and str(state.rng.state) not in text
    assert exported["players"] == PLAYERS
    assert exported["commands"] == record.commands
    undrawn = exported["state"]["undrawn"]
    assert undrawn == sorted(state.deck) and undrawn != state.deck
    # The table sees each premier stack's height and the back on top, not the order.
    for size in SIZES:
        shown, real = exported["state"]["stacks"][size], state.stacks[size]
        assert sorted(shown) == sorted(real) and shown == public_stack(real)
        assert [TILES[t].back for t in shown] == [TILES[t].back for t in real]
    assert any(exported["state"]["stacks"][size] != state.stacks[size] for size in SIZES)
    # Cards waiting and in play are public, and so is everything players see.
    assert exported["state"]["in_play"] == state.in_play
    assert exported["state"]["discard"] == state.discard
    # It is not a record the engine can replay.
    with pytest.raises(ValidationError):
        GameRecord.model_validate(exported)
    # Read back, it is the same public record.
    again = PublicRecord.model_validate_json(text)
    assert again == record.public(state)
    assert again.state.players == state.players and again.state.spaces == state.spaces
    assert again.state.model_dump(exclude={"seed", "rng", "deck", "stacks"}) == state.model_dump(
        exclude={"seed", "rng", "deck", "stacks"}
    )


def _swap_top(pile: list[str]) -> None:
    """Swap the top tile with the next one of the same back that is another tile, if any."""
    for i, tile in enumerate(pile):
        if tile != pile[0] and TILES[tile].back == TILES[pile[0]].back:
            pile[0], pile[i] = pile[i], pile[0]
            return


def test_games_with_other_cards_and_tiles_to_come_export_the_same_public_record() -> None:
    record, state = mid_game()
    # The next card is another one still in the deck (of another kind of card).
    next_card = state.deck[0]
    deck_twin = state.model_copy(deep=True)
    other = next(
        i
        for i, card in enumerate(deck_twin.deck)
        if card_of(card)[1].id != card_of(next_card)[1].id
    )
    deck_twin.deck[0], deck_twin.deck[other] = deck_twin.deck[other], deck_twin.deck[0]
    deck_twin.rng = Pcg32.seeded(SEED + 1)
    # The same cards to come, but each premier stack's next tile is another one.
    stack_twin = state.model_copy(deep=True)
    for size in SIZES:
        _swap_top(stack_twin.stacks[size])
    exported = record.public(state).model_dump_json()
    assert record.public(deck_twin).model_dump_json() == exported
    assert record.public(stack_twin).model_dump_json() == exported

    cards, tiles = play_to_next_draw(state.model_copy(deep=True))
    deck_cards, _ = play_to_next_draw(deck_twin)
    stack_cards, stack_tiles = play_to_next_draw(stack_twin)
    assert deck_cards[0] != cards[0]  # the same export, another card next
    assert stack_cards == cards and stack_tiles != tiles  # the same cards, other tiles


def test_a_full_state_given_to_the_public_record_keeps_only_its_public_part() -> None:
    record, state = mid_game()
    smuggled = {"players": PLAYERS, "state": json.loads(state.model_dump_json())}
    public = PublicRecord.model_validate(smuggled)
    assert public.state.seed == 0 and public.state.rng == Pcg32(state=0)
    assert public.state.deck == sorted(state.deck)
    assert public.state == record.public(state).state
