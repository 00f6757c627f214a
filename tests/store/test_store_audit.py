"""Verifying a stored game against its log, and exporting its record."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.store import Store, WrongStatus, export_record, shared_record, verify_game
from engine.lords_of_vegas.randomplay import RandomPlayer
from engine.lords_of_vegas.record import GameRecord, PublicRecord
from tests.store.playthrough import open_lobby, play_move, play_to_end, start_table


async def tamper(store: Store, *statements: str) -> None:
    """Change the database behind the store's back, as a bug or a hand edit would."""
    for statement in statements:
        await store.database.execute(statement)


async def tamper_snapshot(store: Store, game_id: int, **changes: Any) -> None:
    """Overwrite fields of a game's stored snapshot (a nested field as `a__0__b`)."""
    state = json.loads((await store.game(game_id)).state_json or "{}")
    for name, value in changes.items():
        *path, last = name.split("__")
        target = state
        for step in path:
            target = target[int(step) if step.isdigit() else step]
        target[last] = value
    await store.database.execute(
        "UPDATE snapshots SET state = ? WHERE game_id = ?", (json.dumps(state), game_id)
    )


async def played_game(store: Store, channel: int, moves: int) -> int:
    game = await start_table(store, channel, ["red", "blue", "green"], seed=channel)
    player = RandomPlayer(seed=channel)
    for _ in range(moves):
        await play_move(store, game.id, player)
    return game.id


async def test_an_untouched_game_verifies(store: Store) -> None:
    game_id = await played_game(store, 1, 30)
    verdict = await verify_game(store, game_id)
    assert verdict.ok
    assert (verdict.game_id, verdict.status, verdict.moves) == (game_id, "active", 30)


async def test_a_snapshot_that_differs_from_the_replay_is_reported(store: Store) -> None:
    game_id = await played_game(store, 2, 20)
    await tamper_snapshot(store, game_id, players__0__money=999, turn=77)
    verdict = await verify_game(store, game_id)
    assert not verdict.ok
    assert verdict.problems == ("the snapshot differs from the replay in: players, turn",)


async def test_a_logged_command_the_rules_refuse_is_reported(store: Store) -> None:
    game_id = await played_game(store, 3, 10)
    await tamper(
        store,
        f"INSERT INTO moves VALUES ({game_id}, 11, NULL, 'red: withdraw 99', 'now')",
        f"UPDATE games SET moves = 11 WHERE id = {game_id}",
    )
    verdict = await verify_game(store, game_id)
    assert len(verdict.problems) == 1
    assert verdict.problems[0].startswith("move 11 ('red: withdraw 99') is refused on replay:")


async def test_gaps_and_miscounts_in_the_log_are_reported(store: Store) -> None:
    game_id = await played_game(store, 4, 5)
    await tamper(store, f"INSERT INTO moves VALUES ({game_id}, 7, NULL, 'red: end', 'now')")
    problems = (await verify_game(store, game_id)).problems
    assert "the log is not numbered 1, 2, 3, ... without gaps" in problems
    assert "the game counts 5 moves but the log holds 6" in problems


async def test_a_lobby_has_nothing_to_replay_or_export(store: Store) -> None:
    lobby = await open_lobby(store, 5)
    verdict = await verify_game(store, lobby.id)
    assert (verdict.ok, verdict.moves) == (True, 0)
    with pytest.raises(WrongStatus):
        await export_record(store, lobby.id)


async def test_a_game_of_another_kind_is_not_replayed_as_lords_of_vegas(store: Store) -> None:
    other = await store.create_game(
        guild_id=1, channel_id=6, host_user_id=1, edition="basic", kind="backgammon"
    )
    verdict = await verify_game(store, other.id)
    assert verdict.problems == ("cannot replay a backgammon game",)


async def test_the_exported_record_replays_to_the_snapshot_mid_game(store: Store) -> None:
    game_id = await played_game(store, 7, 25)
    record = await export_record(store, game_id)
    text = record.model_dump_json()
    again = GameRecord.model_validate_json(text)
    game, moves = await store.game_and_moves(game_id)
    assert again.game == "lords_of_vegas"
    assert again.settings.players == ["red", "blue", "green"]
    assert again.settings.seed == 7
    assert again.commands == [m.command for m in moves]
    assert again.replay()[0] == game.state()


async def test_an_abandoned_game_still_verifies(store: Store) -> None:
    game_id = await played_game(store, 8, 12)
    await store.abandon_game(game_id)
    assert (await verify_game(store, game_id)).ok
    finished = await start_table(store, 8, ["red", "blue"], seed=8)
    await play_to_end(store, finished.id, RandomPlayer(seed=8))
    assert (await verify_game(store, finished.id)).ok


async def test_the_shared_record_is_public_while_the_game_runs_and_full_once_it_ended(
    store: Store,
) -> None:
    game_id = await played_game(store, 8, 25)
    game, moves = await store.game_and_moves(game_id)
    running = await shared_record(store, game_id)
    assert isinstance(running, PublicRecord)
    assert running == GameRecord(settings=game.settings(), commands=running.commands).public(
        game.state()
    )
    assert running.commands == [m.command for m in moves]
    await play_to_end(store, game_id, RandomPlayer(seed=8))
    ended = await shared_record(store, game_id)
    assert isinstance(ended, GameRecord) and ended.settings.seed == 8
    assert ended.replay()[0] == (await store.game(game_id)).state()
