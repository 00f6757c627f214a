"""Errors: the ones the emulator answers the bot with, and the ones the driver raises.

`DiscordError` carries Discord's JSON error body (`code`, `message`, and for invalid
form bodies the nested `errors` object), so discord.py raises exactly the exception it
would raise against Discord. `Problems` collects form-body complaints in that nested
shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# JSON error codes, as Discord numbers them.
UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
UNKNOWN_APPLICATION_COMMAND = 10063
REQUEST_TOO_LARGE = 40005
ALREADY_ACKNOWLEDGED = 40060
MISSING_ACCESS = 50001
CANNOT_EDIT_OTHERS_MESSAGE = 50005
CANNOT_SEND_EMPTY_MESSAGE = 50006
CANNOT_MESSAGE_USER = 50007
MISSING_PERMISSIONS = 50013
INVALID_WEBHOOK_TOKEN = 50027
INVALID_FORM_BODY = 50035


class DiscordError(Exception):
    """An error answer: HTTP status plus Discord's JSON error body."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        """The JSON body Discord sends with this error."""
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data


def not_found(code: int, what: str) -> DiscordError:
    """A 404 for an unknown object, e.g. `not_found(UNKNOWN_MESSAGE, "Message")`."""
    return DiscordError(404, code, f"Unknown {what}")


class Problems:
    """Form-body problems, collected then raised together as one 50035 error."""

    def __init__(self) -> None:
        self.errors: dict[str, Any] = {}

    def add(self, path: Sequence[str | int], code: str, message: str) -> None:
        """Record a problem with the field at `path`, e.g. `("components", 0, "label")`."""
        node = self.errors
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def length(self, path: Sequence[str | int], value: Any, low: int, high: int) -> None:
        """Record a problem unless `value` (a string or list) has `low` to `high` items."""
        size = len(value) if isinstance(value, str | list) else 0
        if low <= size <= high:
            return
        if low == 0:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
        elif low == high:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be {high} in length.")
        else:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def raise_if_any(self) -> None:
        """Raise the collected problems as Discord's "Invalid Form Body" error."""
        if self.errors:
            raise DiscordError(400, INVALID_FORM_BODY, "Invalid Form Body", self.errors)


def flatten(errors: dict[str, Any], prefix: str = "") -> list[str]:
    """Readable lines ("components.0.label: Must be 80 or fewer...") for a nested error."""
    lines: list[str] = []
    for key, value in errors.items():
        if key == "_errors":
            lines.extend(f"{prefix or '(body)'}: {item['message']}" for item in value)
        else:
            lines.extend(flatten(value, f"{prefix}.{key}" if prefix else key))
    return lines


class InteractionFailed(AssertionError):
    """The user saw "This interaction failed": the bot did not answer in time.

    It is an `AssertionError` so that an end-to-end test fails with this message
    unless it expects the failure with `pytest.raises(InteractionFailed)`.
    """


class CommandUnavailable(LookupError):
    """The user cannot run that command here (not registered, not visible, or no permission)."""


class ComponentUnavailable(LookupError):
    """The user cannot use that component (missing, disabled, or not their message)."""
