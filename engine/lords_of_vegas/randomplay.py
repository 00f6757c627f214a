"""A random but legal player for simulations and tests: moves, decisions and trades.

Its choices come from its own seeded `random.Random`, never from the game's RNG, so
the game stays reproducible from its command log.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .actions import (
    TURN_ACTION_TYPES,
    Action,
    ActStep,
    Color,
    DieStep,
    EndTurn,
    LotStep,
    PayStep,
    Propose,
    TradeStep,
)
from .game import apply
from .invariants import check_invariants
from .moves import legal_actions
from .record import GameRecord
from .setup import GameSettings, new_game
from .state import Edition, GameState
from .supply import dice_on_board, parking_lots
from .trade import parties

TURN_KINDS = ("build", "sprawl", "remodel", "reorganize", "raise", "gamble")
DECISION_KINDS = ("place", "layoff", "take")
ANSWER_KINDS = ("accept", "decline", "withdraw")


STYLES: dict[str, dict[str, float]] = {
    # Every kind of action equally likely.
    "uniform": dict.fromkeys(TURN_KINDS, 1.0),
    # Builds and sprawls whenever it can: runs players out of dice and tiles.
    "builder": {
        "build": 20.0,
        "sprawl": 10.0,
        "remodel": 0.5,
        "reorganize": 0.5,
        "raise": 0.5,
        "gamble": 1.0,
    },
    # Hardly ever builds: runs players out of markers.
    "hoarder": {
        "build": 0.02,
        "sprawl": 0.1,
        "remodel": 1.0,
        "reorganize": 1.0,
        "raise": 1.0,
        "gamble": 1.0,
    },
}


@dataclass
class RandomPlayer:
    """Chooses who acts next and what.

    A random kind of action (weighted by `style`), then uniformly among the legal
    actions of that kind; sometimes a random trade offer or an answer to one.
    """

    seed: int
    style: str = "uniform"
    end_chance: float = 0.3
    trade_chance: float = 0.08
    answer_chance: float = 0.4
    rnd: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rnd = random.Random(self.seed)
        self.weights = STYLES[self.style]

    def next_move(self, state: GameState) -> tuple[Color, Action]:
        """The next (player, action) to apply to `state`."""
        rnd = self.rnd
        if state.pending:
            decision = rnd.choice(state.pending)
            return decision.player, rnd.choice(
                legal_actions(state, decision.player, DECISION_KINDS)
            )
        if state.offers and rnd.random() < self.answer_chance:
            offer = rnd.choice(state.offers)
            who = rnd.choice(parties(offer))
            answers = [
                a
                for a in legal_actions(state, who, ANSWER_KINDS)
                if getattr(a, "offer", 0) == offer.id
            ]
            accepts = [a for a in answers if a.kind == "accept"]
            if accepts and rnd.random() < 0.7:
                return who, accepts[0]
            if answers:
                return who, rnd.choice(answers)
        if len(state.offers) < 3 and rnd.random() < self.trade_chance:
            proposal = self.random_offer(state)
            if proposal is not None:
                return proposal
        return state.current, self.turn_move(state)

    def turn_move(self, state: GameState) -> Action:
        """A random action for the current player (or ending the turn)."""
        if self.rnd.random() < self.end_chance:
            return EndTurn()
        kinds = list(TURN_KINDS)
        while kinds:
            kind = self.rnd.choices(kinds, [self.weights[k] for k in kinds])[0]
            options = legal_actions(state, state.current, (kind,))
            if options:
                return self.rnd.choice(options)
            kinds.remove(kind)
        return EndTurn()

    def random_offer(self, state: GameState) -> tuple[Color, Propose] | None:
        """A random trade between two players (plus the current player if acting)."""
        rnd = self.rnd
        proposer, partner = rnd.sample(state.colors, 2)
        steps: list[TradeStep] = []
        for _ in range(rnd.randint(1, 3)):
            giver, receiver = rnd.sample([proposer, partner], 2)
            step = self._random_step(state, giver, receiver)
            if step is not None:
                steps.append(step)
        named = {color for step in steps for color in _named(step)}
        if proposer not in named or len(named) < 2:
            return None
        return proposer, Propose(steps=tuple(steps))

    def _random_step(self, state: GameState, giver: Color, receiver: Color) -> TradeStep | None:
        rnd = self.rnd
        kind = rnd.choice(("pay", "lot", "die", "act"))
        if kind == "pay":
            # Sometimes more than the giver has, so failing steps get exercised too.
            return PayStep(
                giver=giver, receiver=receiver, amount=rnd.randint(1, state.player(giver).money + 3)
            )
        if kind == "lot":
            lots = parking_lots(state, giver)
            return LotStep(giver=giver, receiver=receiver, lot=rnd.choice(lots)) if lots else None
        if kind == "die":
            dice = dice_on_board(state, giver)
            return DieStep(giver=giver, receiver=receiver, lot=rnd.choice(dice)) if dice else None
        options = legal_actions(state, state.current, TURN_KINDS)
        if not options:
            return None
        action = rnd.choice(options)
        assert isinstance(action, TURN_ACTION_TYPES)
        return ActStep(player=state.current, action=action)


def _named(step: TradeStep) -> tuple[Color, ...]:
    return (step.player,) if isinstance(step, ActStep) else (step.giver, step.receiver)


def play_random_game(
    players: list[Color],
    seed: int,
    edition: Edition = "updated",
    style: str | None = None,
    max_moves: int = 20_000,
    check: bool = True,
) -> tuple[GameState, GameRecord]:
    """Play one random game to its end; returns the final state and its record.

    `style` picks the random player's taste (see `STYLES`); by default it cycles with
    the seed. With `check`, the invariants are verified after every accepted action. Raises if
    the game has not ended after `max_moves` accepted actions (a stuck game is a bug).
    """
    settings = GameSettings(edition=edition, players=players, seed=seed)
    state, _ = new_game(settings)
    record = GameRecord(settings=settings)
    styles = sorted(STYLES)
    player = RandomPlayer(seed=seed, style=style or styles[seed % len(styles)])
    for _ in range(max_moves):
        if state.over:
            return state, record
        who, action = player.next_move(state)
        apply(state, who, action)
        record.append(who, action)
        if check:
            check_invariants(state)
    raise RuntimeError(f"game with seed {seed} did not end after {max_moves} actions")
