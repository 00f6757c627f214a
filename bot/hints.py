"""A hint in words, as `/vegas hint` and the terminal's `hint` give it (every game alike).

The game's package works the hint out (`HostedGame.hints`, from its engine's normal
computer player); this module only lays it out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.hints import Suggestion

HEADER: Final = (
    "What the normal computer player would do in your place now, from what everyone at "
    "the table can see (its choice first):"
)
# Discord allows 2000 characters in a message.
MOST_CHARACTERS: Final = 1900


def hint_lines(suggestions: Sequence[Suggestion]) -> list[str]:
    """One line per suggested move: its command, then the reasons that rate it."""
    return [
        f"{number}. `{suggestion.command}`: {'; '.join(suggestion.reasons)}."
        for number, suggestion in enumerate(suggestions, 1)
    ]


def hint_text(suggestions: Sequence[Suggestion]) -> str:
    """The whole hint: a header and the moves, cut to fit one Discord message."""
    text = "\n".join([HEADER, *hint_lines(suggestions)])
    return text if len(text) <= MOST_CHARACTERS else text[: MOST_CHARACTERS - 1] + "…"
