"""Prompt messages and offer drafts are kept, found when due, and closed."""

from __future__ import annotations

from pathlib import Path

from bot.games import GAMES
from bot.store import Store


async def test_prompts_are_kept_found_when_due_and_closed(database: Path | str) -> None:
    store = await Store.open(database, kinds=GAMES)
    try:
        game = await store.create_game(
            guild_id=1, channel_id=2, host_user_id=3, edition="updated", kind="lords_of_vegas"
        )
        assert await store.add_prompt(game.id, "offer", 1, 2, 100, 50.0)
        assert not await store.add_prompt(game.id, "offer", 1, 2, 101, 60.0)  # one per offer
        assert await store.add_prompt(game.id, "decision", 1, 2, 102, None)
        assert await store.add_prompt(game.id, "decision", 2, 2, 103, 80.0)
        assert [(p.kind, p.ref, p.message_id) for p in await store.open_prompts(game.id)] == [
            ("decision", 1, 102),
            ("decision", 2, 103),
            ("offer", 1, 100),
        ]
        assert await store.next_prompt_due() == 50.0
        assert [p.message_id for p in await store.due_prompts(70.0)] == [100]
        await store.close_prompt(game.id, "offer", 1)
        assert await store.due_prompts(70.0) == []
        assert await store.next_prompt_due() == 80.0
        assert len(await store.open_prompts(game.id)) == 2
    finally:
        await store.close()


async def test_offer_drafts_survive_reopening_and_can_be_deleted(database: Path | str) -> None:
    store = await Store.open(database, kinds=GAMES)
    await store.save_draft(5, 6, '{"steps": ["red pays blue 1"]}')
    await store.save_draft(5, 6, '{"steps": ["red pays blue 2"]}')
    await store.close()
    store = await Store.open(database, kinds=GAMES)
    try:
        assert await store.draft(5, 6) == '{"steps": ["red pays blue 2"]}'
        assert await store.draft(5, 7) is None
        await store.delete_draft(5, 6)
        assert await store.draft(5, 6) is None
    finally:
        await store.close()
