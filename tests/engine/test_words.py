"""Every line the engine writes reads well, for one and for many: counts, articles, colours.

Each event kind and each decision kind is described with amounts of 1, 2, 8 and 11, every
company (for the articles) and with and without player names; a new kind without a
sample here fails the coverage check.
"""

from __future__ import annotations

from typing import get_args

import pytest

from engine.lords_of_vegas import BOARD, COMPANIES, GAME_OVER, describe, describe_decision
from engine.lords_of_vegas import actions as act
from engine.lords_of_vegas import events as ev
from engine.lords_of_vegas.board import Company
from engine.lords_of_vegas.narrate import Names, describe_action, describe_offer, describe_step
from engine.lords_of_vegas.state import (
    Decision,
    LayoffDecision,
    Offer,
    PlaceDecision,
    TakeDieDecision,
    TakeMarkerDecision,
)
from engine.words import and_list, article, count, plural, with_article
from tests.grammar import assert_reads_well

AMOUNTS = (1, 2, 8, 11)
LOTS = tuple(BOARD.lots)
NAMES: Names = {"red": "**Ann** (red)", "blue": "**Ben** (blue)", "green": "**Eve** (green)"}


def test_counts_say_one_in_the_singular_and_every_other_number_in_the_plural() -> None:
    assert count(1, "tile") == "1 tile"
    assert count(0, "tile") == "0 tiles"
    assert count(2, "die", "dice") == "2 dice"
    assert count(1, "die", "dice") == "1 die"
    assert count(1, "more build command") == "1 more build command"
    assert plural(3, "point") == "points"


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("Albion", "an"),
        ("Sphinx", "a"),
        ("Vega", "a"),
        ("Tivoli", "a"),
        ("Pioneer", "a"),
        ("8-space", "an"),
        ("11-space", "an"),
        ("18", "an"),
        ("80", "an"),
        ("1", "a"),
        ("110", "a"),
        ("3-space", "a"),
        ("F1", "an"),
        ("C7", "a"),
        ("hour", "an"),
        ("user", "a"),
        ("one-off", "a"),
    ],
)
def test_the_article_follows_the_sound(word: str, expected: str) -> None:
    assert article(word) == expected
    assert with_article(word) == f"{expected} {word}"


def test_lists_join_with_commas_and_a_final_and() -> None:
    assert and_list(["red"]) == "red"
    assert and_list(["red", "blue"]) == "red and blue"
    assert and_list(["red", "blue", "green"]) == "red, blue and green"


def _lots(n: int) -> tuple[str, ...]:
    return LOTS[:n]


def _pips(n: int) -> int:
    return min(n, 6)


def sample_actions(company: Company) -> list[act.TurnAction]:
    """One of every turn action, with and without the optional parts."""
    return [
        act.Build(lot="A1", company=company),
        act.Build(lot="A1", company=company, using="C7"),
        act.Sprawl(lot="A2"),
        act.Sprawl(lot="A2", origin="A1", using="C7"),
        act.Remodel(lot="A1", company=company),
        act.Reorganize(lot="A1"),
        act.Raise(lot="A1"),
        act.Gamble(lot="A1", amount=1),
        act.Gamble(lot="A1", amount=11),
    ]


def sample_steps(n: int, company: Company) -> list[act.TradeStep]:
    """One of every trade step."""
    return [
        act.PayStep(giver="red", receiver="blue", amount=n),
        act.LotStep(giver="red", receiver="blue", lot="F1"),
        act.DieStep(giver="blue", receiver="red", lot="A1"),
        *(act.ActStep(player="red", action=action) for action in sample_actions(company)),
    ]


def sample_decisions(n: int) -> list[Decision]:
    """One of every decision, over n lots or for n millions."""
    lots = list(_lots(max(n, 2)))
    return [
        PlaceDecision(player="red", lots=lots, values=[(i % 6) + 1 for i in range(len(lots))]),
        LayoffDecision(player="blue", gambler="red", lot="A1", amount=n),
        TakeDieDecision(player="red", lot="A1", pips=_pips(n), giver="blue"),
        TakeMarkerDecision(player="red", lot="F1"),
    ]


