"""The memory benchmark fills a database the bot can read, and reads the bot's memory.

A few games only: it checks that the bot starts on the filled database, answers both
leaderboards from it, and that every reading is there; never how much memory was used.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.bot_memory import KINDS, fill, measure
from bot.games import GAMES
from bot.store import Store
from tests.discord_emulator import DiscordEmulator


async def test_the_filled_database_holds_finished_and_active_games_of_both_kinds(
    tmp_path: Path,
) -> None:
    emu = DiscordEmulator()  # its ids and members only: nothing connects to it
    guild = emu.create_guild("Vegas Night")
    people = [emu.create_user(f"player-{number}", guild=guild) for number in range(6)]
    tables = [emu.create_channel(guild, f"table-{number}") for number in range(4)]
    database = tmp_path / "vegas.sqlite3"

    await fill(database, guild.id, people, tables, games=3)

    store = await Store.open(database, kinds=GAMES)
    try:
        for kind in KINDS:
            finished = await store.finished_games(guild_id=guild.id, kind=kind, limit=None)
            assert len(finished) == 3
            assert all(game.state().over for game in finished)
            rated = {rating.game_id for rating in await store.ratings(kind, guild.id)}
            assert rated == {game.id for game in finished}
        active = await store.active_games()
        assert sorted(game.channel_id for game in active) == sorted(t.id for t in tables)
        assert {game.kind for game in active} == set(KINDS)
    finally:
        await store.close()


async def test_the_bot_starts_on_it_and_every_reading_is_taken(tmp_path: Path) -> None:
    started, touched = await measure(tmp_path / "vegas.sqlite3", "sqlite", tmp_path, 3, 1)

    for reading in (started, touched):
        assert reading.process > 0 and reading.peak >= reading.process
        assert reading.workers > 0
