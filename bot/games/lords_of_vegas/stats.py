"""Lords of Vegas's statistics: the companies a player built most, the points over turns."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from bot import drawing
from bot.store import Game, Kind, Move, Store, game_record
from engine.lords_of_vegas import COMPANIES, Color, Company, Event
from engine.lords_of_vegas.board import company_name
from engine.lords_of_vegas.events import Built, PointsScored, Remodeled, Sprawled, TurnStarted
from engine.words import count
from render.lords_of_vegas import render_points_chart

from .names import plain_names


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
    """The points-over-turns chart of a game, replayed from its log (by the drawing workers)."""
    game, moves = await store.game_and_moves(game.id)
    return await drawing.draw(drawn_chart, store.kind_of(game), game, moves)


def drawn_chart(hosted: Kind, game: Game, moves: list[Move]) -> bytes:
    """The points-over-turns chart of a game replayed from `moves` (pure: a worker draws it)."""
    state, events = game_record(hosted, game, moves).replay()
    return render_points_chart(points_over_turns(state.colors, events), plain_names(game))


def favourite_field(finished: Sequence[tuple[Sequence[Event], Color]]) -> list[tuple[str, str]]:
    """`/vegas stats`: the company a player built most over their finished games."""
    counts: Counter[Company] = Counter()
    for events, color in finished:
        counts.update(companies_built(events, color))
    liked = favourite(counts)
    if liked is None:
        return []
    company, times = liked
    return [("Favourite company", f"{company_name(company)} ({count(times, 'tile')} built)")]
