"""Board, status, log, export, rules, and abandoning a game with a confirmation."""

from __future__ import annotations

import io

from PIL import Image

from bot.app import VegasHost
from tests.bot.conftest import Table
from tests.bot.players import build_something, mentioned
from tests.discord_emulator import User


async def start_two_player_game(table: Table) -> None:
    emu = table.emu
    await emu.slash(table.alice, table.channel, "lov new")
    await emu.slash(table.bob, table.channel, "lov join")
    reply = await emu.slash(table.alice, table.channel, "lov start")
    [user] = mentioned(reply, [table.alice, table.bob])
    await build_something(emu, user, table.channel)
    await emu.slash(user, table.channel, "lov end")


async def test_board_status_log_and_rules_for_anyone(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    await start_two_player_game(table)

    board = await emu.slash(table.carol, channel, "lov board")
    assert not board.ephemeral and board.response_type == 5
    image = Image.open(io.BytesIO(board.message.attachment("board.png").data))  # type: ignore[union-attr]
    assert image.format == "PNG"

    status = await emu.slash(table.carol, channel, "lov status")
    [embed] = status.embeds
    fields = {field["name"]: field["value"] for field in embed["fields"]}
    assert any("Alice (red)" in name for name in fields)
    assert any("Bob (blue)" in name for name in fields)
    assert any("Cards drawn" in name for name in fields)
    assert any("markers left" in value for value in fields.values())

    log = await emu.slash(table.carol, channel, "lov log", count=5)
    assert log.ephemeral
    lines = log.embeds[0]["description"].splitlines()
    assert len(lines) == 5
    assert any("draws" in line or "drew" in line or "pay" in line for line in lines)

    rules = await emu.slash(table.carol, channel, "lov rules", topic="sprawl")
    assert rules.ephemeral and "twice the lot's price" in rules.embeds[0]["description"]
    overview = await emu.slash(table.carol, channel, "lov rules")
    assert "boss" in overview.embeds[0]["description"]


async def test_abandon_needs_the_host_or_a_moderator_and_a_confirmation(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    await start_two_player_game(table)

    refusal = await emu.slash(table.bob, channel, "lov abandon")
    assert refusal.ephemeral and "host" in refusal.content and not refusal.custom_ids

    prompt = await emu.slash(table.alice, channel, "lov abandon")
    assert prompt.ephemeral and len(prompt.custom_ids) == 2
    keep = next(cid for cid in prompt.custom_ids if cid.endswith(":no"))
    kept = await emu.click(table.alice, prompt.message, keep)  # type: ignore[arg-type]
    assert "goes on" in kept.content
    assert not (await emu.slash(table.carol, channel, "lov status")).ephemeral

    # A moderator may abandon; a stale prompt (the game moved on) is refused.
    stale = await emu.slash(table.mod, channel, "lov abandon")
    current = await _current(vegas, table)
    await emu.slash(current, channel, "lov end")
    yes = next(cid for cid in stale.custom_ids if cid.endswith(":yes"))
    outdated = await emu.click(table.mod, stale.message, yes)  # type: ignore[arg-type]
    assert "changed since you asked" in outdated.content

    fresh = await emu.slash(table.mod, channel, "lov abandon")
    yes = next(cid for cid in fresh.custom_ids if cid.endswith(":yes"))
    done = await emu.click(table.mod, fresh.message, yes)  # type: ignore[arg-type]
    assert "abandoned" in done.content
    assert any("abandoned the game" in m.content for m in emu.history(channel))
    # The abandoned game still shows, and its full record exports; moves are refused.
    again = await emu.slash(table.alice, channel, "lov status")
    fields = {field["name"]: field["value"] for field in again.embeds[0]["fields"]}
    assert not again.ephemeral and "abandoned" in fields["Result"]
    exported = (await emu.slash(table.carol, channel, "lov export")).content
    # In words a player reads; how a developer uses the file comes last, in brackets.
    assert exported.startswith("The full record of game ") and "GameRecord" not in exported
    assert ": its seed and every move, in order. With it anyone can replay the whole game, " in (
        exported
    )
    assert exported.endswith("(with the project's code: `python3 tasks.py run render FILE`).")
    refused = await emu.slash(current, channel, "lov end")
    assert (
        refused.ephemeral and "was abandoned" in refused.content and "/lov new" in refused.content
    )
    opened = await emu.slash(table.alice, channel, "lov new")
    assert not opened.ephemeral


async def _current(vegas: VegasHost, table: Table) -> User:
    assert vegas.store is not None
    game = await vegas.store.open_game(table.channel.id)
    assert game is not None
    color = game.state().current
    seat = game.seat_of(color)
    assert seat is not None
    return table.alice if seat.user_id == table.alice.id else table.bob


async def test_the_host_can_have_the_board_posted_after_every_action(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "lov new", images="action")
    await emu.slash(table.bob, channel, "lov join")
    reply = await emu.slash(table.alice, channel, "lov start")
    [user] = mentioned(reply, [table.alice, table.bob])
    built = await build_something(emu, user, channel)
    assert built is not None and built.message is not None
    assert built.message.attachment("board.png").data
    assert "built" in built.content
