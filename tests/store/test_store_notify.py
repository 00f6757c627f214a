"""Your-turn message settings and waiting spells are kept: each spell starts once."""

from __future__ import annotations

from pathlib import Path

from bot.games import GAMES
from bot.store import Store


async def test_settings_are_per_person_and_each_waiting_spell_starts_once(db_path: Path) -> None:
    store = await Store.open(db_path, kinds=GAMES)
    try:
        game = await store.create_game(
            guild_id=1, channel_id=2, host_user_id=3, edition="updated", kind="lords_of_vegas"
        )
        await store.set_notify(3, True)
        await store.set_notify(4, True)
        await store.set_notify(4, False)
        assert await store.notified_users([3, 4, 5]) == {3}
        assert await store.notified_users([]) == set()

        assert await store.waiting_spells(game.id, [3]) == {3}
        assert await store.waiting_spells(game.id, [3]) == set()  # still the same spell
        assert await store.waiting_spells(game.id, [3, 4]) == {4}
        assert await store.waiting_spells(game.id, [4]) == set()  # 3's spell ends
        assert await store.waiting_spells(game.id, [3, 4]) == {3}  # a new one begins
        assert await store.waiting_spells(game.id, []) == set()
    finally:
        await store.close()
    reopened = await Store.open(db_path, kinds=GAMES)  # kept across a restart
    try:
        assert await reopened.notified_users([3, 4]) == {3}
    finally:
        await reopened.close()
