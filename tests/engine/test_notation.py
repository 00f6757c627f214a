"""The command notation: parse, format, round trip, and readable errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.lords_of_vegas.actions import (
    Accept,
    ActStep,
    Build,
    Decline,
    DieStep,
    EndTurn,
    Expire,
    Gamble,
    Layoff,
    LotStep,
    PayStep,
    Place,
    Propose,
    Raise,
    Remodel,
    Reorganize,
    Sprawl,
    Take,
    Withdraw,
)
from engine.lords_of_vegas.board import BOARD, COMPANIES
from engine.lords_of_vegas.errors import NotationError
from engine.lords_of_vegas.notation import ALIASES, USAGE, format_action, parse_command, parse_line

lots = st.sampled_from(BOARD.order)
companies = st.sampled_from(COMPANIES)
colors = st.sampled_from(["black", "blue", "green", "purple", "red", "yellow"])
turn_actions = st.one_of(
    st.builds(Build, lot=lots, company=companies, using=st.none() | lots),
    st.builds(Sprawl, lot=lots, origin=st.none() | lots, using=st.none() | lots),
    st.builds(Remodel, lot=lots, company=companies),
    st.builds(Reorganize, lot=lots),
    st.builds(Raise, lot=lots),
    st.builds(Gamble, lot=lots, amount=st.integers(1, 200)),
)
steps = st.one_of(
    st.builds(PayStep, giver=colors, receiver=colors, amount=st.integers(1, 99)),
    st.builds(LotStep, giver=colors, receiver=colors, lot=lots),
    st.builds(DieStep, giver=colors, receiver=colors, lot=lots),
    st.builds(ActStep, player=colors, action=turn_actions),
)
actions = st.one_of(
    turn_actions,
    st.just(EndTurn()),
    st.builds(
        Place,
        assignment=st.lists(st.tuples(lots, st.integers(1, 6)), min_size=1, max_size=5).map(tuple),
    ),
    st.builds(Layoff, accept=st.booleans()),
    st.builds(Take, what=st.sampled_from(["die", "marker"]), lot=lots),
    st.builds(Propose, steps=st.lists(steps, min_size=1, max_size=6).map(tuple)),
    st.builds(Accept, offer=st.integers(1, 999)),
    st.builds(Decline, offer=st.integers(1, 999)),
    st.builds(Withdraw, offer=st.integers(1, 999)),
    st.builds(Expire, offer=st.integers(1, 999)),
)


@given(actions)
def test_format_then_parse_gives_the_same_action(action) -> None:  # type: ignore[no-untyped-def]
    text = format_action(action)
    assert parse_command(text) == action
    assert parse_command(text.upper()) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("build c7 gold", Build(lot="C7", company="sphinx")),
        ("Build C7 Sphinx using a1", Build(lot="C7", company="sphinx", using="A1")),
        ("sprawl A5 using B1 from A2", Sprawl(lot="A5", origin="A2", using="B1")),
        ("remodel A2 brown", Remodel(lot="A2", company="pioneer")),
        ("remodel A2 aqua", Remodel(lot="A2", company="vega")),
        ("remodel A2 silver", Remodel(lot="A2", company="tivoli")),
        ("reorg A2", Reorganize(lot="A2")),
        ("gamble B4 $15m", Gamble(lot="B4", amount=15)),
        ("gamble B4 15M", Gamble(lot="B4", amount=15)),
        ("place A2=1 A5=5", Place(assignment=(("A2", 1), ("A5", 5)))),
        ("layoff YES", Layoff(accept=True)),
        ("take marker c3", Take(what="marker", lot="C3")),
        ("accept #2", Accept(offer=2)),
        (
            "offer green pays black 7; black gives green lot D2; black does remodel B4 vega",
            Propose(
                steps=(
                    PayStep(giver="green", receiver="black", amount=7),
                    LotStep(giver="black", receiver="green", lot="D2"),
                    ActStep(player="black", action=Remodel(lot="B4", company="vega")),
                )
            ),
        ),
    ],
)
def test_parse_examples(text: str, action: object) -> None:
    assert parse_command(text) == action


def test_parse_line_puts_the_player_first() -> None:
    assert parse_line("Red: end") == ("red", EndTurn())
    with pytest.raises(NotationError, match="player first"):
        parse_line("end")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("bild A1 vega", "don't know the command 'bild'"),
        ("build A1", "which lot and which company"),
        ("build A10 vega", "'A10' is not a lot"),
        ("build A1 gold2", "'gold2' is not a company"),
        ("build A1 vega with A2", "can't read 'with'"),
        ("sprawl A5 from", "can't read"),
        ("gamble A1 lots", "not an amount"),
        ("gamble A1 0", "not an amount"),
        ("place A1=7", "value from 1 to 6"),
        ("place A1", "value from 1 to 6"),
        ("layoff maybe", "yes or no"),
        ("take car A1", "`die` or `marker`"),
        ("accept one", "offer's number"),
        ("offer red pays", "can't read the step"),
        ("offer red gives blue points 5", "can't read the step"),
        ("offer red does end", "not an action that can be traded"),
        ("offer pink pays red 5", "not a player colour"),
        ("end now", "takes nothing"),
    ],
)
def test_unreadable_commands_say_why_and_how(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_command(text)


# Words a mischievous player might type: every verb, real lots, colours and companies,
# digits from other scripts, numbers past Python's int-string limit, and any text at all.
huge_numbers = st.integers(4000, 6000).map(lambda n: "9" * n) | st.integers(10**5, 10**60).map(str)
foreign_digits = st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=4)
words = st.one_of(
    st.sampled_from([*USAGE, *ALIASES, "does", "pays", "gives", "lot", "die", "using", "from"]),
    lots,
    colors,
    companies,
    huge_numbers,
    foreign_digits,
    st.integers(-5, 200).map(str),
    st.tuples(lots, foreign_digits | huge_numbers).map("=".join),
    st.sampled_from(["$", "m", "#", "=", ";", ":", ","]),
    st.text(max_size=8),
)
sentences = st.lists(words, max_size=12).map(" ".join)


def refuses_readably(text: str) -> None:
    """Parsing `text` gives an action or a short `NotationError`, and nothing else."""
    for parse in (parse_command, parse_line):
        try:
            parse(text)
        except NotationError as error:
            assert 0 < len(str(error)) <= 400, str(error)


@given(st.text())
def test_any_text_gives_an_action_or_a_notation_error(text: str) -> None:
    refuses_readably(text)


@given(sentences)
def test_any_string_of_command_words_gives_an_action_or_a_notation_error(text: str) -> None:
    refuses_readably(text)
    refuses_readably("offer " + text.replace(" do", "; red does "))


# \u00b2 is a superscript two, \u0661-\u0663 are Arabic-Indic digits one to three.
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("place A1=\u00b2", "value from 1 to 6"),
        ("place A1=\u0663", "value from 1 to 6"),
        ("place A1=" + "1" * 5000, "value from 1 to 6"),
        ("gamble C7 \u0663", "digits 0-9"),
        ("gamble C7 " + "9" * 5000, "at most \\$99999m"),
        ("gamble C7 100000", "at most \\$99999m"),
        ("offer red pays blue \u0661\u0662", "digits 0-9"),
        ("offer red pays blue " + "1" * 990, "at most \\$99999m"),
        ("accept " + "1" * 5000, "too large"),
        ("withdraw #\u0661", "offer's number"),
        ("offer red does place A1=\u00b2", "not an action that can be traded"),
        ("offer " + "red does offer " * 3000, "not an action that can be traded"),
    ],
)
def test_foreign_digits_and_huge_numbers_are_refused_readably(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as refused:
        parse_command(text)
    assert len(str(refused.value)) <= 400


def test_an_unknown_command_names_the_likeliest_one_and_only_players_commands() -> None:
    with pytest.raises(NotationError) as mistyped:
        parse_command("biuld A1 vega")
    with pytest.raises(NotationError) as unrelated:
        parse_command("xyzzy")

    assert "Did you mean build?" in str(mistyped.value)
    assert "Did you mean" not in str(unrelated.value)
    for refusal in (mistyped.value, unrelated.value):
        assert "Commands: build, sprawl," in str(refusal)
        assert "expire" not in str(refusal)  # applied by the host, never typed
