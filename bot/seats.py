"""Who sits where at a stored game: Discord users, names and colours."""

from __future__ import annotations

from bot.store import Game


def seat_colors(game: Game) -> dict[int, str]:
    """Discord user id -> colour for the seats people are playing (not resigned)."""
    return {seat.user_id: seat.color for seat in game.seats if seat.user_id and seat.is_human}


def display_names(game: Game) -> dict[str, str]:
    """Colour -> the name the seat was taken under (the colour itself when unknown)."""
    return {seat.color: seat.name or seat.color for seat in game.seats}


def user_of(game: Game, color: str) -> int | None:
    """The Discord user playing this colour, if a person still plays it."""
    seat = game.seat_of(color)
    return seat.user_id if seat is not None and seat.is_human else None
