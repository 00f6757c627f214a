"""Skill ratings: openskill's Plackett-Luce model, per game, edition and server.

Every finished game in a server (never an abandoned one) is rated once, in the order
games ended: each seat's place (from the game's standings, best first; seats with the
same points and money share a place, and so do joint winners) updates the rating of
whoever played it: the person who sat down (even if they resigned later), or the
computer level for a computer seat, so people see where they stand against easy, normal
and hard. Several seats of one level at a table each play with the level's rating, and
the level keeps the mean of their new ratings. Ratings are kept apart for each game,
edition (the rules differ) and server.

The store keeps the rating after each game (`Store.save_ratings`). `Ratings.update` rates
every finished game not rated yet (after each game ends, at start-up and before ratings
are shown, so a crash loses nothing), and `Ratings.rebuild` forgets them all and rates
every finished game again, so a change of formula loses nothing. A rating is shown as
openskill's ordinal (mu - 3 sigma): it starts at 0 and rises as the model grows sure a
player is good.
"""

from __future__ import annotations

import asyncio
import itertools
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from openskill.models import PlackettLuce

from bot.game import Games, HostedGame
from bot.store import Game, Move, Rating, Store

MODEL: Final = PlackettLuce()
# Games a player must have finished in a pool to be listed on its leaderboard.
MIN_GAMES: Final = 3
# Rated games the trend looks back over.
TREND_GAMES: Final = 5
# Who played a seat: ("person", user id) or ("computer", level).
Player = tuple[str, int | str]


@dataclass(frozen=True)
class Standing:
    """A player's rating now in one pool, and the rated games it comes from."""

    player: Player
    mu: float
    sigma: float
    history: tuple[float, ...]  # the shown rating after each rated game, oldest first

    @property
    def games(self) -> int:
        """Rated games played in the pool."""
        return len(self.history)

    @property
    def ordinal(self) -> float:
        """The rating shown: mu - 3 sigma (a cautious estimate of skill)."""
        return self.mu - 3 * self.sigma

    @property
    def trend(self) -> float:
        """How much the shown rating moved over the last few rated games."""
        recent = (0.0, *self.history)[-(TREND_GAMES + 1) :]
        return recent[-1] - recent[0]


def player_of(rating: Rating) -> Player:
    """Who a stored rating belongs to."""
    if rating.user_id is not None:
        return ("person", rating.user_id)
    return ("computer", rating.level or "")


def standings(ratings: Sequence[Rating], edition: str) -> dict[Player, Standing]:
    """Everyone's rating now in one edition's pool, from its stored ratings (in order)."""
    found: dict[Player, Standing] = {}
    last_game: dict[Player, int] = {}
    for rating in ratings:
        player = player_of(rating)
        if rating.edition != edition or last_game.get(player) == rating.game_id:
            continue  # another pool, or a second seat of one computer level in one game
        last_game[player] = rating.game_id
        before = found.get(player)
        history = before.history if before is not None else ()
        ordinal = rating.mu - 3 * rating.sigma
        found[player] = Standing(player, rating.mu, rating.sigma, (*history, ordinal))
    return found


def leaders(ratings: Sequence[Rating], edition: str, least: int = MIN_GAMES) -> list[Standing]:
    """The pool's people with at least `least` rated games, best rating first."""
    listed = [s for s in standings(ratings, edition).values() if s.player[0] == "person"]
    listed = [s for s in listed if s.games >= least]
    return sorted(listed, key=lambda s: (-s.ordinal, -s.games, str(s.player[1])))


def computer_standings(ratings: Sequence[Rating], edition: str) -> list[Standing]:
    """The computer levels' ratings in the pool, best first."""
    found = standings(ratings, edition).values()
    return sorted((s for s in found if s.player[0] == "computer"), key=lambda s: -s.ordinal)


def places(hosted: HostedGame, game: Game) -> dict[str, int]:
    """Each seat's place in a finished game: 1 for the best; ties share a place.

    Joint winners share first place; other seats are placed in the standings' order,
    sharing a place when their points and money are equal.
    """
    winners, ranked = hosted.rules.result(game.state())
    found: dict[str, int] = {}
    previous: tuple[int, int] | None = None
    place = 0
    for index, (color, points, money) in enumerate(ranked, 1):
        if (points, money) != previous:
            place = index
        previous = (points, money)
        found[color] = 1 if color in winners else place
    return found


def rate(hosted: HostedGame, game: Game, now: dict[Player, Standing], seq: int = 0) -> list[Rating]:
    """A finished game's ratings: every seat's rating after it (see the module docstring)."""
    placed = places(hosted, game)
    seats = [seat for seat in game.seats if seat.color in placed]
    players: list[Player] = [
        ("person", seat.user_id)
        if seat.user_id is not None
        else ("computer", hosted.level_name(seat.ai_level or 0))
        for seat in seats
    ]
    teams = []
    for player in players:
        known = now.get(player)
        rating = (
            MODEL.rating(mu=known.mu, sigma=known.sigma) if known is not None else MODEL.rating()
        )
        teams.append([rating])
    ranks = [float(placed[seat.color]) for seat in seats]
    updated = [team[0] for team in MODEL.rate(teams, ranks=ranks)]
    # A level seated more than once keeps the mean of its seats' new ratings.
    mean: dict[Player, tuple[float, float]] = {}
    for player in set(players):
        mine = [u for p, u in zip(players, updated, strict=True) if p == player]
        mean[player] = (
            statistics.fmean(u.mu for u in mine),
            statistics.fmean(u.sigma for u in mine),
        )
    assert game.guild_id is not None
    return [
        Rating(
            game_id=game.id,
            color=seat.color,
            user_id=seat.user_id,
            level=str(player[1]) if seat.user_id is None else None,
            kind=game.kind,
            edition=game.edition,
            guild_id=game.guild_id,
            seq=seq,
            place=placed[seat.color],
            mu=mean[player][0],
            sigma=mean[player][1],
        )
        for seat, player in zip(seats, players, strict=True)
    ]


class Ratings:
    """Keeps the stored ratings up to date with the finished games (one update at a time)."""

    def __init__(self, store: Store, games: Games) -> None:
        self.store = store
        self.games = games
        self._lock = asyncio.Lock()

    async def update(self) -> int:
        """Rate every finished game not rated yet, in the order they ended; how many."""
        async with self._lock:
            rated = 0
            for game in await self.store.unrated_games():
                hosted = self.games.get(game.kind)
                if hosted is None or game.guild_id is None:
                    continue  # a game this program does not host
                pool = await self.store.ratings(game.kind, game.guild_id)
                now = standings(pool, game.edition)
                await self.store.save_ratings(rate(hosted, game, now))
                rated += 1
            return rated

    async def rebuild(self) -> int:
        """Forget every rating and rate every finished game again; how many."""
        async with self._lock:
            await self.store.clear_ratings()
        return await self.update()


def move_seconds(moves: Sequence[Move], user_id: int) -> list[float]:
    """How long a person took over each of their moves: from the move before to theirs."""
    took = []
    for before, move in itertools.pairwise(moves):
        if move.actor_user_id == user_id:
            start = datetime.fromisoformat(before.created_at)
            end = datetime.fromisoformat(move.created_at)
            took.append(max(0.0, (end - start).total_seconds()))
    return took


def duration_words(seconds: float) -> str:
    """A time per move in words: `40 s`, `3 min`, `2.5 h`."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
