"""The game state: a pydantic model that serialises to JSON and back without loss.

The engine changes a state in place (copy it first with `state.model_copy(deep=True)`
to keep the old one). A sheet is the list of its placements, in the order they were made.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.rng import Pcg32
from engine.seating import Seating

from .actions import BidTarget, Color, Size
from .sheet import Placement

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 5
Step = Literal["flip", "actions", "build", "over"]
Choice = Literal["bid", "renovate", "publicity", "pass"]
IncomeRule = Literal["lesser", "population", "revenue", "half_lesser"]
EndReason = Literal["sheet_full", "stack_empty"]
# When Renovate and Publicity are carried out: `at_once` as the books say, when chosen,
# while the others finish bidding; `after_bidding` with the purchases once bidding is
# over (how the engine played them before rules version 2 of the bot).
Timing = Literal["at_once", "after_bidding"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")

    def __setattr__(self, name: str, value: object) -> None:
        # The engine assigns fields thousands of times per game, always with values of the
        # right type (mypy checks them); pydantic's per-assignment bookkeeping (the
        # "fields set" record, unused here) costs more than the game's own work.
        self.__dict__[name] = value


class Player(_Model):
    """A seat: cash, the three tracks, the hotel-casino sheet, the reserve, this round's action.

    - `fame_from`: Fame that no tile on the sheet prints (publicity, event cards, final
      scoring by category), so Fame always equals the sheet's printed Fame plus this ledger.
    - `action`: what the player chose this round (`pass` when nothing was allowed);
      `bid_on` / `bid` where their bid marker stands, `outbid` once someone bid higher.
    """

    color: Color
    money: Annotated[int, Field(ge=0)] = 0
    fame: int = 0
    population: int = 0
    revenue: int = 0
    sheet: list[Placement] = []
    reserve: list[str] = []
    fame_from: dict[str, int] = {}
    action: Choice | None = None
    bid_on: BidTarget | None = None
    bid: int = 0
    outbid: bool = False


class Space(_Model):
    """A premier space on the board: its tile (None when empty) and Minimum-Bid marker."""

    id: Literal["P1", "P2", "P3", "P4"]
    tile: str | None = None
    price: int = 0


class StackDecision(_Model):
    """Pull Strings: `player` (the button holder) picks the stack that fills `space`."""

    kind: Literal["stack"] = "stack"
    id: int = 0
    player: Color
    space: str


class BuyDecision(_Model):
    """`player` bought `tile`: place it, or reserve it (and perhaps place a reserve tile)."""

    kind: Literal["buy"] = "buy"
    id: int = 0
    player: Color
    tile: str


class PublicityDecision(_Model):
    """`player` took Publicity: place one reserve tile, or none."""

    kind: Literal["publicity"] = "publicity"
    id: int = 0
    player: Color


class RenovateDecision(_Model):
    """`player` is renovating: up to 2 tiles off, then up to 2 reserve tiles on.

    `before`, `before_reserve` and `before_tracks` (Population, Revenue, Fame) are the
    player's position when the renovation began, for `undo` and `cancel`; `placed` lists
    the tiles put on so far.
    """

    kind: Literal["renovate"] = "renovate"
    id: int = 0
    player: Color
    removed: int = 0
    placed: list[str] = []
    before: list[Placement] = []
    before_reserve: list[str] = []
    before_tracks: tuple[int, int, int] = (0, 0, 0)


Decision = Annotated[
    StackDecision | BuyDecision | PublicityDecision | RenovateDecision,
    Field(discriminator="kind"),
]


class GameState(_Model, Seating[Color, Player, Decision]):
    """Everything about a game of Vegas Showdown at one moment.

    - `players`: seating order; clockwise is forward in this list. `button`: who holds
      the Turn Order Button (first to act this round).
    - `step`: `flip` (waiting for a Pull Strings choice), `actions` (players choosing
      actions; `current` chooses now), `build` (placement decisions in `pending`), `over`.
    - `spaces`: the premier spaces used at this table (P4 only with 4-5 players).
    - `stacks`: premier stacks by size, top first; `basic`: tiles left in each basic
      stack; `out_of_game`: tiles removed (3-player setup, prices dropping below 3).
    - `deck`: event cards (indexes into the components' event deck), top first;
      `discard`; `in_play`: cards waiting to be completed; `drawn`: this round's cards.
    - `no_bid`: what No-Bid markers forbid this round (a basic tile id, a premier size,
      `renovate` or `publicity`); `income_rule`, `publicity_fame`: this round's income
      and Publicity Fame.
    - `pending`: decisions the engine waits for, numbered from `next_decision`;
      `filling`: the space a Pull Strings choice will fill.
    - `premier_placers`: players who put a premier tile on their sheet this round, in the
      order they did; `placed_while_bidding`: those of them who did so during bidding
      (Renovate or Publicity taken at once), in that order.
    - `timing`: when Renovate and Publicity are carried out (see `Timing`); a state saved
      before it existed was played `after_bidding`, which is the default here, so
      `new_game` sets it from the settings.
    - `over`, `end_reason`, `winners`, `final_scores` (Fame by category): set at the end.
    - `rng`: the shuffles, so a saved game continues the same sequence.
    - `game`: the game's name, so a saved state says what it is (as its record does);
      states saved before it existed load with this default.
    """

    game: Literal["vegas_showdown"] = "vegas_showdown"
    seed: int = 0
    players: list[Player]
    round: int = 1
    button: Color
    step: Step = "actions"
    current: Color | None = None
    spaces: list[Space]
    stacks: dict[Size, list[str]]
    basic: dict[str, int]
    out_of_game: list[str] = []
    deck: list[int] = []
    discard: list[int] = []
    in_play: list[int] = []
    drawn: list[int] = []
    no_bid: list[str] = []
    income_rule: IncomeRule = "lesser"
    publicity_fame: int = 1
    pending: list[Decision] = []
    next_decision: int = 1
    filling: str | None = None
    premier_placers: list[Color] = []
    placed_while_bidding: list[Color] = []
    timing: Timing = "after_bidding"
    over: bool = False
    end_reason: EndReason | None = None
    winners: list[Color] = []
    final_scores: dict[Color, dict[str, int]] = {}
    rng: Pcg32

    def in_turn_order(self) -> list[Player]:
        """The players clockwise from the button holder."""
        players = self.players
        button = self.button
        for start, player in enumerate(players):
            if player.color == button:
                return players[start:] + players[:start]
        raise KeyError(button)

    def space(self, space_id: str) -> Space | None:
        """The premier space with this id, if this table uses it."""
        for space in self.spaces:
            if space.id == space_id:
                return space
        return None
