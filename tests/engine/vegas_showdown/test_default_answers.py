"""Default answers (used when a decision times out) are legal, as documented, and end games."""

from __future__ import annotations

from engine.vegas_showdown import COLORS, apply, default_answer, legal_actions
from engine.vegas_showdown.actions import Cancel, ChooseStack, Done, Reserve
from engine.vegas_showdown.randomplay import RandomPlayer
from engine.vegas_showdown.scenario import Scenario, build_state
from engine.vegas_showdown.setup import GameSettings, new_game
from engine.vegas_showdown.state import (
    BuyDecision,
    PublicityDecision,
    RenovateDecision,
    StackDecision,
)


def test_default_answers_are_legal_and_keep_the_game_going() -> None:
    answered: set[str] = set()
    for seed in range(6):
        state, _ = new_game(GameSettings(players=list(COLORS[: 3 + seed % 3]), seed=seed))
        mover = RandomPlayer(seed=seed)
        while not state.over:
            if state.pending:
                decision = state.pending[0]
                answer = default_answer(state, decision)
                assert answer in legal_actions(state, decision.player)
                before = state.player(decision.player).model_copy(deep=True)
                apply(state, decision.player, answer)
                if decision.kind == "renovate":
                    after = state.player(decision.player)
                    assert (after.sheet, after.reserve) == (before.sheet, before.reserve)
                answered.add(decision.kind)
                continue
            apply(state, *mover.next_move(state))
    assert answered == {"stack", "buy", "publicity", "renovate"}


def test_default_answers_are_the_documented_ones() -> None:
    state = build_state(
        Scenario.model_validate(
            {
                "name": "defaults",
                "players": ["red", "yellow", "green"],
                "setup": {"button": "red", "stacks": {}},
                "steps": [{"expect": {}}],
            }
        )
    )
    state.stacks["small"] = state.stacks["small"][:2]
    state.stacks["large"] = state.stacks["large"][:2]
    assert default_answer(state, StackDecision(player="red", space="P1")) == ChooseStack(
        size="medium"
    )
    state.stacks["medium"] = state.stacks["medium"][:2]
    assert default_answer(state, StackDecision(player="red", space="P1")) == ChooseStack(
        size="small"
    )
    assert default_answer(state, BuyDecision(player="red", tile="slots")) == Reserve()
    assert default_answer(state, PublicityDecision(player="red")) == Done()
    assert default_answer(state, RenovateDecision(player="red")) == Cancel()
