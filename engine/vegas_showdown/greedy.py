"""A greedy player for statistics: takes what pays most now, never outbids, never plans.

It is a yardstick for the components (do games have the known shape?), not a computer
opponent: it bids the minimum on the tile with the best printed value for its price among
those it can place at once, never raises against another bid, and places each tile where
it lies deepest in the area of its colour and touches most of its sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action, Color
from .bidding import open_bids, target_tile
from .moves import (
    DONE,
    PUBLICITY,
    RENOVATE,
    RESERVE,
    bid_action,
    default_answer,
    legal_actions,
    place_action,
)
from .sheet import Placement, cells_of, legal_placements
from .state import BuyDecision, Decision, GameState, PublicityDecision
from .tables import COMPONENTS, TILES

# How much a point of Population or Revenue is worth against a point of Fame.
TRACK_WORTH = 1.5


def tile_worth(tile: str) -> float:
    """A tile's printed value: its Fame plus its Population and Revenue, weighted."""
    facts = TILES[tile]
    return facts.fame + TRACK_WORTH * (facts.population + facts.revenue)


def placement_worth(sheet: Sequence[Placement], placement: Placement) -> float:
    """How well a placement sits: cells in its colour's area, and cells it touches."""
    color = TILES[placement.tile].color
    taken = {cell for placed in sheet for cell in cells_of(COMPONENTS, placed)}
    score = 0.0
    for x, y in cells_of(COMPONENTS, placement):
        area = COMPONENTS.sheet.area_of((x, y))
        if (color, area) in (("yellow", "casino"), ("blue", "hotel")):
            score += 2
        elif color == "green" and area == "common":
            score += 1
        score += sum((x + dx, y + dy) in taken for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    return score


def best_placement(sheet: Sequence[Placement], tiles: Sequence[str]) -> Placement | None:
    """The best-sitting legal placement of any of `tiles`, the most valuable tile first."""
    for tile in sorted(dict.fromkeys(tiles), key=tile_worth, reverse=True):
        spots = legal_placements(COMPONENTS, sheet, tile)
        if spots:
            return max(spots, key=lambda p: placement_worth(sheet, p))
    return None


@dataclass
class GreedyPlayer:
    """Plays every seat greedily (see the module docstring)."""

    def next_move(self, state: GameState) -> tuple[Color, Action]:
        """The next (player, action) to apply to `state`."""
        if state.pending:
            decision = state.pending[0]
            return decision.player, self.answer(state, decision)
        color = state.current
        assert color is not None
        return color, self.choose(state, color)

    def choose(self, state: GameState, color: Color) -> Action:
        """Bid the minimum on the best-value tile it can place now; else Publicity."""
        player = state.player(color)
        best: tuple[float, Action] | None = None
        for target, amounts in open_bids(state, player).items():
            tile = target_tile(state, target)
            if tile is None or any(p.bid_on == target for p in state.players if not p.outbid):
                continue  # nothing there, or someone's bid stands: never outbid
            if not legal_placements(COMPONENTS, player.sheet, tile):
                continue
            value = tile_worth(tile) / amounts[0]
            if value > 0 and (best is None or value > best[0]):
                best = (value, bid_action(target, amounts[0]))
        if best is not None:
            return best[1]
        if "publicity" not in state.no_bid:
            return PUBLICITY
        if "renovate" not in state.no_bid:
            return RENOVATE
        return legal_actions(state, color)[0]  # only bids are left

    def answer(self, state: GameState, decision: Decision) -> Action:
        """Place the best tile it can; otherwise the default answer."""
        player = state.player(decision.player)
        if isinstance(decision, BuyDecision | PublicityDecision):
            tiles = [decision.tile] if isinstance(decision, BuyDecision) else []
            spot = best_placement(player.sheet, [*tiles, *player.reserve])
            if spot is not None:
                return place_action(spot.tile, spot.x, spot.y, spot.rot)
            return RESERVE if isinstance(decision, BuyDecision) else DONE
        return default_answer(state, decision)
