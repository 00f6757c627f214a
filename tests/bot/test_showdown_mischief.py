"""A mischievous player at the Vegas Showdown table: nonsense typed, old values sent,
buttons pressed twice or after the game is gone. Each gets a short private answer
that says what to do instead, and changes nothing.
"""

from __future__ import annotations

import asyncio

from bot.app import VegasHost
from tests.bot.conftest import Table
from tests.bot.showdown import (
    open_prompts,
    open_showdown,
    option_values,
    prompt_for,
    refused,
    round_one_bids,
    spot_menus,
)
from tests.discord_emulator import User

# Discord lets a player type 6,000 characters into an option.
LONG = "x" * 2100


async def test_nonsense_typed_is_answered_briefly_with_what_to_type(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    alice, bob, carol, dave = table.alice, table.bob, table.carol, table.dave
    await open_showdown(table, vegas, [alice, bob, carol])

    async def typing(user: User, command: str, **options: object) -> str:
        return await refused(table, vegas, emu.slash(user, channel, command, **options))

    # What was typed is quoted short, so the answer keeps its advice.
    unknown = await typing(alice, "vs bid", tile=LONG, amount=5)
    assert len(unknown) < 300 and unknown.startswith("'xxxxxxxx")
    assert unknown.endswith("(autocomplete lists those you may bid on, with their prices).")
    stranger = await typing(dave, "vs sheet", player=LONG)
    assert len(stranger) < 200
    assert stranger.endswith("is not a seat at this table: Alice (red), Bob (blue), Carol (green).")

    # A sheet asked for by the player's name, as the autocomplete shows it.
    for typed in ("Alice", " bob "):
        sheet = await emu.slash(dave, channel, "vs sheet", player=typed)
        assert sheet.ephemeral and sheet.attachments[0].filename == "sheet.png", sheet.content
    assert sheet.content == "**Bob** (blue)'s sheet:"

    await round_one_bids(table, [alice, bob, carol])
    await prompt_for(emu, table, bob)
    numbers = (
        "is not a place for the Table Games: give its number on your prompt's picture "
        "(1 to 5) or a cell and turn like `c2 90`; autocomplete lists them."
    )
    for where in ("-1", "zz99 90", "🎰", LONG):
        said = await typing(bob, "vs place", tile="table_games", where=where)
        assert said.endswith(numbers) and len(said) < 250, said
    said = await typing(bob, "vs place", tile=LONG, where="1")
    assert len(said) < 200 and said.endswith(
        "You can place the Table Games (autocomplete lists them)."
    )
    for cell in ("a1 a2", LONG):
        said = await typing(bob, "vs remove", cell=cell)
        assert len(said) < 200 and said.endswith(
            "is not a cell of the sheet: give a cell of the tile to take off, like `a2`."
        ), said


async def test_a_premier_space_chosen_last_round_is_refused_once_its_tile_changed(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    alice, bob, carol = table.alice, table.bob, table.carol
    await open_showdown(table, vegas, [alice, bob, carol])
    # On her turn Alice picks the Table Games on P2 from the autocomplete, and later bids
    # for the Slots; the command she began with stays in her Discord, unsent.
    [chosen] = await emu.autocomplete(alice, channel, "vs bid", "tile", typed="table games")
    assert chosen["name"].startswith("Table Games (P2): from $18")
    await round_one_bids(table, [alice, bob, carol])
    for user in (alice, bob, carol):
        await emu.slash(user, channel, "vs reserve")
    await emu.slash(bob, channel, "vs renovate")
    await emu.slash(carol, channel, "vs bid", tile="slots", amount=5)
    # Round 2: P2 holds the High Rollers Room now; the old choice does not buy it.
    stale = await refused(
        table, vegas, emu.slash(alice, channel, "vs bid", tile=chosen["value"], amount=25)
    )
    assert stale.startswith(
        "The Table Games is no longer up for auction on P2 (it holds the High Rollers Room "
        "now): choose again"
    )
    amounts = await emu.autocomplete(alice, channel, "vs bid", "amount", tile=chosen["value"])
    assert amounts == []
    # Typed by its space, P2 is whatever is on it now.
    bid = await emu.slash(alice, channel, "vs bid", tile="P2", amount=25)
    assert "bids $25 for the High Rollers Room (premier space P2)" in bid.content


async def test_a_button_pressed_twice_is_told_the_choice_is_made(
    table: Table, vegas: VegasHost
) -> None:
    emu = table.emu
    alice, bob, carol = table.alice, table.bob, table.carol
    await open_showdown(table, vegas, [alice, bob, carol])
    await round_one_bids(table, [alice, bob, carol])
    made = "That choice has already been made."

    # Bob double-clicks Keep in reserve: one click keeps the tile, the other is told.
    prompt = await prompt_for(emu, table, bob)
    keep = next(c for c in prompt.custom_ids if c.endswith(":reserve"))
    clicks = await asyncio.gather(emu.click(bob, prompt, keep), emu.click(bob, prompt, keep))
    await emu.wait_until(
        lambda: sum(len(reply.followups) for reply in clicks) == 2, 10.0, "both clicks answered"
    )
    await emu.settle()
    said = [m.content for reply in clicks for m in reply.followups]
    assert sorted(said) == sorted(
        [
            made,
            "**Bob** (blue) keeps the Table Games in reserve.\n"
            "Still placing: **Alice** (red) and **Carol** (green).",
        ]
    )

    # Alice opens two places of her Slots and confirms both at once: one goes down.
    prompt = await prompt_for(emu, table, alice)
    shown = [
        await emu.select(alice, prompt, menu, [option_values(prompt, menu)[0]])
        for menu in spot_menus(prompt)[:2]
    ]
    confirms = [next(c for c in s.custom_ids if c.startswith("vs:confirm:")) for s in shown]
    clicks = await asyncio.gather(
        *(emu.click(alice, s.message, c) for s, c in zip(shown, confirms, strict=True) if s.message)
    )

    def texts() -> list[str]:
        return [s.content for s in shown] + [m.content for r in clicks for m in r.followups]

    # On a busy machine the second answer may come after a quiet spell: wait for it.
    await emu.wait_until(lambda: made in texts(), 10.0, "the second click to be told")
    await emu.settle()
    assert sum("places the Slots" in t for t in texts()) == 1, texts()


async def test_abandoning_closes_the_open_prompts(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    alice, bob, carol = table.alice, table.bob, table.carol
    await open_showdown(table, vegas, [alice, bob, carol])
    await round_one_bids(table, [alice, bob, carol])
    prompt = await prompt_for(emu, table, bob)
    menu = spot_menus(prompt)[0]
    shown = await emu.select(bob, prompt, menu, [option_values(prompt, menu)[0]])
    ask = await emu.slash(alice, channel, "vs abandon")
    yes = next(c for c in ask.custom_ids if c.endswith(":yes"))
    assert ask.message is not None
    await emu.click(alice, ask.message, yes)
    await emu.settle()
    assert open_prompts(emu.history(channel)) == []
    assert prompt.content == "The game was abandoned: this prompt does nothing any more."
    # A private confirmation still on Bob's screen changes nothing.
    assert shown.message is not None
    confirm = next(c for c in shown.custom_ids if c.startswith("vs:confirm:"))
    late = await emu.click(bob, shown.message, confirm)
    note = late.followups[0].content if late.followups else ""
    assert note == "That game is over; these menus do nothing any more."