def sample_events(n: int, company: Company) -> list[ev.Event]:
    """Every kind of event, with n of whatever it counts."""
    lots = _lots(n)
    other: Company = "sphinx" if company != "sphinx" else "albion"
    winners: list[tuple[act.Color, ...]] = [("red",), ("red", "blue")]
    standings: tuple[tuple[act.Color, int, int], ...] = (
        ("red", n, n),
        ("blue", n, n),
        ("green", 1, 0),
    )
    offer = Offer(id=n, proposer="red", steps=tuple(sample_steps(n, company))[:n])
    events: list[ev.Event] = [
        ev.Dealt(player="red", lots=("A1", "F1"), money=n),
        ev.StartingRoll(rolls={"red": (_pips(n), 1), "blue": (2, 3)}),
        ev.TurnStarted(player="red", turn=n),
        ev.CardDrawn(player="red", card="A1", pays=company),
        ev.CardDrawn(player="red", card="D5", pays="strip"),
        ev.CardDrawn(player="red", card="F1", pays=company, unused_block=True),
        ev.CardDrawn(player="red", card=GAME_OVER, pays="strip"),
        ev.MarkerPlaced(player="red", lot="F1"),
        ev.MarkerMoved(player="red", from_lot="A1", to_lot="F1"),
        ev.TakeOver(player="red", lot="A1", previous=None, pips=_pips(n)),
        ev.TakeOver(player="red", lot="A1", previous="blue", pips=_pips(n)),
        ev.DieMoved(player="red", from_lot="A1", to_lot="F1"),
        ev.ParkingPaid(payments={"red": n, "blue": 1}),
        ev.CasinoPaid(lots=lots, company=company, payments={"red": n}),
        ev.PointsScored(player="red", lots=lots, points=n, before=10, after=10 + n, lost=0),
        ev.PointsScored(player="red", lots=lots, points=n, before=80, after=81, lost=n),
        ev.Built(player="red", lot="A1", company=company, cost=n, pips=_pips(n)),
        ev.Sprawled(player="red", lot="A2", origin="A1", company=company, height=n, cost=n, pips=2),
        ev.Remodeled(player="red", lots=lots, old=other, new=company, cost=n),
        ev.Raised(player="red", lots=lots, height=n, cost=n),
        ev.Reorganized(
            player="red", lots=lots, cost=n, rolls=tuple((lot, "red", _pips(n)) for lot in lots)
        ),
        ev.DicePlaced(player="red", assignment=tuple((lot, _pips(n)) for lot in lots)),
        ev.Merged(lots=lots, company=company, height=1, joined=(lots[:1], lots[1:])),
        ev.TieRerolled(casino=lots, rolls=(("A1", "red", 3, _pips(n)),), boss="red"),
        ev.LayoffChosen(player="blue", lay_off=True),
        ev.LayoffChosen(player="blue", lay_off=False),
        ev.TurnEnded(player="red"),
        ev.OfferMade(offer=offer),
        ev.OfferAccepted(offer=n, player="blue"),
        ev.TradeFinished(offer=n, complete=True),
        ev.TradeFinished(offer=n, complete=False),
    ]
    events += [
        ev.Gambled(
            player="red",
            boss="blue",
            lot="A1",
            amount=n,
            dice=(1, 2),
            outcome=outcome,
            from_boss=n,
            from_bank=0,
            to_boss=0,
            to_bank=0,
            laid_off=False,
        )
        for outcome in ("win", "double", "lose")
    ]
    events += [ev.DecisionRequired(decision=decision) for decision in sample_decisions(n)]
    events += [
        ev.OfferClosed(offer=n, reason=reason, player="blue")
        for reason in ("declined", "withdrawn", "lapsed", "expired")
    ]
    events += [
        ev.TradeStepDone(offer=n, index=i, step=step)
        for i, step in enumerate(sample_steps(n, company))
    ]
    events += [
        ev.TradeStepFailed(
            offer=n, index=0, step=sample_steps(n, company)[0], reason="red has $0m.", skipped=k
        )
        for k in (0, n)
    ]
    events += [
        ev.GameOver(reason=reason, winners=who, standings=standings)
        for reason in ("game_over_card", "jackpot", "instant_win", "deck_empty")
        for who in winners
    ]
    events.append(ev.TookBack(player="red", command=f"build {lots[0]} {company}"))
    return events


def test_the_samples_cover_every_event_decision_step_and_action_kind() -> None:
    events = sample_events(2, "albion")
    assert {type(e) for e in events} == set(get_args(ev.Event))
    decisions = {type(d) for d in sample_decisions(2)}
    assert decisions == set(get_args(get_args(Decision)[0]))
    steps = {type(s) for s in sample_steps(2, "albion")}
    assert steps == set(get_args(get_args(act.TradeStep)[0]))
    actions = {type(a) for a in sample_actions("albion")}
    assert actions == set(get_args(get_args(act.TurnAction)[0]))


@pytest.mark.parametrize("names", [None, NAMES], ids=["colours", "names"])
@pytest.mark.parametrize("n", AMOUNTS)
def test_every_event_and_decision_reads_well_for_one_and_for_many(n: int, names: Names) -> None:
    lines: list[str] = []
    for company in COMPANIES:
        for event in sample_events(n, company):
            line = describe(event, names)
            assert line.endswith("."), line
            lines.append(line)
        lines += [describe_action(action) for action in sample_actions(company)]
        lines += [describe_step(step, names) for step in sample_steps(n, company)]
    for decision in sample_decisions(n):
        lines += [describe_decision(decision, names, hint=hint) for hint in (True, False)]
    offer = Offer(id=n, proposer="red", steps=tuple(sample_steps(n, "albion")))
    lines.append(describe_offer(offer, names))
    assert_reads_well(lines)


def test_the_reported_faults_are_gone() -> None:
    assert "red built an Albion tile on A1" in describe(
        ev.Built(player="red", lot="A1", company="albion", cost=9, pips=3)
    )
    assert "an 8-space Vega casino" in describe(
        ev.Merged(lots=_lots(8), company="vega", height=1, joined=(_lots(4), _lots(8)[4:]))
    )
    asks = PlaceDecision(player="red", lots=["A1", "A2"], values=[2, 5])
    assert describe(ev.DecisionRequired(decision=asks)).startswith("red must place")
    assert "1 point lost" in describe(
        ev.PointsScored(player="red", lots=("A1",), points=1, before=80, after=80, lost=1)
    )
    assert describe(ev.OfferClosed(offer=3, reason="withdrawn", player="red")) == (
        "red withdrew offer #3."
    )


def test_the_game_over_line_says_why_who_won_and_the_rest_once() -> None:
    standings: tuple[tuple[act.Color, int, int], ...] = (
        ("blue", 62, 30),
        ("red", 50, 20),
        ("green", 1, 3),
    )
    line = describe(ev.GameOver(reason="jackpot", winners=("blue",), standings=standings))
    assert line == (
        "Game over, 90 points reached: blue wins Lords of Vegas with 62 points and $30m; "
        "then red with 50 points and $20m, green with 1 point and $3m."
    )
    shared = (("blue", 62, 30), ("red", 62, 30))
    line = describe(ev.GameOver(reason="game_over_card", winners=("blue", "red"), standings=shared))
    assert line == "Game over: blue and red win Lords of Vegas with 62 points and $30m each."
