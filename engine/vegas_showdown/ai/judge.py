"""Normal's judgement of one moment of the game: what each tile, spot and plan is worth.

A `Judge` looks at a view of the game for one player: every player's record, the
public outlook and the evaluation's weights. It answers in Fame of standing (the
player's prospect minus the best rival's, see `value.py`): how much a tile would raise
it (placed at its best spot, or kept in reserve), where each tile sits best, which
renovation helps most. Sheet values are cached, so asking again within a round is cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Final

from ..actions import Action, Color
from ..moves import DONE, place_action, remove_action
from ..sheet import cells_of, legal_placements, sheet_problems
from ..sheet_layout import Placement
from ..sheet_scoring import AREA_FILL_COLORS
from ..state import GameState
from ..tables import COMPONENTS, TILES
from .outlook import Outlook, outlook
from .value import (
    Seat,
    Weights,
    money_worth,
    prospects,
    seats,
    sheet_value,
    standing,
    tile_worth,
    with_tile,
)

# Renovation: how many tiles on the sheet are worth trying to take off.
REMOVAL_CANDIDATES: Final = 4


@dataclass(frozen=True, slots=True)
class Plan:
    """A renovation: tiles to take off (by a cell each covers), then tiles to put on."""

    removals: tuple[Placement, ...]
    placements: tuple[Placement, ...]
    value: float
    # The player's record once it is carried out (None: the empty plan).
    seat: Seat | None = None

    def steps(self) -> list[Action]:
        """The renovation's answers, in order, ending with `done`."""
        steps: list[Action] = [remove_action(p.x, p.y) for p in self.removals]
        steps += [place_action(p.tile, p.x, p.y, p.rot) for p in self.placements]
        return [*steps, DONE]


