"""What a process takes up by itself, asked of the store for its shards' guilds only:
turn timers and prompts coming due, news left over, games under way."""

from __future__ import annotations

from bot.shards import Shards, parse_shard_ids
from bot.store import Game, Outgoing, Store
from engine.lords_of_vegas.randomplay import RandomPlayer
from tests.store.playthrough import HOST_USER_ID, decide, seat_and_start

# Guild ids whose shard, of 2, is 0 and 1 (Discord keeps the creation time above bit 22).
SHARD_ZERO_GUILD = (7000 << 22) + 17
SHARD_ONE_GUILD = (7001 << 22) + 17
ZERO, ONE, BOTH = Shards(2, (0,)), Shards(2, (1,)), Shards.every(2)


async def game_in(store: Store, guild_id: int | None, channel_id: int) -> Game:
    """A started game in a guild (None: outside any guild), with one move and its news."""
    lobby = await store.create_game(
        guild_id=guild_id,
        channel_id=channel_id,
        host_user_id=HOST_USER_ID,
        edition="updated",
        kind="lords_of_vegas",
    )
    game = await seat_and_start(store, lobby, ["red", "blue"], seed=channel_id)
    actor, line, state_json, _ = decide(game, RandomPlayer(channel_id))
    await store.save_action(game.id, game.version, actor, line, state_json, outgoing=Outgoing())
    return await store.game(game.id)


def test_a_guild_belongs_to_the_shard_of_its_creation_time() -> None:
    assert ZERO.of_guild(SHARD_ZERO_GUILD) == 0 and ONE.of_guild(SHARD_ONE_GUILD) == 1
    assert ZERO.owns(None) and not ONE.owns(None)  # direct messages come on shard 0
    assert Shards(4, parse_shard_ids("0-1, 3")).ids == (0, 1, 3)
    assert parse_shard_ids("2,0,1-2") == (0, 1, 2)
    assert BOTH.syncs_commands and ZERO.syncs_commands and not ONE.syncs_commands
    assert str(Shards(4, (2, 3))) == "shards 2, 3 of 4"


async def test_each_process_gets_only_what_is_due_in_its_shards_guilds(store: Store) -> None:
    zero = await game_in(store, SHARD_ZERO_GUILD, 81)
    one = await game_in(store, SHARD_ONE_GUILD, 82)
    outside = await game_in(store, None, 83)
    for game, due in ((zero, 30.0), (one, 10.0), (outside, 20.0)):
        await store.set_turn_timer(game.id, 1, "red", due, due + 100)
        await store.add_prompt(game.id, "offer", 1, game.channel_id, 900 + game.id, due + 1)

    def ids(found: list[Game]) -> list[int]:
        return [game.id for game in found]

    assert ids(await store.active_games(shards=ZERO)) == [zero.id, outside.id]
    assert ids(await store.active_games(shards=ONE)) == [one.id]
    assert ids(await store.active_games(shards=BOTH)) == ids(await store.active_games())
    assert [t.game_id for t in await store.due_turn_timers(100.0, ZERO)] == [outside.id, zero.id]
    assert [t.game_id for t in await store.due_turn_timers(100.0, ONE)] == [one.id]
    assert await store.next_turn_timer_due(ZERO) == 20.0
    assert await store.next_turn_timer_due(ONE) == 10.0
    assert await store.next_turn_timer_due() == 10.0
    assert [p.game_id for p in await store.due_prompts(100.0, ZERO)] == [outside.id, zero.id]
    assert [p.game_id for p in await store.due_prompts(100.0, ONE)] == [one.id]
    assert await store.next_prompt_due(ZERO) == 21.0
    assert await store.next_prompt_due(ONE) == 11.0
    assert {n.game_id for n in await store.all_news(ZERO)} == {zero.id, outside.id}
    assert {n.game_id for n in await store.all_news(ONE)} == {one.id}
    assert len(await store.all_news(BOTH)) == len(await store.all_news()) == 3
    assert await store.next_turn_timer_due(Shards(3, (1,))) == 30.0  # 7000 % 3 == 1
