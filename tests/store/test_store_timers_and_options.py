"""Table options change with the game's version; turn timers are kept, found when due,
reminded once, replaced by the next turn and dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games import GAMES
from bot.store import Store, VersionConflict, WrongStatus
from tests.store.playthrough import GUILD_ID, open_lobby, start_table, user_id_for


async def test_options_change_in_the_lobby_and_in_play_with_the_version(store: Store) -> None:
    lobby = await open_lobby(store, 10)
    changed = await store.set_options(lobby.id, lobby.version, {"turn_minutes": 60})
    assert changed.options == {"turn_minutes": 60}
    assert changed.version == lobby.version + 1
    with pytest.raises(VersionConflict):
        await store.set_options(lobby.id, lobby.version, {"turn_minutes": 5})
    game = await start_table(store, 11, ["red", "blue"], seed=1)
    playing = await store.set_options(game.id, game.version, {"images": "action"})
    assert (await store.game(game.id)).options == {"images": "action"}
    ended = await store.abandon_game(game.id, playing.version)
    with pytest.raises(WrongStatus):
        await store.set_options(game.id, ended.version, {"images": "turn"})


async def test_a_turn_timer_reminds_once_then_runs_out(database: Path | str) -> None:
    store = await Store.open(database, kinds=GAMES)
    game = await start_table(store, 20, ["red", "blue"], seed=2)
    assert await store.turn_timer(game.id) is None
    assert await store.next_turn_timer_due() is None
    timer = await store.set_turn_timer(game.id, 1, "red", 150.0, 200.0)
    assert timer.due == 150.0 and not timer.reminded
    assert await store.due_turn_timers(149.0) == []
    assert await store.due_turn_timers(150.0) == [timer]
    await store.mark_reminded(game.id, 1)
    await store.close()

    store = await Store.open(database, kinds=GAMES)  # as after a restart
    try:
        kept = await store.turn_timer(game.id)
        assert kept is not None and kept.reminded and kept.due == 200.0
        assert await store.next_turn_timer_due() == 200.0
        assert await store.due_turn_timers(199.0) == []
        assert await store.due_turn_timers(500.0) == [kept]
        await store.mark_reminded(game.id, 7)  # another turn's reminder changes nothing
        await store.drop_turn_timer(game.id, 2)  # nor does dropping another turn's timer
        assert await store.turn_timer(game.id) == kept
    finally:
        await store.close()


async def test_the_next_turn_replaces_the_timer_and_dropping_stops_it(store: Store) -> None:
    first = await start_table(store, 30, ["red", "blue"], seed=3)
    second = await start_table(store, 31, ["red", "blue"], seed=4)
    await store.set_turn_timer(first.id, 1, "red", 10.0, 20.0)
    await store.mark_reminded(first.id, 1)
    await store.set_turn_timer(second.id, 4, "blue", 15.0, 30.0)
    assert await store.next_turn_timer_due() == 15.0  # the second's reminder, before 20
    replaced = await store.set_turn_timer(first.id, 2, "blue", 40.0, 60.0)
    assert await store.turn_timer(first.id) == replaced and not replaced.reminded
    assert [t.game_id for t in await store.due_turn_timers(45.0)] == [second.id, first.id]
    await store.drop_turn_timer(first.id)
    await store.drop_turn_timer(second.id, 4)
    assert await store.next_turn_timer_due() is None


async def test_games_under_way_by_guild_and_player(store: Store) -> None:
    red_blue = await start_table(store, 40, ["red", "blue"], seed=5)
    with_ai = await start_table(store, 41, ["green", "red"], seed=6, ai_colors=["red"])
    await open_lobby(store, 42)  # not under way
    assert [g.id for g in await store.active_games()] == [red_blue.id, with_ai.id]
    assert [g.id for g in await store.active_games(guild_id=GUILD_ID)] == [
        red_blue.id,
        with_ai.id,
    ]
    assert await store.active_games(guild_id=GUILD_ID + 1) == []
    # The second seat of each table is user_id_for(2); the AI seat has no user.
    assert [g.id for g in await store.active_games(user_id=user_id_for(2))] == [red_blue.id]
    assert [g.id for g in await store.active_games(user_id=user_id_for(1))] == [
        red_blue.id,
        with_ai.id,
    ]
