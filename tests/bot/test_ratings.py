"""Skill ratings: openskill's own numbers, kept across restarts, rebuilt identically."""

from __future__ import annotations

import asyncio
import io
from contextlib import redirect_stdout
from pathlib import Path

from openskill.models import PlackettLuce

from bot.games import GAMES
from bot.ratings import Player, Ratings, Standing, leaders, standings
from bot.store import Game, Store
from bot.store.__main__ import main as store_main
from engine.lords_of_vegas.randomplay import RandomPlayer
from tests.store.playthrough import GUILD_ID, play_move, play_to_end, start_table, user_id_for

# (colours, computer colours) of each finished game, in the order they end.
TABLES = [
    (["red", "blue", "green"], ["green"]),
    (["red", "blue"], []),
    (["red", "blue", "green", "yellow"], ["yellow"]),
    (["red", "blue", "green"], []),
]


async def finished_games(store: Store) -> list[Game]:
    """Play the tables' games to the end, and one more that is abandoned half way."""
    for channel, (colors, computers) in enumerate(TABLES, 1):
        game = await start_table(store, channel, colors, seed=channel, ai_colors=computers)
        await play_to_end(store, game.id, RandomPlayer(seed=channel))
    abandoned = await start_table(store, 99, ["red", "blue"], seed=99)
    for _ in range(5):
        await play_move(store, abandoned.id, RandomPlayer(seed=99))
    await store.abandon_game(abandoned.id)
    finished = await store.finished_games(limit=None)
    assert len(finished) == len(TABLES)
    return sorted(finished, key=lambda game: (game.ended_at or "", game.id))


def expected_ratings(games: list[Game]) -> dict[str, tuple[float, float]]:
    """openskill's own ratings after these games, worked out here directly."""
    model = PlackettLuce()
    ratings: dict[str, tuple[float, float]] = {}
    for game in games:
        state = game.state()
        order = [p.color for p in sorted(state.players, key=lambda p: (-p.points, -p.money))]
        who = {
            seat.color: f"user {seat.user_id}" if seat.user_id else level_name(game, seat.ai_level)
            for seat in game.seats
        }
        teams = [
            [model.rating(*ratings[who[c]]) if who[c] in ratings else model.rating()] for c in order
        ]
        ranks = [1.0 if c in state.winners else float(i) for i, c in enumerate(order, 1)]
        for color, [new] in zip(order, model.rate(teams, ranks=ranks), strict=True):
            ratings[who[color]] = (new.mu, new.sigma)
    return ratings


def level_name(game: Game, level: int | None) -> str:
    """A computer seat's level by name ("easy", "normal", "hard")."""
    return GAMES[game.kind].levels[(level or 0) - 1]


def shown(found: dict[Player, Standing]) -> dict[str, tuple[float, float]]:
    """Each player's (mu, sigma), named as `expected_ratings` names them."""
    return {
        (f"user {player[1]}" if player[0] == "person" else str(player[1])): (s.mu, s.sigma)
        for player, s in found.items()
    }


async def test_ratings_match_openskill_survive_a_restart_and_rebuild_the_same(
    tmp_path: Path,
) -> None:
    path = tmp_path / "vegas.sqlite3"
    store = await Store.open(path, kinds=GAMES)
    games = await finished_games(store)
    ratings = Ratings(store, GAMES)
    assert await ratings.update() == len(TABLES)  # the abandoned game is not rated
    assert await ratings.update() == 0  # nor is any game twice
    stored = await store.ratings("lords_of_vegas", GUILD_ID)
    assert {r.game_id for r in stored} == {game.id for game in games}
    now = standings(stored, "updated")
    expected = expected_ratings(games)
    assert shown(now) == expected
    # Red and blue played every game; the normal computer, two.
    assert now[("person", user_id_for(1))].games == len(TABLES)
    assert now[("computer", "normal")].games == 2
    board = leaders(stored, "updated")
    assert [s.player for s in board] == sorted(
        [s.player for s in board], key=lambda p: -now[p].ordinal
    )
    assert all(s.games >= 3 for s in board) and board
    await store.close()

    store = await Store.open(path, kinds=GAMES)  # a restart keeps them
    assert await store.ratings("lords_of_vegas", GUILD_ID) == stored
    await Ratings(store, GAMES).rebuild()
    assert await store.ratings("lords_of_vegas", GUILD_ID) == stored
    await store.close()

    out = io.StringIO()
    command = ["--database", str(path), "ratings", "--rebuild"]
    with redirect_stdout(out):  # the command line runs its own event loop: in a thread
        assert await asyncio.to_thread(store_main, command) == 0
    assert out.getvalue().strip() == f"Rated {len(TABLES)} finished games again."
    store = await Store.open(path, kinds=GAMES)
    assert await store.ratings("lords_of_vegas", GUILD_ID) == stored
    await store.close()
