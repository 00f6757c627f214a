"""Listing legal actions: everything a player may do at this moment, and default answers.

The listing is built from the same checks `apply` makes, and tests confirm that it
matches exactly what `apply` accepts. Placements are listed once per distinct result
(the lowest rotation of identical ones; a removal names the tile's top-left cell), though
`apply` accepts every equivalent. Actions are immutable, so identical ones are shared
rather than rebuilt on every listing.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache
from typing import Final

from .actions import (
    SIZES,
    Action,
    Bid,
    BidTarget,
    Cancel,
    ChooseStack,
    Color,
    Done,
    Place,
    Publicity,
    Remove,
    Renovate,
    Reserve,
    Size,
    Undo,
)
from .bidding import open_bids
from .sheet import Placement, fitting_placements, sheet_problems
from .sheet import legal_placements as sheet_legal_placements
from .state import (
    BuyDecision,
    Decision,
    GameState,
    PublicityDecision,
    RenovateDecision,
    StackDecision,
)
from .tables import COMPONENTS

RENOVATE: Final = Renovate()
PUBLICITY: Final = Publicity()
RESERVE: Final = Reserve()
DONE: Final = Done()
UNDO: Final = Undo()
CANCEL: Final = Cancel()


@cache
def _bids(target: BidTarget, amounts: tuple[int, ...]) -> tuple[Bid, ...]:
    return tuple(Bid(target=target, amount=amount) for amount in amounts)


def bid_action(target: BidTarget, amount: int) -> Bid:
    """The (shared, immutable) action bidding `amount` on `target`."""
    return _bids(target, (amount,))[0]


@cache
def place_action(tile: str, x: int, y: int, rot: int) -> Place:
    """The (shared, immutable) action placing `tile` at (x, y) turned `rot` quarter-turns."""
    return Place(tile=tile, x=x, y=y, rot=rot)


@cache
def remove_action(x: int, y: int) -> Remove:
    """The (shared, immutable) action removing the tile covering (x, y)."""
    return Remove(x=x, y=y)


@cache
def _stack(size: Size) -> ChooseStack:
    return ChooseStack(size=size)


def legal_actions(
    state: GameState, player: Color, kinds: Collection[str] | None = None
) -> list[Action]:
    """Every action `player` may take now, optionally only of the given kinds.

    Bids are listed by track; `apply` also takes a bid naming the tile up for auction
    there instead (the same bid, in other words). While bidding goes on, a player who
    renovates or publicizes answers that decision, and the player whose turn it is
    chooses.
    """
    if state.over or player not in state.colors:
        return []
    found: list[Action] = []
    owed = next((d for d in state.pending if d.player == player), None)
    if owed is not None:
        found.extend(_answers(state, owed))
    elif state.step == "actions" and state.current == player:
        found.extend(_choices(state, player))
    if kinds is not None:
        wanted = set(kinds)
        found = [action for action in found if action.kind in wanted]
    return found


def _choices(state: GameState, color: Color) -> list[Action]:
    found: list[Action] = []
    for target, amounts in open_bids(state, state.player(color)).items():
        found.extend(_bids(target, amounts))
    if "renovate" not in state.no_bid:
        found.append(RENOVATE)
    if "publicity" not in state.no_bid:
        found.append(PUBLICITY)
    return found


def _placements(sheet: Sequence[Placement], tiles: list[str]) -> list[Action]:
    return [
        place_action(p.tile, p.x, p.y, p.rot)
        for tile in dict.fromkeys(tiles)
        for p in sheet_legal_placements(COMPONENTS, sheet, tile)
    ]


def _answers(state: GameState, decision: Decision) -> list[Action]:
    if isinstance(decision, StackDecision):
        return [_stack(size) for size in SIZES if state.stacks[size]]
    player = state.player(decision.player)
    if isinstance(decision, BuyDecision):
        return [*_placements(player.sheet, [decision.tile, *player.reserve]), RESERVE]
    if isinstance(decision, PublicityDecision):
        return [*_placements(player.sheet, player.reserve), DONE]
    assert isinstance(decision, RenovateDecision)
    found: list[Action] = []
    if not decision.placed and decision.removed < 2:
        found.extend(remove_action(p.x, p.y) for p in player.sheet)
    if len(decision.placed) < 2:
        for tile in dict.fromkeys(player.reserve):
            found.extend(
                place_action(p.tile, p.x, p.y, p.rot)
                for p in fitting_placements(COMPONENTS, player.sheet, tile)
            )
    if not sheet_problems(COMPONENTS, player.sheet):
        found.append(DONE)
    if decision.removed or decision.placed:
        found.append(UNDO)
    found.append(CANCEL)
    return found


def legal_placements(state: GameState, player: Color, tile: str) -> tuple[Placement, ...]:
    """Every distinct place `tile` may go on `player`'s sheet now, under every rule.

    Rotations giving the same cells and doors count once (the lowest is kept); whether the
    player owns the tile or may place now is not asked (see `legal_actions` for that).
    """
    return sheet_legal_placements(COMPONENTS, state.player(player).sheet, tile)


def default_answer(state: GameState, decision: Decision) -> Action:
    """The answer used when a player lets a decision time out.

    - stack (Pull Strings): the stack with the most tiles left (small, then medium,
      then large on a tie), so waiting never ends the game;
    - buy: keep the bought tile in reserve;
    - publicity: place nothing;
    - renovate: cancel, leaving the sheet and reserve as they were.
    """
    if isinstance(decision, StackDecision):
        best = max(SIZES, key=lambda s: (len(state.stacks[s]), -SIZES.index(s)))
        return _stack(best)
    if isinstance(decision, BuyDecision):
        return RESERVE
    if isinstance(decision, PublicityDecision):
        return DONE
    return CANCEL
