"""Every kind of game is kept, replayed, verified and exported alike, through its `Kind`."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Final

import pytest

from bot.games import GAMES
from bot.games.lords_of_vegas import RULES_VERSION
from bot.games.vegas_showdown import RULES_VERSION as SHOWDOWN_RULES
from bot.store import Store, UnknownKind, export_record, verify_game
from bot.store.__main__ import main as store_main
from engine import vegas_showdown
from engine.vegas_showdown.randomplay import RandomPlayer
from engine.vegas_showdown.record import GameRecord
from engine.vegas_showdown.state import Timing
from tests.store.playthrough import start_table

# A program that hosts only Lords of Vegas (an older release, say).
LORDS_ONLY: Final = {"lords_of_vegas": GAMES["lords_of_vegas"]}


async def vegas_showdown_game(store: Store, moves: int, timing: Timing = "at_once") -> int:
    """A Vegas Showdown game started through the store and played at random."""
    lobby = await store.create_game(
        guild_id=1, channel_id=77, host_user_id=1, edition="standard", kind="vegas_showdown"
    )
    for position, color in enumerate(("red", "blue", "green"), 1):
        lobby = await store.add_seat(lobby.id, lobby.version, color, user_id=position)
    settings = vegas_showdown.GameSettings(players=["red", "blue", "green"], seed=5, timing=timing)
    state, _ = vegas_showdown.new_game(settings)
    game = await store.start_game(lobby.id, lobby.version, settings, state.model_dump_json())
    player = RandomPlayer(seed=5)
    for _ in range(moves):
        color, action = player.next_move(state)
        vegas_showdown.apply(state, color, action)
        line = vegas_showdown.format_line(color, action)
        await store.save_action(game.id, game.version, None, line, state.model_dump_json())
        game = await store.game(game.id)
    return game.id


async def test_a_second_kind_of_game_is_kept_verified_and_exported(database: Path | str) -> None:
    async with await Store.open(database, kinds=GAMES) as store:
        game_id = await vegas_showdown_game(store, 60)
        game = await store.game(game_id)
        assert (game.kind, game.rules_version, game.moves) == ("vegas_showdown", SHOWDOWN_RULES, 60)
        assert isinstance(game.state(), vegas_showdown.GameState)
        assert (await verify_game(store, game_id)).ok
        record = await export_record(store, game_id)
        assert isinstance(record, GameRecord) and record.replay()[0] == game.state()
        lords = await start_table(store, 78, ["red", "blue"], seed=3)
        assert lords.rules_version == RULES_VERSION
        assert [g.id for g in await store.active_games(kind="vegas_showdown")] == [game_id]
        assert [g.id for g in await store.active_games(kind="lords_of_vegas")] == [lords.id]
    # A program that does not know the kind keeps it, and says it cannot read it.
    async with await Store.open(database, kinds=LORDS_ONLY) as store:
        game = await store.game(game_id)
        with pytest.raises(UnknownKind, match="vegas_showdown game, which this program"):
            game.state()
        assert (await verify_game(store, game_id)).problems == (
            "cannot replay a vegas_showdown game",
        )


def _as_saved_before_timing(text: str) -> str:
    """Settings or a snapshot as the release before rules version 2 wrote them."""
    data = json.loads(text)
    data.pop("timing", None)
    data.pop("placed_while_bidding", None)
    return json.dumps(data)


async def test_a_showdown_game_saved_under_the_old_timing_opens_and_replays_under_it(
    db_path: Path,
) -> None:
    async with await Store.open(db_path, kinds=GAMES) as store:
        game_id = await vegas_showdown_game(store, 90, timing="after_bidding")
    with closing(sqlite3.connect(db_path, isolation_level=None)) as db:
        [settings] = db.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
        [state] = db.execute("SELECT state FROM snapshots WHERE game_id = ?", (game_id,)).fetchone()
        db.execute(
            "UPDATE games SET settings = ?, rules_version = 1 WHERE id = ?",
            (_as_saved_before_timing(settings), game_id),
        )
        db.execute(
            "UPDATE snapshots SET state = ? WHERE game_id = ?",
            (_as_saved_before_timing(state), game_id),
        )
    async with await Store.open(db_path, kinds=GAMES) as store:
        game = await store.game(game_id)
        assert game.rules_version == 1 and "timing" not in (game.settings_json or "")
        assert game.settings().timing == "after_bidding"
        assert game.state().timing == "after_bidding"
        assert (await verify_game(store, game_id)).ok
        record = await export_record(store, game_id)
        assert isinstance(record, GameRecord) and record.replay()[0] == game.state()


async def test_a_refused_move_of_a_game_played_under_older_rules_is_explained(
    database: Path | str, capsys: pytest.CaptureFixture[str]
) -> None:
    async with await Store.open(database, kinds=GAMES) as store:
        game = await start_table(store, 5, ["red", "blue"], seed=5)
        older = await start_table(store, 6, ["red", "blue"], seed=6)
        # Logged by hand, as if under other rules.
        for game_id, version in ((game.id, "NULL"), (older.id, "1")):
            await store.database.execute(
                f"INSERT INTO moves VALUES ({game_id}, 1, NULL, 'red: accept 9', 'now')"
            )
            await store.database.execute(
                f"UPDATE games SET moves = 1, rules_version = {version} WHERE id = {game_id}"
            )
    async with await Store.open(database, kinds=GAMES) as store:
        [unrecorded] = (await verify_game(store, game.id)).problems
        [old] = (await verify_game(store, older.id)).problems
    assert unrecorded.startswith("move 1 ('red: accept 9') is refused on replay:")
    assert "started before rules versions were recorded" in unrecorded
    assert f"now plays version {RULES_VERSION} of the rules" in unrecorded
    assert (
        f"started under version 1 of the rules and the engine now plays version {RULES_VERSION}"
        in old
    )
    assert await asyncio.to_thread(store_main, ["--database", str(database), "verify"]) == 1
    printed = capsys.readouterr().out
    assert "probably legal under the rules it was played by" in printed
    assert "0 of 2 games verified." in printed
