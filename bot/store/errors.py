"""What can go wrong when saving or loading a game; each message says what happened."""

from __future__ import annotations


class StoreError(Exception):
    """Base of every storage error."""


class GameNotFound(StoreError):
    """No game has this id."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"There is no game {game_id}.")
        self.game_id = game_id


class VersionConflict(StoreError):
    """The game changed since the caller loaded it; reload and try again on the fresh state."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(
            f"Game {game_id} moved on: this change was computed from version {expected}, "
            f"but the game is now at version {actual}. Reload it and try again."
        )
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class WrongStatus(StoreError):
    """The game is not in a status that allows this (e.g. a move in a finished game)."""

    def __init__(self, game_id: int, status: str, wanted: str) -> None:
        super().__init__(f"Game {game_id} is {status}; this needs it to be {wanted}.")
        self.game_id = game_id
        self.status = status


class UnknownKind(StoreError):
    """The game is of a kind this program does not know (no engine registered for it)."""

    def __init__(self, game_id: int, kind: str) -> None:
        super().__init__(f"Game {game_id} is a {kind} game, which this program does not know.")
        self.game_id = game_id
        self.kind = kind


class ChannelBusy(StoreError):
    """The channel already has an open (lobby or active) game."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"Channel {channel_id} already has a game in its lobby or under way.")
        self.channel_id = channel_id


class SeatError(StoreError):
    """The colour is taken, the user already sits at this game, or nobody sits in that colour."""


class MigrationError(StoreError):
    """The database schema could not be brought up to date."""
