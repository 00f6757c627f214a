"""How a computer player judges a position: each player's expected final Fame.

A player's prospect adds up, in Fame:
- the Fame they have now;
- their cash, at what a dollar will buy before the end (`money_worth`: about a sixth of
  a Fame while there are rounds to spend it, a tenth at the end, as final scoring pays);
- their income for the rounds left (the lesser of Population and Revenue, plus most of
  the lead of the track that is ahead, up to 4 points, since the other one will catch
  up), each round's dollars worth what they buy from then on;
- their expected places for Population and Revenue at the end (5, 3, 1 Fame), from how
  far ahead or behind they are now, less sure the more rounds are left;
- their sheet's future (`sheet_value`): the chances of filling the casino and hotel
  areas (none once a wrong colour sits in one, or a cell no tile left can cover), of
  joining the entrances, diamonds made and nearly made, room to keep building from each
  entrance, and premier tiles still to come that the sheet's tiles unlock;
- tiles in reserve, at part of what they give once placed.

Standing is a player's prospect minus the best rival's: what a computer player raises.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal, NamedTuple

from ..actions import Color
from ..ending import CONNECTED_FAME, FILLED_AREA_FAME, FULL_DIAMOND_FAME, RANK_FAME
from ..sheet import legal_placements
from ..sheet_layout import Grid, Layout, Placement, grid, layout, shift
from ..sheet_scoring import AREA_FILL_COLORS
from ..state import GameState, Player
from ..tables import COMPONENTS, TILES
from .outlook import Outlook

_GRID: Final[Grid] = grid(COMPONENTS)
_COLUMNS: Final[tuple[int, ...]] = tuple(
    sum(1 << (y * _GRID.width + x) for y in range(_GRID.rows)) for x in range(_GRID.cols)
)
_AREA_CELLS: Final = {area: _GRID.areas[area].bit_count() for area in AREA_FILL_COLORS}
_ENTRANCE_CELLS: Final = {name: cell for name, (cell, _) in _GRID.entrance_cells.items()}
# Every distinct set of cells a tile of each footprint (1, 2 or 4 cells) can cover.
_FOOTPRINTS: Final[dict[int, tuple[int, ...]]] = {}
for _tile, _options in _GRID.candidates.items():
    for _placement, _masks in _options:
        _cells = _masks.cells
        _size = _cells.bit_count()
        if _cells not in _FOOTPRINTS.get(_size, ()):
            _FOOTPRINTS[_size] = (*_FOOTPRINTS.get(_size, ()), _cells)


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's numbers (Fame per unit), tunable from the tournament's seats."""

    money_end: float = 0.1
    money_early: float = 0.17
    # Rounds left above which a dollar is worth `money_early`.
    spend_rounds: float = 8.0
    # Income for each point the higher track is ahead, up to `surplus_cap` points.
    surplus_track: float = 0.65
    surplus_cap: float = 4.0
    # The spread of final track values per round left, for the expected places.
    rank_spread: float = 0.15
    area: float = 1.0
    connect: float = 1.0
    # Cells a player can expect to cover per round, to judge whether time is short.
    cells_per_round: float = 1.5
    diamond_potential: float = 0.3
    # Fame lost when no tile can be added on a side (casino or hotel) of the sheet.
    cramped: float = 3.0
    unlock: float = 0.25
    reserve: float = 0.6


class Seat(NamedTuple):
    """What the evaluation reads of one player (a hypothetical one may be built from it)."""

    color: Color
    fame: int
    money: int
    population: int
    revenue: int
    sheet: tuple[Placement, ...]
    reserve: tuple[str, ...]


def seat_of(player: Player) -> Seat:
    """The evaluation's record of a player."""
    return Seat(
        player.color,
        player.fame,
        player.money,
        player.population,
        player.revenue,
        tuple(player.sheet),
        tuple(player.reserve),
    )


def seats(state: GameState) -> list[Seat]:
    """Every player's record, in seating order."""
    return [seat_of(player) for player in state.players]


def with_tile(seat: Seat, placement: Placement) -> Seat:
    """The seat with one more tile on its sheet (its tracks and Fame moved by the tile)."""
    facts = TILES[placement.tile]
    return seat._replace(
        fame=seat.fame + facts.fame,
        population=seat.population + facts.population,
        revenue=seat.revenue + facts.revenue,
        sheet=(*seat.sheet, placement),
    )


