"""A random but legal player for simulations and tests, and the loop that plays a game.

Its choices come from its own seeded `random.Random`, never from the game's RNG, so
the game stays reproducible from its command log.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from .actions import Action, Color, Place
from .bidding import open_bids
from .events import Event
from .game import apply
from .invariants import check_invariants
from .moves import (
    CANCEL,
    DONE,
    PUBLICITY,
    RENOVATE,
    RESERVE,
    UNDO,
    bid_action,
    legal_actions,
    place_action,
    remove_action,
)
from .record import GameRecord
from .setup import GameSettings, new_game
from .sheet import Placement, fitting_placements, legal_placements, sheet_problems
from .state import BuyDecision, Decision, GameState, RenovateDecision, StackDecision, Timing
from .tables import COMPONENTS

CHOICE_WEIGHTS: dict[str, float] = {"bid": 6.0, "renovate": 1.0, "publicity": 2.0}


class Strategy(Protocol):
    """Something that picks the next (player, action) for a game waiting on someone."""

    def next_move(self, state: GameState) -> tuple[Color, Action]:
        """The next move to apply to `state`."""


@dataclass
class RandomPlayer:
    """Chooses at random among legal actions, with a few tastes to keep games realistic.

    Action choices: a kind (bid, renovate, publicity) by `CHOICE_WEIGHTS`, then a random
    open track and usually its lowest bid. Bought tiles are usually placed, at a random
    legal spot (sometimes a reserve tile instead); renovations take random steps (a
    removal, a placement that fits) and finish when the sheet is legal, or start again.
    """

    seed: int
    place_chance: float = 0.85
    rnd: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rnd = random.Random(self.seed)

    def next_move(self, state: GameState) -> tuple[Color, Action]:
        """The next (player, action) to apply to `state`."""
        # While bidding goes on, a renovation or publicity and the next choice are both
        # awaited: either may come first.
        chooser = state.current if state.step == "actions" else None
        if state.pending and (chooser is None or self.rnd.random() < 0.5):
            decision = self.rnd.choice(state.pending)
            return decision.player, self.answer(state, decision)
        assert chooser is not None
        return chooser, self.choose(state, chooser)

    def choose(self, state: GameState, color: Color) -> Action:
        """A random action choice for the player whose turn it is."""
        bids = open_bids(state, state.player(color))
        kinds = [kind for kind in ("renovate", "publicity") if kind not in state.no_bid]
        if bids:
            kinds.append("bid")
        pick = self.rnd.random() * sum(CHOICE_WEIGHTS[k] for k in kinds)
        for kind in kinds:
            pick -= CHOICE_WEIGHTS[kind]
            if pick < 0:
                break
        if kind == "renovate":
            return RENOVATE
        if kind == "publicity":
            return PUBLICITY
        target = self.rnd.choice(list(bids))
        amounts = bids[target]
        amount = amounts[0] if self.rnd.random() < 0.6 else self.rnd.choice(amounts)
        return bid_action(target, amount)

    def answer(self, state: GameState, decision: Decision) -> Action:
        """A random answer to one of the pending decisions."""
        rnd = self.rnd
        if isinstance(decision, StackDecision):
            return rnd.choice(legal_actions(state, decision.player))
        player = state.player(decision.player)
        if isinstance(decision, RenovateDecision):
            return self._renovation_step(player.sheet, player.reserve, decision)
        tiles = list(player.reserve)
        if isinstance(decision, BuyDecision) and (not tiles or rnd.random() < 0.8):
            tiles = [decision.tile]
        if tiles and rnd.random() < self.place_chance:
            spots = legal_placements(COMPONENTS, player.sheet, rnd.choice(tiles))
            if spots:
                return _place(rnd.choice(spots))
        return RESERVE if isinstance(decision, BuyDecision) else DONE

    def _renovation_step(
        self, sheet: list[Placement], reserve: list[str], decision: RenovateDecision
    ) -> Action:
        rnd = self.rnd
        roll = rnd.random()
        if sheet and not decision.placed and decision.removed < 2 and roll < 0.3:
            spot = rnd.choice(sheet)
            return remove_action(spot.x, spot.y)
        if reserve and len(decision.placed) < 2 and roll < 0.7:
            spots = fitting_placements(COMPONENTS, sheet, rnd.choice(reserve))
            if spots:
                return _place(rnd.choice(spots))
        if not sheet_problems(COMPONENTS, sheet):
            return DONE
        changed = decision.removed or decision.placed
        return UNDO if changed and rnd.random() < 0.7 else CANCEL


def _place(spot: Placement) -> Place:
    return place_action(spot.tile, spot.x, spot.y, spot.rot)


def play_game(
    players: list[Color],
    seed: int,
    strategy: Strategy | None = None,
    max_moves: int = 20_000,
    check: bool = True,
    events: list[Event] | None = None,
    timing: Timing = "at_once",
) -> tuple[GameState, GameRecord]:
    """Play one game to its end with `strategy` (random by default).

    Returns the final state and its record; every event is added to `events` if given.
    With `check`, the invariants are verified after every accepted action; `timing` says
    when Renovate and Publicity are carried out (see `GameSettings`). Raises if the
    game has not ended after `max_moves` accepted actions (a stuck game is a bug).
    """
    settings = GameSettings(players=players, seed=seed, timing=timing)
    state, told = new_game(settings)
    record = GameRecord(settings=settings)
    mover = strategy if strategy is not None else RandomPlayer(seed=seed)
    for _ in range(max_moves):
        if events is not None:
            events.extend(told)
        if state.over:
            return state, record
        who, action = mover.next_move(state)
        told = apply(state, who, action)
        record.append(who, action)
        if check:
            check_invariants(state)
    raise RuntimeError(f"game with seed {seed} did not end after {max_moves} actions")
