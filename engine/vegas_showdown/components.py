"""The printed components: tiles, the hotel-casino sheet, the board's tracks, event cards.

Check a corrected copy of the data file with
`python -m engine.vegas_showdown.check_components [FILE]`.

The facts live in `data/components.json`. Only part of the printed data is public, so
many values there are reconstructed; the file writes such a value as
`{"value": V, "reconstructed": true, "why": "..."}`. Loading unwraps it and remembers
where it was (`reconstructed` on each model, and `Components.reconstructed` for the
whole file), so rules code only ever sees plain values. Everything is checked for
internal consistency at load, so a player who corrects the file from a printed copy
gets a clear message when something no longer fits.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Any, Final, Literal, NamedTuple, get_args

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    NonNegativeInt,
    PositiveInt,
    model_validator,
)

from .geometry import STEP, Cell, Corner, Side, TileShape, perimeter, tile_shape

Size = Literal["small", "medium", "large"]
SIZES: Final[tuple[Size, ...]] = get_args(Size)
TileColor = Literal["yellow", "blue", "green"]
TileKind = Literal["basic", "premier"]
Back = Literal["A", "B"]
EntranceName = Literal["casino", "hotel"]
Area = Literal["casino", "common", "hotel"]
ActionSpace = Literal["renovate", "publicity"]
SizeSymbol = Literal["small", "medium", "large", "any"]

AREA_LETTERS: Final[dict[str, Area]] = {"C": "casino", ".": "common", "H": "hotel"}
_WRAPPER_KEYS: Final = frozenset({"value", "reconstructed", "why"})


# --------------------------------------------------------------------------- unwrapping
def _is_wrapper(node: object) -> bool:
    return isinstance(node, dict) and "reconstructed" in node and "value" in node


def _unwrap(node: Any, path: str, marks: dict[str, str]) -> Any:
    """Return `node` without its reconstructed wrapper, noting `path` in `marks` if marked."""
    if not _is_wrapper(node):
        return node
    extra = set(node) - _WRAPPER_KEYS
    if extra:
        raise ValueError(
            f"{path}: a reconstructed value has only value, reconstructed and why "
            f"(found {', '.join(sorted(extra))})"
        )
    if not isinstance(node["reconstructed"], bool):
        raise ValueError(f"{path}: reconstructed must be true or false")
    if node["reconstructed"]:
        marks[path] = str(node.get("why", ""))
    return node["value"]


def _is_model(annotation: object) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


class _Facts(BaseModel):
    """A part of the data file; `reconstructed` maps its reconstructed fields to why."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    reconstructed: dict[str, str] = {}

    @model_validator(mode="before")
    @classmethod
    def _unwrap_fields(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        marks: dict[str, str] = dict(data.get("reconstructed") or {})
        plain: dict[str, Any] = {}
        for key, raw in data.items():
            if key == "reconstructed":
                continue
            value = _unwrap(raw, key, marks)
            field = cls.model_fields.get(key)
            if field is not None and _is_model(field.annotation):
                pass  # a nested part of the file unwraps its own fields
            # one level down: lists and maps whose entries are marked one by one
            elif isinstance(value, list):
                value = [_unwrap(v, f"{key}[{i}]", marks) for i, v in enumerate(value)]
            elif isinstance(value, dict) and any(_is_wrapper(v) for v in value.values()):
                value = {k: _unwrap(v, f"{key}.{k}", marks) for k, v in value.items()}
            plain[key] = value
        plain["reconstructed"] = marks
        return plain

    def is_reconstructed(self, field: str) -> bool:
        """Whether the value of `field` (or `field[i]`, `field.key`) was reconstructed."""
        return field in self.reconstructed


# --------------------------------------------------------------------------- tiles
Mark = tuple[NonNegativeInt, NonNegativeInt, Corner]


class TileFacts(_Facts):
    """One kind of tile: its printed values, doors, red corners and prerequisites."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    kind: TileKind
    size: Size
    color: TileColor
    count: PositiveInt
    back: Back | None
    min_bid: PositiveInt
    population: NonNegativeInt
    revenue: NonNegativeInt
    fame: NonNegativeInt
    doors: tuple[NonNegativeInt, ...]
    red_corner_marks: tuple[Mark, ...]
    prerequisites: tuple[str, ...]
    door_must_meet: tuple[str, ...] = ()

    @property
    def is_premier(self) -> bool:
        """Premier tiles come from the A/B stacks and are auctioned from a minimum bid."""
        return self.kind == "premier"

    @property
    def door_count(self) -> int:
        """How many doors the tile has."""
        return len(self.doors)

    @property
    def red_corners(self) -> bool:
        """Whether the tile carries red quarter-diamonds (Theme Bonus)."""
        return bool(self.red_corner_marks)


# --------------------------------------------------------------------------- sheet
class EntranceFacts(_Facts):
    """An entrance: one outer edge of one border cell of the sheet."""

    cell: tuple[NonNegativeInt, NonNegativeInt]
    side: Side


class SheetFacts(_Facts):
    """The hotel-casino sheet: a grid of cells split into areas, with two entrances."""

    cols: PositiveInt
    rows: PositiveInt
    areas: tuple[str, ...]
    area_colors: dict[Area, str]
    entrances: dict[EntranceName, EntranceFacts]

    @model_validator(mode="after")
    def _grid(self) -> SheetFacts:
        if len(self.areas) != self.rows or any(len(row) != self.cols for row in self.areas):
            raise ValueError(
                f"sheet areas must be {self.rows} rows of {self.cols} letters, one per cell"
            )
        letters = {ch for row in self.areas for ch in row}
        if not letters <= set(AREA_LETTERS):
            raise ValueError("sheet areas use C (casino), . (common) and H (hotel) only")
        if not {"C", "H"} <= letters:
            raise ValueError("the sheet needs at least one casino and one hotel cell")
        if set(self.area_colors) != set(get_args(Area)):
            raise ValueError("area_colors must name casino, common and hotel")
        if set(self.entrances) != set(get_args(EntranceName)):
            raise ValueError("the sheet needs a casino and a hotel entrance")
        for name, entrance in self.entrances.items():
            x, y = entrance.cell
            dx, dy = STEP[entrance.side]
            if not (x < self.cols and y < self.rows):
                raise ValueError(f"the {name} entrance cell {[x, y]} is off the sheet")
            if 0 <= x + dx < self.cols and 0 <= y + dy < self.rows:
                raise ValueError(
                    f"the {name} entrance must be on the sheet's border: side "
                    f"{entrance.side} of {[x, y]} faces another cell"
                )
        return self

    def area_of(self, cell: Cell) -> Area:
        """The area (casino, common or hotel) a cell belongs to."""
        x, y = cell
        return AREA_LETTERS[self.areas[y][x]]

    def cells_of(self, area: Area) -> tuple[Cell, ...]:
        """Every cell of an area, row by row."""
        return tuple(
            (x, y)
            for y in range(self.rows)
            for x in range(self.cols)
            if AREA_LETTERS[self.areas[y][x]] == area
        )


# --------------------------------------------------------------------------- board
class PremierSpace(_Facts):
    """A premier space on the board, used with these player counts."""

    id: str
    players: tuple[PositiveInt, ...]
    label: str = ""


class TrackSpace(_Facts):
    """A space of the premier bidding track: circles hold the Minimum-Bid marker."""

    number: PositiveInt
    shape: Literal["circle", "square"]


class BasicTrack(_Facts):
    """The bidding track of a basic tile stack; its first space is the minimum bid."""

    id: str
    tile: str
    spaces: tuple[PositiveInt, ...]
    players: tuple[PositiveInt, ...]

    @property
    def minimum(self) -> int:
        """The lowest bid allowed (the yellow space)."""
        return self.spaces[0]

    @property
    def top(self) -> int:
        """The highest bid allowed."""
        return self.spaces[-1]


class BoardFacts(_Facts):
    """The game board's premier spaces, bidding tracks and action spaces."""

    premier_spaces: tuple[PremierSpace, ...]
    premier_fill_order: tuple[str, ...]
    premier_track: tuple[TrackSpace, ...]
    basic_tracks: tuple[BasicTrack, ...]
    action_spaces: tuple[ActionSpace, ...]

    @model_validator(mode="after")
    def _tracks(self) -> BoardFacts:
        ids = [s.id for s in self.premier_spaces]
        if len(set(ids)) != len(ids) or sorted(self.premier_fill_order) != sorted(ids):
            raise ValueError("premier_fill_order must list every premier space once")
        numbers = [s.number for s in self.premier_track]
        if numbers != sorted(set(numbers)):
            raise ValueError("the premier track must rise strictly")
        if not self.premier_track or self.premier_track[0].shape != "circle":
            raise ValueError("the premier track must start with a circle")
        for low, high in pairwise(self.premier_track):
            if low.shape == high.shape == "square":
                raise ValueError(
                    f"premier track: two squares in a row ({low.number}, {high.number}); "
                    "a price drop skips exactly one square"
                )
        track_ids = [t.id for t in self.basic_tracks]
        if len(set(track_ids)) != len(track_ids):
            raise ValueError("duplicate basic track ids")
        for track in self.basic_tracks:
            if not track.spaces or list(track.spaces) != sorted(set(track.spaces)):
                raise ValueError(f"basic track {track.id}: spaces must rise strictly")
        return self

    @cached_property
    def circles(self) -> tuple[int, ...]:
        """The premier track's circles, where Minimum-Bid markers stand."""
        return tuple(s.number for s in self.premier_track if s.shape == "circle")

    def circle_below(self, number: int) -> int | None:
        """The next lower circle (a price drop); None when a tile drops off the track."""
        lower = [c for c in self.circles if c < number]
        return lower[-1] if lower else None

    def circle_above(self, number: int) -> int | None:
        """The next higher circle; None above the top circle."""
        higher = [c for c in self.circles if c > number]
        return higher[0] if higher else None

    @property
    def track_top(self) -> int:
        """The highest bid a premier track allows."""
        return self.premier_track[-1].number

    def premier_space_ids(self, players: int) -> tuple[str, ...]:
        """The premier spaces in use with `players` players, in fill order."""
        used = {s.id for s in self.premier_spaces if players in s.players}
        return tuple(i for i in self.premier_fill_order if i in used)

    def basic_track_ids(self, players: int) -> tuple[str, ...]:
        """The basic tile tracks in use with `players` players."""
        return tuple(t.id for t in self.basic_tracks if players in t.players)

    def basic_track(self, track_id: str) -> BasicTrack:
        """The basic track with this id (which must exist)."""
        return next(t for t in self.basic_tracks if t.id == track_id)


# --------------------------------------------------------------------------- setup
class SetupFacts(_Facts):
    """Player counts and what every player starts with."""

    players: tuple[PositiveInt, ...]
    starting_cash: NonNegativeInt
    starting_population: NonNegativeInt
    starting_revenue: NonNegativeInt
    starting_fame: NonNegativeInt
    basic_removed_with_3_players: NonNegativeInt


class CountFacts(_Facts):
    """The component counts printed in the rulebook, checked against the tiles and cards."""

    tiles_by_size: dict[Size, NonNegativeInt]
    tiles_total: NonNegativeInt
    event_cards: NonNegativeInt
    minimum_bid_markers: NonNegativeInt
    no_bid_markers: NonNegativeInt
    sheets: NonNegativeInt


# --------------------------------------------------------------------------- events
class _Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FamePerTile(_Effect):
    """Each player gains `amount` Fame per tile on their sheet whose id is in `tiles`."""

    type: Literal["fame_per_tile"]
    tiles: tuple[str, ...] = Field(min_length=1)
    amount: PositiveInt


class MoneyPerTile(_Effect):
    """Each player takes `amount` dollars per tile on their sheet whose id is in `tiles`."""

    type: Literal["money_per_tile"]
    tiles: tuple[str, ...] = Field(min_length=1)
    amount: PositiveInt


class NoBidBasic(_Effect):
    """Nobody may bid on basic tile `tile` this round (every track of that tile)."""

    type: Literal["no_bid_basic"]
    tile: str


class NoBidPremierSize(_Effect):
    """Nobody may bid this round on premier tiles of a size ("symbol": the card's own)."""

    type: Literal["no_bid_premier_size"]
    size: Literal["symbol", "small", "medium", "large"] = "symbol"


class NoAction(_Effect):
    """Nobody may choose action `action` this round."""

    type: Literal["no_action"]
    action: ActionSpace


class PremierPriceShift(_Effect):
    """Premier tiles already on the board move `circles` circles (down never below 3)."""

    type: Literal["premier_price_shift"]
    circles: int


class IncomeFormula(_Effect):
    """Income this round: Population, Revenue or half the lesser (rounded down)."""

    type: Literal["income_formula"]
    formula: Literal["population", "revenue", "half_lesser"]


class FameToRank(_Effect):
    """The player(s) with the highest/lowest `stat` gain `amount` Fame (ties all gain)."""

    type: Literal["fame_to_rank"]
    stat: Literal["population", "revenue", "fame"]
    which: Literal["highest", "lowest"]
    amount: PositiveInt


class MoneyToRank(_Effect):
    """The player(s) with the highest/lowest cash take `amount` dollars (ties all take)."""

    type: Literal["money_to_rank"]
    stat: Literal["cash"]
    which: Literal["highest", "lowest"]
    amount: PositiveInt


class FameAll(_Effect):
    """Every player gains `amount` Fame."""

    type: Literal["fame_all"]
    amount: PositiveInt


class MoneyAll(_Effect):
    """Every player takes `amount` dollars."""

    type: Literal["money_all"]
    amount: PositiveInt


class PublicityFame(_Effect):
    """Publicity gives `amount` Fame instead of 1 this round."""

    type: Literal["publicity_fame"]
    amount: NonNegativeInt


class FameIfConnected(_Effect):
    """Players whose casino and hotel entrances are joined gain `amount` Fame."""

    type: Literal["fame_if_connected"]
    amount: PositiveInt


class LingeringFirstPremierPlacement(_Effect):
    """Stays in play: the first player to place a premier tile gains `amount` Fame."""

    type: Literal["lingering_first_premier_placement"]
    amount: PositiveInt


class ChooseStack(_Effect):
    """No fixed size: the button holder picks a premier stack that still holds tiles."""

    type: Literal["choose_stack"]


Effect = Annotated[
    FamePerTile
    | MoneyPerTile
    | NoBidBasic
    | NoBidPremierSize
    | NoAction
    | PremierPriceShift
    | IncomeFormula
    | FameToRank
    | MoneyToRank
    | FameAll
    | MoneyAll
    | PublicityFame
    | FameIfConnected
    | LingeringFirstPremierPlacement
    | ChooseStack,
    Field(discriminator="type"),
]
EFFECT_TYPES: Final[frozenset[str]] = frozenset(
    get_args(cls.model_fields["type"].annotation)[0]
    for cls in (
        FamePerTile,
        MoneyPerTile,
        NoBidBasic,
        NoBidPremierSize,
        NoAction,
        PremierPriceShift,
        IncomeFormula,
        FameToRank,
        MoneyToRank,
        FameAll,
        MoneyAll,
        PublicityFame,
        FameIfConnected,
        LingeringFirstPremierPlacement,
        ChooseStack,
    )
)


class EventCard(_Facts):
    """An event card: its copies (one size symbol each) and its effects, in order."""

    id: str
    name: str
    copies: PositiveInt
    size_symbols: tuple[SizeSymbol, ...]
    effects: tuple[Effect, ...]

    @model_validator(mode="after")
    def _one_symbol_per_copy(self) -> EventCard:
        if len(self.size_symbols) != self.copies:
            raise ValueError(
                f"event {self.id}: {self.copies} copies need {self.copies} size symbols, "
                f"got {len(self.size_symbols)}"
            )
        return self


class EventCopy(NamedTuple):
    """One physical event card: its place in the deck, its card and its size symbol."""

    position: int
    card_id: str
    symbol: SizeSymbol


# --------------------------------------------------------------------------- whole file
class ComponentFacts(_Facts):
    """The whole data file, checked for internal consistency when loaded."""

    about: str
    how_to_edit: tuple[str, ...] = ()
    sizes: dict[Size, tuple[PositiveInt, PositiveInt]]
    setup: SetupFacts
    counts: CountFacts
    sheet: SheetFacts
    board: BoardFacts
    tiles: tuple[TileFacts, ...]
    prerequisite_chart: tuple[tuple[str, ...], ...]
    effect_types: dict[str, str]
    event_cards: tuple[EventCard, ...]

    @model_validator(mode="after")
    def _consistent(self) -> ComponentFacts:
        if set(self.sizes) != set(SIZES):
            raise ValueError("sizes must give the footprint of small, medium and large tiles")
        tiles = {t.id: t for t in self.tiles}
        if len(tiles) != len(self.tiles):
            raise ValueError("duplicate tile ids")
        for tile in self.tiles:
            _check_tile(tile, tiles, self.sizes)
        _check_counts(self)
        _check_tracks(self, tiles)
        _check_chart(self, tiles)
        _check_events(self, tiles)
        return self


def _check_tile(
    tile: TileFacts, tiles: dict[str, TileFacts], sizes: dict[Size, tuple[int, int]]
) -> None:
    width, height = sizes[tile.size]
    segments = len(perimeter(width, height))
    if not tile.doors:
        raise ValueError(f"tile {tile.id}: a tile needs at least one door")
    if len(set(tile.doors)) != len(tile.doors) or max(tile.doors) >= segments:
        raise ValueError(
            f"tile {tile.id}: doors {list(tile.doors)} must be different segment numbers "
            f"0..{segments - 1} of a {tile.size} tile"
        )
    for dx, dy, corner in tile.red_corner_marks:
        if dx >= width or dy >= height:
            raise ValueError(f"tile {tile.id}: red corner mark {[dx, dy, corner]} is off the tile")
    if len(set(tile.red_corner_marks)) != len(tile.red_corner_marks):
        raise ValueError(f"tile {tile.id}: a red corner mark is listed twice")
    if tile.is_premier != (tile.back is not None):
        raise ValueError(f"tile {tile.id}: premier tiles have an A or B back, basic tiles none")
    if tile.kind == "basic" and tile.prerequisites:
        raise ValueError(f"tile {tile.id}: basic tiles have no prerequisites")
    for other in (*tile.prerequisites, *tile.door_must_meet):
        if other not in tiles:
            raise ValueError(f"tile {tile.id}: {other!r} is not a tile")
    # prerequisites are listed transitively: each names the whole line below the tile
    seen: set[str] = set()
    todo = list(tile.prerequisites)
    while todo:
        need = todo.pop()
        if need == tile.id:
            raise ValueError(f"tile {tile.id}: its prerequisites lead back to itself")
        if need not in seen:
            seen.add(need)
            todo.extend(tiles[need].prerequisites)
    if seen != set(tile.prerequisites):
        raise ValueError(
            f"tile {tile.id}: list every prerequisite of the line, "
            f"{sorted(seen)} (got {sorted(tile.prerequisites)})"
        )


def _check_counts(facts: ComponentFacts) -> None:
    by_size: Counter[str] = Counter()
    for tile in facts.tiles:
        by_size[tile.size] += tile.count
    for size in SIZES:
        want = facts.counts.tiles_by_size.get(size, 0)
        if by_size[size] != want:
            raise ValueError(f"{size} tiles add up to {by_size[size]}, the rulebook counts {want}")
    total = sum(by_size.values())
    if total != facts.counts.tiles_total:
        raise ValueError(f"tiles add up to {total}, the rulebook counts {facts.counts.tiles_total}")
    copies = sum(card.copies for card in facts.event_cards)
    if copies != facts.counts.event_cards:
        raise ValueError(
            f"event cards add up to {copies}, the rulebook counts {facts.counts.event_cards}"
        )
    if len(facts.board.premier_spaces) > facts.counts.minimum_bid_markers:
        raise ValueError("every premier space needs a Minimum-Bid marker")
    players = set(facts.setup.players)
    if not players:
        raise ValueError("setup.players must list the player counts")
    for space in facts.board.premier_spaces:
        if not set(space.players) <= players:
            raise ValueError(f"premier space {space.id} names an unknown player count")
    for size in SIZES:
        if not any(t.is_premier and t.size == size for t in facts.tiles):
            raise ValueError(f"the {size} premier stack has no tiles")


def _check_tracks(facts: ComponentFacts, tiles: dict[str, TileFacts]) -> None:
    board = facts.board
    circles = board.circles
    for tile in facts.tiles:
        if tile.is_premier and tile.min_bid not in circles:
            raise ValueError(
                f"tile {tile.id}: starting bid {tile.min_bid} is not a circle of the premier "
                f"track {list(circles)}"
            )
    players = set(facts.setup.players)
    for track in board.basic_tracks:
        basic = tiles.get(track.tile)
        if basic is None or basic.is_premier:
            raise ValueError(f"basic track {track.id}: {track.tile!r} is not a basic tile")
        if track.minimum != basic.min_bid:
            raise ValueError(
                f"basic track {track.id} starts at {track.minimum}, "
                f"but the {basic.name} minimum bid is {basic.min_bid}"
            )
        if not set(track.players) <= players:
            raise ValueError(f"basic track {track.id} names an unknown player count")
    for tile in facts.tiles:
        if tile.kind == "basic":
            if not any(t.tile == tile.id for t in board.basic_tracks):
                raise ValueError(f"basic tile {tile.id} has no bidding track")
            if 3 in players and tile.count <= facts.setup.basic_removed_with_3_players:
                raise ValueError(f"basic tile {tile.id}: too few to remove some with 3 players")


def _check_chart(facts: ComponentFacts, tiles: dict[str, TileFacts]) -> None:
    charted: set[str] = set()
    for line in facts.prerequisite_chart:
        for tile_id in line:
            if tile_id not in tiles:
                raise ValueError(f"prerequisite chart: {tile_id!r} is not a tile")
        for lower, upper in pairwise(line):
            if lower not in tiles[upper].prerequisites:
                raise ValueError(f"prerequisite chart: {upper} does not require {lower}")
        charted.update(line)
    missing = sorted(t.id for t in facts.tiles if t.is_premier and t.id not in charted)
    if missing:
        raise ValueError(f"prerequisite chart misses premier tiles {missing}")


def _check_events(facts: ComponentFacts, tiles: dict[str, TileFacts]) -> None:
    if set(facts.effect_types) != EFFECT_TYPES:
        raise ValueError(
            "effect_types must describe exactly the effect types the engine knows: "
            + ", ".join(sorted(EFFECT_TYPES))
        )
    ids = [card.id for card in facts.event_cards]
    names = [card.name for card in facts.event_cards]
    if len(set(ids)) != len(ids) or len(set(names)) != len(names):
        raise ValueError("event cards need different ids and names")
    for card in facts.event_cards:
        for effect in card.effects:
            named: tuple[str, ...] = ()
            if isinstance(effect, FamePerTile | MoneyPerTile):
                named = effect.tiles
            elif isinstance(effect, NoBidBasic):
                named = (effect.tile,)
                if effect.tile in tiles and tiles[effect.tile].is_premier:
                    raise ValueError(f"event {card.id}: {effect.tile} is not a basic tile")
            for tile_id in named:
                if tile_id not in tiles:
                    raise ValueError(f"event {card.id}: {tile_id!r} is not a tile")
            if isinstance(effect, NoAction) and effect.action not in facts.board.action_spaces:
                raise ValueError(f"event {card.id}: {effect.action} is not an action space")
            if isinstance(effect, PremierPriceShift) and effect.circles == 0:
                raise ValueError(f"event {card.id}: a price shift of 0 circles does nothing")
        if "any" in card.size_symbols and not any(isinstance(e, ChooseStack) for e in card.effects):
            raise ValueError(f"event {card.id}: an 'any' symbol needs a choose_stack effect")


# --------------------------------------------------------------------------- built form
@dataclass(frozen=True, eq=False)
class Components:
    """The validated components in the shapes the rules need (compared by identity)."""

    facts: ComponentFacts
    tiles: dict[str, TileFacts]
    event_cards: dict[str, EventCard]
    event_deck: tuple[EventCopy, ...]
    shapes: dict[str, TileShape]
    reconstructed: dict[str, str]

    @property
    def setup(self) -> SetupFacts:
        """Player counts and starting values."""
        return self.facts.setup

    @property
    def counts(self) -> CountFacts:
        """Printed component counts."""
        return self.facts.counts

    @property
    def sheet(self) -> SheetFacts:
        """The hotel-casino sheet."""
        return self.facts.sheet

    @property
    def board(self) -> BoardFacts:
        """The game board's spaces and tracks."""
        return self.facts.board

    def tile(self, tile_id: str) -> TileFacts:
        """The tile kind with this id (which must exist)."""
        return self.tiles[tile_id]

    def premier_stack_tiles(self, size: Size, back: Back) -> tuple[str, ...]:
        """Premier tiles of one size and back, one id per physical tile, in file order."""
        return tuple(
            t.id
            for t in self.tiles.values()
            if t.is_premier and t.size == size and t.back == back
            for _ in range(t.count)
        )

    def basic_stack_count(self, tile_id: str, players: int) -> int:
        """How many tiles of a basic stack are in play with `players` players."""
        count = self.tiles[tile_id].count
        return count - self.setup.basic_removed_with_3_players if players == 3 else count


def _reconstructed_paths(node: object, path: str, out: dict[str, str]) -> None:
    """Collect every reconstructed value below `node` as `path.field` -> why."""
    if isinstance(node, _Facts):
        for field, why in node.reconstructed.items():
            out[f"{path}.{field}" if path else field] = why
        for name in type(node).model_fields:
            if name != "reconstructed":
                _reconstructed_paths(getattr(node, name), f"{path}.{name}" if path else name, out)
    elif isinstance(node, tuple):
        for i, item in enumerate(node):
            key = getattr(item, "id", None)
            _reconstructed_paths(item, f"{path}.{key}" if key else f"{path}[{i}]", out)
    elif isinstance(node, dict):
        for key, item in node.items():
            _reconstructed_paths(item, f"{path}.{key}", out)


def build_components(facts: ComponentFacts) -> Components:
    """Derive lookups, the event deck and every tile's rotated shapes from the facts."""
    deck = tuple(
        EventCopy(position, card.id, symbol)
        for position, (card, symbol) in enumerate(
            (card, symbol) for card in facts.event_cards for symbol in card.size_symbols
        )
    )
    shapes = {
        t.id: tile_shape(t.id, *facts.sizes[t.size], t.doors, t.red_corner_marks)
        for t in facts.tiles
    }
    reconstructed: dict[str, str] = {}
    _reconstructed_paths(facts, "", reconstructed)
    return Components(
        facts=facts,
        tiles={t.id: t for t in facts.tiles},
        event_cards={c.id: c for c in facts.event_cards},
        event_deck=deck,
        shapes=shapes,
        reconstructed=reconstructed,
    )


@cache
def _packaged() -> Components:
    text = resources.files(__package__).joinpath("data/components.json").read_text("utf-8")
    return build_components(ComponentFacts.model_validate(json.loads(text)))


@lru_cache(maxsize=16)
def _from_file(path: Path, modified: int, size: int) -> Components:
    data = json.loads(path.read_text(encoding="utf-8"))
    return build_components(ComponentFacts.model_validate(data))


def load_components(path: str | Path | None = None) -> Components:
    """The packaged components, or a corrected copy read from `path`.

    Each file is read once (again only when it changes), so games can call this freely.
    Raises `pydantic.ValidationError` naming what does not fit when the file is wrong.
    """
    if path is None:
        return _packaged()
    resolved = Path(path).resolve()
    stat = resolved.stat()
    return _from_file(resolved, stat.st_mtime_ns, stat.st_size)


COMPONENTS: Final = load_components()
