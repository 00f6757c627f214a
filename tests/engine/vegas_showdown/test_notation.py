"""The command notation: parse, format, round trip, and readable errors."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.vegas_showdown.actions import (
    BID_TARGETS,
    COLORS,
    SIZES,
    Bid,
    Cancel,
    ChooseStack,
    Done,
    Place,
    Publicity,
    Remove,
    Renovate,
    Reserve,
    Undo,
)
from engine.vegas_showdown.errors import NotationError
from engine.vegas_showdown.notation import format_action, format_line, parse_command, parse_line
from engine.vegas_showdown.tables import COMPONENTS, TILES

cols, rows = COMPONENTS.sheet.cols, COMPONENTS.sheet.rows
actions = st.one_of(
    st.builds(Bid, target=st.sampled_from(BID_TARGETS), amount=st.integers(1, 999)),
    st.sampled_from([Renovate(), Publicity(), Reserve(), Done(), Undo(), Cancel()]),
    st.builds(ChooseStack, size=st.sampled_from(SIZES)),
    st.builds(
        Place,
        tile=st.sampled_from(sorted(TILES)),
        x=st.integers(0, cols - 1),
        y=st.integers(0, rows - 1),
        rot=st.integers(0, 3),
    ),
    st.builds(Remove, x=st.integers(0, cols - 1), y=st.integers(0, rows - 1)),
)


@given(action=actions, color=st.sampled_from(COLORS))
def test_formatting_then_parsing_gives_the_same_action(action: object, color: str) -> None:
    assert parse_command(format_action(action)) == action  # type: ignore[arg-type]
    assert parse_line(format_line(color, action)) == (color, action)  # type: ignore[arg-type]


@given(text=st.text(max_size=40))
def test_any_text_is_an_action_or_a_notation_error(text: str) -> None:
    try:
        parse_command(text)
    except NotationError as error:
        assert str(error)


@given(text=st.text(alphabet="bidplacePp0123456789 slotsc$-_\u00b2\u0663", max_size=30))
def test_command_shaped_text_is_an_action_or_a_notation_error(text: str) -> None:
    for line in (text, "red: " + text, text + ": bid p1 3", "red: remove " + text):
        try:
            parse_line(line)
        except NotationError as error:
            assert str(error)


def test_the_forms_players_type() -> None:
    assert parse_command("BID p2 $29") == Bid(target="P2", amount=29)
    assert parse_command("bid slots2 7") == Bid(target="slots2", amount=7)
    assert parse_command("place Fancy-Slots C3 90") == Place(tile="fancy_slots", x=2, y=2, rot=1)
    assert parse_command("place lounge a1") == Place(tile="lounge", x=0, y=0, rot=0)
    assert parse_command("place 5-star-steakhouse b2 270").tile == "five_star_steakhouse"  # type: ignore[union-attr]
    assert parse_command("remove g5") == Remove(x=6, y=4)
    assert parse_command("stack Large") == ChooseStack(size="large")
    assert format_action(Place(tile="lounge", x=2, y=1, rot=1)) == "place lounge c2 90"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("build c7", "don't know the command"),
        ("bid", "Say which"),
        ("bid p9 5", "not a bidding track"),
        ("bid p1 lots", "not an amount"),
        ("bid p1 0", "not an amount"),
        ("place roulette c2", "not a tile"),
        ("place lounge 22", "not a cell"),
        ("place lounge h1", "from a1 to g5"),
        ("remove c6", "not a cell"),
        ("remove a\u00b2", "not a cell"),
        ("bid p1 \u0663", "not an amount"),
        ("place lounge c2 45", "not a turn"),
        ("remove", "Say which cell"),
        ("reserve now", "takes nothing"),
        ("stack huge", "Say which premier stack"),
    ],
)
def test_unreadable_commands_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_command(text)


def test_a_line_needs_a_known_colour_first() -> None:
    with pytest.raises(NotationError, match="needs the player first"):
        parse_line("publicity")
    with pytest.raises(NotationError, match="not a player colour"):
        parse_line("black: publicity")


# Numbers past Python's int-string limit (4,300 digits), where a number or a cell is read.
HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"bid P1 {HUGE}", "is not an amount of money"),
        (f"bid {HUGE} 5", "is not a bidding track or a tile"),
        (f"place lounge a{HUGE} 0", "is not a cell of the sheet"),
        (f"place lounge a1 {HUGE}", "is not a turn"),
        (f"place {HUGE} a1 0", "is not a tile"),
        (f"remove b{HUGE}", "is not a cell of the sheet"),
        (f"stack {HUGE}", "Say which premier stack"),
    ],
)
def test_huge_numbers_are_refused_like_any_unreadable_text(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as refused:
        parse_command(text)
    assert len(str(refused.value)) <= 400


@pytest.mark.parametrize(
    ("text", "meant"),
    [
        ("bid lonuge 9", "Did you mean lounge?"),
        ("bid fancyslot 18", "Did you mean fancy_slots?"),
        ("place slot a3 90", "Did you mean slots?"),
        ("place lonuge a3 0", "Did you mean lounge?"),
    ],
)
def test_a_misspelt_tile_gets_a_did_you_mean(text: str, meant: str) -> None:
    with pytest.raises(NotationError, match=re.escape(meant)):
        parse_command(text)


def test_a_bid_may_name_the_tile_and_formats_back_the_same() -> None:
    bid = parse_command("bid Fancy_Slots 18")
    assert bid == Bid(target="fancy_slots", amount=18)
    assert parse_command(format_action(bid)) == bid
    assert parse_command("bid lounge 9") == Bid(target="lounge", amount=9)  # a track first
