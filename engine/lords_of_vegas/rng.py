"""The game's random number generator, whose whole state is part of the saved game.

The shared PCG32 generator (`engine/rng.py`) plus dice: tests and scenarios can queue
forced die results in `forced`.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from engine.rng import Pcg32


class Rng(Pcg32):
    """Dice and shuffles for one game; serialises with the game state."""

    forced: list[Annotated[int, Field(ge=1, le=6)]] = Field(default_factory=list)

    def roll(self) -> int:
        """Roll one six-sided die (a forced result first, if one is queued)."""
        if self.forced:
            return self.forced.pop(0)
        return self.below(6) + 1