def money_worth(weights: Weights, rounds_left: float) -> float:
    """What a dollar in hand is worth in Fame with `rounds_left` rounds to spend it."""
    share = min(1.0, max(0.0, rounds_left) / weights.spend_rounds)
    return weights.money_end + (weights.money_early - weights.money_end) * share


def income_worth(weights: Weights, rounds_left: float) -> float:
    """What a dollar of income every round for the rest of the game is worth in Fame.

    The sum over the rounds left of `money_worth` with the rounds left after each.
    """
    r = max(0.0, rounds_left)
    s = weights.spend_rounds
    extra = weights.money_early - weights.money_end
    ramp = r * r / (2 * s) if r <= s else s / 2 + (r - s)
    return weights.money_end * r + extra * ramp


def effective_income(weights: Weights, population: int, revenue: int) -> float:
    """A round's income (the lesser track) plus part of the lead of the track ahead."""
    low, high = sorted((population, revenue))
    return low + weights.surplus_track * min(high - low, weights.surplus_cap)


def expected_places(values: dict[Color, int], spread: float) -> dict[Color, float]:
    """Each player's expected Fame for a final ranking of `values` (5, 3, 1; ties share).

    With `spread` 0 this is the final scoring's own ranking; otherwise each rival is ahead
    with a chance that grows smoothly with their lead, and the Fame of the expected place
    is read between the places' Fame.
    """
    colors = tuple(values)
    fame = _places(tuple(values.values()), round(spread, 2))
    return dict(zip(colors, fame, strict=True))


@lru_cache(maxsize=65536)
def _places(values: tuple[int, ...], spread: float) -> tuple[float, ...]:
    fame_of_place = [*RANK_FAME, *([0] * len(values))]
    out: list[float] = []
    for index, mine in enumerate(values):
        ahead = 0.0
        for other, theirs in enumerate(values):
            if other == index:
                continue
            if spread <= 0:
                ahead += 1.0 if theirs > mine else 0.5 if theirs == mine else 0.0
            else:
                ahead += 1 / (1 + math.exp(-(theirs - mine) / spread))
        low = int(ahead)
        part = ahead - low
        out.append(fame_of_place[low] * (1 - part) + fame_of_place[low + 1] * part)
    return tuple(out)


class Prospect(NamedTuple):
    """One player's expected final Fame in parts (see the module docstring); `sum` is it."""

    fame: float
    cash: float
    income: float
    population_place: float
    revenue_place: float
    sheet: SheetParts
    reserve: float

    @property
    def total(self) -> float:
        """The expected final Fame."""
        return (
            self.fame
            + self.cash
            + self.income
            + self.population_place
            + self.revenue_place
            + self.sheet.total
            + self.reserve
        )


def prospects(players: Sequence[Seat], view: Outlook, weights: Weights) -> dict[Color, float]:
    """Every player's expected final Fame (see the module docstring)."""
    return {color: part.total for color, part in prospect_parts(players, view, weights).items()}


def prospect_parts(
    players: Sequence[Seat], view: Outlook, weights: Weights
) -> dict[Color, Prospect]:
    """Every player's expected final Fame, in parts."""
    rounds = view.rounds_left
    cash = money_worth(weights, rounds)
    income = income_worth(weights, rounds)
    spread = 0.5 + weights.rank_spread * rounds
    population = expected_places({s.color: s.population for s in players}, spread)
    revenue = expected_places({s.color: s.revenue for s in players}, spread)
    available = view.available
    return {
        seat.color: Prospect(
            seat.fame,
            seat.money * cash,
            effective_income(weights, seat.population, seat.revenue) * income,
            population[seat.color],
            revenue[seat.color],
            sheet_parts(seat.sheet, _rounded(rounds), available, weights),
            sum(reserve_value(tile, seat.sheet, rounds, weights) for tile in seat.reserve),
        )
        for seat in players
    }


def standing(players: Sequence[Seat], color: Color, view: Outlook, weights: Weights) -> float:
    """`color`'s prospect minus the best rival's."""
    values = prospects(players, view, weights)
    mine = values.pop(color)
    return mine - max(values.values())


