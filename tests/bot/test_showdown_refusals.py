"""Vegas Showdown's refusals: each answered privately, in the table's words, changing
nothing (the game's version, the channel's messages and the prompts stay as they were).

Round 1 of the seed-11 game: moves out of turn, a spectator, a placement before the
bidding is over; then, while everyone places, an action choice, illegal placements typed
(the engine's reason given), a tile that is not yours, a command that is not for now,
strangers on another player's menu and button, and a confirmation pressed too late. The
bids refused (below the minimum, above your cash, above the track, under a No-Bid
marker) are in `test_showdown_table.round_two`.
"""

from __future__ import annotations

from bot.app import VegasHost
from engine.vegas_showdown.tables import tile_name
from tests.bot.conftest import Table
from tests.bot.showdown import (
    open_showdown,
    option_values,
    prompt_for,
    refused,
    round_one_bids,
    spot_menus,
)
from tests.discord_emulator import User

NOT_PLAYING = "You are not playing in this game; watch along or join the next one."


async def test_every_refusal_is_private_and_changes_nothing(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    alice, bob, carol, dave = table.alice, table.bob, table.carol, table.dave
    await open_showdown(table, vegas, [alice, bob, carol])

    async def typing(user: User, command: str, **options: object) -> str:
        return await refused(table, vegas, emu.slash(user, channel, command, **options))

    # Alice chooses first.
    turn = "It is **Alice** (red)'s turn to choose an action, not yours."
    assert await typing(bob, "vs bid", tile="P2", amount=18) == turn
    assert await typing(carol, "vs publicity") == turn
    assert await typing(dave, "vs bid", tile="P2", amount=18) == NOT_PLAYING
    misspelt = await typing(alice, "vs bid", tile="lonuge", amount=9)
    assert misspelt.startswith("'lonuge' is not a tile up for auction. Did you mean the Lounge?")
    later = (
        "now: bought tiles go on sheets once the round's bidding is over (Renovate and "
        "Publicity place at once, when chosen)."
    )
    assert await typing(alice, "vs place", tile="slots", where="1") == (
        f"You have no tile to place {later}"
    )
    for command in ("vs reserve", "vs done", "vs cancel"):
        assert await typing(alice, command) == (
            f"You have nothing to place, reserve or remove {later}"
        )
    assert await typing(alice, "vs stack", size="small") == (
        "No premier space is waiting for you to choose a stack."
    )

    await round_one_bids(table, [alice, bob, carol])
    prompt = await prompt_for(emu, table, bob)

    # Everyone places now: no action choice, and Bob's placements must be legal.
    assert await typing(carol, "vs bid", tile="P1", amount=12) == (
        "First put the Lounge you bought on your sheet or keep it in reserve (your prompt "
        "shows where it can go; or type `/vs place`, `/vs reserve`)."
    )
    assert await typing(dave, "vs place", tile="slots", where="1") == NOT_PLAYING
    assert await typing(bob, "vs place", tile="table_games", where="a1 0") == (
        "The Table Games must be joined to your casino entrance by an unbroken path of doors, "
        "and at a1 it would not be. The Table Games fits at a2 turned 90°, a2 turned 270° or a3 "
        "turned 90° (the nearest)."
    )
    assert (await typing(bob, "vs place", tile="Table Games", where="9")).startswith(
        "'9' is not a place for the Table Games: give its number on your prompt's picture "
        "(1 to 5) or a cell and turn like `c2 90`"
    )
    # A tile he does not hold is refused as such, wherever it could go.
    for tile in ("lounge", "theater"):
        assert await typing(bob, "vs place", tile=tile, where="1") == (
            f"You have no {tile_name(tile)} to place now: you can place the Table Games "
            "(autocomplete lists them)."
        )
    assert await typing(bob, "vs place", tile="casino", where="1") == (
        "'casino' is not a tile you can place now. You can place the Table Games "
        "(autocomplete lists them)."
    )
    assert await typing(bob, "vs place", tile="tabel games", where="1") == (
        "'tabel games' is not a tile you can place now. Did you mean the Table Games? You "
        "can place the Table Games (autocomplete lists them)."
    )
    assert await typing(bob, "vs place", tile="table_games", where="9" * 5000) == (
        f"'{'9' * 39}…' is not a place for the Table Games: give its number on "
        "your prompt's picture (1 to 5) or a cell and turn like `c2 90`; autocomplete lists "
        "them."
    )
    assert (await typing(bob, "vs remove", cell="a2")).startswith(
        "`/vs remove` is not for now. First put the Table Games you bought on your sheet"
    )

    # Only Bob may use his prompt: not another player, not a spectator.
    menu = spot_menus(prompt)[0]
    place = option_values(prompt, menu)[0]
    keep = next(c for c in prompt.custom_ids if c.endswith(":reserve"))
    his = "This prompt is for **Bob** (blue): only they can answer it."
    for user, doing in (
        (alice, emu.select(alice, prompt, menu, [place])),
        (dave, emu.select(dave, prompt, menu, [place])),
        (carol, emu.click(carol, prompt, keep)),
    ):
        assert await refused(table, vegas, doing) == his, user.name

    # Bob chooses a place, keeps the tile instead, then confirms the place too late.
    shown = await emu.select(bob, prompt, menu, [place])
    assert shown.message is not None
    await emu.slash(bob, channel, "vs reserve")
    late = emu.click(bob, shown.message, shown.custom_ids[0])
    assert await refused(table, vegas, late) == "That choice has already been made."
    done = (
        "You are done placing this round. Placing now: **Alice** (red) and **Carol** (green), "
        "each with a prompt showing where tiles can go."
    )
    assert await typing(bob, "vs place", tile="table_games", where="1") == done
    assert await typing(bob, "vs reserve") == done
