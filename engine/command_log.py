"""What every game's record does with its command log: replay it and take moves back.

Each game's `record.GameRecord` is a pydantic model of its settings and `commands`, the
accepted lines in order. `CommandLog` gives it `replay`, `history` and `take_back`,
played by the game's rules (`rules`, its engine's functions) from the game dealt from
its settings (`opening`): the record of each game only says which engine it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pydantic import BaseModel

from engine.takeback import History, Takeable, take_back_line

StateT = TypeVar("StateT", bound=BaseModel)
EventT = TypeVar("EventT")


@dataclass(frozen=True)
class EngineRules:
    """One engine's rules as a record plays them (`engine.takeback.TakeBackRules`)."""

    IllegalAction: type[Exception]
    apply: Callable[[Any, Any, Any], list[Any]]
    parse_line: Callable[[str], tuple[Any, Any]]
    takeable: Callable[[Any, Any, Any, list[Any]], Takeable]
    took_back: Callable[[Any, str], Any]


class CommandLog(Generic[StateT, EventT]):
    """Replaying and taking back for a game's record (a mixin of its pydantic model)."""

    if TYPE_CHECKING:  # the record's field, declared by the model itself
        commands: list[str]

    def rules(self) -> EngineRules:
        """The rules the record plays by: its engine's."""
        raise NotImplementedError

    def opening(self) -> tuple[StateT, list[EventT]]:
        """The game dealt from the record's settings and its opening events."""
        raise NotImplementedError

    def replay(self, upto: int | None = None) -> tuple[StateT, list[EventT]]:
        """Rebuild the state from the seed by applying the first `upto` commands (all)."""
        history = self.history(upto)
        return history.state, history.events

    def history(self, upto: int | None = None) -> History[StateT]:
        """The game played from the seed through the first `upto` commands (all).

        Take-back lines (`red: take back`) take back a move, as they did in play.
        """
        history: History[StateT] = History(self.rules(), self.opening)
        for line in self.commands[:upto]:
            history.play(line)
        return history

    def take_back(self, player: str) -> tuple[StateT, list[EventT]]:
        """Take back `player`'s latest move that may be, adding the line that says so.

        Returns the state as it was before that move and the events telling it; raises
        the engine's `IllegalAction` saying why (and adds nothing) when nothing may be
        taken back.
        """
        history = self.history()
        events = history.take_back(player)
        self.commands.append(take_back_line(player))
        return history.state, events