@dataclass
class Judge:
    """One player's judgement of one moment (see the module docstring)."""

    state: GameState
    color: Color
    weights: Weights
    view: Outlook = field(init=False)
    players: list[Seat] = field(init=False)
    me: int = field(init=False)
    base: float = field(init=False)

    def __post_init__(self) -> None:
        self.view = outlook(self.state)
        self.players = seats(self.state)
        self.me = next(i for i, s in enumerate(self.players) if s.color == self.color)
        self.base = self.standing_with(self.players[self.me])

    @property
    def seat(self) -> Seat:
        """The judged player's record."""
        return self.players[self.me]

    @property
    def dollar(self) -> float:
        """What a dollar in hand is worth now, in Fame."""
        return money_worth(self.weights, self.view.rounds_left)

    def standing_with(self, seat: Seat) -> float:
        """The judged player's standing if their record were `seat`."""
        players = list(self.players)
        players[self.me] = seat
        return standing(players, self.color, self.view, self.weights)

    def best_spot(self, seat: Seat, tile: str) -> Placement | None:
        """Where `tile` sits best on `seat`'s sheet now (None: nowhere legal)."""
        return best_spot(seat.sheet, tile, self._rounds(), self.view.available, self.weights)

    def best_spots(self, seat: Seat, tile: str, count: int) -> tuple[Placement, ...]:
        """The `count` spots where `tile` sits best on `seat`'s sheet now, best first."""
        if count == 1:
            spot = self.best_spot(seat, tile)
            return () if spot is None else (spot,)
        ranked = ranked_spots(seat.sheet, tile, self._rounds(), self.view.available, self.weights)
        return ranked[:count]

    def _rounds(self) -> float:
        return round(self.view.rounds_left, 1)

    def tile_gain(self, tile: str, seat: Seat | None = None) -> float:
        """How much owning `tile` raises this player's standing, before paying for it.

        With `seat`, for another player (their own prospect, not a standing).
        """
        if seat is not None:
            return self._prospect_gain(seat, tile)
        return self.standing_with(self.best_use(tile)) - self.base

    def best_use(self, tile: str) -> Seat:
        """The judged player's record with `tile` used at its best (placed, or kept)."""
        return max(self.uses(self.seat, tile), key=self.standing_with)

    def uses(self, seat: Seat, tile: str) -> list[Seat]:
        """What a player could do with one more tile: place it at its best spot, or keep it."""
        options = [seat._replace(reserve=(*seat.reserve, tile))]
        spot = self.best_spot(seat, tile)
        if spot is not None:
            options.append(with_tile(seat, spot))
        return options

    def _prospect_gain(self, seat: Seat, tile: str) -> float:
        index = next(i for i, s in enumerate(self.players) if s.color == seat.color)
        before = prospects(self.players, self.view, self.weights)[seat.color]
        best = before
        for option in self.uses(seat, tile):
            players = list(self.players)
            players[index] = option
            best = max(best, prospects(players, self.view, self.weights)[seat.color])
        return best - before

    def placing(self, tiles: Sequence[str]) -> tuple[Placement | None, float]:
        """The best placement of one of `tiles` (from the reserve), and its gain (or none)."""
        best: tuple[Placement | None, float] = (None, 0.0)
        for tile in dict.fromkeys(tiles):
            spot = self.best_spot(self.seat, tile)
            if spot is None:
                continue
            reserve = list(self.seat.reserve)
            if tile in reserve:
                reserve.remove(tile)
            placed = with_tile(self.seat._replace(reserve=tuple(reserve)), spot)
            gain = self.standing_with(placed) - self.base
            if gain > best[1]:
                best = (spot, gain)
        return best

    # Renovations -------------------------------------------------------------------

    def renovation(self, removals_left: int = 2, placements_left: int = 2) -> Plan:
        """The best renovation from the sheet as it is (the empty plan if none helps).

        Tries taking off nothing, or one or two of the few tiles most worth moving, then
        putting on, one at a time, the reserve tile that helps most at its best legal spot;
        the plan must leave a legal sheet.
        """
        seat = self.seat
        best = Plan((), (), self.base)
        removable = self._removable(seat) if removals_left else []
        if not removable and not seat.reserve:
            return best
        sets: list[tuple[Placement, ...]] = [()]
        sets += [(p,) for p in removable]
        if removals_left >= 2:
            sets += list(combinations(removable[:3], 2))
        for removed in sets:
            plan = self._plan(seat, removed, placements_left)
            if plan is not None and plan.value > best.value + 1e-9:
                best = plan
        return best

    def _removable(self, seat: Seat) -> list[Placement]:
        """The sheet's tiles most worth moving: misplaced ones first, then the least worth.

        With nothing in reserve, only misplaced tiles: moving others only shuffles them.
        """
        if not seat.reserve:
            return [placement for placement in seat.sheet if _misplaced(placement)][
                :REMOVAL_CANDIDATES
            ]

        def priority(placement: Placement) -> tuple[int, float]:
            return (0 if _misplaced(placement) else 1, tile_worth(placement.tile))

        ranked = sorted(seat.sheet, key=priority)
        return ranked[:REMOVAL_CANDIDATES]

    def _plan(
        self, seat: Seat, removed: tuple[Placement, ...], placements_left: int
    ) -> Plan | None:
        current = seat
        for placement in removed:
            facts = TILES[placement.tile]
            sheet = list(current.sheet)
            sheet.remove(placement)
            current = current._replace(
                fame=current.fame - facts.fame,
                population=current.population - facts.population,
                revenue=current.revenue - facts.revenue,
                sheet=tuple(sheet),
                reserve=(*current.reserve, placement.tile),
            )
        placed: list[Placement] = []
        value = self.standing_with(current)
        for _ in range(placements_left):
            step: tuple[Placement, Seat, float] | None = None
            for tile in dict.fromkeys(current.reserve):
                spot = self.best_spot(current, tile)
                if spot is None:
                    continue
                reserve = list(current.reserve)
                reserve.remove(tile)
                after = with_tile(current._replace(reserve=tuple(reserve)), spot)
                gain = self.standing_with(after)
                if step is None or gain > step[2]:
                    step = (spot, after, gain)
            if step is None or (step[2] <= value and not sheet_problems(COMPONENTS, current.sheet)):
                break
            placed.append(step[0])
            current, value = step[1], step[2]
        if sheet_problems(COMPONENTS, current.sheet):
            return None
        if not removed and not placed:
            return None
        return Plan(removed, tuple(placed), value, current)


def _misplaced(placement: Placement) -> bool:
    """A tile covering a cell of an area whose colours it does not have."""
    color = TILES[placement.tile].color
    for cell in cells_of(COMPONENTS, placement):
        area = COMPONENTS.sheet.area_of(cell)
        if area in AREA_FILL_COLORS and color not in AREA_FILL_COLORS[area]:
            return True
    return False


@lru_cache(maxsize=65536)
def best_spot(
    sheet: tuple[Placement, ...],
    tile: str,
    rounds: float,
    available: frozenset[str],
    weights: Weights,
) -> Placement | None:
    """The legal spot for `tile` whose sheet is worth most (None: nowhere legal).

    Every spot gives the same Fame and tracks, so only the sheet's value tells them apart.
    """
    spots = legal_placements(COMPONENTS, sheet, tile)
    if not spots:
        return None
    return max(spots, key=lambda p: sheet_value((*sheet, p), rounds, available, weights))


@lru_cache(maxsize=4096)
def ranked_spots(
    sheet: tuple[Placement, ...],
    tile: str,
    rounds: float,
    available: frozenset[str],
    weights: Weights,
) -> tuple[Placement, ...]:
    """Every legal spot for `tile`, the one whose sheet is worth most first."""
    spots = legal_placements(COMPONENTS, sheet, tile)
    return tuple(
        sorted(
            spots, key=lambda p: sheet_value((*sheet, p), rounds, available, weights), reverse=True
        )
    )
