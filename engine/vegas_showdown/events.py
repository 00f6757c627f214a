"""Typed records of everything that happens, returned by `apply` so a log can narrate.

`narrate.py` turns each event into a plain-English line. Events are slotted dataclasses,
read-only by convention (not frozen: a frozen dataclass costs twice as much to build, and
a game makes hundreds of events); they never need validating or saving.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .actions import BidTarget, Color, Size
from .state import Decision, EndReason, IncomeRule


@dataclass(slots=True, kw_only=True)
class GameStarted:
    """Setup: seating, the first player, and basic tiles removed for a 3-player game."""

    kind: Literal["game_started"] = "game_started"
    players: tuple[Color, ...]
    button: Color
    removed: tuple[str, ...] = ()


@dataclass(slots=True, kw_only=True)
class RoundStarted:
    """A new round begins; `button` acts first."""

    kind: Literal["round_started"] = "round_started"
    round: int
    button: Color


@dataclass(slots=True, kw_only=True)
class PriceDropped:
    """Step 1: a premier tile's Minimum-Bid marker moved down to the next circle."""

    kind: Literal["price_dropped"] = "price_dropped"
    space: str
    tile: str
    old: int
    new: int


@dataclass(slots=True, kw_only=True)
class TileDiscarded:
    """Step 1: a premier tile whose price could drop no lower left the game."""

    kind: Literal["tile_discarded"] = "tile_discarded"
    space: str
    tile: str


@dataclass(slots=True, kw_only=True)
class CardDrawn:
    """Step 2: an event card was drawn to fill `space`; `symbol` names its stack."""

    kind: Literal["card_drawn"] = "card_drawn"
    card: int
    name: str
    symbol: str
    space: str


@dataclass(slots=True, kw_only=True)
class FameGained:
    """A player gained (or, when negative, lost) Fame for a reason other than a tile."""

    kind: Literal["fame_gained"] = "fame_gained"
    player: Color
    amount: int
    reason: str


@dataclass(slots=True, kw_only=True)
class MoneyGained:
    """A player took money from the bank because of an event card."""

    kind: Literal["money_gained"] = "money_gained"
    player: Color
    amount: int
    reason: str


@dataclass(slots=True, kw_only=True)
class NoBidPlaced:
    """A No-Bid marker: nobody may bid on `what` (or take that action) this round."""

    kind: Literal["no_bid_placed"] = "no_bid_placed"
    what: str
    reason: str


@dataclass(slots=True, kw_only=True)
class PriceShifted:
    """An event card moved a premier tile's Minimum-Bid marker."""

    kind: Literal["price_shifted"] = "price_shifted"
    space: str
    tile: str
    old: int
    new: int
    reason: str


@dataclass(slots=True, kw_only=True)
class RoundRuleChanged:
    """An event card changed this round's income or Publicity Fame."""

    kind: Literal["round_rule_changed"] = "round_rule_changed"
    income: IncomeRule | None = None
    publicity_fame: int | None = None
    reason: str


@dataclass(slots=True, kw_only=True)
class CardInPlay:
    """An event card stays in play until it can be completed."""

    kind: Literal["card_in_play"] = "card_in_play"
    card: int
    name: str


@dataclass(slots=True, kw_only=True)
class CardCompleted:
    """An event card that waited in play was completed and discarded."""

    kind: Literal["card_completed"] = "card_completed"
    card: int
    name: str


@dataclass(slots=True, kw_only=True)
class StackChosen:
    """Pull Strings: the button holder chose the stack that fills the space."""

    kind: Literal["stack_chosen"] = "stack_chosen"
    player: Color
    size: Size


@dataclass(slots=True, kw_only=True)
class TileFlipped:
    """A premier tile went up for auction on `space` at `price`."""

    kind: Literal["tile_flipped"] = "tile_flipped"
    space: str
    tile: str
    price: int


@dataclass(slots=True, kw_only=True)
class StackEmpty:
    """A premier tile was needed from an empty stack: the game ends."""

    kind: Literal["stack_empty"] = "stack_empty"
    size: Size | None


@dataclass(slots=True, kw_only=True)
class IncomeCollected:
    """Step 3: every player's income for the round."""

    kind: Literal["income_collected"] = "income_collected"
    payments: dict[Color, int]


