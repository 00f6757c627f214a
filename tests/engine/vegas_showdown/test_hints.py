"""Vegas Showdown hints: normal's own choice first, with its reasons, from the public view."""

from __future__ import annotations

import random

from engine.vegas_showdown import GameState, apply, waiting_for
from engine.vegas_showdown.ai import ComputerPlayer, public_view
from engine.vegas_showdown.ai.hints import HINT_SEED, hints
from engine.vegas_showdown.notation import format_action
from tests.engine.vegas_showdown.test_ai import midgame, rehidden


def positions() -> list[GameState]:
    """Moments of a few games where someone must choose, decisions among them."""
    found = []
    for seed in range(3):
        state = midgame(seed, actions=20)
        normal = ComputerPlayer(seed=seed)
        for _ in range(12):
            found.append(state.model_copy(deep=True))
            mover = waiting_for(state)[0]
            action = normal.act(state, mover)
            assert action is not None
            apply(state, mover, action)
    return found


def test_the_first_hint_is_the_move_the_normal_player_makes() -> None:
    for state in positions():
        color = waiting_for(state)[0]
        view = public_view(state, random.Random(HINT_SEED))
        expected = ComputerPlayer(seed=HINT_SEED).choose(view, color)
        [first, *_] = hints(state, color)
        assert first.command == format_action(expected)


def test_each_hint_says_why_in_fame_against_the_best_rival() -> None:
    bids = 0
    for state in positions():
        given = hints(state, waiting_for(state)[0])
        assert 1 <= len(given) <= 3
        for suggestion in given:
            assert suggestion.reasons
            if suggestion.command.startswith("bid"):
                bids += 1
                assert suggestion.reasons[0].startswith("the ")  # the tile and its use
                assert any(r.startswith("costs $") for r in suggestion.reasons)
                assert "Fame against the best rival" in suggestion.reasons[-1]
    assert bids


def test_hints_are_the_same_whatever_is_hidden() -> None:
    for index, state in enumerate(positions()[::4]):
        color = waiting_for(state)[0]
        first = hints(state, color)
        for variant in range(2):
            other = rehidden(state, 100 * index + variant)
            assert other.deck != state.deck or other.seed != state.seed
            assert hints(other, color) == first


def test_no_hint_when_the_game_waits_for_someone_else() -> None:
    for state in positions()[:6]:
        waiting = waiting_for(state)
        for player in state.players:
            if player.color not in waiting:
                assert hints(state, player.color) == []
