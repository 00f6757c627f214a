"""Setting up a game: stacks, basic piles, the first tiles, starting values, the first player."""

from __future__ import annotations

import pytest

from engine.vegas_showdown import COLORS, GameSettings, apply, default_answer, new_game
from engine.vegas_showdown.events import CardDrawn, GameStarted, PriceShifted, TileFlipped
from engine.vegas_showdown.tables import COMPONENTS, TILES


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_new_game_is_set_up_as_the_rules_say(players: int) -> None:
    for seed in range(8):
        state, events = new_game(GameSettings(players=list(COLORS[:players]), seed=seed))
        if state.step == "flip":  # Pull Strings filled P4: the button holder picks a stack
            events += apply(state, state.button, default_answer(state, state.pending[0]))
        started = events[0]
        assert isinstance(started, GameStarted) and started.button == state.button
        flips = [e for e in events if isinstance(e, TileFlipped)]
        cards = [e for e in events if isinstance(e, CardDrawn)]
        # Three tiles without an event card, one of each size; P4 only with 4-5 players,
        # filled by an event card in round 1.
        assert [TILES[f.tile].size for f in flips[:3]] == ["small", "medium", "large"]
        assert [f.space for f in flips[:3]] == ["P1", "P2", "P3"]
        assert [s.id for s in state.spaces] == (
            ["P1", "P2", "P3", "P4"] if players > 3 else ["P1", "P2", "P3"]
        )
        assert [c.space for c in cards] == (["P4"] if players > 3 else [])
        shifted = {e.space for e in events if isinstance(e, PriceShifted)}  # a round-1 card
        for space in state.spaces:
            assert space.tile is not None
            assert space.price == TILES[space.tile].min_bid or space.id in shifted
        # A tiles shuffled on top of B tiles: every A is above every B.
        for size, stack in state.stacks.items():
            backs = [TILES[t].back for t in stack]
            assert backs == sorted(backs), size
        removed = 3 if players == 3 else 0
        assert state.basic == {
            tile: facts.count - removed for tile, facts in TILES.items() if not facts.is_premier
        }
        assert sorted(state.out_of_game) == sorted(
            [tile for tile, f in TILES.items() if not f.is_premier] * removed
        )
        assert state.round == 1 and state.step == "actions" and state.current == state.button
        for player in state.players:
            assert (player.population, player.revenue) == (8, 5)
            if players == 3:  # no event card in round 1: $20 and the round's income of $5
                assert (player.money, player.fame) == (25, 0)
        assert sorted(state.deck) == [i for i in range(33) if i not in {c.card for c in cards}]


def test_the_first_player_is_random_and_follows_the_seed() -> None:
    buttons = {
        new_game(GameSettings(players=list(COLORS[:5]), seed=s))[0].button for s in range(40)
    }
    assert buttons == set(COLORS)
    again = [new_game(GameSettings(players=list(COLORS[:4]), seed=9))[0] for _ in range(2)]
    assert again[0] == again[1]


def test_settings_refuse_wrong_tables() -> None:
    with pytest.raises(ValueError, match="at least 3"):
        GameSettings(players=["red", "blue"])
    with pytest.raises(ValueError, match="at most 5"):
        GameSettings(players=[*COLORS, "red"])
    with pytest.raises(ValueError, match="different colour"):
        GameSettings(players=["red", "red", "blue"])


def test_components_give_the_deck_and_stacks_their_printed_sizes() -> None:
    state, _ = new_game(GameSettings(players=list(COLORS[:3]), seed=1))
    assert len(COMPONENTS.event_deck) == 33
    assert {size: len(stack) for size, stack in state.stacks.items()} == {
        "small": 9,
        "medium": 9,
        "large": 9,
    }
