"""Everything a player can ask the engine to do, as validated, immutable models.

Three families:
- turn actions, only for the current player in their action step (build, sprawl,
  remodel, reorganize, raise, gamble, end);
- decisions, owed by a named player when the engine asks (place, layoff, take);
- trade moves, for anyone at any time (offer, accept, decline, withdraw).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from .board import Company

Color = Literal["black", "blue", "green", "purple", "red", "yellow"]
LotId = Annotated[str, Field(pattern=r"^[A-F][1-9][0-2]?$")]


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Build(_Action):
    """Build a casino tile of `company` on your parking lot."""

    kind: Literal["build"] = "build"
    lot: LotId
    company: Company
    using: LotId | None = None


class Sprawl(_Action):
    """Extend a casino you boss into an empty neighbouring lot, at twice the price."""

    kind: Literal["sprawl"] = "sprawl"
    lot: LotId
    origin: LotId | None = None
    using: LotId | None = None


class Remodel(_Action):
    """Change the company of a casino you boss, $5m per space."""

    kind: Literal["remodel"] = "remodel"
    lot: LotId
    company: Company


class Reorganize(_Action):
    """Reroll every die in a casino where you have a die, $1m per pip."""

    kind: Literal["reorganize"] = "reorganize"
    lot: LotId


class Raise(_Action):
    """Put a riser under every tile of a casino you boss, $15m per space (updated edition)."""

    kind: Literal["raise"] = "raise"
    lot: LotId


class Gamble(_Action):
    """Bet at a casino another player bosses (once per turn)."""

    kind: Literal["gamble"] = "gamble"
    lot: LotId
    amount: Annotated[int, Field(ge=1)]


class EndTurn(_Action):
    """End your turn; the next player draws at once."""

    kind: Literal["end"] = "end"


class Place(_Action):
    """After a reorganize: which of your rolled values goes on which of your tiles."""

    kind: Literal["place"] = "place"
    assignment: tuple[tuple[LotId, Annotated[int, Field(ge=1, le=6)]], ...]


class Layoff(_Action):
    """Classic edition: the boss of a gambled casino lays off half the bet, or not."""

    kind: Literal["layoff"] = "layoff"
    accept: bool


class Take(_Action):
    """Out of dice or markers: which of yours on the board to move."""

    kind: Literal["take"] = "take"
    what: Literal["die", "marker"]
    lot: LotId


class PayStep(_Action):
    """Trade step: `giver` pays `receiver` money."""

    kind: Literal["pay"] = "pay"
    giver: Color
    receiver: Color
    amount: Annotated[int, Field(ge=1)]


class LotStep(_Action):
    """Trade step: `giver` hands a parking lot to `receiver`."""

    kind: Literal["lot"] = "lot"
    giver: Color
    receiver: Color
    lot: LotId


class DieStep(_Action):
    """Trade step: `giver`'s die on a tile becomes `receiver`'s, keeping its pips."""

    kind: Literal["die"] = "die"
    giver: Color
    receiver: Color
    lot: LotId


TurnAction = Annotated[
    Build | Sprawl | Remodel | Reorganize | Raise | Gamble, Field(discriminator="kind")
]


class ActStep(_Action):
    """Trade step: the current player performs an action now."""

    kind: Literal["act"] = "act"
    player: Color
    action: TurnAction


TradeStep = Annotated[PayStep | LotStep | DieStep | ActStep, Field(discriminator="kind")]


class Propose(_Action):
    """Offer a trade: steps carried out in order once every named player accepts."""

    kind: Literal["offer"] = "offer"
    steps: tuple[TradeStep, ...]


class Accept(_Action):
    """Accept an open trade offer."""

    kind: Literal["accept"] = "accept"
    offer: Annotated[int, Field(ge=1)]


class Decline(_Action):
    """Decline an open trade offer, which ends it."""

    kind: Literal["decline"] = "decline"
    offer: Annotated[int, Field(ge=1)]


class Withdraw(_Action):
    """Withdraw a trade offer you made."""

    kind: Literal["withdraw"] = "withdraw"
    offer: Annotated[int, Field(ge=1)]


class Expire(_Action):
    """An offer ran out of time (the host's table setting); whoever applies it, it closes."""

    kind: Literal["expire"] = "expire"
    offer: Annotated[int, Field(ge=1)]


Action = Annotated[
    Build
    | Sprawl
    | Remodel
    | Reorganize
    | Raise
    | Gamble
    | EndTurn
    | Place
    | Layoff
    | Take
    | Propose
    | Accept
    | Decline
    | Withdraw
    | Expire,
    Field(discriminator="kind"),
]

TURN_ACTION_TYPES = (Build, Sprawl, Remodel, Reorganize, Raise, Gamble)
TURN_ACTION_KINDS = frozenset({"build", "sprawl", "remodel", "reorganize", "raise", "gamble"})
DECISION_KINDS = frozenset({"place", "layoff", "take"})
TRADE_KINDS = frozenset({"offer", "accept", "decline", "withdraw", "expire"})


def step_parties(step: PayStep | LotStep | DieStep | ActStep) -> tuple[Color, ...]:
    """The players a trade step names."""
    if isinstance(step, ActStep):
        return (step.player,)
    return (step.giver, step.receiver)
