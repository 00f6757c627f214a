"""Vegas Showdown at the table: two rounds of three players, through slash commands and menus.

Round 1: bids, an outbid and a rebid, then placements: one from the prompt's menu with
its confirmation (a stranger's try refused), one typed, one kept in reserve; the round
post. Round 2: a No-Bid marker, autocomplete offering only legal bids, every kind of bid
refusal, Publicity placing a reserve tile, and a renovation (a tile off, put back where
it breaks the rules, refused, started again, then done right).
"""

from __future__ import annotations

import asyncio
import io
import json
from functools import partial

from PIL import Image

from bot.app import VegasHost
from bot.games.vegas_showdown.names import plain_names
from bot.store import verify_game
from engine.vegas_showdown import GameState, PublicRecord
from engine.vegas_showdown.sheet import Placement, fitting_placements
from engine.vegas_showdown.tables import COMPONENTS
from render.vegas_showdown import render_placement_preview, render_tracks
from tests.bot.conftest import Table
from tests.bot.players import mentioned
from tests.bot.showdown import (
    chooser,
    closed,
    open_prompts,
    open_showdown,
    option_values,
    place_from_menu,
    prompt_for,
    refused,
    spot_menus,
    the_game,
)
from tests.discord_emulator import Message, User


def placeholder(message: Message, custom_id: str) -> str:
    """What a select menu says before anything is chosen."""
    menu = message.component(custom_id)
    assert menu is not None
    return str(menu["placeholder"])


def option_labels(message: Message, custom_id: str) -> list[str]:
    """What a select menu's options say."""
    menu = message.component(custom_id)
    assert menu is not None
    return [str(option["label"]) for option in menu["options"]]


def picture(message: Message, name: str) -> Image.Image:
    """An attached picture, opened."""
    return Image.open(io.BytesIO(message.attachment(name).data))


def assert_phone_pictures(message: Message) -> None:
    """The round's pictures at a phone's width: the table, then each seat's sheet."""
    names = [a.filename for a in message.attachments]
    sheets = ["sheet-1-red.png", "sheet-2-blue.png", "sheet-3-green.png"]
    assert names == ["tracks.png", "players.png", *sheets]
    assert all(picture(message, name).width == 600 for name in names[:2])
    assert all(picture(message, name).width == 622 for name in sheets)