def reserve_value(
    tile: str, sheet: tuple[Placement, ...], rounds: float, weights: Weights
) -> float:
    """A reserve tile: part of what it gives once placed, if it can be placed in time.

    Placing it takes an action (Publicity, Renovate, or a tile bought and kept). A tile
    that cannot go on the sheet now is worth less for each prerequisite missing, and
    little if it has them all yet still fits nowhere; nothing without room for it.
    """
    lay = layout(_GRID, sheet)
    if not _has_room(lay.occupied, len(COMPONENTS.shapes[tile].orientations[0].cells)):
        return 0.0
    if legal_placements(COMPONENTS, sheet, tile):
        share = min(1.0, rounds / 2)
    else:
        missing = sum(1 for need in TILES[tile].prerequisites if need not in lay.present)
        share = 0.5**missing * min(1.0, rounds / (2 + 2 * missing)) if missing else 0.1
    return weights.reserve * share * tile_worth(tile)


@lru_cache(maxsize=16384)
def _has_room(occupied: int, size: int) -> bool:
    """Whether some free cells could take a tile of `size` cells."""
    return any(not cells & occupied for cells in _FOOTPRINTS.get(size, ()))


def tile_worth(tile: str) -> float:
    """A tile's printed Fame plus half its Population and Revenue."""
    facts = TILES[tile]
    return facts.fame + 0.5 * (facts.population + facts.revenue)


def _rounded(rounds: float) -> float:
    """Rounds left to a tenth of a round, so that sheet values can be cached."""
    return round(rounds, 1)


_AREAS: Final[tuple[Literal["casino", "hotel"], ...]] = ("casino", "hotel")


class SheetParts(NamedTuple):
    """A sheet's expected Fame to come in parts (see `sheet_parts`); `total` is its value."""

    casino_area: float
    hotel_area: float
    connection: float
    diamonds: float
    cramped: float  # minus the Fame lost when a side of the sheet has no room left
    unlocked: float

    @property
    def total(self) -> float:
        """What the sheet's layout is expected to add to its owner's Fame by the end."""
        return (
            self.casino_area
            + self.hotel_area
            + self.connection
            + self.diamonds
            + self.cramped
            + self.unlocked
        )


@lru_cache(maxsize=65536)
def sheet_value(
    sheet: tuple[Placement, ...], rounds: float, available: frozenset[str], weights: Weights
) -> float:
    """What a sheet's layout is expected to add to its owner's Fame by the end.

    `available` are the tiles that may still be bought; `rounds` the rounds left.
    """
    return sheet_parts(sheet, rounds, available, weights).total


@lru_cache(maxsize=65536)
def sheet_parts(
    sheet: tuple[Placement, ...], rounds: float, available: frozenset[str], weights: Weights
) -> SheetParts:
    """A sheet's value in parts: filled areas, the connection, diamonds, room, unlocks."""
    lay = layout(_GRID, sheet)
    empty = _GRID.full & ~lay.occupied
    casino, hotel = (
        weights.area * FILLED_AREA_FAME * _fill_chance(lay, area, rounds, available, weights)
        for area in _AREAS
    )
    cramped = 0.0
    if empty:
        cramped = -weights.cramped * _cramped(lay, empty) * min(1.0, rounds / 3)
    return SheetParts(
        casino,
        hotel,
        weights.connect * CONNECTED_FAME * _connect_chance(lay, rounds, weights),
        _diamonds(lay, empty, rounds, weights),
        cramped,
        weights.unlock * _unlocked(lay, available) * min(1.0, rounds / 6),
    )


def _time_chance(missing: int, rounds: float, weights: Weights) -> float:
    """The chance of covering `missing` more cells in the rounds left, roughly."""
    if missing <= 0:
        return 1.0
    return min(1.0, (rounds + 0.5) * weights.cells_per_round / missing)


