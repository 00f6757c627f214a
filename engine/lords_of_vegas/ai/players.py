"""Computer players at three levels: easy, normal and hard.

Every level sees only what a human sees (`view.py`): it never reads the deck's order or
the dice to come. All of them answer every decision the engine asks of them and judge
trade offers that name them; they differ in how they choose their turn's actions.

- easy: plausible and quick: builds and grows casinos it can afford, never spends into
  a corner, and ends its turn.
- normal: tries each legal action on a public copy of the game and keeps the one that
  improves its standing (its value minus the best rival's, see `value.py`) the most;
  chance actions are averaged over a few samples.
- hard: takes normal's best candidates and plays each out for a round into many
  possible futures (other deck orders, other dice), judged there (two players: by the
  final margin they forecast, see `forecast.py`), or to the end of the game once the end
  is a few cards away; it leaves its one-step favourite only for a move that does
  clearly better in the same futures.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, Literal

from ...search import clear_winner, paired_outcomes
from ..actions import (
    Accept,
    Action,
    Build,
    Color,
    Decline,
    EndTurn,
    Gamble,
    Layoff,
    Place,
    Raise,
    Remodel,
    Reorganize,
    Sprawl,
    Take,
)
from ..board import BOARD
from ..casino import casino_map
from ..construction import REMODEL_PER_SPACE, RISER_PRICE, sprawl_cost, sprawl_origins
from ..errors import IllegalAction
from ..game import apply, decisions_owed, offers_to_answer
from ..moves import default_answer, legal_actions
from ..state import (
    Decision,
    GameState,
    LayoffDecision,
    Offer,
    PlaceDecision,
    TakeDieDecision,
)
from ..trade import parties
from .forecast import predicted_margin
from .value import Ledger, Weights, ledgers, standing, standing_of, worths
from .view import Outlook, outlook, public_copy

Level = Literal["easy", "normal", "hard"]
LEVELS: Final[tuple[Level, ...]] = ("easy", "normal", "hard")
BUILDING_KINDS: Final = ("build", "sprawl", "remodel", "reorganize", "raise")
END: Final = EndTurn()
# A safety net for rollouts; a whole two-player game takes about 80 actions.
MAX_ROLLOUT_ACTIONS: Final = 400


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an imagined action left: its standing (averaged) and each trial's game and ledgers.

    Several trials when dice decide (a reorganization), one otherwise; none when the
    action was refused, with a standing of minus infinity.
    """

    standing: float
    trials: tuple[tuple[GameState, dict[Color, Ledger]], ...] = ()


@dataclass(frozen=True, slots=True)
class Appraisal:
    """One candidate action: how much it gains over the position now, and its outcome."""

    action: Action
    gain: float
    outcome: Outcome


