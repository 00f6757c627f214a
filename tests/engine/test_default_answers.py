"""Default answers (used when a decision times out) are always legal and as documented."""

from __future__ import annotations

from itertools import product

from engine.lords_of_vegas import apply, default_answer
from engine.lords_of_vegas.actions import Layoff, Place, Take
from engine.lords_of_vegas.randomplay import RandomPlayer
from engine.lords_of_vegas.scenario import Scenario, build_state
from engine.lords_of_vegas.setup import GameSettings, new_game
from engine.lords_of_vegas.state import (
    EDITION_COLORS,
    LayoffDecision,
    PlaceDecision,
    TakeDieDecision,
    TakeMarkerDecision,
)


def test_default_answers_are_accepted_and_keep_the_game_going() -> None:
    answered: set[str] = set()
    tables = [("updated", "builder"), ("classic", "hoarder"), ("classic", "builder")]
    for (edition, style), seed in product(tables, range(3)):
        colors = list(EDITION_COLORS[edition][:2])  # type: ignore[index]
        state, _ = new_game(GameSettings(edition=edition, players=colors, seed=seed))  # type: ignore[arg-type]
        player = RandomPlayer(seed=seed, style=style)
        while not state.over:
            if state.pending:
                decision = state.pending[0]
                answer = default_answer(state, decision)
                apply(state, decision.player, answer)
                answered.add(answer.kind if not isinstance(answer, Take) else f"take {answer.what}")
                continue
            apply(state, *player.next_move(state))
    assert {"place", "layoff", "take die", "take marker"} <= answered


def test_default_answers_are_the_documented_ones() -> None:
    state = build_state(
        Scenario.model_validate(
            {
                "name": "defaults",
                "players": ["red", "blue"],
                "setup": {
                    "current": "red",
                    "lots": {"A3": "blue", "A2": "blue", "A4": "blue"},
                    "tiles": {
                        "C1": {"company": "vega", "die": "blue 5"},
                        "C2": {"company": "vega", "die": "blue 2"},
                        "C3": {"company": "vega", "die": "blue 2"},
                    },
                },
                "steps": [{"expect": {}}],
            }
        )
    )
    place = PlaceDecision(player="blue", lots=["C1", "C2"], values=[5, 2])
    assert default_answer(state, place) == Place(assignment=(("C1", 5), ("C2", 2)))
    layoff = LayoffDecision(player="blue", gambler="red", lot="C1", amount=3)
    assert default_answer(state, layoff) == Layoff(accept=False)
    take_die = TakeDieDecision(player="blue", lot="B1", pips=4)
    assert default_answer(state, take_die) == Take(what="die", lot="C2")
    take_marker = TakeMarkerDecision(player="blue", lot="B1")
    assert default_answer(state, take_marker) == Take(what="marker", lot="A2")
