"""The game state: a pydantic model that serialises to JSON and back without loss.

Only facts that cannot be derived are stored. Casinos, bosses, supplies left and the
discard piles are computed from the tiles, markers and deck (see `casino.py`,
`supply.py`).
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.seating import Seating

from .actions import Color, LotId, TradeStep
from .board import Company
from .rng import Rng

Edition = Literal["updated", "classic"]
EDITION_COLORS: Final[dict[Edition, tuple[Color, ...]]] = {
    "updated": ("black", "blue", "green", "purple", "red", "yellow"),
    "classic": ("blue", "green", "red", "yellow"),
}
DICE_PER_PLAYER: Final = 12
MARKERS_PER_PLAYER: Final = 10
MIN_PLAYERS: Final = 2


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Die(_Model):
    """A player's die sitting in a casino tile."""

    owner: Color
    pips: Annotated[int, Field(ge=1, le=6)]


class Tile(_Model):
    """A casino tile on a lot: its company, its height (1 + risers) and its die, if any."""

    company: Company
    height: Annotated[int, Field(ge=1)] = 1
    die: Die | None = None


class Player(_Model):
    """A seat at the table: colour, money ($m) and position on the scoring track."""

    color: Color
    money: Annotated[int, Field(ge=0)] = 0
    points: Annotated[int, Field(ge=0)] = 0


class Offer(_Model):
    """An open trade offer: steps in order, who proposed it, who has accepted."""

    id: int
    proposer: Color
    steps: tuple[TradeStep, ...]
    accepted: list[Color] = []


class PlaceDecision(_Model):
    """After a reorganize: `player` assigns `values` to their tiles `lots` in that casino."""

    kind: Literal["place"] = "place"
    id: int = 0
    player: Color
    lots: list[LotId]
    values: list[int]


class LayoffDecision(_Model):
    """Classic edition: the boss decides whether to lay off half of a bet before the roll."""

    kind: Literal["layoff"] = "layoff"
    id: int = 0
    player: Color
    gambler: Color
    lot: LotId
    amount: int


class TakeDieDecision(_Model):
    """`player` has no dice left and must move one of theirs onto `lot`, showing `pips`."""

    kind: Literal["take_die"] = "take_die"
    id: int = 0
    player: Color
    lot: LotId
    pips: int
    giver: Color | None = None


class TakeMarkerDecision(_Model):
    """`player` has no markers left and must move one of theirs onto `lot`."""

    kind: Literal["take_marker"] = "take_marker"
    id: int = 0
    player: Color
    lot: LotId
    giver: Color | None = None


Decision = Annotated[
    PlaceDecision | LayoffDecision | TakeDieDecision | TakeMarkerDecision,
    Field(discriminator="kind"),
]


class TradeInProgress(_Model):
    """An accepted trade paused on a decision; it resumes at `next_step`."""

    offer: Offer
    next_step: int


class GameState(_Model, Seating[Color, Player, Decision]):
    """Everything about a game of Lords of Vegas at one moment.

    `apply` (in `game.py`) changes a state in place; copy it first with
    `state.model_copy(deep=True)` to keep the old one.

    - `players`: seating order; the turn passes to the next one.
    - `lots`: parking lots (lot -> owner's colour); `tiles`: casino tiles by lot.
    - `deck`: the draw pile, top first; every card not in it has been drawn.
    - `turn`: counts turns from 1; `turn_draws`: cards drawn at the start of this turn
      (more than one when a 2-player game skips F cards), the last is the live card.
    - `gambled`, `reorganized`: what the current player has used up this turn.
    - `pending`: decisions the engine waits for, numbered from `next_decision`;
      nothing else happens until they are answered.
    - `paused_draw`, `trade`: a draw or an accepted trade waiting on a decision.
    - `changed`: for each lot, the turn in which its marker, tile or die last changed.
    - `over`, `winners`: set when the game ends.
    - `rng`: the dice and shuffles, so a saved game continues the same sequence.
    - `game`: the game's name, so a saved state says what it is (as its record does);
      states saved before it existed load with this default.
    """

    game: Literal["lords_of_vegas"] = "lords_of_vegas"
    edition: Edition = "updated"
    seed: int = 0
    players: list[Player]
    current: Color
    turn: int = 1
    lots: dict[LotId, Color] = {}
    tiles: dict[LotId, Tile] = {}
    deck: list[str] = []
    turn_draws: list[str] = []
    gambled: bool = False
    reorganized: list[LotId] = []
    pending: list[Decision] = []
    offers: list[Offer] = []
    next_offer: int = 1
    next_decision: int = 1
    paused_draw: str | None = None
    trade: TradeInProgress | None = None
    changed: dict[LotId, int] = {}
    over: bool = False
    winners: list[Color] = []
    rng: Rng

    @property
    def max_height(self) -> int:
        """Tallest allowed casino: the number of players (updated), 1 (classic)."""
        return len(self.players) if self.edition == "updated" else 1

    @property
    def f_block_unused(self) -> bool:
        """In a 2-player game of the updated edition nobody builds on block F."""
        return len(self.players) == MIN_PLAYERS and self.edition == "updated"
