"""The outbox: a move's news is saved in the move's own transaction, and kept until posted."""

from __future__ import annotations

import pytest

from bot.store import Asker, Outgoing, Store, VersionConflict
from engine.lords_of_vegas import GameSettings, new_game
from engine.lords_of_vegas.randomplay import RandomPlayer
from tests.store.playthrough import decide, open_lobby, start_table, user_id_for


async def test_news_is_saved_with_its_move_and_kept_until_dropped(store: Store) -> None:
    lobby = await open_lobby(store, channel_id=71)
    for position, color in enumerate(("red", "blue"), start=1):
        lobby = await store.add_seat(lobby.id, lobby.version, color, user_id=user_id_for(position))
    settings = GameSettings(players=["red", "blue"], seed=5)
    initial, _ = new_game(settings)
    asker = Asker(interaction_id=900, token="token-of-the-start")
    game = await store.start_game(
        lobby.id,
        lobby.version,
        settings,
        initial.model_dump_json(),
        outgoing=Outgoing(asker=asker),
    )
    before = game.state_json
    actor, line, state_json, _ = decide(game, RandomPlayer(1))
    saved = await store.save_action(
        game.id, game.version, actor, line, state_json, outgoing=Outgoing(note="⏰ Time is up.")
    )

    start, move = await store.all_news()
    assert (start.game_id, start.seq, start.channel_id) == (game.id, 0, 71)
    assert start.state_before is None and start.command is None
    assert start.asker == asker and start.note == ""
    assert (move.seq, move.command, move.actor_user_id) == (saved.seq, line, actor)
    assert move.state_before == before  # the snapshot the move replaced
    assert move.note == "⏰ Time is up." and move.asker is None
    assert await store.channel_news(71) == [start, move]
    assert await store.channel_news(71, limit=1) == [start]
    assert await store.channel_news(72) == []

    await store.drop_news(start.id)
    assert await store.channel_news(71) == [move]
    await store.drop_news(move.id)
    assert await store.all_news() == []


async def test_a_refused_move_leaves_no_news(store: Store) -> None:
    game = await start_table(store, channel_id=73, colors=["red", "blue"], seed=6)
    actor, line, state_json, _ = decide(game, RandomPlayer(2))
    await store.save_action(game.id, game.version, actor, line, state_json, outgoing=Outgoing())

    with pytest.raises(VersionConflict):  # computed from the old version: nothing is written
        await store.save_action(game.id, game.version, actor, line, state_json, outgoing=Outgoing())

    [news] = await store.all_news()
    assert news.seq == 1
