"""Concurrency: many tasks on several connections hammer the same games at once.

Each task loads a game, computes a random move on the state it loaded, yields to the
others, and saves with the version it loaded; a `VersionConflict` sends it back to
reload. Nothing may be lost or doubled, and each game must equal a serial replay.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from pathlib import Path

from bot.games import GAMES as KNOWN_GAMES
from bot.store import Store, VersionConflict, verify_game
from engine.lords_of_vegas.randomplay import RandomPlayer
from tests.store.playthrough import decide, start_table

CONNECTIONS = 3
GAMES = 4
TASKS = 24
MOVES_PER_TASK = 12


async def test_many_tasks_on_many_connections_lose_no_update(database: Path | str) -> None:
    stores = [await Store.open(database, kinds=KNOWN_GAMES) for _ in range(CONNECTIONS)]
    games = [
        await start_table(stores[0], 500 + n, ["red", "blue", "green"], seed=n)
        for n in range(GAMES)
    ]
    acknowledged: dict[int, list[tuple[int, str]]] = defaultdict(list)
    conflicts = 0

    async def hammer(task: int) -> None:
        nonlocal conflicts
        store = stores[task % CONNECTIONS]
        game_id = games[task % GAMES].id
        player = RandomPlayer(seed=1000 + task)
        for _ in range(MOVES_PER_TASK):
            while True:
                game = await store.game(game_id)
                if game.status != "active":
                    return
                actor, line, state_json, over = decide(game, player)
                await asyncio.sleep(0)  # let the other tasks load the same version
                try:
                    saved = await store.save_action(
                        game.id, game.version, actor, line, state_json, game_over=over
                    )
                except VersionConflict:
                    conflicts += 1
                    continue
                acknowledged[game_id].append((saved.seq, line))
                break

    try:
        await asyncio.gather(*(hammer(task) for task in range(TASKS)))
        assert conflicts > 0  # the tasks really did collide
        for started in games:
            game, moves = await stores[1].game_and_moves(started.id)
            saves = sorted(acknowledged[started.id])
            assert [seq for seq, _ in saves] == list(range(1, len(saves) + 1))
            assert [(m.seq, m.command) for m in moves] == saves
            assert game.version == started.version + len(saves)
            verdict = await verify_game(stores[2], started.id)  # serial replay == snapshot
            assert verdict.ok, verdict.problems
            assert verdict.moves == len(saves)
    finally:
        for store in stores:
            await store.close()


async def test_different_channels_progress_independently(database: Path | str) -> None:
    store = await Store.open(database, kinds=KNOWN_GAMES)
    try:
        games = [
            await start_table(store, 600 + n, ["red", "blue"], seed=n, ai_colors=["blue"])
            for n in range(8)
        ]

        async def play(game_id: int, seed: int) -> int:
            player = RandomPlayer(seed=seed)
            saved = 0
            for _ in range(20):
                game = await store.game(game_id)
                if game.status != "active":
                    break
                actor, line, state_json, over = decide(game, player)
                await asyncio.sleep(0)
                await store.save_action(
                    game.id, game.version, actor, line, state_json, game_over=over
                )
                saved += 1
            return saved

        counts = await asyncio.gather(*(play(g.id, g.id) for g in games))
        for game, count in zip(games, counts, strict=True):
            assert (await store.game(game.id)).moves == count
            assert (await verify_game(store, game.id)).ok
    finally:
        await store.close()


async def test_saves_cancelled_at_any_point_leave_the_game_whole(store: Store) -> None:
    game = await start_table(store, 700, ["red", "blue", "green"], seed=7)
    player = RandomPlayer(seed=7)
    acknowledged: list[tuple[int, str]] = []
    cancelled = 0
    for attempt in range(120):
        game = await store.game(game.id)
        if game.status != "active":
            break
        actor, line, state_json, over = decide(game, player)
        save = asyncio.create_task(
            store.save_action(game.id, game.version, actor, line, state_json, game_over=over)
        )
        await asyncio.sleep(attempt % 12 * 0.0001)  # cancel it at a different step each time
        save.cancel()
        try:
            saved = await save
        except asyncio.CancelledError:
            cancelled += 1
            continue
        acknowledged.append((saved.seq, line))

    assert cancelled > 0
    game, moves = await store.game_and_moves(game.id)
    logged = {(m.seq, m.command) for m in moves}
    assert set(acknowledged) <= logged
    assert (await verify_game(store, game.id)).ok
    assert game.moves == len(moves)
    assert await store.integrity_problems() == []
    if game.status == "active":  # the store is still usable after all those cancellations
        actor, line, state_json, over = decide(game, player)
        saved = await store.save_action(game.id, game.version, actor, line, state_json)
        assert saved.seq == len(moves) + 1