@dataclass(slots=True, kw_only=True)
class BidPlaced:
    """A player put their bid marker on a tile's track."""

    kind: Literal["bid_placed"] = "bid_placed"
    player: Color
    target: BidTarget
    tile: str
    amount: int


@dataclass(slots=True, kw_only=True)
class Outbid:
    """A player's bid was beaten; they choose again when their turn comes round."""

    kind: Literal["outbid"] = "outbid"
    player: Color
    by: Color
    target: BidTarget
    tile: str


@dataclass(slots=True, kw_only=True)
class ActionChosen:
    """A player chose Renovate or Publicity, or had nothing allowed and passed."""

    kind: Literal["action_chosen"] = "action_chosen"
    player: Color
    action: Literal["renovate", "publicity", "pass"]


@dataclass(slots=True, kw_only=True)
class TileBought:
    """Bidding is over: the winner of a track paid and took the tile."""

    kind: Literal["tile_bought"] = "tile_bought"
    player: Color
    target: BidTarget
    tile: str
    price: int


@dataclass(slots=True, kw_only=True)
class TilePlaced:
    """A tile went onto a player's sheet; its Population, Revenue and Fame count now."""

    kind: Literal["tile_placed"] = "tile_placed"
    player: Color
    tile: str
    x: int
    y: int
    rot: int


@dataclass(slots=True, kw_only=True)
class TileReserved:
    """A bought tile went to its owner's reserve (`automatic`: it could not be placed)."""

    kind: Literal["tile_reserved"] = "tile_reserved"
    player: Color
    tile: str
    automatic: bool = False


@dataclass(slots=True, kw_only=True)
class TileRemoved:
    """Renovating: a tile came off the sheet into the reserve; its values no longer count."""

    kind: Literal["tile_removed"] = "tile_removed"
    player: Color
    tile: str
    x: int
    y: int
    rot: int


@dataclass(slots=True, kw_only=True)
class RenovationUndone:
    """Renovating: the sheet and reserve are back as they were (`finished`: cancelled)."""

    kind: Literal["renovation_undone"] = "renovation_undone"
    player: Color
    finished: bool


@dataclass(slots=True, kw_only=True)
class PlacementFinished:
    """A player finished a renovation or a publicity placement."""

    kind: Literal["placement_finished"] = "placement_finished"
    player: Color


@dataclass(slots=True, kw_only=True)
class DecisionRequired:
    """The engine waits for a player's decision."""

    kind: Literal["decision_required"] = "decision_required"
    decision: Decision


@dataclass(slots=True, kw_only=True)
class ButtonPassed:
    """Step 6: the Turn Order Button passed left; No-Bid markers came off."""

    kind: Literal["button_passed"] = "button_passed"
    player: Color


@dataclass(slots=True, kw_only=True)
class FinalScored:
    """End of the game: a player's Fame by category, and cash turned into Fame."""

    kind: Literal["final_scored"] = "final_scored"
    player: Color
    scores: dict[str, int]
    fame: int
    money: int


@dataclass(slots=True, kw_only=True)
class GameOver:
    """The game ended; standings are (colour, Fame, cash left), best first."""

    kind: Literal["game_over"] = "game_over"
    reason: EndReason
    winners: tuple[Color, ...]
    standings: tuple[tuple[Color, int, int], ...]


@dataclass(slots=True, kw_only=True)
class TookBack:
    """A player took back their last move (`command`, in the record's notation)."""

    kind: Literal["took_back"] = "took_back"
    player: Color
    command: str


Event = (
    GameStarted
    | RoundStarted
    | PriceDropped
    | TileDiscarded
    | CardDrawn
    | FameGained
    | MoneyGained
    | NoBidPlaced
    | PriceShifted
    | RoundRuleChanged
    | CardInPlay
    | CardCompleted
    | StackChosen
    | TileFlipped
    | StackEmpty
    | IncomeCollected
    | BidPlaced
    | Outbid
    | ActionChosen
    | TileBought
    | TilePlaced
    | TileReserved
    | TileRemoved
    | RenovationUndone
    | PlacementFinished
    | DecisionRequired
    | ButtonPassed
    | FinalScored
    | GameOver
    | TookBack
)
