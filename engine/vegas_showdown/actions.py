"""Everything a player can ask the engine to do, as validated, immutable models.

Two families:
- action choices, for the player whose turn it is to choose in step 4 (bid, renovate,
  publicity);
- answers to a decision the engine asks for: which stack an event card flips from
  (stack), and where bought or reserve tiles go (place, reserve, remove, done, undo,
  cancel).
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

Color = Literal["red", "yellow", "green", "blue", "purple"]
COLORS: Final[tuple[Color, ...]] = ("red", "yellow", "green", "blue", "purple")
Size = Literal["small", "medium", "large"]
SIZES: Final[tuple[Size, ...]] = ("small", "medium", "large")
# Where a bid marker can go: a premier space, or a basic tile's track (`slots2` is the
# second Slots track, used with 5 players only).
BidTarget = Literal["P1", "P2", "P3", "P4", "slots", "slots2", "lounge", "restaurant"]
BID_TARGETS: Final[tuple[BidTarget, ...]] = (
    "P1",
    "P2",
    "P3",
    "P4",
    "slots",
    "slots2",
    "lounge",
    "restaurant",
)


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Bid(_Action):
    """Put your bid marker on the space worth `amount` of a tile's bidding track.

    `target` is the track (a `BidTarget`) or the id of the tile up for auction there,
    which the engine finds on the board when it applies the bid.
    """

    kind: Literal["bid"] = "bid"
    target: BidTarget | str
    amount: Annotated[int, Field(ge=1)]


class Renovate(_Action):
    """Choose the Renovate action: take up to 2 tiles off your sheet, then place up to 2."""

    kind: Literal["renovate"] = "renovate"


class Publicity(_Action):
    """Choose the Publicity action: gain Fame now and place up to 1 reserve tile."""

    kind: Literal["publicity"] = "publicity"


class ChooseStack(_Action):
    """Pull Strings: the button holder picks the premier stack that fills the space."""

    kind: Literal["stack"] = "stack"
    size: Size


class Place(_Action):
    """Put `tile` on your sheet, turned `rot` quarter-turns clockwise.

    (x, y) is the cell under the turned tile's top-left corner.
    """

    kind: Literal["place"] = "place"
    tile: str
    x: Annotated[int, Field(ge=0)]
    y: Annotated[int, Field(ge=0)]
    rot: Annotated[int, Field(ge=0, le=3)] = 0


class Reserve(_Action):
    """Keep the tile you just bought in your reserve and place nothing."""

    kind: Literal["reserve"] = "reserve"


class Remove(_Action):
    """Renovating: take the tile covering cell (x, y) off your sheet into your reserve."""

    kind: Literal["remove"] = "remove"
    x: Annotated[int, Field(ge=0)]
    y: Annotated[int, Field(ge=0)]


class Done(_Action):
    """Finish a publicity placement or a renovation with the sheet as it is now."""

    kind: Literal["done"] = "done"


class Undo(_Action):
    """Renovating: put the sheet and reserve back as they were when the renovation began."""

    kind: Literal["undo"] = "undo"


class Cancel(_Action):
    """Renovating: put everything back and finish, having changed nothing."""

    kind: Literal["cancel"] = "cancel"


Action = Annotated[
    Bid | Renovate | Publicity | ChooseStack | Place | Reserve | Remove | Done | Undo | Cancel,
    Field(discriminator="kind"),
]

CHOICE_KINDS: Final = frozenset({"bid", "renovate", "publicity"})
ANSWER_KINDS: Final = frozenset({"stack", "place", "reserve", "remove", "done", "undo", "cancel"})
ACTION_KINDS: Final = CHOICE_KINDS | ANSWER_KINDS