async def test_two_rounds_at_the_table(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    alice, bob, carol = table.alice, table.bob, table.carol
    players = [alice, bob, carol]

    # The lobby: three to five players; only the host seats computer players.
    await emu.slash(alice, channel, "vs new")
    await emu.slash(bob, channel, "vs join")
    early = await emu.slash(alice, channel, "vs start")
    assert early.ephemeral and early.content.startswith("Vegas Showdown needs 3 to 5 players")
    bots = await emu.slash(bob, channel, "vs addbot")
    assert bots.ephemeral and bots.content.startswith("Only the host")
    other = await emu.slash(carol, channel, "lov join")
    assert other.ephemeral and "use `/vs`" in other.content
    await emu.slash(table.alice, channel, "vs abandon")  # asked, not confirmed: nothing happens
    assert vegas.tables is not None
    vegas.tables.new_seed = lambda: 11
    await emu.slash(carol, channel, "vs join")
    start = await emu.slash(alice, channel, "vs start")

    # The first post: the round picture, the setup, Alice mentioned for her action.
    assert start.message is not None and start.embeds[0]["title"] == "Vegas Showdown begins"
    assert_phone_pictures(start.message)
    assert "Up for auction on P2: Table Games, from $18." in start.embeds[0]["description"]
    assert chooser(start.content, players) is alice and mentioned(start, players) == [alice]

    # Round 1: Alice bids, Bob outbids her, Carol bids; Alice chooses again.
    bid = await emu.slash(alice, channel, "vs bid", tile="P2", amount=18)
    assert "**Alice** (red) bids $18 for the Table Games (premier space P2)." in bid.content
    assert mentioned(bid, players) == [bob]
    outbid = await emu.slash(bob, channel, "vs bid", tile="Table Games", amount=21)
    assert (
        f"<@{alice.id}> **Alice** (red) is outbid on the Table Games by **Bob** (blue) "
        "and will choose again." in outbid.content
    )
    assert mentioned(outbid, players) == [alice, carol]
    await emu.slash(carol, channel, "vs bid", tile="lounge", amount=9)
    closing = await emu.slash(alice, channel, "vs bid", tile="slots", amount=5)
    lines = closing.content.splitlines()
    assert lines[1:5] == [
        "Bidding is over.",
        "**Alice** (red) buys the Slots for $5.",
        "**Bob** (blue) buys the Table Games for $21.",
        "**Carol** (green) buys the Lounge for $9.",
    ]
    assert "Placing now: **Alice** (red), **Bob** (blue) and **Carol** (green)" in lines[-1]
    assert mentioned(closing, players) == []  # each prompt mentions its own player

    # Each buyer gets a prompt: their sheet's preview, numbered places, a menu.
    await emu.wait_until(lambda: len(open_prompts(emu.history(channel))) == 3, 10.0, "prompts")
    prompts = open_prompts(emu.history(channel))
    assert [mentioned(p, players) for p in prompts] == [[alice], [bob], [carol]]
    table_games = prompts[1]
    assert "you bought the Table Games" in table_games.content
    assert "goes to your reserve" in table_games.content
    assert picture(table_games, "preview.png").width >= 600
    turned = spot_menus(table_games)[0]
    assert [placeholder(table_games, m) for m in spot_menus(table_games)] == [
        "Turned 90°: places 1-2",
        "Turned 180°: place 3",
        "Turned 270°: places 4-5",
    ]
    assert option_values(table_games, turned) == ["table_games a2 90", "table_games a3 90"]
    mine = await emu.slash(bob, channel, "vegas mygames")
    waiting = mine.embeds[0]["fields"][0]["value"]
    assert "placing the Table Games you bought (round 1)" in waiting
    stranger = await emu.select(alice, table_games, turned, ["table_games a2 90"])
    assert stranger.ephemeral and stranger.content == (
        "This prompt is for **Bob** (blue): only they can answer it."
    )
    shown = await emu.select(bob, table_games, turned, ["table_games a2 90"])
    assert shown.ephemeral and shown.message is not None
    assert shown.content == "Put the Table Games here? Number 1: a2, turned 90°."
    assert picture(shown.message, "choice.png").width >= 600
    assert [c.split(":")[1] for c in shown.custom_ids] == ["confirm", "back"]
    placed = await emu.click(bob, shown.message, shown.custom_ids[0])
    await emu.wait_until(lambda: shown.custom_ids == [], 10.0, "the confirmation answered")
    # One private note: the confirmation becomes it, in the words the table reads.
    assert shown.content == (
        "**Bob** (blue) places the Table Games at a2, turned 90°.\n"
        "Still placing: **Alice** (red) and **Carol** (green)."
    )
    assert placed.message is shown.message and shown.attachments == []
    await emu.settle()
    assert placed.followups == []
    await emu.wait_until(
        lambda: table_games.content.startswith("Decided:"), 10.0, "the prompt to close"
    )
    assert table_games.custom_ids == [] and table_games.attachments == []
    assert [m for m in emu.history(channel) if "places the Table" in m.content] == [table_games]

    reserve = next(c for c in prompts[0].custom_ids if c.endswith(":reserve"))
    await emu.click(alice, prompts[0], reserve)
    round_post = await emu.slash(carol, channel, "vs reserve")
    [post] = [m for m in round_post.messages if m.attachments]

    # The round post: what happened, Fame, the new round's event, Bob mentioned.
    assert post.embeds[0]["title"] == "Round 1 is over: round 2 begins"
    story = post.embeds[0]["description"]
    for line in (
        "**Round 1**",
        "**Bob** (blue) buys the Table Games for $21.",
        "**Bob** (blue) places the Table Games at a2, turned 90°.",
        "**Alice** (red) keeps the Slots in reserve.",
        "**Carol** (green) keeps the Lounge in reserve.",
        "**Round 2**",
        "Event card for P2: **Liquor License Review** (its tile comes from the medium stack).",
        "Liquor License Review: nobody may bid on the Lounge this round.",
    ):
        assert line in story
    assert "Fame: **Alice** (red) 0 (+0), **Bob** (blue) 0 (+0), **Carol** (green) 0 (+0)." in story
    assert "**Round 2**\n**Bob** (blue) acts first.\n" in story  # the heading said "Round 2"
    assert mentioned(post, players) == [bob] and chooser(post.content, players) is bob
    assert_phone_pictures(post)

    await round_two(table, vegas, players)


async def round_two(table: Table, vegas: VegasHost, players: list[User]) -> None:
    """Refusals, autocomplete under a No-Bid marker, a reserve tile placed instead of the
    one bought, Publicity, and a renovation."""
    emu, channel = table.emu, table.channel
    alice, bob, carol = players
    early = await refused(table, vegas, emu.slash(carol, channel, "vs bid", tile="slots", amount=5))
    assert early == "It is **Bob** (blue)'s turn to choose an action, not yours."
    await emu.slash(bob, channel, "vs renovate")
    await emu.slash(carol, channel, "vs bid", tile="slots", amount=5)

    # Autocomplete offers only what Alice may bid: not the Lounge (No-Bid), not beyond $25.
    tracks = await emu.autocomplete(alice, channel, "vs bid", "tile")
    assert [t["value"] for t in tracks] == [
        "P1:fancy_slots",
        "P2:high_rollers_room",
        "P3:buffet",
        "slots",
        "restaurant",
    ]
    assert tracks[0]["name"] == "Fancy Slots (P1): from $12; you have $25"
    assert (
        tracks[3]["name"]
        == "Slots (Slots track): bid to beat $5 (Carol, green), so $7 or more; you have $25"
    )
    amounts = await emu.autocomplete(alice, channel, "vs bid", "amount", tile="P1")
    assert [a["value"] for a in amounts] == [12, 15, 18, 21, 25]
    assert await emu.autocomplete(bob, channel, "vs bid", "tile") == []  # not his choice now
    # Each refusal says why, then the bids that would do there.
    slots = "You may bid $7, $9, $12 or $15 there."
    for tile, amount, because in (
        ("lounge", 9, "A No-Bid marker is on the Lounge this round."),
        (
            "P1",
            1,
            "The Minimum-Bid marker of the Fancy Slots is on $12. "
            "You may bid $12, $15, $18, $21 or $25 there.",
        ),
        (
            "restaurant",
            29,
            "You have $25: you cannot bid $29. You may bid $15, $18, $21 or $25 there.",
        ),
        ("slots", 20, f"The highest space on the Slots track is $15. {slots}"),
        ("slots", 5, f"**Carol** (green)'s bid of $5 stands on the Slots. {slots}"),
        ("slots", 8, f"$8 is not a space of the Slots track. {slots}"),
        (
            "casino",
            5,
            "'casino' is not a tile up for auction. Up now: the Fancy Slots (P1), the "
            "High Rollers Room (P2), the Buffet (P3), the Slots, the Lounge and the Restaurant "
            "(autocomplete lists those you may bid on, with their prices).",
        ),
    ):
        bid = emu.slash(alice, channel, "vs bid", tile=tile, amount=amount)
        assert await refused(table, vegas, bid) == because  # said once, nothing after
    closing = await emu.slash(alice, channel, "vs publicity")
    # Bob's renovation and Alice's Publicity were asked for when they chose them.
    assert "Placing now: **Bob** (blue), **Alice** (red) and **Carol** (green)" in closing.content

    # Carol puts her reserve's Lounge on instead of the Slots she bought.
    bought = await prompt_for(emu, table, carol)
    other = next(c for c in bought.custom_ids if c.startswith("vs:tile:"))
    assert option_values(bought, other) == ["lounge"]
    lounge = await emu.select(carol, bought, other, ["lounge"])
    assert lounge.ephemeral and lounge.message is not None
    assert lounge.content.startswith("Where the Lounge can go: choose a number, then confirm.")
    assert "instead of the Slots, which goes to your reserve" in lounge.content
    assert lounge.message.attachment("preview.png").data
    _, placed = await place_from_menu(emu, lounge.message, carol)
    assert "keeps the Slots in reserve" in placed.content

    # Publicity: Alice types where her reserve's Slots goes; the number is the picture's.
    publicity = await prompt_for(emu, table, alice)
    assert "Publicity lets you put one tile from your reserve" in publicity.content
    spots = await emu.autocomplete(alice, channel, "vs place", "where", tile="slots")
    assert spots[0]["name"].startswith("1: ")
    await emu.slash(alice, channel, "vs place", tile="Slots", where=spots[0]["value"])

    # Bob renovates: the Table Games off, back on where it breaks the rules, refused.
    renovation = await prompt_for(emu, table, bob)
    assert "you are renovating" in renovation.content
    assert "Taken off so far: 0 of 2" in renovation.content
    remove = next(c for c in renovation.custom_ids if c.startswith("vs:remove:"))
    assert option_values(renovation, remove) == ["remove a2"]
    await emu.select(bob, renovation, remove, ["remove a2"])
    await emu.wait_until(
        lambda: "Taken off so far: 1 of 2" in renovation.content, 10.0, "the prompt redrawn"
    )
    assert "Reserve: Table Games." in renovation.content
    # 116 places where it fits: too many to number on one picture (on a phone the badges
    # would be too small to read), so it shows a dot for each, then a menu of runs of at
    # most 25: each turn's places (30 or 28) in two even halves, never a lone place.
    assert "The Table Games fits in 116 places, too many to number" in renovation.content
    game = await the_game(vegas, table)
    sheet = game.state().player("blue").sheet
    fits = fitting_placements(COMPONENTS, sheet, "table_games")
    drawn = partial(render_placement_preview, game.state(), "blue", "table_games", fits)
    names = plain_names(game)
    assert renovation.attachment("preview.png").data == drawn(names=names)  # dots, no numbers
    runs = next(c for c in renovation.custom_ids if c.startswith("vs:range:"))
    assert option_values(renovation, runs) == ["1", "16", "31", "45", "59", "74", "89", "103"]
    assert option_labels(renovation, runs)[:4] == [
        "Not turned: places 1-15",
        "Not turned: places 16-30",
        "Turned 90°: places 31-44",
        "Turned 90°: places 45-58",
    ]
    # A run comes privately on a picture of its own, numbered large, with its menu.
    run = await emu.select(bob, renovation, runs, ["31"])
    assert run.ephemeral and run.message is not None
    assert run.content.startswith("The Table Games, turned 90°: places 31 to 44, numbered on")
    assert run.message.attachment("preview.png").data == drawn(names=names, numbers=range(31, 45))
    assert option_values(run.message, spot_menus(run.message)[0])[0] == "table_games a1 90"
    assert len(option_values(run.message, spot_menus(run.message)[0])) == 14
    run = await emu.select(bob, renovation, runs, ["1"])
    assert run.ephemeral and run.message is not None
    assert option_values(run.message, spot_menus(run.message)[0])[3] == "table_games d1 0"
    wrong, _ = await place_from_menu(emu, run.message, bob, "table_games d1 0")
    assert "checked when you finish the renovation" in wrong
    done = next(c for c in renovation.custom_ids if c.endswith(":done"))
    breaks = await refused(table, vegas, emu.click(bob, renovation, done))
    assert breaks.startswith("Your sheet breaks the placement rules:")
    assert "start the renovation again (**Start again**, or `/vs undo`)" in breaks
    again = next(c for c in renovation.custom_ids if c.endswith(":undo"))
    await emu.click(bob, renovation, again)
    await emu.wait_until(
        lambda: "Taken off so far: 0 of 2" in renovation.content, 10.0, "the prompt redrawn"
    )
    await emu.slash(bob, channel, "vs remove", cell="a3")
    await emu.slash(bob, channel, "vs place", tile="table_games", where="a3 180")
    finished = await emu.slash(bob, channel, "vs done")
    [post] = [m for m in finished.messages if m.attachments]
    assert post.embeds[0]["title"] == "Round 2 is over: round 3 begins"
    story = post.embeds[0]["description"]
    assert "**Bob** (blue) takes the Table Games at a2 off the sheet." in story
    assert "**Bob** (blue) places the Table Games at a3, turned 180°." in story
    assert "d1" not in story  # the step undone is not told
    # The renovation's prompt closes saying it is finished (the post tells the rest).
    await closed(emu, renovation)
    assert renovation.content == (
        "Decided: **Bob** (blue) finishes renovating (the round post tells what changed)."
    )

    game = await the_game(vegas, table)
    state: GameState = game.state()
    assert state.player("blue").sheet == [Placement("table_games", 0, 2, 2)]
    assert state.player("green").reserve == ["slots"] and state.round == 3
    await information(table, vegas, state)


async def information(table: Table, vegas: VegasHost, state: GameState) -> None:
    """Status, a sheet, the board, the log, the rules, and the public record."""
    emu, channel = table.emu, table.channel
    status = await emu.slash(table.dave, channel, "vs status")
    fields = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}
    assert status.embeds[0]["title"] == "Vegas Showdown, round 3"
    assert fields["Bob (blue)"].startswith(f"${state.player('blue').money} · Population")
    assert "Action: not chosen yet\nReserve: Slots" in fields["▶ Carol (green, holds the button)"]
    sheet = await emu.slash(table.dave, channel, "vs sheet", player="blue")
    assert sheet.ephemeral and sheet.attachments[0].filename == "sheet.png"
    mine = await emu.slash(table.dave, channel, "vs sheet")
    assert mine.ephemeral and "say whose sheet" in mine.content
    rules = await emu.slash(table.dave, channel, "vs rules", topic="components")
    assert "reconstructed" in rules.embeds[0]["description"]
    renovating = await emu.slash(table.dave, channel, "vs rules", topic="renovate")
    told = renovating.embeds[0]["description"]
    assert told.startswith("`/vs renovate`: at once, while the others finish bidding, take up")
    assert "(`/vs remove cell:<cell>`)" in told and "`/vs undo` starts over" in told
    placing = await emu.slash(table.dave, channel, "vs rules", topic="place")
    # The moves are written with the options Discord shows (`tile:`, `where:`).
    assert placing.embeds[0]["description"].startswith(
        "`/vs place tile:<tile> where:<cell> <turn>`: the cell under the tile's top-left corner"
    )
    assert "Typing, `where:` may be that number too." in placing.embeds[0]["description"]
    bidding = await emu.slash(table.dave, channel, "vs rules", topic="bid")
    assert bidding.embeds[0]["description"].startswith("`/vs bid tile:<space> amount:<amount>`")
    assert "choose a number from its menu" in placing.embeds[0]["description"]
    public = await emu.slash(table.dave, channel, "vs export")
    assert "event deck's order" in public.content
    record = PublicRecord.model_validate(json.loads(public.attachments[0].data))
    assert record.commands[:2] == ["red: bid P2 18", "blue: bid P2 21"]
    assert "seed" not in json.dumps(json.loads(public.attachments[0].data)["state"])
    log = await emu.slash(table.dave, channel, "vs log", count=2)
    assert log.ephemeral and "Income" in log.embeds[0]["description"]
    assert open_prompts(emu.history(channel)) == []


