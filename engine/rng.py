"""The random number generator every game keeps in its state.

A PCG32 generator (O'Neill, 2014): 64 bits of state, so a saved game resumes the
exact same sequence and a replay from the seed reproduces every roll and shuffle.
Each game subclasses it to add what it needs (Lords of Vegas: forced dice for tests).
"""

from __future__ import annotations

from typing import Final, Self, TypeVar

from pydantic import BaseModel

_MASK64: Final = (1 << 64) - 1
_MULTIPLIER: Final = 6364136223846793005
_INCREMENT: Final = 1442695040888963407
_U32: Final = 1 << 32
T = TypeVar("T")


def _splitmix64(seed: int) -> int:
    """Spread an arbitrary integer seed over 64 bits."""
    z = (seed + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class Pcg32(BaseModel):
    """Shuffles and draws for one game; serialises with the game state."""

    state: int

    @classmethod
    def seeded(cls, seed: int) -> Self:
        """A generator whose sequence is fixed by `seed`."""
        return cls(state=_splitmix64(seed & _MASK64))

    def _next32(self) -> int:
        old = self.state
        self.state = (old * _MULTIPLIER + _INCREMENT) & _MASK64
        shifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rotation = old >> 59
        return ((shifted >> rotation) | (shifted << (-rotation & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        threshold = (_U32 - n) % n
        while True:
            value = self._next32()
            if value >= threshold:
                return value % n

    def shuffle(self, items: list[T]) -> None:
        """Shuffle `items` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
