"""Setting up a new game: stacks, the event deck, the first three tiles, the first player."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationInfo,
    model_serializer,
    model_validator,
)

from engine.rng import Pcg32

from .actions import SIZES, Color
from .events import Event, GameStarted, RoundStarted, TileFlipped
from .flow import proceed
from .state import MAX_PLAYERS, MIN_PLAYERS, GameState, Player, Space, Timing
from .tables import COMPONENTS, TILES


class GameSettings(BaseModel):
    """What a new game needs: player colours in seating order (3 to 5), and the seed.

    `timing`: when Renovate and Publicity are carried out, `at_once` (as the books say)
    for a new game. Settings read from JSON written before the field existed (a saved
    game, an exported record) say `after_bidding`, the timing they were played with; so
    that a new record never reads as an old one, the field is always written out.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: Annotated[list[Color], Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)]
    seed: int = 0
    timing: Timing = "at_once"

    @model_validator(mode="before")
    @classmethod
    def _saved_before_timing(cls, data: Any, info: ValidationInfo) -> Any:
        if info.mode == "json" and isinstance(data, dict) and "timing" not in data:
            return {**data, "timing": "after_bidding"}
        return data

    @model_serializer(mode="wrap")
    def _always_timing(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            data["timing"] = self.timing
        return data

    @model_validator(mode="after")
    def _distinct_colors(self) -> GameSettings:
        if len(set(self.players)) != len(self.players):
            raise ValueError("each player needs a different colour")
        return self


def new_game(settings: GameSettings) -> tuple[GameState, list[Event]]:
    """Set up the board, then play round 1 up to the first player's action choice.

    Each premier stack is its A tiles shuffled on top of its B tiles shuffled; the first
    tile of each stack goes up for auction without an event card (small on P1, medium
    on P2, large on P3); P4 is filled by an event card in round 1 with 4 or 5 players.
    """
    rng = Pcg32.seeded(settings.seed)
    stacks = {size: _premier_stack(rng, size) for size in SIZES}
    deck = list(range(len(COMPONENTS.event_deck)))
    rng.shuffle(deck)
    count = len(settings.players)
    button = settings.players[rng.below(count)]
    start = COMPONENTS.setup
    basic: dict[str, int] = {}
    removed: list[str] = []
    for tile, facts in TILES.items():
        if facts.is_premier:
            continue
        basic[tile] = COMPONENTS.basic_stack_count(tile, count)
        removed += [tile] * (facts.count - basic[tile])
    state = GameState(
        seed=settings.seed,
        players=[
            Player(
                color=color,
                money=start.starting_cash,
                fame=start.starting_fame,
                population=start.starting_population,
                revenue=start.starting_revenue,
            )
            for color in settings.players
        ],
        button=button,
        step="flip",
        spaces=[Space(id=sid) for sid in COMPONENTS.board.premier_space_ids(count)],
        stacks=stacks,
        basic=basic,
        out_of_game=removed,
        deck=deck,
        rng=rng,
        timing=settings.timing,
    )
    events: list[Event] = [
        GameStarted(players=tuple(settings.players), button=button, removed=tuple(removed))
    ]
    for space, size in zip(state.spaces, SIZES, strict=False):
        tile = state.stacks[size].pop(0)
        space.tile = tile
        space.price = TILES[tile].min_bid
        events.append(TileFlipped(space=space.id, tile=tile, price=space.price))
    events.append(RoundStarted(round=1, button=button))
    proceed(state, events)
    return state, events


def _premier_stack(rng: Pcg32, size: str) -> list[str]:
    """A tiles shuffled, on top of B tiles shuffled."""
    a_tiles = list(COMPONENTS.premier_stack_tiles(size, "A"))  # type: ignore[arg-type]
    b_tiles = list(COMPONENTS.premier_stack_tiles(size, "B"))  # type: ignore[arg-type]
    rng.shuffle(a_tiles)
    rng.shuffle(b_tiles)
    return a_tiles + b_tiles
