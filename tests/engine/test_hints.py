"""Lords of Vegas hints: normal's own choice first, with its reasons, from the public view."""

from __future__ import annotations

import pytest

from engine.lords_of_vegas import GameSettings, GameState, format_action, new_game
from engine.lords_of_vegas.ai.hints import hints
from engine.lords_of_vegas.ai.players import AiPlayer
from engine.lords_of_vegas.ai.view import canonical_copy
from engine.lords_of_vegas.state import EDITION_COLORS
from tests.engine.test_ai import midgame, play_next, reshuffled


def turn_states() -> list[GameState]:
    """Positions of a few games where a player chooses a turn action (no decision owed)."""
    found = []
    for seed in range(3):
        colors = list(EDITION_COLORS["updated"][:3])
        state, _ = new_game(GameSettings(players=colors, seed=seed))  # type: ignore[arg-type]
        ai = AiPlayer(seed=seed)
        for step in range(60):
            if step % 12 == 5 and not state.pending and not state.over:
                found.append(state.model_copy(deep=True))
            play_next(state, ai)
    return found


def test_the_first_hint_is_the_move_the_normal_player_makes() -> None:
    for state in turn_states():
        color = state.current
        assert color is not None
        expected = AiPlayer(seed=0).act(canonical_copy(state), color)
        assert expected is not None
        [first, *_] = hints(state, color)
        assert first.command == format_action(expected)


def test_a_hint_gives_up_to_three_moves_each_with_its_reasons() -> None:
    for state in turn_states():
        color = state.current
        assert color is not None
        given = hints(state, color)
        assert 1 <= len(given) <= 3
        assert len({s.command for s in given}) == len(given)
        for suggestion in given:
            assert suggestion.reasons
            if suggestion.command != "end":
                assert "points against the best rival" in suggestion.reasons[-1]


def test_a_building_hint_names_the_casino_and_what_it_costs() -> None:
    building = [
        s
        for state in turn_states()
        for s in hints(state, state.current)  # type: ignore[arg-type]
        if s.command.startswith(("build", "sprawl"))
    ]
    assert building
    for suggestion in building:
        assert "casino" in suggestion.reasons[0]
        assert any(reason.startswith("costs $") for reason in suggestion.reasons)


def test_hints_are_the_same_whatever_the_deck_order_and_the_dice_to_come() -> None:
    for index, state in enumerate(turn_states()):
        color = state.current
        assert color is not None
        first = hints(state, color)
        for variant in range(3):
            other = reshuffled(state, 1000 * index + variant)
            assert other.deck != state.deck
            assert hints(other, color) == first


def test_no_hint_when_nothing_is_yours_to_decide() -> None:
    state = turn_states()[0]
    others = [c for c in state.colors if c != state.current]
    for color in others:
        assert hints(state, color) == []
    assert hints(state, "purple") == []  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(3))
def test_every_position_of_a_game_gets_a_hint_for_whoever_must_act(seed: int) -> None:
    state = midgame(seed, players=2)
    ai = AiPlayer(seed=seed)
    for _ in range(40):
        if state.over:
            break
        mover = state.pending[0].player if state.pending else state.current
        assert mover is not None
        assert hints(state, mover), f"no hint for {mover}"
        play_next(state, ai)
