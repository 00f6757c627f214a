"""The trade builder: composing an offer with menus, privately, then posting it."""

from __future__ import annotations

from bot.app import VegasHost
from bot.games.lords_of_vegas.builder import Draft
from tests.bot.conftest import Table
from tests.bot.players import button, offer_prompt, prompt_shows
from tests.discord_emulator import Message, User


def menu_values(message: Message, part: str) -> list[str]:
    menu = message.component(button(message, f":{part}"))
    assert menu is not None
    return [option["value"] for option in menu["options"]]


async def choose(table: Table, user: User, message: Message, part: str, value: str) -> None:
    reply = await table.emu.select(user, message, button(message, f":{part}"), [value])
    assert reply.response_type == 7  # the builder updates in place


async def test_compose_reorder_remove_and_post_an_offer(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "lov new")
    await emu.slash(table.bob, channel, "lov join")
    await emu.slash(table.alice, channel, "lov start")

    opened = await emu.slash(table.alice, channel, "lov trade offer")
    builder = opened.message
    assert builder is not None and opened.ephemeral and "Trade builder" in builder.content
    assert menu_values(builder, "giver") == ["red", "blue"]

    # Step: Alice pays Bob $3m (the amount comes from a form).
    await choose(table, table.alice, builder, "item", "money")
    await choose(table, table.alice, builder, "receiver", "blue")
    form = await emu.click(table.alice, builder, button(builder, ":add"))
    assert form.modal is not None
    await emu.submit(table.alice, form, {"amount": "3"})
    assert "1. **Alice** (red) pays **Bob** (blue) $3m" in builder.content

    # Step: Bob gives Alice one of his parking lots (the menu lists only his).
    await choose(table, table.alice, builder, "giver", "blue")
    lots = [v for v in menu_values(builder, "item") if v.startswith("lot:")]
    assert len(lots) >= 2
    await choose(table, table.alice, builder, "item", lots[0])
    await choose(table, table.alice, builder, "receiver", "red")
    await emu.click(table.alice, builder, button(builder, ":add"))
    lot = lots[0].removeprefix("lot:")
    assert f"2. **Bob** (blue) gives **Alice** (red) the parking lot {lot}" in builder.content

    # A third step, removed again; then the lot moves first.
    await choose(table, table.alice, builder, "giver", "red")
    await choose(table, table.alice, builder, "item", "money")
    await choose(table, table.alice, builder, "receiver", "blue")
    form = await emu.click(table.alice, builder, button(builder, ":add"))
    await emu.submit(table.alice, form, {"amount": "1"})
    assert "3. " in builder.content
    await choose(table, table.alice, builder, "edit", "remove:3")
    await choose(table, table.alice, builder, "edit", "up:2")
    assert "3. " not in builder.content
    assert f"1. **Bob** (blue) gives **Alice** (red) the parking lot {lot}" in builder.content

    # Adding with nothing chosen says what is missing; a bad amount is refused with a reason.
    await emu.click(table.alice, builder, button(builder, ":add"))
    assert "Choose who gives and what" in builder.content
    await choose(table, table.alice, builder, "item", "money")
    form = await emu.click(table.alice, builder, button(builder, ":add"))
    await emu.submit(table.alice, form, {"amount": "lots"})
    assert "not an amount" in builder.content and "3. " not in builder.content

    posted = await emu.click(table.alice, builder, button(builder, ":post"))
    assert "Offer #1 is posted" in builder.content and not builder.custom_ids
    offer = offer_prompt(posted.posted, 1)
    assert f"<@{table.bob.id}>" in offer.content
    await emu.click(table.bob, offer, button(offer, ":accept"))
    await prompt_shows(emu, offer, "Trade #1 is done")
    assert "Trade #1 is done" in offer.content
    assert vegas.store is not None
    game = await vegas.store.open_game(channel.id)
    assert game is not None and game.state().lots[lot] == "red"


async def test_the_draft_survives_a_restart_and_can_be_cancelled(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "lov new")
    await emu.slash(table.bob, channel, "lov join")
    await emu.slash(table.alice, channel, "lov start")
    builder = (await emu.slash(table.alice, channel, "lov trade offer")).message
    assert builder is not None
    await choose(table, table.alice, builder, "item", "money")
    reopened = (await emu.slash(table.alice, channel, "lov trade offer")).message
    assert reopened is not None
    item = reopened.component(button(reopened, ":item"))
    assert item is not None  # the draft's choice of "money" was kept
    assert [o["value"] for o in item["options"] if o.get("default")] == ["money"]
    await emu.click(table.alice, reopened, button(reopened, ":cancel"))
    assert "closed" in reopened.content and not reopened.custom_ids
    watcher = await emu.slash(table.carol, channel, "lov trade offer")
    assert watcher.ephemeral and "not playing" in watcher.content


async def test_the_builder_stops_before_an_offer_too_long_to_post(
    table: Table, vegas: VegasHost
) -> None:
    """With the longest names in markdown characters, twelve steps would not fit in one
    message: the builder takes back the step that would not, and what it posts is whole."""
    emu, channel = table.emu, table.channel
    stars = emu.create_user("*_" * 16, guild=table.guild)
    tildes = emu.create_user("~|" * 16, guild=table.guild)
    await emu.slash(stars, channel, "lov new")
    await emu.slash(tildes, channel, "lov join")
    await emu.slash(stars, channel, "lov start")
    assert vegas.store is not None
    draft = Draft(steps=["red pays blue 1"] * 8, giver="red", receiver="blue")
    await vegas.store.save_draft(channel.id, stars.id, draft.model_dump_json())
    builder = (await emu.slash(stars, channel, "lov trade offer")).message
    assert builder is not None and "8. " in builder.content
    for steps in range(9, 13):
        await choose(table, stars, builder, "item", "money")
        form = await emu.click(stars, builder, button(builder, ":add"))
        await emu.submit(stars, form, {"amount": "1"})
        if f"{steps}. " not in builder.content:
            break
    assert "too long for one Discord message" in builder.content
    assert 9 <= steps < 12 and len(builder.content) <= 2000
    posted = await emu.click(stars, builder, button(builder, ":post"))
    offer = offer_prompt(posted.posted, 1)
    assert f"{steps - 1}. " in offer.content and len(offer.content) <= 2000