def _fill_chance(
    lay: Layout,
    area: Literal["casino", "hotel"],
    rounds: float,
    available: frozenset[str],
    weights: Weights,
) -> float:
    """The chance of ending with `area` filled by tiles of its colours only."""
    cells = _GRID.areas[area]
    colors = AREA_FILL_COLORS[area]
    for placement, masks in zip(lay.tiles, lay.masks, strict=True):
        if masks is not None and masks.cells & cells and TILES[placement.tile].color not in colors:
            return 0.0
    missing = cells & ~lay.occupied
    if missing and missing & ~_coverable(lay.occupied, _footprints(area, available)):
        return 0.0
    covered = _AREA_CELLS[area] - missing.bit_count()
    share = covered / _AREA_CELLS[area]
    return share * share * _time_chance(missing.bit_count(), rounds, weights)


@lru_cache(maxsize=64)
def _footprints(area: Literal["casino", "hotel"], available: frozenset[str]) -> tuple[int, ...]:
    """The footprints (cells per tile) of the tiles left that may fill `area`."""
    colors = AREA_FILL_COLORS[area]
    sizes = {
        len(COMPONENTS.shapes[tile].orientations[0].cells)
        for tile in available
        if TILES[tile].color in colors
    }
    return tuple(sorted(sizes))


@lru_cache(maxsize=16384)
def _coverable(occupied: int, footprints: tuple[int, ...]) -> int:
    """Every free cell some tile of these footprints could cover (doors aside)."""
    found = 0
    for size in footprints:
        for cells in _FOOTPRINTS.get(size, ()):
            if not cells & occupied:
                found |= cells
    return found


def _columns(cells: int) -> list[int]:
    return [x for x, column in enumerate(_COLUMNS) if cells & column]


def _connect_chance(lay: Layout, rounds: float, weights: Weights) -> float:
    """The chance of ending with the casino and hotel entrances joined."""
    if lay.reach["casino"] & lay.reach["hotel"]:
        return 1.0
    reached = {}
    for name in ("casino", "hotel"):
        cells = 0
        for index in lay.reach[name]:
            masks = lay.masks[index]
            if masks is not None:
                cells |= masks.cells
        reached[name] = cells
    casino = _columns(reached["casino"])
    hotel = _columns(reached["hotel"])
    east = max(casino) if casino else -1
    west = min(hotel) if hotel else _GRID.cols
    gap = max(1, west - east - 1)
    share = 1 - gap / _GRID.cols
    return share * share * _time_chance(gap * 2, rounds, weights)


def _diamonds(lay: Layout, empty: int, rounds: float, weights: Weights) -> float:
    """Diamonds made (3 for a full one, 1 for three quarters) and nearly made."""
    quarters: dict[int, list[int]] = {}
    for index, masks in enumerate(lay.masks):
        if masks is not None:
            for point in masks.corners:
                quarters.setdefault(point, []).append(index)
    width = _GRID.width
    made = 0.0
    near = 0.0
    for point, owners in quarters.items():
        px, py = point % width, point // width
        if not (0 < px < _GRID.cols and 0 < py < _GRID.rows):
            continue
        count = len(owners)
        if count == 4 and len(set(owners)) > 1:
            made += FULL_DIAMOND_FAME
        elif count == 3:
            made += 1
        if count in (2, 3):
            around = (
                1 << ((py - 1) * width + px - 1)
                | 1 << ((py - 1) * width + px)
                | 1 << (py * width + px - 1)
                | 1 << (py * width + px)
            )
            if (around & empty).bit_count() == 4 - count:
                near += 2 if count == 3 else 1
    return made + weights.diamond_potential * near * min(1.0, rounds / 4)


def _cramped(lay: Layout, empty: int) -> float:
    """How shut in the sheet is: 0 with room on both sides, 1 with none on either."""
    shut = 0.0
    for name in ("casino", "hotel"):
        doors = lay.reach_doors[name]
        front = 0
        for side in range(4):
            front |= shift(doors[side], side, _GRID.width)
        front &= empty
        if _ENTRANCE_CELLS[name] & empty:
            front |= _ENTRANCE_CELLS[name]
        shut += 1 - min(front.bit_count(), 3) / 3
    return shut / 2


def _unlocked(lay: Layout, available: frozenset[str]) -> float:
    """Premier tiles still to come whose prerequisites the sheet holds, by their worth."""
    total = 0.0
    for tile in available:
        facts = TILES[tile]
        if facts.is_premier and facts.prerequisites and set(facts.prerequisites) <= lay.present:
            total += tile_worth(tile)
    return total
