"""Forgetting a server or a person (`python -m bot.store forget`), on a real database with
several servers' games: a dry run changes nothing and counts what a real run removes; a
server's games go whole, other servers' stay; a person is unlinked from every game, which
the others keep, and their record leaves the server's stats."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.stats import player_record, top_players
from bot.store import Game, Outgoing, Store
from bot.store.__main__ import main
from bot.store.audit import verify_game
from bot.store.privacy import TABLES
from engine.lords_of_vegas import GameSettings, new_game
from engine.lords_of_vegas.randomplay import RandomPlayer
from tests.store.playthrough import decide

ANN, BEN, CAT, DAN = 101, 102, 103, 104
HOME, AWAY = 9001, 9002  # two servers
LORDS = GAMES["lords_of_vegas"]


@dataclass
class Servers:
    """The games of the two servers, by what they are."""

    home_finished: int
    home_active: int
    home_lobby: int
    ann_lobby: int
    away_finished: int
    away_active: int


async def table(
    store: Store, guild: int, channel: int, host: int, people: list[int], seed: int | None
) -> Game:
    """A game: `people` seated in order (the first is `host`), started when `seed` is given."""
    game = await store.create_game(
        guild_id=guild,
        channel_id=channel,
        host_user_id=host,
        edition="updated",
        kind="lords_of_vegas",
    )
    colors = ["red", "blue", "green", "yellow"][: len(people)]
    for color, person in zip(colors, people, strict=True):
        game = await store.add_seat(game.id, game.version, color, user_id=person, name=f"P{person}")
    if seed is None:
        return game
    settings = GameSettings(edition="updated", players=colors, seed=seed)
    state, _ = new_game(settings)
    return await store.start_game(game.id, game.version, settings, state.model_dump_json())


async def play(store: Store, game_id: int, moves: int | None, seed: int) -> None:
    """Random moves (to the end when `moves` is None), each with its news in the outbox."""
    player = RandomPlayer(seed=seed)
    played = 0
    while moves is None or played < moves:
        game = await store.game(game_id)
        if game.status != "active":
            return
        actor, line, state_json, over = decide(game, player)
        await store.save_action(
            game.id, game.version, actor, line, state_json, game_over=over, outgoing=Outgoing()
        )
        played += 1
    for news in await store.all_news():  # a finished game's news has gone out
        if moves is None and news.game_id == game_id:
            await store.drop_news(news.id)


async def fill(path: Path) -> Servers:
    """Two servers' games: finished, under way and in the lobby, with prompts, timers, drafts."""
    async with await Store.open(path, kinds=GAMES) as store:
        home_finished = await table(store, HOME, 11, ANN, [ANN, BEN], seed=1)
        await play(store, home_finished.id, None, seed=1)
        home_active = await table(store, HOME, 12, BEN, [BEN, ANN, CAT], seed=2)
        await play(store, home_active.id, 20, seed=2)
        await store.add_prompt(home_active.id, "decision", 1, 12, 555, None)
        await store.set_turn_timer(home_active.id, 3, "red", 100.0, 200.0)
        home_lobby = await table(store, HOME, 13, CAT, [CAT, ANN], seed=None)
        ann_lobby = await table(store, HOME, 14, ANN, [ANN, DAN], seed=None)
        away_finished = await table(store, AWAY, 21, ANN, [ANN, DAN], seed=3)
        await play(store, away_finished.id, None, seed=3)
        away_active = await table(store, AWAY, 22, DAN, [DAN, ANN], seed=4)
        await play(store, away_active.id, 10, seed=4)
        await store.save_draft(12, ANN, '{"steps": []}')
        await store.save_draft(22, ANN, '{"steps": []}')
        await store.save_draft(22, DAN, '{"steps": []}')
        return Servers(
            home_finished.id,
            home_active.id,
            home_lobby.id,
            ann_lobby.id,
            away_finished.id,
            away_active.id,
        )


Row = dict[str, object]