@dataclass
class AiPlayer:
    """A computer player; `act` returns its next command, or None when it has none."""

    seed: int = 0
    level: Level = "normal"
    # Points an action must gain to be worth taking (it also stops endless shuffling).
    threshold: float = 0.05
    samples: int = 4
    offer_margin: float = 0.25
    weights: Weights = field(default_factory=Weights)
    # True inside a rollout: the game it sees is already imagined, so its deck order is
    # not the real one and needs no reshuffling before trying moves.
    imagined: bool = False
    rnd: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rnd = random.Random(self.seed)

    def act(self, state: GameState, color: Color) -> Action | None:
        """What this player does now: a decision owed, an offer to answer, or a turn action."""
        if state.over:
            return None
        owed = decisions_owed(state, color)
        if owed:
            return self.decide(state, color, owed[0])
        if state.pending:
            return None
        offers = offers_to_answer(state, color)
        if offers:
            return self.answer(state, color, offers[0])
        if state.current == color:
            return self.turn(state, color)
        return None

    def look(self, state: GameState) -> Outlook:
        """What this player expects of the rest of the game: public knowledge only."""
        return outlook(state)

    # Decisions -----------------------------------------------------------------------

    def decide(self, state: GameState, color: Color, decision: Decision) -> Action:
        """Answer a decision the engine asks of this player."""
        if isinstance(decision, PlaceDecision):
            return self.place(state, decision)
        if isinstance(decision, LayoffDecision):
            money = state.player(color).money
            return Layoff(accept=decision.amount * 4 > money or decision.amount >= 10)
        if isinstance(decision, TakeDieDecision):
            return Take(what="die", lot=least_useful_die(state, color))
        return default_answer(state, decision)

    def place(self, state: GameState, decision: PlaceDecision) -> Action:
        """High values where no one can take them over (the lot's card already drawn)."""
        view = self.look(state)
        safe_first = sorted(decision.lots, key=lambda lot: (view.card_pending(lot), lot))
        values = sorted(decision.values, reverse=True)
        return Place(assignment=tuple(zip(safe_first, values, strict=True)))

    def answer(self, state: GameState, color: Color, offer: Offer) -> Action:
        """Accept an offer if carrying it out improves this player's standing enough."""
        return self.verdict(offer, self.offer_gain(state, color, offer))

    def verdict(self, offer: Offer, gain: float | None) -> Action:
        """Accept an offer worth more than the margin (`gain`, see `offer_gain`)."""
        if gain is not None and gain > self.offer_margin:
            return Accept(offer=offer.id)
        return Decline(offer=offer.id)

    def offer_gain(self, state: GameState, color: Color, offer: Offer) -> float | None:
        """What carrying out an offer would do to this player's standing (None: it cannot be)."""
        view = self.look(state)
        before = standing(state, color, view, self.weights)
        gains = []
        for _ in range(2):
            trial = public_copy(state, self.rnd, shuffle=not self.imagined)
            try:
                for party in parties(offer):
                    if party not in offer.accepted:
                        apply(trial, party, Accept(offer=offer.id))
            except IllegalAction:
                return None
            self.settle(trial, color)
            gains.append(standing(trial, color, view, self.weights) - before)
        return sum(gains) / len(gains)

    # Turns ---------------------------------------------------------------------------

    def turn(self, state: GameState, color: Color) -> Action:
        """Choose this turn's next action (or end the turn)."""
        return self.best(state, color, self.candidates(state, color))

    def candidates(self, state: GameState, color: Color) -> list[Action]:
        """The turn actions worth considering (no gambling: the house has the edge)."""
        return legal_actions(state, color, BUILDING_KINDS)

    def best(self, state: GameState, color: Color, options: list[Action]) -> Action:
        """The option that improves the standing most, if by more than the threshold."""
        ranked = self.ranked(state, color, options)
        return ranked[0].action if ranked and ranked[0].gain > self.threshold else END

    def ranked(self, state: GameState, color: Color, options: list[Action]) -> list[Appraisal]:
        """Every option with what it gains in standing, the best first (ties: in order)."""
        view = self.look(state)
        base = standing(state, color, view, self.weights)
        found = []
        for action in options:
            outcome = self.outcome(state, color, action, view)
            found.append(Appraisal(action, outcome.standing - base, outcome))
        found.sort(key=lambda appraisal: appraisal.gain, reverse=True)
        return found

    def estimate(self, state: GameState, color: Color, action: Action, view: Outlook) -> float:
        """Expected standing after `action`, averaged over samples when dice decide."""
        return self.outcome(state, color, action, view).standing

    def outcome(self, state: GameState, color: Color, action: Action, view: Outlook) -> Outcome:
        """What `action` leaves: tried once, or over samples when dice decide."""
        runs = self.samples if isinstance(action, Reorganize) else 1
        total = 0.0
        trials = []
        for _ in range(runs):
            trial = public_copy(state, self.rnd, shuffle=not self.imagined)
            try:
                apply(trial, color, action)
            except IllegalAction:
                return Outcome(float("-inf"))
            self.settle(trial, color)
            books = ledgers(trial, view, self.weights)
            total += standing_of(worths(books, view, self.weights), color)
            trials.append((trial, books))
        return Outcome(total / runs, tuple(trials))

    def settle(self, state: GameState, color: Color) -> None:
        """Answer the decisions an imagined action leaves (own ones as we would)."""
        for _ in range(20):
            if not state.pending:
                return
            decision = state.pending[0]
            if decision.player == color:
                answer = self.decide(state, color, decision)
            else:
                answer = default_answer(state, decision)
            apply(state, decision.player, answer)


