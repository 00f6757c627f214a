"""The hard computer player: normal's best few choices, played out into possible futures.

For an action choice, a bought tile, Publicity's placement or Pull Strings' stack, hard
takes normal's best few answers (`shortlist`) and plays each out in the same futures:
a copy of its view with the event deck and the stacks drawn afresh, the answer made,
then everyone (itself too) playing on as normal would, with their bids, outbids and
placements, for a few rounds (`rounds_ahead`) or, near the end, to the end of the game.
A future that stops early is judged by normal's standing there; a finished game by the
final Fame margin over the best rival, and a little more for the win. The futures are
noisy, so hard keeps normal's favourite unless another answer does better in the same
futures by a clear margin (`confidence` standard errors of the paired differences).
Its time budget (seconds) bounds the number of futures; renovations are planned as
normal plans them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from ...search import clear_winner, paired_outcomes
from ..actions import SIZES, Action, ChooseStack, Color
from ..errors import IllegalAction
from ..game import apply, waiting_for
from ..state import BuyDecision, Decision, PublicityDecision, RenovateDecision, StackDecision
from .judge import Judge
from .players import ComputerPlayer, Level
from .view import View, imagine

# A safety net for rollouts; a whole game takes a few hundred actions.
MAX_ROLLOUT_ACTIONS: Final = 2000
# Fame a future counts for winning the game, beyond the margin.
WIN_BONUS: Final = 3.0


@dataclass
class HardPlayer(ComputerPlayer):
    """Normal's best few answers, each played out in the same possible futures."""

    level: Level = "hard"
    shortlist: int = 3
    # Futures per answer, unless the time budget (seconds per decision) runs out first.
    futures: int = 12
    budget: float = 1.0
    rounds_ahead: int = 2
    # With this many rounds or fewer expected, futures are played to the end of the game.
    endgame: float = 3.0
    confidence: float = 1.0
    # Seconds, for the budget; tests give a clock of their own.
    clock: Callable[[], float] = field(default=time.perf_counter, repr=False)

    def turn(self, view: View, color: Color) -> Action:
        """Normal's favourite action choice, unless futures show another clearly better."""
        ranked = self.options(view, color)
        return self.search(view, color, [action for _, action in ranked[: self.shortlist]])

    def decide(self, view: View, color: Color, decision: Decision) -> Action:
        """Answer a decision: placements and stacks are searched, renovations planned."""
        if isinstance(decision, RenovateDecision):
            return self.renovate(view, color, decision)
        if isinstance(decision, StackDecision):
            sizes = [size for size in SIZES if view.stacks[size]]
            favourite = self.pick_stack(view, color)
            others = [ChooseStack(size=size) for size in sizes]
            return self.search(view, color, [favourite, *(a for a in others if a != favourite)])
        bought = decision if isinstance(decision, BuyDecision) else None
        assert bought is not None or isinstance(decision, PublicityDecision)
        ranked = self.placements(view, color, bought, spots=2)
        return self.search(view, color, [action for _, action in ranked[: self.shortlist]])

    def search(self, view: View, color: Color, finalists: list[Action]) -> Action:
        """The finalist to play: the first (normal's favourite) unless another is clearly better."""
        if len(finalists) == 1:
            return finalists[0]
        deadline = self.clock() + self.budget
        outcomes = self.outcomes(view, color, finalists, deadline)
        return finalists[clear_winner(outcomes, self.confidence)]

    def outcomes(
        self, view: View, color: Color, finalists: list[Action], deadline: float
    ) -> list[list[float]]:
        """Each finalist's result in the same futures, as many as the deadline allows."""

        def rollout(action: Action, seed: int) -> float:
            return self.rollout(view, color, action, seed)

        return paired_outcomes(finalists, rollout, self.futures, self.rnd, self.clock, deadline)

    def rollout(self, view: View, color: Color, action: Action, seed: int) -> float:
        """How `action` turns out in one possible future (see the module docstring)."""
        rnd = random.Random(seed)
        future = imagine(view, rnd)
        try:
            apply(future, color, action)
        except IllegalAction:
            return float("-inf")
        normal = ComputerPlayer(weights=self.weights)
        to_the_end = Judge(view, color, self.weights).view.rounds_left <= self.endgame
        stop = view.round + self.rounds_ahead
        for _ in range(MAX_ROLLOUT_ACTIONS):
            if future.over:
                break
            if not to_the_end and future.round >= stop and _round_begins(future):
                break
            mover = waiting_for(future)[0]
            apply(future, mover, normal.choose(future, mover))
        return judged(future, color, normal)


def _round_begins(view: View) -> bool:
    """True when a round's actions are about to be chosen and nobody has chosen yet."""
    return view.step == "actions" and all(p.action is None for p in view.players)


def judged(view: View, color: Color, normal: ComputerPlayer) -> float:
    """How a future turned out for `color`: the final margin once over, else the standing."""
    if view.over:
        fame = {p.color: p.fame for p in view.players}
        mine = fame.pop(color)
        return mine - max(fame.values()) + (WIN_BONUS if color in view.winners else 0.0)
    return Judge(view, color, normal.weights).base
