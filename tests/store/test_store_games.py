"""A game's life in the store: lobby, seats, start, moves, end, reload, history."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bot.games import GAMES as KNOWN_GAMES
from bot.store import (
    ChannelBusy,
    GameNotFound,
    SeatError,
    Store,
    VersionConflict,
    WrongStatus,
    export_record,
    verify_game,
)
from engine.lords_of_vegas import GameSettings, new_game, parse_line
from engine.lords_of_vegas.randomplay import RandomPlayer
from engine.lords_of_vegas.record import GameRecord
from tests.store.playthrough import (
    GUILD_ID,
    HOST_USER_ID,
    decide,
    open_lobby,
    play_move,
    play_to_end,
    start_table,
    user_id_for,
)

UTC_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")


async def test_lobby_seats_and_start_each_bump_the_version(store: Store) -> None:
    lobby = await store.create_game(
        guild_id=GUILD_ID,
        channel_id=31,
        host_user_id=HOST_USER_ID,
        edition="classic",
        kind="lords_of_vegas",
    )
    assert (lobby.status, lobby.version, lobby.moves, lobby.seats) == ("lobby", 1, 0, ())
    assert (lobby.kind, lobby.edition, lobby.channel_id) == ("lords_of_vegas", "classic", 31)
    assert UTC_TIME.match(lobby.created_at)
    assert lobby.state_json is None
    assert lobby.settings_json is None

    game = await store.add_seat(lobby.id, 1, "yellow", user_id=HOST_USER_ID)
    game = await store.add_seat(game.id, 2, "green", ai_level=3)
    game = await store.add_seat(game.id, 3, "blue", user_id=123456789012345678)
    game = await store.remove_seat(game.id, 4, "green")
    game = await store.add_seat(game.id, 5, "red", ai_level=1)
    assert game.version == 6
    assert [(s.position, s.color, s.user_id, s.ai_level) for s in game.seats] == [
        (1, "yellow", HOST_USER_ID, None),
        (3, "blue", 123456789012345678, None),
        (4, "red", None, 1),
    ]
    red = game.seat_of("red")
    assert red is not None
    assert red.is_ai

    settings = GameSettings(edition="classic", players=["blue", "red", "yellow"], seed=99)
    state, _ = new_game(settings)
    started = await store.start_game(game.id, 6, settings, state.model_dump_json())
    assert (started.status, started.version, started.moves) == ("active", 7, 0)
    assert started.settings() == settings
    assert started.state() == state
    assert started.started_at is not None
    assert UTC_TIME.match(started.started_at)
    assert await store.open_game(31) == started
    assert await store.game(started.id) == started


async def test_a_channel_holds_one_open_game_at_a_time(store: Store) -> None:
    first = await open_lobby(store, 40)
    with pytest.raises(ChannelBusy, match="Channel 40"):
        await open_lobby(store, 40)
    other = await open_lobby(store, 41)
    assert other.id != first.id

    await store.abandon_game(first.id)
    assert (await store.last_game(40), await store.open_game(40)) == (
        await store.game(first.id),
        None,
    )
    second = await start_table(store, 40, ["red", "blue"], seed=3)
    with pytest.raises(ChannelBusy):
        await open_lobby(store, 40)
    await play_to_end(store, second.id, RandomPlayer(seed=3))
    # The channel's last game stays at hand once it has ended, until a new one opens.
    assert await store.open_game(40) is None
    assert await store.last_game(40) == await store.game(second.id)
    third = await open_lobby(store, 40)
    assert await store.open_game(40) == third == await store.last_game(40)
    assert await store.last_game(42) is None
    statuses = [(await store.game(g.id)).status for g in (first, second, third)]
    assert statuses == ["abandoned", "finished", "lobby"]


async def test_refused_seat_changes_leave_the_lobby_untouched(store: Store) -> None:
    game = await open_lobby(store, 50)
    game = await store.add_seat(game.id, game.version, "red", user_id=1)
    with pytest.raises(SeatError, match="red is already taken"):
        await store.add_seat(game.id, game.version, "red", user_id=2)
    with pytest.raises(SeatError, match="User 1 already has a seat"):
        await store.add_seat(game.id, game.version, "blue", user_id=1)
    with pytest.raises(SeatError, match="Nobody sits in green"):
        await store.remove_seat(game.id, game.version, "green")
    with pytest.raises(ValueError, match="not both"):
        await store.add_seat(game.id, game.version, "blue", user_id=2, ai_level=1)
    with pytest.raises(VersionConflict, match="computed from version 1"):
        await store.add_seat(game.id, 1, "blue", user_id=2)
    with pytest.raises(GameNotFound):
        await store.add_seat(999, 1, "blue", user_id=2)
    assert await store.game(game.id) == game


async def test_start_needs_the_seated_colours_and_the_lobby(store: Store) -> None:
    game = await open_lobby(store, 60)
    game = await store.add_seat(game.id, game.version, "red", user_id=1)
    game = await store.add_seat(game.id, game.version, "blue", user_id=2)
    wrong = GameSettings(players=["red", "green"], seed=1)
    with pytest.raises(ValueError, match="does not match the seats"):
        await store.start_game(game.id, game.version, wrong, new_game(wrong)[0].model_dump_json())
    assert await store.game(game.id) == game

    right = GameSettings(players=["blue", "red"], seed=1)
    state_json = new_game(right)[0].model_dump_json()
    with pytest.raises(VersionConflict):
        await store.start_game(game.id, game.version - 1, right, state_json)
    started = await store.start_game(game.id, game.version, right, state_json)
    with pytest.raises(WrongStatus, match="is active; this needs it to be lobby"):
        await store.start_game(started.id, started.version, right, state_json)
    with pytest.raises(WrongStatus):
        await store.add_seat(started.id, started.version, "green", user_id=3)


async def test_saving_a_move_appends_the_log_replaces_the_snapshot_and_bumps_the_version(
    store: Store,
) -> None:
    game = await start_table(store, 70, ["red", "blue", "green"], seed=5, ai_colors=["green"])
    player = RandomPlayer(seed=5)
    for expected_seq in range(1, 41):
        before = await store.game(game.id)
        if before.status != "active":
            break
        actor, line, state_json, over = decide(before, player)
        saved = await store.save_action(
            before.id, before.version, actor, line, state_json, game_over=over
        )
        after = await store.game(game.id)
        assert (saved.seq, saved.version) == (expected_seq, before.version + 1)
        assert (after.version, after.moves) == (before.version + 1, expected_seq)
        assert after.state_json == state_json
        assert saved.game(before, state_json, game_over=over) == after

    game, moves = await store.game_and_moves(game.id)
    assert [m.seq for m in moves] == list(range(1, game.moves + 1))
    for move in moves:
        color, _ = parse_line(move.command)
        seat = game.seat_of(color)
        assert seat is not None
        assert move.actor_user_id == seat.user_id  # None for the AI seat
        assert UTC_TIME.match(move.created_at)
    assert [m.created_at for m in moves] == sorted(m.created_at for m in moves)


async def test_a_stale_or_misplaced_save_writes_nothing(store: Store) -> None:
    game = await start_table(store, 80, ["red", "blue"], seed=8)
    player = RandomPlayer(seed=8)
    first = decide(game, player)
    await store.save_action(game.id, game.version, *first[:3])
    moved = await store.game(game.id)

    stale = decide(game, RandomPlayer(seed=9))  # computed from the old version
    with pytest.raises(VersionConflict) as conflict:
        await store.save_action(game.id, game.version, *stale[:3])
    assert (conflict.value.expected, conflict.value.actual) == (game.version, moved.version)
    assert "Reload it and try again" in str(conflict.value)
    with pytest.raises(GameNotFound, match="no game 404"):
        await store.save_action(404, 1, None, "red: end", "{}")
    lobby = await open_lobby(store, 81)
    with pytest.raises(WrongStatus, match="is lobby"):
        await store.save_action(lobby.id, lobby.version, None, "red: end", "{}")

    game_now, moves = await store.game_and_moves(game.id)
    assert game_now == moved
    assert [m.command for m in moves] == [first[1]]


async def test_of_many_saves_from_one_version_exactly_one_wins(store: Store) -> None:
    game = await start_table(store, 90, ["red", "blue", "green", "yellow"], seed=9)
    attempts = [decide(game, RandomPlayer(seed=seed)) for seed in range(12)]
    results = await asyncio.gather(
        *(store.save_action(game.id, game.version, *attempt[:3]) for attempt in attempts),
        return_exceptions=True,
    )
    winners = [i for i, result in enumerate(results) if not isinstance(result, BaseException)]
    assert len(winners) == 1
    assert all(
        isinstance(result, VersionConflict) for i, result in enumerate(results) if i != winners[0]
    )
    game, moves = await store.game_and_moves(game.id)
    assert [m.command for m in moves] == [attempts[winners[0]][1]]
    assert game.state_json == attempts[winners[0]][2]
    assert (await verify_game(store, game.id)).ok


async def test_finishing_and_abandoning_close_the_game(store: Store) -> None:
    game = await start_table(store, 100, ["red", "blue"], seed=10)
    await play_move(store, game.id, RandomPlayer(seed=10))
    game = await store.game(game.id)
    with pytest.raises(VersionConflict):
        await store.finish_game(game.id, game.version - 1)
    finished = await store.finish_game(game.id, game.version)
    assert (finished.status, finished.version) == ("finished", game.version + 1)
    assert finished.ended_at is not None
    with pytest.raises(WrongStatus, match="is finished"):
        await store.save_action(game.id, finished.version, None, "red: end", "{}")
    with pytest.raises(WrongStatus):
        await store.abandon_game(game.id)
    assert await store.open_game(100) is None

    active = await start_table(store, 101, ["red", "blue"], seed=11)
    abandoned = await store.abandon_game(active.id, active.version)
    assert abandoned.status == "abandoned"
    assert abandoned.state_json == active.state_json  # kept for the record
    lobby = await open_lobby(store, 102)
    assert (await store.abandon_game(lobby.id)).status == "abandoned"
    assert await store.finished_games() == [finished]


GAMES = [
    # (edition, colours in seating order, seed, AI colours)
    ("updated", ["red", "blue"], 1, []),
    ("updated", ["black", "purple", "yellow"], 2, ["yellow"]),
    ("updated", ["green", "red", "blue", "yellow"], 3, []),
    ("updated", ["blue", "black", "green", "purple", "red"], 4, ["black", "red"]),
    ("updated", ["yellow", "red", "purple", "green", "blue", "black"], 5, []),
    ("classic", ["red", "yellow"], 6, ["yellow"]),
    ("classic", ["blue", "green", "red"], 7, []),
    ("classic", ["yellow", "blue", "red", "green"], 8, ["green"]),
]


async def test_random_games_played_through_the_store_reload_verify_and_export(
    db_path: Path, tmp_path: Path
) -> None:
    store = await Store.open(db_path, kinds=KNOWN_GAMES)
    played: dict[int, list[str]] = {}
    first_seat_human: set[int] = set()
    for channel, (edition, colors, seed, ai) in enumerate(GAMES, start=200):
        game = await start_table(store, channel, colors, seed, edition, ai)
        played[game.id] = await play_to_end(store, game.id, RandomPlayer(seed=seed))
        if colors[0] not in ai:
            first_seat_human.add(game.id)
    await store.close()

    store = await Store.open(db_path, kinds=KNOWN_GAMES)  # as after a restart
    try:
        finished = await store.finished_games(guild_id=GUILD_ID, limit=100)
        assert sorted(g.id for g in finished) == sorted(played)
        for game_id, lines in played.items():
            game, moves = await store.game_and_moves(game_id)
            assert game.status == "finished"
            assert game.state().over
            assert [m.command for m in moves] == lines
            verdict = await verify_game(store, game_id)
            assert verdict.ok, verdict.problems
            assert verdict.moves == len(lines)

            exported = tmp_path / f"game-{game_id}.json"
            exported.write_text((await export_record(store, game_id)).model_dump_json())
            record = GameRecord.model_validate_json(exported.read_text())
            assert record.settings == game.settings()
            assert record.commands == lines
            assert record.replay()[0] == game.state()
        mine = await store.finished_games(user_id=user_id_for(1), limit=100)
        assert {g.id for g in mine} == first_seat_human
        assert len(await store.finished_games(limit=3)) == 3
        assert await store.finished_games(guild_id=GUILD_ID + 1) == []
        assert await store.integrity_problems() == []
    finally:
        await store.close()


async def test_history_lists_the_latest_finished_games_first(store: Store) -> None:
    ids = []
    for channel in (300, 301, 302):
        game = await start_table(store, channel, ["red", "blue"], seed=channel)
        await play_to_end(store, game.id, RandomPlayer(seed=channel))
        ids.append(game.id)
    await start_table(store, 303, ["red", "blue"], seed=1)
    history = await store.finished_games()
    assert [g.id for g in history] == list(reversed(ids))
    ended = [g.ended_at or "" for g in history]
    assert all(ended)
    assert ended == sorted(ended, reverse=True)
