"""Renovate and Publicity at the table, as the books time them: the player's prompt opens
when they choose, they renovate or place while the others finish bidding, and the round
ends once the purchases and the renovation are done."""

from __future__ import annotations

from bot.app import VegasHost
from bot.clock import ManualClock
from engine.vegas_showdown import GameState
from engine.vegas_showdown.sheet import cell_name
from tests.bot.conftest import Table
from tests.bot.players import mentioned
from tests.bot.showdown import open_prompts, open_showdown, prompt_for, round_one_bids, the_game

MINUTES = 1 / 60  # of an hour, for `clock.advance(hours=...)`


async def state_of(vegas: VegasHost, table: Table) -> GameState:
    """The game's state as stored now."""
    state: GameState = (await the_game(vegas, table)).state()
    return state


async def test_a_renovation_and_a_publicity_go_on_while_the_others_bid(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    alice, bob, carol = players
    await open_showdown(table, vegas, players)
    # Round 1: Bob puts the Table Games he buys on his sheet; Alice and Carol keep theirs.
    await round_one_bids(table, players)
    await emu.slash(alice, channel, "vs reserve")
    await emu.slash(carol, channel, "vs reserve")
    await emu.slash(bob, channel, "vs place", tile="table_games", where="1")
    state = await state_of(vegas, table)
    assert state.round == 2 and state.current == "blue"
    [placed] = state.player("blue").sheet
    where = f"{cell_name((placed.x, placed.y))} {placed.rot * 90}"

    # Round 2: Bob renovates, and his prompt opens at once, while Carol and Alice are
    # still to choose; Carol is asked for her action in the same breath.
    renovating = await emu.slash(bob, channel, "vs renovate")
    assert mentioned(renovating, players) == [carol]
    assert f"<@{carol.id}> your action" in renovating.content
    renovation = await prompt_for(emu, table, bob)
    assert "you are renovating" in renovation.content
    state = await state_of(vegas, table)
    assert (state.step, state.current) == ("actions", "green")

    # Carol takes Publicity: her prompt opens at once, and her Lounge goes on now.
    await emu.slash(carol, channel, "vs publicity")
    publicity = await prompt_for(emu, table, carol)
    assert "Publicity lets you put one tile from your reserve" in publicity.content
    placing = await emu.slash(carol, channel, "vs place", tile="lounge", where="1")
    assert placing.ephemeral and "places the Lounge" in placing.content
    state = await state_of(vegas, table)
    assert [p.tile for p in state.player("green").sheet] == ["lounge"]
    assert (state.step, state.current, state.round) == ("actions", "red", 2)

    # Bob takes his Table Games off while Alice has yet to choose.
    await emu.slash(bob, channel, "vs remove", cell=cell_name((placed.x, placed.y)))
    await emu.wait_until(
        lambda: "Taken off so far: 1 of 2" in renovation.content, 10.0, "the prompt redrawn"
    )
    state = await state_of(vegas, table)
    assert state.player("blue").sheet == [] and state.current == "red"

    # Alice's bid ends the bidding: she places while Bob's renovation goes on.
    closing = await emu.slash(alice, channel, "vs bid", tile="slots", amount=5)
    assert "Bidding is over." in closing.content
    assert "Placing now: **Bob** (blue) and **Alice** (red)" in closing.content
    await emu.slash(alice, channel, "vs reserve")
    state = await state_of(vegas, table)
    assert state.round == 2 and [d.player for d in state.pending] == ["blue"]

    # Bob puts it back and finishes: the round ends, and every prompt is closed.
    await emu.slash(bob, channel, "vs place", tile="table_games", where=where)
    finished = await emu.slash(bob, channel, "vs done")
    [post] = [m for m in finished.messages if m.attachments]
    assert post.embeds[0]["title"] == "Round 2 is over: round 3 begins"
    state = await state_of(vegas, table)
    assert state.round == 3 and state.player("blue").sheet == [placed]
    assert state.player("red").reserve == ["slots", "slots"]
    await emu.wait_until(
        lambda: open_prompts(emu.history(channel)) == [], 10.0, "every prompt closed"
    )


async def test_a_renovation_outlives_the_others_action_timers_and_ends_with_the_placements(
    table: Table, vegas: VegasHost, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    alice, bob, carol = players
    await open_showdown(table, vegas, players, settings={"turn_timer": 60})
    await round_one_bids(table, players)
    await emu.slash(alice, channel, "vs reserve")
    await emu.slash(carol, channel, "vs reserve")
    await emu.slash(bob, channel, "vs place", tile="table_games", where="1")
    [placed] = (await state_of(vegas, table)).player("blue").sheet

    # Bob renovates and takes his tile off; his prompt keeps its own time (a day), as
    # only the action choices are timed while bidding goes on.
    await emu.slash(bob, channel, "vs renovate")
    renovation = await prompt_for(emu, table, bob)
    assert f"<t:{int(clock.now()) + 24 * 3600}:R>" in renovation.content
    await emu.slash(bob, channel, "vs remove", cell=cell_name((placed.x, placed.y)))

    # Carol's choice runs out: she takes Renovate; Bob's renovation is left alone.
    await clock.advance(hours=61 * MINUTES)
    ended = await emu.wait_for_message(channel, lambda m: "Time is up" in m.content)
    assert "**Carol** (green)'s action choice" in ended.content
    state = await state_of(vegas, table)
    assert state.player("green").action == "renovate" and state.current == "red"
    owed = {d.player: d.kind for d in state.pending}
    assert owed == {"blue": "renovate", "green": "renovate"}
    assert state.player("blue").sheet == []

    # Alice's bid ends the bidding: the renovation now runs out with the placements.
    await emu.slash(alice, channel, "vs bid", tile="slots", amount=5)
    placements_end = int(clock.now()) + 3600
    await emu.wait_until(
        lambda: f"<t:{placements_end}:R>" in renovation.content, 10.0, "the prompt redrawn"
    )
    await clock.advance(hours=61 * MINUTES)
    await emu.wait_for_message(channel, lambda m: "Round 2 is over" in str(m.embeds))
    state = await state_of(vegas, table)
    # Cancelled, as a renovation out of time is: Bob's sheet is as it was.
    assert state.round == 3 and state.player("blue").sheet == [placed]
    assert state.player("red").reserve == ["slots", "slots"]