@dataclass
class EasyPlayer(AiPlayer):
    """Builds what it can afford, in order, keeping some money back; never gambles big."""

    level: Level = "easy"

    def turn(self, state: GameState, color: Color) -> Action:
        """A quick, plausible action, or the end of the turn."""
        money = state.player(color).money
        reserve = 3
        view = self.look(state)
        options = [
            a
            for a in legal_actions(state, color, ("build", "sprawl", "raise"))
            if _cost(state, a) <= money - reserve
        ]
        if options and self.rnd.random() < 0.85:
            # Prefer companies with many cards still to come.
            def promise(action: Action) -> float:
                company = getattr(action, "company", None)
                bonus = view.scorings.get(company, 0.0) if company else 1.0
                return bonus + self.rnd.random()

            return max(options, key=promise)
        if not state.gambled and money > 10 and self.rnd.random() < 0.1:
            bets = [a for a in legal_actions(state, color, ("gamble",)) if isinstance(a, Gamble)]
            small = [b for b in bets if b.amount <= max(1, money // 10)]
            if small:
                return self.rnd.choice(small)
        return END

    def place(self, state: GameState, decision: PlaceDecision) -> Action:
        """Leave the dice where they landed."""
        return default_answer(state, decision)


@dataclass
class HardPlayer(AiPlayer):
    """Normal's best candidates, each played out for a round in many possible futures.

    A rollout makes the candidate move on a public copy (a fresh deck order and fresh
    dice), lets everyone play on as normal would until this player's next turn begins,
    and judges the position there: at a two-player table by the final margin it
    forecasts (`forecast.py`), at bigger ones by the standing. Near the end of the game
    it plays on to the end and scores who won. The futures are noisy, so hard keeps the
    move its one-step judgement prefers unless another candidate does better in the
    same futures by a clear margin (`confidence` standard errors of the paired
    differences). The time budget (seconds, for the whole decision) bounds the number
    of rollouts.
    """

    level: Level = "hard"
    shortlist: int = 3
    # Turns simulated per candidate, unless the time budget (seconds) runs out first:
    # 24 futures of a round each with two players, 12 with four (a round is longer).
    turns: int = 48
    budget: float = 2.0
    samples: int = 12
    confidence: float = 1.5
    # With this many cards or fewer left before Game Over, futures are played to the end
    # and judged by who wins: the few turns left cost about as much as a round.
    endgame: int = 4
    weights: Weights = field(default_factory=lambda: Weights(contest=0.3))
    # Two-player futures are judged by the forecast's predicted margin (False: by the
    # hand-made standing, as normal judges its moves). The forecast is fitted to and
    # measured on two-player games only, so bigger tables always use the standing.
    forecast: bool = True
    # Seconds, for the budget; tests give a clock of their own.
    clock: Callable[[], float] = field(default=time.perf_counter, repr=False)

    def turn(self, state: GameState, color: Color) -> Action:
        """The one-step favourite, unless rollouts show another candidate clearly better."""
        deadline = self.clock() + self.budget
        finalists = self.finalists(state, color)
        if len(finalists) == 1:
            return finalists[0]
        return finalists[self.choose(self.futures(state, color, finalists, deadline))]

    def finalists(self, state: GameState, color: Color) -> list[Action]:
        """The moves worth playing out: normal's favourite first, then the rest.

        The rest are ending the turn and the other best few (`shortlist`) that gain
        anything at all; the list is just the favourite when nothing else qualifies.
        """
        options = self.candidates(state, color)
        if not options:
            return [END]
        scored = self.ranked(state, color, options)
        favourite = scored[0].action if scored[0].gain > self.threshold else END
        others = [entry.action for entry in scored[: self.shortlist] if entry.gain > 0]
        return [favourite, *(a for a in [END, *others] if a != favourite)]

    def choose(self, outcomes: list[list[float]]) -> int:
        """Which finalist to play, given each one's results in the same futures.

        The favourite (0) unless another has a clear edge (`clear_edge`) over it; among
        several, the largest edge wins.
        """
        return clear_winner(outcomes, self.confidence)

    def futures(
        self, state: GameState, color: Color, finalists: list[Action], deadline: float
    ) -> list[list[float]]:
        """Each finalist's standing in the same futures, as many as the deadline allows.

        Every future is played for every finalist (a paired comparison); one the deadline
        cuts short is dropped. No rollout starts unless the longest one so far would
        still end before the deadline, so a decision overruns its budget only when a
        rollout takes longer than every one before it.
        """

        def rollout(action: Action, seed: int) -> float:
            return self.rollout(state, color, action, seed)

        return paired_outcomes(
            finalists, rollout, self.rounds(state), self.rnd, self.clock, deadline
        )

    def rounds(self, state: GameState) -> int:
        """How many futures to play per candidate: `turns` shared into whole rounds."""
        return max(2, self.turns // len(state.players))

    def rollout(self, state: GameState, color: Color, action: Action, seed: int) -> float:
        """How `action` turns out in one possible future (see `play_out`), as a standing."""
        future = self.play_out(state, color, action, seed)
        if future is None:
            return float("-inf")
        return final_standing(future, color, self.forecast and len(state.players) == 2)

    def play_out(
        self, state: GameState, color: Color, action: Action, seed: int
    ) -> GameState | None:
        """One possible future after `action` (None if it is illegal there).

        A public copy, played on as normal would until our next turn begins or, once the
        game is near its end (`endgame`), until it is over: every candidate is judged at
        the same moment of the same future.
        """
        rnd = random.Random(seed)
        trial = public_copy(state, rnd)
        try:
            apply(trial, color, action)
        except IllegalAction:
            return None
        quick = AiPlayer(seed=rnd.getrandbits(32), samples=1, imagined=True)
        quick.settle(trial, color)
        next_turn = state.turn + len(state.players)
        to_the_end = outlook(state).draws_left <= self.endgame
        for _ in range(MAX_ROLLOUT_ACTIONS):
            if trial.over or (trial.turn >= next_turn and not to_the_end):
                break
            mover = trial.pending[0].player if trial.pending else trial.current
            move = quick.act(trial, mover)
            if move is None:
                break
            apply(trial, mover, move)
        return trial


def final_standing(state: GameState, color: Color, forecast: bool = True) -> float:
    """How a future turned out: the result itself once the game is over, else a judgement.

    The judgement is the forecast's predicted margin or, with `forecast` False, the
    hand-made standing.
    """
    if state.over:
        points = {p.color: p.points for p in state.players}
        rival = max(v for c, v in points.items() if c != color)
        return (100.0 if color in state.winners else -100.0) + points[color] - rival
    view = outlook(state)
    return predicted_margin(state, color, view) if forecast else standing(state, color, view)


def least_useful_die(state: GameState, color: Color) -> str:
    """Which of our dice to move when none are left: not a boss die, the lowest one."""
    where = casino_map(state)
    mine = [lot for lot, tile in state.tiles.items() if tile.die and tile.die.owner == color]

    def pips(lot: str) -> int:
        die = state.tiles[lot].die
        return die.pips if die is not None else 0

    def importance(lot: str) -> tuple[int, int, int]:
        top = max(pips(other) for other in where[lot].lots)
        return (int(pips(lot) == top), pips(lot), BOARD.lots[lot].order)

    return min(mine, key=importance)


def _cost(state: GameState, action: Action) -> int:
    """What a building action costs, by the engine's own prices (0 for others)."""
    if isinstance(action, Build):
        return BOARD.lots[action.lot].price
    if isinstance(action, Sprawl):
        origins = sprawl_origins(state, state.current, action.lot)
        chosen = [c for c in origins if action.origin in (None, c.name)]
        return sprawl_cost(state, action.lot, chosen[0]) if chosen else 0
    if isinstance(action, Raise):
        return RISER_PRICE * casino_map(state)[action.lot].spaces
    if isinstance(action, Remodel):
        return REMODEL_PER_SPACE * casino_map(state)[action.lot].spaces
    return 0


def make_player(level: Level, seed: int = 0) -> AiPlayer:
    """A computer player of the given level."""
    if level == "easy":
        return EasyPlayer(seed=seed)
    if level == "hard":
        return HardPlayer(seed=seed)
    return AiPlayer(seed=seed)
