"""Playing random games through the store the way the bot will: load, decide, apply, save.

Shared by the store tests and by `crash_worker.py` (which runs as its own process).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import Game, Saved, Store
from engine.lords_of_vegas import GameSettings, apply, format_line, new_game
from engine.lords_of_vegas.randomplay import RandomPlayer

GUILD_ID = 4242
HOST_USER_ID = 7000
AI_LEVEL = 2


def user_id_for(position: int) -> int:
    """The Discord user id the tests give to the player in a seat position."""
    return HOST_USER_ID + position


async def open_lobby(store: Store, channel_id: int, edition: str = "updated") -> Game:
    """Create a lobby in `channel_id`."""
    return await store.create_game(
        guild_id=GUILD_ID,
        channel_id=channel_id,
        host_user_id=HOST_USER_ID,
        edition=edition,
        kind="lords_of_vegas",
    )


async def seat_and_start(
    store: Store, game: Game, colors: Sequence[str], seed: int, ai_colors: Sequence[str] = ()
) -> Game:
    """Fill the lobby's missing seats (AI for `ai_colors`), then start the game.

    Resumable: seats already taken (by an earlier, interrupted call) are kept.
    """
    for position, color in enumerate(colors, start=1):
        if game.seat_of(color) is not None:
            continue
        if color in ai_colors:
            game = await store.add_seat(game.id, game.version, color, ai_level=AI_LEVEL)
        else:
            game = await store.add_seat(game.id, game.version, color, user_id=user_id_for(position))
    settings = GameSettings(edition=game.edition, players=list(colors), seed=seed)
    state, _ = new_game(settings)
    return await store.start_game(game.id, game.version, settings, state.model_dump_json())


async def start_table(
    store: Store,
    channel_id: int,
    colors: Sequence[str],
    seed: int,
    edition: str = "updated",
    ai_colors: Sequence[str] = (),
) -> Game:
    """A started game in `channel_id` with these colours in seating order."""
    lobby = await open_lobby(store, channel_id, edition)
    return await seat_and_start(store, lobby, colors, seed, ai_colors)


def decide(game: Game, player: RandomPlayer) -> tuple[int | None, str, str, bool]:
    """Pick and apply a random legal move on the game's snapshot.

    Returns (actor user id, command line, new state JSON, whether the game is over).
    """
    state = game.state()
    color, action = player.next_move(state)
    apply(state, color, action)
    seat = game.seat_of(color)
    actor = seat.user_id if seat is not None else None
    return actor, format_line(color, action), state.model_dump_json(), state.over


async def play_move(store: Store, game_id: int, player: RandomPlayer) -> tuple[Saved, str] | None:
    """Load the game, play one random move and save it; None once the game is closed."""
    game = await store.game(game_id)
    if game.status != "active":
        return None
    actor, line, state_json, over = decide(game, player)
    saved = await store.save_action(game.id, game.version, actor, line, state_json, game_over=over)
    # The game the save hands back is the one stored, the last move (game over) included.
    assert saved.game(game, state_json, game_over=over) == await store.game(game_id)
    return saved, line


async def play_to_end(store: Store, game_id: int, player: RandomPlayer) -> list[str]:
    """Play random moves through the store until the game is finished; returns the lines."""
    lines: list[str] = []
    while (played := await play_move(store, game_id, player)) is not None:
        lines.append(played[1])
    return lines
