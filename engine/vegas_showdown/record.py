"""A game's record: settings, seed, seating and every accepted command, in order.

Replaying the record from its seed reproduces the game exactly, because all
randomness lives in the state. That is also why the full record is a secret while
the game runs: with the seed, anyone could replay it and read the event deck's and
the premier stacks' order. `PublicRecord` is what may be shown meanwhile.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, field_serializer, field_validator

from engine.command_log import CommandLog, EngineRules
from engine.public_record import read_shown_state, shown_state
from engine.rng import Pcg32

from .actions import Action, Color
from .errors import IllegalAction
from .events import Event
from .game import apply
from .notation import format_line, parse_line
from .setup import GameSettings, new_game
from .state import GameState
from .tables import TILES
from .takeback import takeable, took_back

RULES: Final = EngineRules(
    IllegalAction=IllegalAction,
    apply=apply,
    parse_line=parse_line,
    takeable=takeable,
    took_back=took_back,
)


class GameRecord(BaseModel, CommandLog[GameState, Event]):
    """Everything needed to replay a game: settings and the accepted command log."""

    model_config = ConfigDict(extra="forbid")

    game: str = "vegas_showdown"
    settings: GameSettings
    commands: list[str] = []

    def rules(self) -> EngineRules:
        """The rules of the engine it records."""
        return RULES

    def opening(self) -> tuple[GameState, list[Event]]:
        """The game dealt from the settings."""
        return new_game(self.settings)

    def append(self, player: Color, action: Action) -> None:
        """Add an accepted command to the log."""
        self.commands.append(format_line(player, action))

    def public(self, state: GameState) -> PublicRecord:
        """What anyone at the table may see of this game, now at `state`."""
        return PublicRecord(
            players=list(self.settings.players),
            commands=list(self.commands),
            state=state,
        )


def public_stack(pile: list[str]) -> list[str]:
    """A premier stack as the table knows it, not in the order its tiles will come up.

    The table sees its size and the back of every tile in turn (A tiles lie on B
    tiles); each run of one back is listed in tile-id order.
    """
    return [
        tile for _, run in groupby(pile, key=lambda tile: TILES[tile].back) for tile in sorted(run)
    ]


def public_state(state: GameState) -> GameState:
    """A copy of `state` holding only what everyone at the table knows.

    The cards left are listed in deck order (by index) instead of the order they will
    come in, each premier stack's tiles of one back in tile-id order, the seed is 0 and
    the generator starts afresh: nothing in it tells the next card or tile, and two
    games that differ only there look the same.
    """
    return state.model_copy(
        update={
            "seed": 0,
            "rng": Pcg32(state=0),
            "deck": sorted(state.deck),
            "stacks": {size: public_stack(pile) for size, pile in state.stacks.items()},
        },
        deep=True,
    )


class PublicRecord(BaseModel):
    """A game under way as the table knows it: seating, accepted commands, public state.

    It leaves out the seed, the generator, the event deck's order and the order of the
    tiles within each premier stack, so it cannot be replayed and cannot predict a card
    or a tile. How many tiles each stack holds and which back is on top stay, as on the
    table. In JSON its state has no `seed`, `rng` or `deck`; `undrawn` lists the event
    cards not drawn yet (indexes into the deck, in order). The full `GameRecord` is
    given once the game has ended.
    """

    model_config = ConfigDict(extra="forbid")

    game: str = "vegas_showdown"
    record: Literal["public"] = "public"
    players: list[Color]
    commands: list[str] = []
    state: GameState

    @field_validator("state", mode="before")
    @classmethod
    def _restore(cls, value: Any) -> Any:
        """Read the JSON form back: `undrawn` is the deck, the generator a blank one."""
        return read_shown_state(value)

    @field_validator("state", mode="after")
    @classmethod
    def _only_public(cls, state: GameState) -> GameState:
        """Whatever state it was given, keep only its public part."""
        return public_state(state)

    @field_serializer("state")
    def _hide(self, state: GameState) -> dict[str, Any]:
        """The state without its hidden fields, and the cards left as `undrawn`."""
        return shown_state(state, state.deck)
