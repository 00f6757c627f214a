"""Rectangles in image pixels: where every picture puts things."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle in image pixels; `right` and `bottom` are exclusive."""

    left: int
    top: int
    right: int
    bottom: int

    @property
    def width(self) -> int:
        """Width in pixels."""
        return self.right - self.left

    @property
    def height(self) -> int:
        """Height in pixels."""
        return self.bottom - self.top

    @property
    def center(self) -> tuple[int, int]:
        """The middle pixel."""
        return ((self.left + self.right) // 2, (self.top + self.bottom) // 2)

    def inset(self, dx: int, dy: int | None = None) -> Box:
        """A smaller box: `dx` off the left and right, `dy` (default `dx`) off top and bottom."""
        dy = dx if dy is None else dy
        return Box(self.left + dx, self.top + dy, self.right - dx, self.bottom - dy)

    def contains(self, other: Box) -> bool:
        """True when `other` lies entirely inside this box."""
        return (
            self.left <= other.left
            and self.top <= other.top
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    @property
    def xy(self) -> tuple[int, int, int, int]:
        """Inclusive corners, as Pillow's drawing functions take them."""
        return (self.left, self.top, self.right - 1, self.bottom - 1)
