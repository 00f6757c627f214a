"""Typed records of everything that happens, returned by `apply` so a log can narrate.

`narrate.py` turns each event into a plain-English line. Events are frozen dataclasses:
the engine makes hundreds per game, and they never need validating or saving.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .actions import Color, TradeStep
from .board import CardKind, Company
from .state import Decision, Offer


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt:
    """Setup: a player's two starting lots and starting money."""

    kind: Literal["dealt"] = "dealt"
    player: Color
    lots: tuple[str, ...]
    money: int
    set_aside: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class StartingRoll:
    """Setup: one round of the roll-off for the first turn."""

    kind: Literal["starting_roll"] = "starting_roll"
    rolls: dict[Color, tuple[int, int]]


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted:
    """A player's turn begins with their draw."""

    kind: Literal["turn_started"] = "turn_started"
    player: Color
    turn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDrawn:
    """A property card was drawn; `unused_block` in a 2-player game's F block."""

    kind: Literal["card_drawn"] = "card_drawn"
    player: Color
    card: str
    pays: CardKind
    unused_block: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkerPlaced:
    """A player's marker went onto a lot, making it their parking lot."""

    kind: Literal["marker_placed"] = "marker_placed"
    player: Color
    lot: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkerMoved:
    """Out of markers: a player moved one of theirs; the old lot is unowned again."""

    kind: Literal["marker_moved"] = "marker_moved"
    player: Color
    from_lot: str
    to_lot: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeOver:
    """The drawn lot had a tile: the drawer's die now sits in it."""

    kind: Literal["take_over"] = "take_over"
    player: Color
    lot: str
    previous: Color | None
    pips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DieMoved:
    """Out of dice: a player moved one of theirs; the old tile is left without a die."""

    kind: Literal["die_moved"] = "die_moved"
    player: Color
    from_lot: str
    to_lot: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ParkingPaid:
    """Every parking lot paid its owner $1m."""

    kind: Literal["parking_paid"] = "parking_paid"
    payments: dict[Color, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class CasinoPaid:
    """A casino paid $1m per pip to each die's owner."""

    kind: Literal["casino_paid"] = "casino_paid"
    lots: tuple[str, ...]
    company: Company
    payments: dict[Color, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class PointsScored:
    """A casino scored for its boss; points that could not cross a break are lost."""

    kind: Literal["points_scored"] = "points_scored"
    player: Color
    lots: tuple[str, ...]
    points: int
    before: int
    after: int
    lost: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Built:
    """A new casino tile on the builder's parking lot."""

    kind: Literal["built"] = "built"
    player: Color
    lot: str
    company: Company
    cost: int
    pips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Sprawled:
    """A casino grew into a neighbouring lot (risers included)."""

    kind: Literal["sprawled"] = "sprawled"
    player: Color
    lot: str
    origin: str
    company: Company
    height: int
    cost: int
    pips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Remodeled:
    """A casino changed company."""

    kind: Literal["remodeled"] = "remodeled"
    player: Color
    lots: tuple[str, ...]
    old: Company
    new: Company
    cost: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Raised:
    """A casino got a riser under every tile."""

    kind: Literal["raised"] = "raised"
    player: Color
    lots: tuple[str, ...]
    height: int
    cost: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Reorganized:
    """Every die in a casino was rerolled; `rolls` are (lot, owner, new pips) in board order."""

    kind: Literal["reorganized"] = "reorganized"
    player: Color
    lots: tuple[str, ...]
    cost: int
    rolls: tuple[tuple[str, Color, int], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DicePlaced:
    """A player put their rerolled dice back on their tiles."""

    kind: Literal["dice_placed"] = "dice_placed"
    player: Color
    assignment: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Merged:
    """Neighbouring casinos of one company and height joined into one."""

    kind: Literal["merged"] = "merged"
    lots: tuple[str, ...]
    company: Company
    height: int
    joined: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TieRerolled:
    """Dice of different players tied for the top of a casino and were rerolled."""

    kind: Literal["tie_rerolled"] = "tie_rerolled"
    casino: tuple[str, ...]
    rolls: tuple[tuple[str, Color, int, int], ...]
    boss: Color


@dataclass(frozen=True, slots=True, kw_only=True)
class Gambled:
    """A bet at another player's casino and how it was settled."""

    kind: Literal["gambled"] = "gambled"
    player: Color
    boss: Color
    lot: str
    amount: int
    dice: tuple[int, int]
    outcome: Literal["win", "double", "lose"]
    from_boss: int
    from_bank: int
    to_boss: int
    to_bank: int
    laid_off: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class LayoffChosen:
    """Classic edition: the boss chose whether to lay off half the bet."""

    kind: Literal["layoff_chosen"] = "layoff_chosen"
    player: Color
    lay_off: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionRequired:
    """The engine waits for a player's decision before anything else happens."""

    kind: Literal["decision_required"] = "decision_required"
    decision: Decision


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded:
    """A player ended their turn."""

    kind: Literal["turn_ended"] = "turn_ended"
    player: Color


@dataclass(frozen=True, slots=True, kw_only=True)
class OfferMade:
    """A trade was offered."""

    kind: Literal["offer_made"] = "offer_made"
    offer: Offer


@dataclass(frozen=True, slots=True, kw_only=True)
class OfferAccepted:
    """A party accepted an offer."""

    kind: Literal["offer_accepted"] = "offer_accepted"
    offer: int
    player: Color


@dataclass(frozen=True, slots=True, kw_only=True)
class OfferClosed:
    """An offer ended without running: declined, withdrawn, lapsed at turn end or expired."""

    kind: Literal["offer_closed"] = "offer_closed"
    offer: int
    reason: Literal["declined", "withdrawn", "lapsed", "expired"]
    player: Color | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TradeStepDone:
    """One step of an accepted trade happened."""

    kind: Literal["trade_step_done"] = "trade_step_done"
    offer: int
    index: int
    step: TradeStep


@dataclass(frozen=True, slots=True, kw_only=True)
class TradeStepFailed:
    """A trade step could not happen; it and every later step are skipped."""

    kind: Literal["trade_step_failed"] = "trade_step_failed"
    offer: int
    index: int
    step: TradeStep
    reason: str
    skipped: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TradeFinished:
    """An accepted trade finished (`complete` is false when a step failed)."""

    kind: Literal["trade_finished"] = "trade_finished"
    offer: int
    complete: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class GameOver:
    """The game ended; standings are (colour, points, money), best first."""

    kind: Literal["game_over"] = "game_over"
    reason: Literal["game_over_card", "jackpot", "instant_win", "deck_empty"]
    winners: tuple[Color, ...]
    standings: tuple[tuple[Color, int, int], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TookBack:
    """A player took back their last move (`command`, in the record's notation)."""

    kind: Literal["took_back"] = "took_back"
    player: Color
    command: str


Event = (
    Dealt
    | StartingRoll
    | TurnStarted
    | CardDrawn
    | MarkerPlaced
    | MarkerMoved
    | TakeOver
    | DieMoved
    | ParkingPaid
    | CasinoPaid
    | PointsScored
    | Built
    | Sprawled
    | Remodeled
    | Raised
    | Reorganized
    | DicePlaced
    | Merged
    | TieRerolled
    | Gambled
    | LayoffChosen
    | DecisionRequired
    | TurnEnded
    | OfferMade
    | OfferAccepted
    | OfferClosed
    | TradeStepDone
    | TradeStepFailed
    | TradeFinished
    | GameOver
    | TookBack
)
