"""The Rematch button on a finished game's final post: the same game, edition, settings and
computer seats, the old host hosting, each player seated in their colour on their click."""

from __future__ import annotations

from bot.app import VegasHost
from tests.bot.conftest import Table
from tests.bot.players import answer_prompt, build_something, decision_prompts, next_message
from tests.discord_emulator import Message


async def play_against_a_computer(table: Table) -> Message:
    """Alice (host) and an easy computer play a whole game; the final post."""
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "lov new", edition="classic", images="action")
    await emu.slash(table.alice, channel, "lov addbot", level="easy", color="green")
    await emu.slash(table.alice, channel, "lov start")
    seen = 0
    for _ in range(300):
        message, seen = await next_message(
            emu,
            channel,
            lambda m: f"<@{table.alice.id}>" in m.content or "wins Lords of Vegas" in m.content,
            seen,
        )
        if "wins Lords of Vegas" in message.content:
            return message
        if decision_prompts([message]):
            await answer_prompt(emu, message, table.alice)
            continue
        await build_something(emu, table.alice, channel)
        await emu.slash(table.alice, channel, "lov end")
    raise AssertionError("the game did not end")


async def test_a_rematch_after_a_game_with_a_computer_seat(table: Table, vegas: VegasHost) -> None:
    emu, channel, store = table.emu, table.channel, vegas.store
    assert store is not None
    final = await play_against_a_computer(table)
    [old] = await store.finished_games()
    [rematch] = [c for c in final.custom_ids if c.startswith("vegas:rematch:")]

    stranger = await emu.click(table.bob, final, rematch)  # not a player of that game
    assert stranger.ephemeral and "Only the players of the last game" in stranger.content
    assert await store.open_game(channel.id) is None

    opened = await emu.click(table.alice, final, rematch)
    assert not opened.ephemeral and "asks for a rematch" in opened.content
    lobby = await store.open_game(channel.id)
    assert lobby is not None and lobby.status == "lobby" and lobby.id != old.id
    assert (lobby.kind, lobby.edition, lobby.host_user_id) == (old.kind, "classic", table.alice.id)
    assert lobby.options["images"] == "action"
    old_seats = {s.color: (s.user_id, s.ai_level) for s in old.seats}
    assert {s.color: (s.user_id, s.ai_level) for s in lobby.seats} == old_seats

    # The host changes the lobby's settings: it stays this game's rematch.
    await emu.slash(table.alice, channel, "lov settings", turn_timer=60)
    again = await emu.click(table.alice, final, rematch)
    assert again.ephemeral and "already sit in the rematch" in again.content
    started = await emu.slash(table.alice, channel, "lov start")
    assert not started.ephemeral
    late = await emu.click(table.alice, final, rematch)
    assert late.ephemeral and "The rematch has started" in late.content

    # Once the rematch is abandoned and another game opened here, the button is refused.
    ask = await emu.slash(table.alice, channel, "lov abandon")
    assert ask.message is not None
    yes = next(c for c in ask.custom_ids if c.endswith(":yes"))
    assert "abandoned" in (await emu.click(table.alice, ask.message, yes)).content
    assert not (await emu.slash(table.bob, channel, "vs new")).ephemeral
    busy = await emu.click(table.alice, final, rematch)
    assert busy.ephemeral and "This channel already has a game" in busy.content
    assert "/vs abandon" in busy.content
