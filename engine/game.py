"""The front door every game engine offers, written down once.

A game is a package (`engine.lords_of_vegas`, `engine.vegas_showdown`) whose module
attributes satisfy `GameRules`: mypy checks each package against it in `engine/games.py`,
so the bot, the renderer, the store and the computer players can treat every game alike.

The contract, beyond the signatures:
- `apply` changes the state in place and returns what happened as events. It checks
  everything first: a refused action raises the game's `IllegalAction` (or `NotationError`
  for text it cannot read) and leaves the state exactly as it was.
- `legal_actions(state, player)` lists exactly what `apply` would accept from `player` now.
- `waiting_for(state)` names the players the game waits for (empty once it is over);
  decisions a player owes come before anything else, and each has a `default_answer`
  that a host may apply when the player runs out of time.
- `parse_command` turns text into an action or raises `NotationError`; `format_line` gives
  `<player>: <command>` text that parses back to the same action, so a game's record is
  its settings plus these lines, and replaying them from the seed rebuilds the state.
- `standings` ranks (player, points, money), best first; `result` adds the winners.
- `GameState` is a pydantic model: `model_dump_json` / `model_validate_json` round-trip it.
- `GameRecord(settings=..., commands=[...])` is a game's record: `replay()` rebuilds the
  state from the seed. It is secret while the game runs (the seed tells every card and
  roll to come); `record.public(state)` is a `PublicRecord` that anyone at the table may
  see: seating, accepted commands and the state without its seed, generator and the
  order of whatever is shuffled face down.
- Take-backs (`engine/takeback.py`): after every move, `takeable` says whether it may be
  taken back (each game's rule, as Board Game Arena allows: your own moves since the
  last die, card or other player). `record.take_back(player)` takes back `player`'s
  latest such move, adding the line `<player>: take back` to the record; `replay` plays
  those lines too, so the record still rebuilds the state. `apply` knows nothing of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from .takeback import Takeable

SettingsT = TypeVar("SettingsT", bound=BaseModel)
StateT = TypeVar("StateT", bound=BaseModel)
ColorT = TypeVar("ColorT", bound=str)
ActionT = TypeVar("ActionT")
EventT = TypeVar("EventT")
DecisionT = TypeVar("DecisionT")


class SharedRecord(Protocol[StateT]):
    """A game under way as the table knows it (a package's `PublicRecord`)."""

    state: StateT

    @property
    def game(self) -> str:
        """The game's name, as in `engine.games.GAMES`."""

    @property
    def record(self) -> str:
        """Always `public`: tells a public record from a full one."""

    @property
    def players(self) -> Sequence[str]:
        """The colours seated, in order."""

    @property
    def commands(self) -> Sequence[str]:
        """Every accepted command, as `<player>: <command>` lines."""

    def model_dump_json(self) -> str:
        """The record as JSON (read back with `PublicRecord.model_validate_json`)."""


class Record(Protocol[SettingsT, StateT, EventT]):
    """A game's full record (a package's `GameRecord`): settings, seed and commands."""

    game: str
    settings: SettingsT
    commands: list[str]

    def replay(self, upto: int | None = None) -> tuple[StateT, list[EventT]]:
        """Rebuild the state from the seed with the first `upto` commands (all)."""

    def public(self, state: StateT) -> SharedRecord[StateT]:
        """What anyone at the table may see of this game, now at `state`."""

    def take_back(self, player: Any) -> tuple[StateT, list[EventT]]:
        """Take back `player`'s latest move that may be, adding the line that says so.

        Returns the state before that move and the events telling it; raises the game's
        `IllegalAction`, saying why, when nothing may be taken back.
        """

    def model_dump_json(self) -> str:
        """The record as JSON (read back with `GameRecord.model_validate_json`)."""


class RecordClass(Protocol[SettingsT, StateT, EventT]):
    """The `GameRecord` class itself: made from settings and commands, or read from JSON."""

    def __call__(
        self, *, settings: SettingsT, commands: list[str] = ...
    ) -> Record[SettingsT, StateT, EventT]:
        """A record of a game with these settings and accepted commands."""

    def model_validate(self, obj: Any, /) -> Record[SettingsT, StateT, EventT]:
        """A record from its parsed JSON (raises pydantic's ValidationError)."""

    def model_validate_json(
        self, json_data: str | bytes | bytearray, /
    ) -> Record[SettingsT, StateT, EventT]:
        """A record from its JSON text (raises pydantic's ValidationError)."""


class SharedRecordClass(Protocol[StateT]):
    """The `PublicRecord` class itself: read back from JSON."""

    def model_validate(self, obj: Any, /) -> SharedRecord[StateT]:
        """A public record from its parsed JSON (raises pydantic's ValidationError)."""

    def model_validate_json(self, json_data: str | bytes | bytearray, /) -> SharedRecord[StateT]:
        """A public record from its JSON text (raises pydantic's ValidationError)."""


class GameRules(Protocol[SettingsT, StateT, ColorT, ActionT, EventT, DecisionT]):
    """What a game package provides (see the module docstring for the contract)."""

    # Classes the package exports under these names (read-only members, hence properties).
    @property
    def GameSettings(self) -> type[SettingsT]:  # noqa: N802
        """What `new_game` takes: seating, seed and options."""

    @property
    def GameState(self) -> type[StateT]:  # noqa: N802
        """The pydantic model of a game in progress."""

    @property
    def GameRecord(self) -> RecordClass[SettingsT, StateT, EventT]:  # noqa: N802
        """A game's full record: `GameRecord(settings=..., commands=[...]).replay()`."""

    @property
    def PublicRecord(self) -> SharedRecordClass[StateT]:  # noqa: N802
        """What `GameRecord.public(state)` gives, read back from JSON."""

    @property
    def NotationError(self) -> type[Exception]:  # noqa: N802
        """Raised for command text that cannot be read."""

    @property
    def IllegalAction(self) -> type[Exception]:  # noqa: N802
        """Raised for an action the rules refuse now."""

    def new_game(self, settings: SettingsT, /) -> tuple[StateT, list[EventT]]:
        """Set up a game; the events tell what setup did."""

    def apply(self, state: StateT, player: ColorT, action: ActionT, /) -> list[EventT]:
        """Carry out `player`'s action in place, or raise and change nothing."""

    def legal_actions(self, state: StateT, player: ColorT, /) -> list[ActionT]:
        """Everything `player` may do now."""

    def waiting_for(self, state: StateT, /) -> list[ColorT]:
        """The players the game waits for."""

    def decisions_owed(self, state: StateT, player: ColorT, /) -> list[DecisionT]:
        """The decisions `player` owes, in the order to answer them."""

    def default_answer(self, state: StateT, decision: DecisionT, /) -> ActionT:
        """The documented answer used when a decision times out."""

    def is_over(self, state: StateT, /) -> bool:
        """True once the game has ended."""

    def standings(self, state: StateT, /) -> list[tuple[ColorT, int, int]]:
        """(player, points, money) for every player, best first."""

    def result(self, state: StateT, /) -> tuple[list[ColorT], list[tuple[ColorT, int, int]]]:
        """The winners (empty while playing) and the standings."""

    def parse_command(self, text: str, /) -> ActionT:
        """Read one command (without the player prefix)."""

    def parse_line(self, line: str, /) -> tuple[ColorT, ActionT]:
        """Read `<player>: <command>`."""

    def format_line(self, player: ColorT, action: ActionT, /) -> str:
        """Canonical `<player>: <command>` text for an action."""

    def describe(self, event: EventT, names: Mapping[ColorT, str] | None = None, /) -> str:
        """One plain-English line for an event."""

    def takeable(
        self, state: StateT, player: ColorT, action: ActionT, events: list[EventT], /
    ) -> Takeable:
        """Whether `player`'s move just applied (`state` is after it) may be taken back."""

    def took_back(self, player: ColorT, command: str, /) -> EventT:
        """The event telling that `player` took back `command` (the record's notation)."""
