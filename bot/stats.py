"""Statistics from finished games: per player, and a server's leaderboard, game by game.

Everything is computed from what the store keeps of a finished game: the final snapshot
(standings, winners, through the game's engine) and the command log, replayed when the
game wants its events (a player's favourite company, say). Only people are counted, by
their Discord account; a seat its player resigned counts as a game played, never as a
win.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass

from bot.game import HostedGame
from bot.store import Game, Store, game_record
from render.charts import Standing

LEADERBOARD_SIZE = 10


@dataclass(frozen=True)
class SeatResult:
    """How a person's seat ended one finished game."""

    game_id: int
    user_id: int
    name: str
    color: str
    points: int
    won: bool


@dataclass(frozen=True)
class PlayerStats:
    """A person's record over finished games: games, wins, average and best points."""

    user_id: int
    name: str
    games: int
    wins: int
    average: float
    best: int

    def standing(self) -> Standing:
        """The row the leaderboard chart draws for this player."""
        return Standing(self.name, self.games, self.wins, self.average, self.best)


def seat_results(game: Game) -> list[SeatResult]:
    """The results of the people who sat at a finished game (not those forgotten since)."""
    winners, standings = game.rules().result(game.state())
    points = {color: scored for color, scored, _ in standings}
    return [
        SeatResult(
            game_id=game.id,
            user_id=seat.user_id,
            name=seat.name or seat.color,
            color=seat.color,
            points=points[seat.color],
            won=seat.color in winners and not seat.resigned,
        )
        for seat in game.seats
        if seat.user_id is not None and not seat.forgotten
    ]


def tally(results: Iterable[SeatResult]) -> list[PlayerStats]:
    """Each person's record, best first: most wins, then best average, then most games.

    A person is named as in the first result given for them (give the newest first).
    """
    by_user: dict[int, list[SeatResult]] = {}
    for result in results:
        by_user.setdefault(result.user_id, []).append(result)
    stats = [
        PlayerStats(
            user_id=user_id,
            name=seats[0].name,
            games=len(seats),
            wins=sum(seat.won for seat in seats),
            average=sum(seat.points for seat in seats) / len(seats),
            best=max(seat.points for seat in seats),
        )
        for user_id, seats in by_user.items()
    ]
    return sorted(stats, key=lambda s: (-s.wins, -s.average, -s.games, s.name, s.user_id))


async def player_record(
    store: Store, hosted: HostedGame, guild_id: int, user_id: int
) -> tuple[PlayerStats, list[tuple[str, str]]] | None:
    """A person's record at one game in this guild, and the game's own lines about it.

    None when they have not finished a game of it here.
    """
    games = await store.finished_games(
        guild_id=guild_id, user_id=user_id, kind=hosted.kind, limit=None
    )
    results = [r for game in games for r in seat_results(game) if r.user_id == user_id]
    if not results:
        return None
    logs = [await store.game_and_moves(game.id) for game in games]
    colors = {r.game_id: r.color for r in results}
    rules = hosted.rules

    def fields() -> list[tuple[str, str]]:
        finished = []
        for game, moves in logs:
            try:
                _, events = game_record(hosted, game, moves).replay()
            except (rules.IllegalAction, rules.NotationError):
                continue  # played under earlier rules: its log no longer replays
            finished.append((events, colors[game.id]))
        return hosted.stats_fields(finished)

    [stats] = tally(results)
    return stats, await asyncio.to_thread(fields)


async def top_players(
    store: Store, hosted: HostedGame, guild_id: int, size: int | None = LEADERBOARD_SIZE
) -> list[PlayerStats]:
    """The guild's best players over its finished games of one game (None: all of them)."""
    games = await store.finished_games(guild_id=guild_id, kind=hosted.kind, limit=None)
    return tally(r for game in games for r in seat_results(game))[:size]
