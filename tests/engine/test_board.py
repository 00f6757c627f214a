"""The packaged board data loads, validates, and matches the printed board's facts."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest
from pydantic import ValidationError

from engine.lords_of_vegas.board import BOARD, COMPANIES, GAME_OVER, BoardFacts


def test_board_has_48_lots_in_six_blocks() -> None:
    assert len(BOARD.lots) == 48
    assert Counter(lot.block for lot in BOARD.lots.values()) == {
        "A": 6,
        "B": 6,
        "C": 12,
        "D": 9,
        "E": 6,
        "F": 9,
    }
    assert BOARD.order[0] == "A1" and BOARD.order[-1] == "F9"
    assert len(BOARD.cards) == 49 and BOARD.cards[-1] == GAME_OVER


def test_each_company_has_nine_cards_and_the_strip_three() -> None:
    cards = Counter(lot.card for lot in BOARD.lots.values())
    assert all(cards[company] == 9 for company in COMPANIES)
    assert sorted(lot.id for lot in BOARD.lots.values() if lot.card == "strip") == [
        "A6",
        "D5",
        "F8",
    ]


def test_prices_follow_the_printed_die() -> None:
    price = {1: 8, 2: 6, 3: 9, 4: 12, 5: 15, 6: 20}
    assert all(lot.price == price[lot.die] for lot in BOARD.lots.values())
    assert (BOARD.lots["A2"].price, BOARD.lots["A2"].die) == (6, 2)  # rulebook build example
    assert BOARD.lots["A5"].price == 9  # rulebook sprawl example: twice A5 is $18m


def test_neighbours_are_edges_within_a_block_and_symmetric() -> None:
    assert set(BOARD.lots["A2"].neighbors) == {"A1", "A3", "A5"}  # rulebook: A2 touches A3 and A5
    assert set(BOARD.lots["C5"].neighbors) == {"C2", "C4", "C6", "C8"}
    assert set(BOARD.lots["A4"].neighbors) == {"A1", "A5"}  # nothing across Flamingo Rd
    for lot in BOARD.lots.values():
        for near in lot.neighbors:
            assert lot.id in BOARD.lots[near].neighbors
            assert BOARD.lots[near].block == lot.block


def test_strip_edge_is_the_column_facing_the_strip() -> None:
    strip = {lot.id for lot in BOARD.lots.values() if lot.strip_edge}
    assert len(strip) == 16
    assert {"A3", "A6", "C3", "C12", "E6", "B1", "B4", "D1", "D7", "F1", "F7"} <= strip
    assert not {"A1", "B3", "D5", "F8"} & strip


def test_scoring_track() -> None:
    assert BOARD.track[:10] == (0, 1, 2, 3, 4, 5, 6, 7, 8, 10)
    assert BOARD.track[-4:] == (66, 73, 81, 90)
    assert 9 not in BOARD.track


def test_shipped_board_file_validates() -> None:
    text = resources.files("engine.lords_of_vegas").joinpath("data/board.json").read_text("utf-8")
    BoardFacts.model_validate(json.loads(text))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["lots"][0].update(price=7), "does not match die"),
        (lambda d: d["lots"][1].update(card="sphinx"), "expected 9 cards per company"),
        (lambda d: d["lots"].pop(), "block F must list lots"),
        (lambda d: d["scoring_track"].reverse(), "scoring track"),
    ],
)
def test_a_broken_board_file_is_refused(change, message: str) -> None:  # type: ignore[no-untyped-def]
    text = resources.files("engine.lords_of_vegas").joinpath("data/board.json").read_text("utf-8")
    data = json.loads(text)
    change(data)
    with pytest.raises(ValidationError, match=message):
        BoardFacts.model_validate(data)
