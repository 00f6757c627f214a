"""A whole game of three players, from `/lov new` to the final standings, by slash commands."""

from __future__ import annotations

import io
import json

from PIL import Image

from bot.app import VegasHost
from engine.lords_of_vegas.record import GameRecord
from tests.bot.conftest import Table
from tests.bot.players import (
    answer_prompt,
    build_something,
    decision_prompts,
    mentioned,
    prompt_closed,
    prompted_user,
)


async def test_three_players_play_a_whole_game(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    await emu.slash(table.alice, channel, "lov new")
    await emu.slash(table.bob, channel, "lov join")
    await emu.slash(table.carol, channel, "lov join", color="green")
    reply = await emu.slash(table.alice, channel, "lov start")

    turn_posts = 0
    [current] = mentioned(reply, players)
    for _ in range(400):
        if "wins Lords of Vegas" in reply.content:
            break
        assert reply.message is not None and not reply.ephemeral
        if reply.message.attachments:
            turn_posts += 1
            board = Image.open(io.BytesIO(reply.message.attachment("board.png").data))
            assert board.format == "PNG" and board.size == (1192, 1077)
        prompts = decision_prompts(reply.posted)
        if prompts:
            current = prompted_user(prompts[0], players)
            answered = await answer_prompt(emu, prompts[0], current)
            await prompt_closed(emu, prompts[0])
            assert not decision_prompts([prompts[0]])  # the prompt lost its menu
            reply = answered
            continue
        built = await build_something(emu, current, channel)
        if built is not None and decision_prompts(built.posted):
            reply = built
            continue
        reply = await emu.slash(current, channel, "lov end")
        found = mentioned(reply, players)
        if found and "wins Lords of Vegas" not in reply.content:
            [current] = found
    else:
        raise AssertionError("the game did not end")

    final = reply.message
    assert final is not None and final.attachment("board.png").data
    standings = final.embeds[0]["description"]
    assert "Final standings" in standings
    for name in ("Alice", "Bob", "Carol"):
        assert name in standings
    assert turn_posts >= 25
    # Everyone in the game was pinged at the end, and nobody else could be.
    assert {u.id for u in mentioned(reply, players)} == {p.id for p in players}

    # The exported record replays to the same end.
    status = await emu.slash(table.alice, channel, "lov status")
    assert status.ephemeral  # the game is over: no open game in the channel any more
    assert emu.unknown_routes == []


async def test_export_replays_to_the_saved_state(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "lov new")
    await emu.slash(table.bob, channel, "lov join")
    reply = await emu.slash(table.alice, channel, "lov start")
    for _ in range(3):
        [user] = mentioned(reply, [table.alice, table.bob])
        await build_something(emu, user, channel)
        reply = await emu.slash(user, channel, "lov end")

    exported = await emu.slash(table.bob, channel, "lov export")
    assert exported.ephemeral
    [file] = exported.attachments
    record = GameRecord.model_validate(json.loads(file.data))
    assert vegas.store is not None
    game = await vegas.store.open_game(channel.id)
    assert game is not None and game.state_json is not None
    assert record.replay()[0] == game.state()
