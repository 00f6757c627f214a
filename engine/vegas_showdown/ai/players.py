"""Computer players at three levels: easy, normal and hard.

Every level sees only what a person at the table sees (`view.py`): `act` first makes a
public view of the game, in which the event deck and the premier stacks are in an order
of the player's own making, and `choose` decides from that view alone. All of them
answer every decision the game asks of them: action choices (bids, Renovate,
Publicity), Pull Strings' stack, bought tiles, Publicity's placement and renovations.

- easy: plausible and quick: bids the lowest allowed amount on the tile with the most
  printed value for its price that it can place at once, rarely outbids anyone, and
  places tiles where they lie deepest in their colour's area (the greedy yardstick's
  taste, with a little chance in it).
- normal: judges every tile by what it would add to its expected final Fame against the
  best rival's (`value.py`, `judge.py`): income from Population and Revenue for the
  rounds left, Fame, the places for both tracks, filled areas, the connection,
  diamonds, room to build and premier tiles unlocked; bids on the best bargain up to
  what the tile is worth, places tiles where the sheet's future is brightest, and
  renovates or takes Publicity when that does more.
- hard: normal's best few choices, each played out into possible futures (other event
  cards, stack orders and everyone's bids, all playing as normal) and judged there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final, Literal

from ..actions import SIZES, Action, ChooseStack, Color, Size
from ..bidding import open_bids, target_tile
from ..components import LingeringFirstPremierPlacement
from ..game import decisions_owed, waiting_for
from ..greedy import best_placement, tile_worth
from ..moves import (
    CANCEL,
    DONE,
    PUBLICITY,
    RENOVATE,
    RESERVE,
    bid_action,
    default_answer,
    legal_actions,
    place_action,
)
from ..sheet import Placement, legal_placements, sheet_problems
from ..state import (
    BuyDecision,
    Decision,
    GameState,
    PublicityDecision,
    RenovateDecision,
    StackDecision,
)
from ..tables import COMPONENTS, TILES, card_of
from .judge import Judge
from .outlook import flips_left
from .value import Weights, with_tile
from .view import View, public_view

Level = Literal["easy", "normal", "hard"]
LEVELS: Final[tuple[Level, ...]] = ("easy", "normal", "hard")


def _place(spot: Placement) -> Action:
    return place_action(spot.tile, spot.x, spot.y, spot.rot)


@dataclass
class ComputerPlayer:
    """A computer player (normal unless a subclass says otherwise).

    `act(state, color)` is its move in a real game; `choose(view, color)` decides from a
    public view (see `view.py`); both are pure apart from the player's own randomness.
    """

    seed: int = 0
    level: Level = "normal"
    weights: Weights = field(default_factory=Weights)
    # Fame a renovation must gain over the other choices to be worth the round.
    renovate_margin: float = 0.5
    # How much a stack choice leans toward ending the game sooner when ahead.
    hasten: float = 0.5
    rnd: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rnd = random.Random(self.seed)

    def act(self, state: GameState, color: Color) -> Action | None:
        """The move for `color` now, or None when the game is not waiting for it."""
        if color not in waiting_for(state):
            return None
        return self.choose(public_view(state, self.rnd), color)

    def choose(self, view: View, color: Color) -> Action:
        """The move for `color`, whom the game waits for, decided from a public view."""
        owed = decisions_owed(view, color)
        if owed:
            return self.decide(view, color, owed[0])
        return self.turn(view, color)

    # Decisions -----------------------------------------------------------------------

    def decide(self, view: View, color: Color, decision: Decision) -> Action:
        """Answer a decision the game asks of this player."""
        if isinstance(decision, StackDecision):
            return self.pick_stack(view, color)
        if isinstance(decision, BuyDecision):
            return self.place_bought(view, color, decision)
        if isinstance(decision, PublicityDecision):
            return self.publicize(view, color)
        return self.renovate(view, color, decision)

    def place_bought(self, view: View, color: Color, decision: BuyDecision) -> Action:
        """Place the bought tile at its best spot, or a reserve tile instead, or keep it."""
        return self.placements(view, color, decision)[0][1]

    def publicize(self, view: View, color: Color) -> Action:
        """Publicity: place the reserve tile that helps most, if any does."""
        return self.placements(view, color, None)[0][1]

    def placements(
        self, view: View, color: Color, decision: BuyDecision | None, spots: int = 1
    ) -> list[tuple[float, Action]]:
        """The answers to a bought tile (or, with None, to Publicity), best first.

        Each tile that may go on the sheet is tried at its `spots` best spots; keeping
        the bought tile (or placing nothing) is always among the answers.
        """
        judge = Judge(view, color, self.weights)
        seat = judge.seat
        bought = [decision.tile] if decision is not None else []
        kept = seat._replace(reserve=(*seat.reserve, *bought))
        found: list[tuple[float, Action]] = [
            (judge.standing_with(kept), RESERVE if decision is not None else DONE)
        ]
        for tile in dict.fromkeys([*bought, *seat.reserve]):
            reserve = list(kept.reserve)
            reserve.remove(tile)
            rest = seat._replace(reserve=tuple(reserve))
            for spot in judge.best_spots(seat, tile, spots):
                found.append((judge.standing_with(with_tile(rest, spot)), _place(spot)))
        found.sort(key=lambda option: option[0], reverse=True)
        return found

    def renovate(self, view: View, color: Color, decision: RenovateDecision) -> Action:
        """The next step of the best renovation from here (cancel if none is legal)."""
        judge = Judge(view, color, self.weights)
        removals = 0 if decision.placed else 2 - decision.removed
        plan = judge.renovation(removals, 2 - len(decision.placed))
        if plan.removals or plan.placements:
            return plan.steps()[0]
        if not sheet_problems(COMPONENTS, judge.seat.sheet):
            return DONE
        return CANCEL

    def pick_stack(self, view: View, color: Color) -> Action:
        """Pull Strings: the stack whose top tile does this player most good against rivals.

        Ahead, it leans toward the stack whose use brings the end closest; behind, the
        one that puts it off.
        """
        judge = Judge(view, color, self.weights)
        sizes = [size for size in SIZES if view.stacks[size]]
        ahead = judge.base > 0
        counts = {size: len(view.stacks[size]) for size in SIZES}
        now = flips_left(*counts.values())

        def score(size: Size) -> float:
            after = dict(counts)
            after[size] -= 1
            sooner = now - 1 - flips_left(*after.values())
            lean = self.hasten * (sooner if ahead else -sooner)
            return self._stack_promise(judge, view.stacks[size]) + lean

        return ChooseStack(size=max(sizes, key=score))

    def _stack_promise(self, judge: Judge, stack: list[str]) -> float:
        """The top tile's worth to this player over the best rival's, on average.

        Only its back shows: every tile of the stack with that back may be on top.
        """
        back = TILES[stack[0]].back
        tiles = [tile for tile in stack if TILES[tile].back == back]
        total = 0.0
        for tile in tiles:
            mine = judge.tile_gain(tile)
            rivals = [judge.tile_gain(tile, seat) for seat in judge.players if seat != judge.seat]
            total += mine - max(rivals, default=0.0)
        # Discounted: the tile still has to be won at auction, likely at a good price.
        return 0.2 * total / len(tiles)

    # Action choices --------------------------------------------------------------------

    def turn(self, view: View, color: Color) -> Action:
        """Choose this round's action: the bid, Publicity or Renovate that does most good."""
        ranked = self.options(view, color)
        return ranked[0][1]

    def options(self, view: View, color: Color) -> list[tuple[float, Action]]:
        """Every action choice worth considering with its expected gain, best first.

        A bid is judged at the lowest amount allowed (raising later if outbid); a tile
        worth less than that is left alone.
        """
        judge = Judge(view, color, self.weights)
        found: list[tuple[float, Action]] = []
        dollar = judge.dollar
        for target, amounts in open_bids(view, view.player(color)).items():
            tile = target_tile(view, target)
            assert tile is not None
            gain = judge.tile_gain(tile) - amounts[0] * dollar
            found.append((gain, bid_action(target, amounts[0])))
        first = first_premier_fame(view)
        if "publicity" not in view.no_bid:
            spot, placing = judge.placing(judge.seat.reserve)
            review = first if spot is not None and TILES[spot.tile].is_premier else 0
            found.append((view.publicity_fame + placing + review, PUBLICITY))
        if "renovate" not in view.no_bid:
            plan = judge.renovation()
            review = first if any(TILES[p.tile].is_premier for p in plan.placements) else 0
            gain = plan.value - judge.base - self.renovate_margin + review
            found.append((gain, RENOVATE))
        found.sort(key=lambda option: option[0], reverse=True)
        return found