async def test_two_channels_one_of_each_game_at_once_and_a_resignation(
    table: Table, vegas: VegasHost
) -> None:
    emu = table.emu
    alice, bob, carol, dave, mod = table.alice, table.bob, table.carol, table.dave, table.mod
    await open_showdown(table, vegas, [alice, bob, carol])
    other = table.other_channel
    await emu.slash(dave, other, "lov new")
    await emu.slash(mod, other, "lov join")
    started = await emu.slash(dave, other, "lov start")
    [first] = mentioned(started, [dave, mod])
    showdown, lords = await asyncio.gather(
        emu.slash(alice, table.channel, "vs bid", tile="P2", amount=18),
        emu.slash(first, other, "lov end"),
    )
    assert "bids $18 for the Table Games" in showdown.content and not lords.ephemeral
    # A player who resigns is passed over: their seat takes Renovate, which changes nothing.
    resigned = await emu.slash(bob, table.channel, "vs leave")
    assert "resigned" in resigned.content
    passed = await emu.wait_for_message(table.channel, lambda m: "chooses Renovate" in m.content)
    assert passed.content.startswith("**Bob** (blue) chooses Renovate.")
    assert mentioned(passed, [alice, bob, carol]) == [carol]
    wrong = await emu.slash(alice, other, "vs status")
    assert wrong.ephemeral and "Lords of Vegas: use `/lov`" in wrong.content
    assert vegas.store is not None
    for channel, moves in ((table.channel, 2), (other, 1)):
        game = await vegas.store.open_game(channel.id)
        assert game is not None and game.moves == moves
        assert (await verify_game(vegas.store, game.id)).ok


async def test_with_images_after_every_action_each_bid_shows_the_tracks(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    await open_showdown(table, vegas, players, settings={"images": "action"})
    bid = await emu.slash(table.alice, channel, "vs bid", tile="P2", amount=18)
    assert bid.message is not None
    assert [a.filename for a in bid.message.attachments] == ["tracks.png"]
    state: GameState = (await the_game(vegas, table)).state()
    names = plain_names(await the_game(vegas, table))
    assert bid.message.attachment("tracks.png").data == render_tracks(state, names=names)
