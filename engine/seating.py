"""What every game's state knows of its seats and of the decisions it waits for.

Each game's `state.GameState` is a pydantic model with its `players` in seating order,
its `pending` decisions and the number the next decision gets; `Seating` gives it the
same ways to ask for a decision and to find a seat, in both games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

ColorT = TypeVar("ColorT", bound=str)
ColorT_co = TypeVar("ColorT_co", bound=str, covariant=True)


class Seat(Protocol[ColorT_co]):
    """A player's seat: known by its colour."""

    @property
    def color(self) -> ColorT_co:
        """The seat's colour."""


class Numbered(Protocol):
    """A decision the game waits for, numbered when asked."""

    id: int


PlayerT = TypeVar("PlayerT", bound=Seat[Any])
DecisionT = TypeVar("DecisionT", bound=Numbered)


class Seating(Generic[ColorT, PlayerT, DecisionT]):
    """Seats and pending decisions for a game's state (a mixin of its pydantic model)."""

    if TYPE_CHECKING:  # the state's fields, declared by the model itself
        players: list[PlayerT]
        pending: list[DecisionT]
        next_decision: int

    def ask(self, decision: DecisionT) -> DecisionT:
        """Number a decision the game now waits for and add it to `pending`."""
        decision.id = self.next_decision
        self.next_decision += 1
        self.pending.append(decision)
        return decision

    def player(self, color: ColorT) -> PlayerT:
        """The seat of this colour."""
        for player in self.players:
            if player.color == color:
                return player
        raise KeyError(color)

    @property
    def colors(self) -> list[ColorT]:
        """Player colours in seating order."""
        return [p.color for p in self.players]
