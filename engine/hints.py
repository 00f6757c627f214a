"""What a hint is, for every game: a command the computer would give, and why.

Each game's normal computer player explains its own choice (`engine.<game>.ai.hints`):
the few moves it rates best now for a player, each with the considerations that
decided, in plain words. A hint is worked out from the public view only, so two games
that differ only in what nobody at the table can see get the same hint.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One move a hint proposes: its command (the game's notation) and the reasons."""

    command: str
    reasons: tuple[str, ...]


def signed(number: float, digits: int = 1) -> str:
    """A number with its sign, as reasons quote gains and losses: `+1.5`, `-0.3`."""
    text = f"{number:+.{digits}f}"
    return "+0" + text[2:] if text.startswith("-0") and float(text) == 0 else text
