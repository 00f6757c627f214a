"""A whole game of three players, from `/lov new` to the final standings, by slash commands."""

from __future__ import annotations

import io
import json

from PIL import Image

from bot.app import VegasHost
from bot.games.lords_of_vegas.posts import narrate
from engine.lords_of_vegas.events import GameOver
from engine.lords_of_vegas.record import GameRecord, PublicRecord, public_state
from tests.bot.conftest import TEST_SEED, Table
from tests.bot.players import (
    answer_prompt,
    build_something,
    decision_prompts,
    mentioned,
    prompt_closed,
    prompted_user,
)
from tests.discord_emulator import User
from tests.engine.test_public_record import keys


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

    await the_ended_game_stays_readable(table, vegas, current)
    assert emu.unknown_routes == []


async def the_ended_game_stays_readable(table: Table, vegas: VegasHost, player: User) -> None:
    """After "Game over", the channel's last game shows, exports in full, refuses moves."""
    emu, channel = table.emu, table.channel
    assert vegas.store is not None
    [game] = await vegas.store.finished_games()
    final = game.state()

    status = await emu.slash(table.dave, channel, "lov status")
    assert not status.ephemeral
    fields = {field["name"]: field["value"] for field in status.embeds[0]["fields"]}
    assert "won." in fields["Result"] and not any("▶" in name for name in fields)
    board = await emu.slash(table.dave, channel, "lov board")
    assert board.embeds[0]["title"].startswith("Final board")
    assert board.message is not None and board.message.attachment("board.png").data
    # Now the whole record, with the seed, which replays to the final state.
    exported = await emu.slash(table.dave, channel, "lov export")
    assert exported.ephemeral and "full record" in exported.content
    record = GameRecord.model_validate(json.loads(exported.attachments[0].data))
    assert record.settings.seed == TEST_SEED
    replayed, events = record.replay()
    assert replayed == final and isinstance(events[-1], GameOver)
    log = await emu.slash(table.dave, channel, "lov log", count=3)
    assert log.embeds[0]["description"].splitlines() == narrate(events[-3:], game, asks=True)

    for user, command in (
        (player, "lov end"),
        (table.dave, "lov join"),
        (table.alice, "lov start"),
    ):
        refused = await emu.slash(user, channel, command)
        assert refused.ephemeral and refused.content.startswith("The game is over:")
        assert "`/lov new` starts the next one" in refused.content

    # Until a new game opens in the channel.
    await emu.slash(table.bob, channel, "lov new")
    assert "In the lobby" in (await emu.slash(table.dave, channel, "lov status")).content
    assert "not started yet" in (await emu.slash(table.dave, channel, "lov export")).content


async def test_export_during_a_game_tells_nothing_of_the_cards_and_dice_to_come(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "lov new")
    await emu.slash(table.bob, channel, "lov join")
    reply = await emu.slash(table.alice, channel, "lov start")
    for _ in range(3):
        [user] = mentioned(reply, [table.alice, table.bob])
        await build_something(emu, user, channel)
        reply = await emu.slash(user, channel, "lov end")

    exported = await emu.slash(table.carol, channel, "lov export")  # a spectator
    assert exported.ephemeral and "public record" in exported.content
    [file] = exported.attachments
    data = json.loads(file.data)
    assert not keys(data) & {"seed", "rng", "deck", "settings"}
    assert vegas.store is not None
    assert vegas.tables is not None
    game, moves = await vegas.store.game_and_moves((await vegas.tables.shown_game(channel.id)).id)
    state = game.state()
    # The public record: seating, every accepted command, the board as everyone sees it.
    record = PublicRecord.model_validate(data)
    assert record.players == ["red", "blue"]
    assert record.commands == [move.command for move in moves]
    assert record.state == public_state(state)

    # Nothing else the bot says gives the seed or the generator away either.
    said = [
        reply,
        await emu.slash(table.carol, channel, "lov status"),
        await emu.slash(table.carol, channel, "lov log", count=100),
    ]
    texts = [json.dumps([m.content, m.embeds]) for m in emu.history(channel)]
    texts += [json.dumps([r.content, r.embeds]) for r in said]
    for secret in (str(TEST_SEED), str(state.rng.state)):
        assert not any(secret in text for text in texts)