def rows(path: Path) -> dict[str, list[Row]]:
    """Every row of every table, by column name, to compare a database before and after."""
    with closing(sqlite3.connect(path)) as db:
        db.row_factory = sqlite3.Row
        tables = [t for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {
            t: sorted((dict(row) for row in db.execute(f"SELECT * FROM {t}")), key=repr)
            for t in tables
        }


def count(path: Path, sql: str, *parameters: object) -> int:
    with closing(sqlite3.connect(path)) as db:
        return int(db.execute(sql, parameters).fetchone()[0])


@pytest.fixture
def servers(db_path: Path) -> Servers:
    return asyncio.run(fill(db_path))


def test_every_table_says_how_it_is_forgotten(db_path: Path) -> None:
    async def open_it() -> None:
        await (await Store.open(db_path, kinds=GAMES)).close()

    asyncio.run(open_it())
    assert set(rows(db_path)) == set(TABLES)


def test_a_dry_run_changes_nothing_and_counts_what_forgetting_a_server_removes(
    servers: Servers, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = rows(db_path)
    assert main(["--database", str(db_path), "forget", "--guild", str(HOME)]) == 0
    dry = capsys.readouterr().out
    assert rows(db_path) == before
    assert "Dry run: nothing was changed." in dry
    home = (servers.home_finished, servers.home_active, servers.home_lobby, servers.ann_lobby)
    assert f"games concerned: {', '.join(map(str, home))}" in dry
    in_home = f"game_id IN (SELECT id FROM games WHERE guild_id = {HOME})"
    for table in ("seats", "moves", "snapshots", "outbox", "prompts", "turn_timers"):
        expected = count(db_path, f"SELECT count(*) FROM {table} WHERE {in_home}")
        assert expected > 0, table
        assert f"{table}: {expected} rows would be deleted or changed" in dry
    assert "games: 4 rows would be" in dry and "offer_drafts: 1 rows would be" in dry

    assert main(["--database", str(db_path), "forget", "--guild", str(HOME), "--yes"]) == 0
    done = capsys.readouterr().out
    assert done.replace("rows deleted or changed", "rows would be deleted or changed") == (
        dry.replace("\nDry run: nothing was changed. Add --yes to forget this for good.", "")
    )
    after = rows(db_path)
    assert [g["id"] for g in after["games"]] == [servers.away_finished, servers.away_active]
    assert [g for g in before["games"] if g["id"] not in home] == after["games"]
    for table in ("seats", "moves", "snapshots", "outbox", "prompts", "turn_timers"):
        assert [r for r in before[table] if r["game_id"] not in home] == after[table], table
    drafts = [(d["channel_id"], d["user_id"]) for d in after["offer_drafts"]]
    assert drafts == [(22, ANN), (22, DAN)]


def test_the_move_log_stays_append_only_after_forgetting(servers: Servers, db_path: Path) -> None:
    assert main(["--database", str(db_path), "forget", "--guild", str(HOME), "--yes"]) == 0
    with closing(sqlite3.connect(db_path)) as db:
        for sql in (
            f"DELETE FROM moves WHERE game_id = {servers.away_finished}",
            f"UPDATE moves SET command = 'red: end' WHERE game_id = {servers.away_active}",
        ):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                db.execute(sql)


def test_forgetting_a_person_unlinks_them_and_keeps_everyone_elses_games(
    servers: Servers, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = rows(db_path)
    assert main(["--database", str(db_path), "forget", "--user", str(ANN)]) == 0
    assert "Dry run" in capsys.readouterr().out
    assert rows(db_path) == before

    assert main(["--database", str(db_path), "forget", "--user", str(ANN), "--yes"]) == 0
    capsys.readouterr()
    after = rows(db_path)
    ids = ("host_user_id", "user_id", "actor_user_id")
    for table, table_rows in after.items():  # nothing links to Ann any more
        for row in table_rows:
            assert ANN not in [row.get(column) for column in ids], (table, row)
            assert "P101" not in repr(row), (table, row)
    assert len(after["games"]) == len(before["games"])
    # Her moves keep their command and lose their sender; nobody else's change.
    unsent = [{**m, "actor_user_id": None} for m in before["moves"]]
    assert [{**m, "actor_user_id": None} for m in after["moves"]] == unsent
    others = [m for m in before["moves"] if m["actor_user_id"] != ANN]
    assert others == [m for m in after["moves"] if m["actor_user_id"] is not None]

    async def check() -> None:
        async with await Store.open(db_path, kinds=GAMES) as store:
            finished = await store.game(servers.home_finished)
            [hers] = [s for s in finished.seats if s.forgotten]
            assert (hers.color, hers.name, hers.is_human) == ("red", None, False)
            assert finished.host_user_id == 0 and finished.status == "finished"
            going = await store.game(servers.home_active)
            [hers] = [s for s in going.seats if s.forgotten]
            assert hers.resigned and going.status == "active"
            assert [s.user_id for s in going.seats if not s.forgotten] == [BEN, CAT]
            lobby = await store.game(servers.home_lobby)  # she leaves Cat's lobby
            assert [s.user_id for s in lobby.seats] == [CAT] and lobby.status == "lobby"
            assert (await store.game(servers.ann_lobby)).status == "abandoned"  # hers closes
            # Every game still replays from its log to its saved state.
            for game_id in await store.game_ids():
                assert (await verify_game(store, game_id)).ok, game_id
            # She leaves the server's stats; Ben's record stays.
            assert await player_record(store, LORDS, HOME, ANN) is None
            assert await player_record(store, LORDS, HOME, BEN) is not None
            assert {p.user_id for p in await top_players(store, LORDS, HOME)} == {BEN}

    asyncio.run(check())
    assert [(d["channel_id"], d["user_id"]) for d in after["offer_drafts"]] == [(22, DAN)]
