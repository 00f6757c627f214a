"""The two ways the engine says no: it cannot read a command, or the rules forbid it."""

from __future__ import annotations


class VegasShowdownError(Exception):
    """Base of every refusal; the message is written for the player."""


class NotationError(VegasShowdownError, ValueError):
    """The command text could not be read (a typo, a missing or unknown word)."""


class IllegalAction(VegasShowdownError):
    """The command is understood but the rules do not allow it now; nothing changed."""
