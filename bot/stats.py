"""Statistics from finished games: per player, a server's leaderboard, a game's points.

Everything is computed from what the store keeps of a finished game: the final snapshot
(points, winners) and the command log, replayed with the engine when the events are
needed (which companies a player built, the points after every turn). Only people are
counted, by their Discord account; a seat its player resigned counts as a game played,
never as a win.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import cast

from bot.store import Game, Store, game_record
from engine.lords_of_vegas import COMPANIES, Color, Company, Event
from engine.lords_of_vegas.events import Built, PointsScored, Remodeled, Sprawled, TurnStarted
from render.charts import Standing
from render.lords_of_vegas import render_points_chart

LEADERBOARD_SIZE = 10


@dataclass(frozen=True)
class SeatResult:
    """How a person's seat ended one finished game."""

    game_id: int
    user_id: int
    name: str
    color: Color
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
    """The results of the people who sat at a finished game."""
    state = game.state()
    results = []
    for seat in game.seats:
        if seat.user_id is None:
            continue
        color = cast(Color, seat.color)
        results.append(
            SeatResult(
                game_id=game.id,
                user_id=seat.user_id,
                name=seat.name or color,
                color=color,
                points=state.player(color).points,
                won=color in state.winners and not seat.resigned,
            )
        )
    return results


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


def companies_built(events: Iterable[Event], color: Color) -> Counter[Company]:
    """How many tiles `color` built, sprawled or remodelled, by company."""
    counts: Counter[Company] = Counter()
    for event in events:
        if isinstance(event, Built | Sprawled) and event.player == color:
            counts[event.company] += 1
        elif isinstance(event, Remodeled) and event.player == color:
            counts[event.new] += len(event.lots)
    return counts


def favourite(counts: Counter[Company]) -> tuple[Company, int] | None:
    """The company built most (the first in the rulebook's order on a tie), and how often."""
    if not counts:
        return None
    company = max(COMPANIES, key=lambda c: (counts[c], -COMPANIES.index(c)))
    return company, counts[company]


def points_over_turns(colors: Sequence[Color], events: Iterable[Event]) -> dict[Color, list[int]]:
    """Each player's points at the start (index 0) and at the end of every turn after."""
    points = dict.fromkeys(colors, 0)
    series: dict[Color, list[int]] = {color: [0] for color in colors}
    for event in events:
        if isinstance(event, TurnStarted) and event.turn > 1:
            for color in colors:
                series[color].append(points[color])
        elif isinstance(event, PointsScored):
            points[event.player] = event.after
    for color in colors:
        series[color].append(points[color])
    return series


async def points_chart(store: Store, game: Game) -> bytes:
    """The points-over-turns chart of a game, replayed from its log (in a worker thread)."""
    game, moves = await store.game_and_moves(game.id)
    names = {cast(Color, seat.color): seat.name or seat.color for seat in game.seats}

    def draw() -> bytes:
        state, events = game_record(store.kind_of(game), game, moves).replay()
        return render_points_chart(points_over_turns(state.colors, events), names)

    return await asyncio.to_thread(draw)


async def player_record(
    store: Store, guild_id: int, user_id: int
) -> tuple[PlayerStats, tuple[Company, int] | None] | None:
    """A person's record in this guild and their favourite company (None: no games yet)."""
    games = await store.finished_games(guild_id=guild_id, user_id=user_id, limit=None)
    results = [r for game in games for r in seat_results(game) if r.user_id == user_id]
    if not results:
        return None
    logs = [await store.game_and_moves(game.id) for game in games]
    colors = {r.game_id: r.color for r in results}

    def count() -> Counter[Company]:
        counts: Counter[Company] = Counter()
        for game, moves in logs:
            _, events = game_record(store.kind_of(game), game, moves).replay()
            counts.update(companies_built(events, colors[game.id]))
        return counts

    [stats] = tally(results)
    return stats, favourite(await asyncio.to_thread(count))


async def top_players(
    store: Store, guild_id: int, size: int = LEADERBOARD_SIZE
) -> list[PlayerStats]:
    """The guild's best players over its finished games."""
    games = await store.finished_games(guild_id=guild_id, limit=None)
    return tally(r for game in games for r in seat_results(game))[:size]
