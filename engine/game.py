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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

from pydantic import BaseModel

SettingsT = TypeVar("SettingsT", bound=BaseModel)
StateT = TypeVar("StateT", bound=BaseModel)
ColorT = TypeVar("ColorT", bound=str)
ActionT = TypeVar("ActionT")
EventT = TypeVar("EventT")
DecisionT = TypeVar("DecisionT")


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