def first_premier_fame(view: View) -> int:
    """Fame that Renovate or Publicity chosen now earns by placing a premier tile first.

    A card in play (Favorable Review) pays it to the first player to put a premier tile
    on their sheet this round. Under the books' timing these actions place at once,
    before any purchase: first, if nobody has placed one this round yet.
    """
    if view.timing != "at_once" or view.premier_placers:
        return 0
    return sum(
        effect.amount
        for index in view.in_play
        for effect in card_of(index)[1].effects
        if isinstance(effect, LingeringFirstPremierPlacement)
    )


@dataclass
class EasyPlayer(ComputerPlayer):
    """Plausible and quick (see the module docstring)."""

    level: Level = "easy"
    # The chance of bidding on a random open tile instead of the best bargain.
    whim: float = 0.15
    # The chance of outbidding a standing bid on a tile it likes.
    outbid: float = 0.25

    def turn(self, view: View, color: Color) -> Action:
        """The lowest bid on the best bargain it can place, else Publicity."""
        player = view.player(color)
        choices: list[tuple[float, Action]] = []
        for target, amounts in open_bids(view, player).items():
            tile = target_tile(view, target)
            if tile is None or not legal_placements(COMPONENTS, player.sheet, tile):
                continue
            standing = any(p.bid_on == target and not p.outbid for p in view.players)
            if standing and self.rnd.random() >= self.outbid:
                continue
            bargain = tile_worth(tile) / amounts[0] + self.rnd.random() * 0.05
            choices.append((bargain, bid_action(target, amounts[0])))
        if choices:
            if self.rnd.random() < self.whim:
                return self.rnd.choice(choices)[1]
            return max(choices, key=lambda c: c[0])[1]
        if "publicity" not in view.no_bid:
            return PUBLICITY
        if "renovate" not in view.no_bid:
            return RENOVATE
        return legal_actions(view, color)[0]

    def place_bought(self, view: View, color: Color, decision: BuyDecision) -> Action:
        """The bought tile where it sits best, else a reserve tile, else keep it."""
        player = view.player(color)
        spot = best_placement(player.sheet, [decision.tile]) or best_placement(
            player.sheet, player.reserve
        )
        return _place(spot) if spot is not None else RESERVE

    def publicize(self, view: View, color: Color) -> Action:
        """Place the most valuable reserve tile that fits."""
        player = view.player(color)
        spot = best_placement(player.sheet, player.reserve)
        return _place(spot) if spot is not None else DONE

    def renovate(self, view: View, color: Color, decision: RenovateDecision) -> Action:
        """Put reserve tiles on (up to two), then finish."""
        player = view.player(color)
        if len(decision.placed) < 2:
            spot = best_placement(player.sheet, player.reserve)
            if spot is not None:
                return _place(spot)
        return DONE if not sheet_problems(COMPONENTS, player.sheet) else CANCEL

    def pick_stack(self, view: View, color: Color) -> Action:
        """The stack with the most tiles (what a player who lets time run out gets)."""
        decision = decisions_owed(view, color)[0]
        return default_answer(view, decision)
