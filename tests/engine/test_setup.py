"""Setting up a new game."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.lords_of_vegas import BOARD, GAME_OVER
from engine.lords_of_vegas.events import Dealt, StartingRoll, TurnStarted
from engine.lords_of_vegas.setup import GameSettings, new_game
from engine.lords_of_vegas.state import EDITION_COLORS


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_two_lots_each_and_money_is_twenty_minus_their_dice(players: int) -> None:
    colors = list(EDITION_COLORS["updated"][:players])
    state, events = new_game(GameSettings(players=colors, seed=players))
    dealt = [e for e in events if isinstance(e, Dealt)]
    assert [e.player for e in dealt] == colors
    for event in dealt:
        assert len(event.lots) == 2
        assert event.money == 20 - sum(BOARD.lots[lot].die for lot in event.lots)
        assert all(
            state.lots.get(lot) == event.player or lot in state.turn_draws for lot in event.lots
        )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_game_over_card_tops_the_last_of_four_stacks(players: int) -> None:
    colors = list(EDITION_COLORS["updated"][:players])
    state, _ = new_game(GameSettings(players=colors, seed=11))
    rest = len(state.deck) + len(state.turn_draws) - 1  # the first draw already happened
    position = state.deck.index(GAME_OVER) + len(state.turn_draws)
    assert position == rest - rest // 4


def test_the_first_draw_happens_for_the_winner_of_the_roll_off() -> None:
    state, events = new_game(GameSettings(players=["red", "blue", "green"], seed=99))
    rolls = [e for e in events if isinstance(e, StartingRoll)]
    last = rolls[-1].rolls
    best = max(sum(r) for r in last.values())
    assert [c for c, r in last.items() if sum(r) == best] == [state.current]
    for earlier in rolls[:-1]:  # every re-roll is among the players tied at the top
        top = max(sum(r) for r in earlier.values())
        assert sum(1 for r in earlier.values() if sum(r) == top) > 1
    turn = next(e for e in events if isinstance(e, TurnStarted))
    assert turn.player == state.current and len(state.turn_draws) >= 1


def test_ties_in_the_roll_off_are_rerolled_by_the_tied_players_only() -> None:
    for seed in range(200):
        _, events = new_game(GameSettings(players=["red", "blue", "green", "yellow"], seed=seed))
        rolls = [e.rolls for e in events if isinstance(e, StartingRoll)]
        if len(rolls) > 1:
            top = max(sum(r) for r in rolls[0].values())
            assert set(rolls[1]) == {c for c, r in rolls[0].items() if sum(r) == top}
            return
    pytest.fail("no roll-off tie in 200 seeds")


def test_two_player_setup_discards_and_replaces_f_cards() -> None:
    seen_set_aside = False
    for seed in range(60):
        state, events = new_game(GameSettings(players=["red", "blue"], seed=seed))
        for event in (e for e in events if isinstance(e, Dealt)):
            assert not any(lot.startswith("F") for lot in event.lots)
            for card in event.set_aside:
                seen_set_aside = True
                assert card.startswith("F") and card not in state.deck
    assert seen_set_aside


def test_classic_two_player_setup_may_deal_f_lots() -> None:
    dealt_f = False
    for seed in range(60):
        _, events = new_game(GameSettings(edition="classic", players=["red", "blue"], seed=seed))
        dealt_f |= any(
            lot.startswith("F") for e in events if isinstance(e, Dealt) for lot in e.lots
        )
    assert dealt_f


def test_same_settings_same_game() -> None:
    settings = GameSettings(players=["red", "blue", "green"], seed=5)
    assert new_game(settings)[0] == new_game(settings)[0]
    other = new_game(GameSettings(players=["red", "blue", "green"], seed=6))[0]
    assert other.deck != new_game(settings)[0].deck


@pytest.mark.parametrize(
    ("edition", "players", "message"),
    [
        ("updated", ["red"], "at least 2"),
        ("classic", ["red", "blue", "green", "yellow", "black"], "at most 4"),
        ("classic", ["red", "black"], "not a colour of the classic edition"),
        ("updated", ["red", "red"], "different colour"),
    ],
)
def test_settings_refuse_impossible_tables(edition: str, players: list[str], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        GameSettings(edition=edition, players=players)  # type: ignore[arg-type]


def test_rulebook_example_lots_showing_4_and_2_give_14() -> None:
    for seed in range(100):
        _, events = new_game(GameSettings(players=["red", "blue", "green"], seed=seed))
        for event in (e for e in events if isinstance(e, Dealt)):
            if sorted(BOARD.lots[lot].die for lot in event.lots) == [2, 4]:
                assert event.money == 14
                return
    pytest.fail("no deal of a 4 and a 2 in 100 seeds")
