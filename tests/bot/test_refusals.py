"""Every refusal is a private message a player can act on, and changes nothing."""

from __future__ import annotations

from bot.app import VegasHost
from engine.lords_of_vegas import BOARD
from tests.bot.conftest import Table
from tests.bot.players import build_something, mentioned
from tests.discord_emulator import Reply, User


def refused(reply: Reply, *words: str) -> None:
    assert reply.ephemeral, reply.content
    for word in words:
        assert word.lower() in reply.content.lower(), reply.content


async def saved_version(vegas: VegasHost, channel_id: int) -> int:
    assert vegas.store is not None
    game = await vegas.store.open_game(channel_id)
    assert game is not None
    return game.version


async def test_commands_without_a_game_say_how_to_start_one(table: Table, vegas: VegasHost) -> None:
    emu = table.emu
    for command in ("lov join", "lov start", "lov end", "lov status", "lov board", "lov abandon"):
        refused(await emu.slash(table.alice, table.channel, command), "/lov new")


async def test_lobby_refusals(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "lov new", edition="classic")
    refused(await emu.slash(table.bob, channel, "lov new"), "already has a game")
    refused(await emu.slash(table.alice, channel, "lov join"), "already playing red")
    refused(await emu.slash(table.bob, channel, "lov join", color="black"), "not available")
    refused(await emu.slash(table.alice, channel, "lov start"), "2 to 4 players", "1 seated")
    await emu.slash(table.bob, channel, "lov join")
    refused(await emu.slash(table.bob, channel, "lov start"), "only the host")
    refused(await emu.slash(table.bob, channel, "lov kick", player=table.alice), "only the host")
    refused(await emu.slash(table.alice, channel, "lov kick", player=table.carol), "not seated")
    refused(await emu.slash(table.alice, channel, "lov leave"), "host", "/lov abandon")
    refused(await emu.slash(table.carol, channel, "lov leave"), "not seated")
    refused(await emu.slash(table.bob, channel, "lov end"), "has not started")
    await emu.slash(table.carol, channel, "lov join")
    await emu.slash(table.dave, channel, "lov join")
    refused(await emu.slash(table.mod, channel, "lov join"), "full", "4")
    kicked = await emu.slash(table.alice, channel, "lov kick", player=table.dave)
    assert "Dave" in kicked.content and "removed" in kicked.content
    left = await emu.slash(table.carol, channel, "lov leave")
    assert "Carol" in left.content and "(2/4)" in left.content
    await emu.slash(table.alice, channel, "lov start")
    refused(await emu.slash(table.carol, channel, "lov join"), "already started")


async def test_play_refusals_change_nothing(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "lov new")
    await emu.slash(table.bob, channel, "lov join")
    start = await emu.slash(table.alice, channel, "lov start")
    [current] = mentioned(start, [table.alice, table.bob])
    other = table.bob if current is table.alice else table.alice
    version = await saved_version(vegas, channel.id)
    assert vegas.store is not None
    game = await vegas.store.open_game(channel.id)
    assert game is not None
    not_mine = next(lot for lot in BOARD.order if lot not in game.state().lots)

    async def attempt(user: User, command: str, *words: str, **options: object) -> None:
        refused(await emu.slash(user, channel, command, **options), *words)

    await attempt(other, "lov end", "turn, not yours")
    await attempt(table.carol, "lov end", "not playing")
    await attempt(current, "lov build", "can't read", "not a lot", lot="Z9", company="vega")
    await attempt(current, "lov build", "own parking lots", lot=not_mine, company="vega")
    await attempt(current, "lov gamble", "no casino at", lot=not_mine, amount=5)
    await attempt(current, "lov decide", "not waiting for a decision", answer="A1=3")
    await attempt(current, "lov trade accept", "no open offer #7", offer=7)
    await attempt(current, "lov trade offer", "can't read the step", terms="red pays")
    await attempt(table.carol, "lov trade offer", "not playing", terms="red pays blue 1")
    # Text the notation cannot read, whatever the option: digits of other scripts (a
    # superscript two, Arabic-Indic twelve), the largest integer Discord sends, a
    # 5,000-digit lot. Each is a short private refusal, never an apology.
    await attempt(
        current, "lov trade offer", "can't read", "traded", terms="red does place A1=\u00b2"
    )
    await attempt(current, "lov trade offer", "digits 0-9", terms="red pays blue \u0661\u0662")
    await attempt(current, "lov trade accept", "too large", offer=2**53 - 1)
    await attempt(current, "lov build", "not a lot", lot="9" * 5000, company="vega")
    assert (
        len(
            (await emu.slash(current, channel, "lov build", lot="9" * 5000, company="vega")).content
        )
        < 400
    )
    assert await saved_version(vegas, channel.id) == version

    built = await build_something(emu, current, channel)
    assert built is not None and not built.ephemeral and "built" in built.content
    assert await saved_version(vegas, channel.id) == version + 1


async def test_autocomplete_offers_only_legal_moves_to_the_right_player(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "lov new")
    await emu.slash(table.bob, channel, "lov join")
    start = await emu.slash(table.alice, channel, "lov start")
    [current] = mentioned(start, [table.alice, table.bob])
    other = table.bob if current is table.alice else table.alice

    lots = await emu.autocomplete(current, channel, "lov build", "lot")
    assert vegas.store is not None
    game = await vegas.store.open_game(channel.id)
    assert game is not None
    state = game.state()
    color = next(seat.color for seat in game.seats if seat.user_id == current.id)
    mine = {lot for lot, owner in state.lots.items() if owner == color}
    money = state.player(color).money  # type: ignore[arg-type]
    affordable = {lot for lot in mine if BOARD.lots[lot].price <= money}
    assert {c["value"] for c in lots} == affordable
    for choice in lots:
        price = BOARD.lots[choice["value"]].price
        assert f"${price}m" in choice["name"]
    assert await emu.autocomplete(other, channel, "lov build", "lot") == []
    assert await emu.autocomplete(table.carol, channel, "lov build", "lot") == []
    assert await emu.autocomplete(current, channel, "lov gamble", "lot") == []
    assert await emu.autocomplete(current, channel, "lov decide", "answer") == []
    typed = await emu.autocomplete(current, channel, "lov build", "lot", typed="zz")
    assert typed == []
