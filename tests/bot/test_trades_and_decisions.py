"""Trades by notation and every kind of decision, answered by the right player only."""

from __future__ import annotations

from bot.app import VegasHost
from engine.lords_of_vegas import GameSettings, IllegalAction, apply, legal_actions, new_game
from engine.lords_of_vegas.actions import Build, Reorganize, Sprawl
from tests.bot.conftest import Table
from tests.bot.players import build_something, mentioned
from tests.discord_emulator import User


async def money(vegas: VegasHost, table: Table) -> dict[str, int]:
    assert vegas.store is not None
    game = await vegas.store.open_game(table.channel.id)
    assert game is not None
    return {p.color: p.money for p in game.state().players}


async def two_players(table: Table, edition: str = "updated") -> tuple[User, User]:
    """Alice (red) and Bob (blue) start a game; returns (current player, the other)."""
    emu = table.emu
    await emu.slash(table.alice, table.channel, "lov new", edition=edition)
    await emu.slash(table.bob, table.channel, "lov join")
    start = await emu.slash(table.alice, table.channel, "lov start")
    [current] = mentioned(start, [table.alice, table.bob])
    return current, (table.bob if current is table.alice else table.alice)


async def test_offer_accept_decline_withdraw(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    await two_players(table)
    before = await money(vegas, table)

    offered = await emu.slash(table.alice, channel, "lov offer", terms="red pays blue 2")
    assert (
        "offers trade #1" in offered.content and "red) pays **Bob** (blue) $2m" in offered.content
    )
    assert [
        c["value"] for c in await emu.autocomplete(table.bob, channel, "lov accept", "offer")
    ] == [1]
    assert await emu.autocomplete(table.carol, channel, "lov accept", "offer") == []
    stranger = await emu.slash(table.carol, channel, "lov accept", offer=1)
    assert stranger.ephemeral
    own = await emu.slash(table.alice, channel, "lov accept", offer=1)
    assert own.ephemeral and "already accepted" in own.content
    accepted = await emu.slash(table.bob, channel, "lov accept", offer=1)
    assert "Trade #1" in accepted.content and "completed" in accepted.content
    after = await money(vegas, table)
    assert (after["red"], after["blue"]) == (before["red"] - 2, before["blue"] + 2)

    await emu.slash(table.bob, channel, "lov offer", terms="blue pays red 1")
    declined = await emu.slash(table.alice, channel, "lov decline", offer=2)
    assert "declined offer #2" in declined.content
    await emu.slash(table.bob, channel, "lov offer", terms="blue pays red 1")
    assert [
        c["value"] for c in await emu.autocomplete(table.bob, channel, "lov withdraw", "offer")
    ] == [3]
    withdrawn = await emu.slash(table.bob, channel, "lov withdraw", offer=3)
    assert "withdrawn offer #3" in withdrawn.content
    assert await money(vegas, table) == after


async def test_classic_lay_off_is_asked_of_the_boss_only(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    first, second = await two_players(table, "classic")
    assert await build_something(emu, first, channel) is not None
    await emu.slash(first, channel, "lov end")
    [casino] = await emu.autocomplete(second, channel, "lov gamble", "lot")
    bet = await emu.slash(second, channel, "lov gamble", lot=casino["value"], amount=1)
    assert mentioned(bet, [table.alice, table.bob]) == [first]
    assert "lay off" in bet.content
    assert (await emu.slash(second, channel, "lov layoff", answer="no")).ephemeral
    assert (await emu.slash(second, channel, "lov end")).ephemeral  # waits for the boss
    answer = await emu.slash(first, channel, "lov layoff", answer="no")
    assert "does not lay off" in answer.content and "bet $1m" in answer.content


def seed_with_a_placement() -> tuple[int, list[str]]:
    """A seed where the first player can build, sprawl and reorganize into two dice."""
    for seed in range(2000):
        settings = GameSettings(players=["red", "blue"], seed=seed)
        state, _ = new_game(settings)
        player = state.current
        for build in (a for a in legal_actions(state, player, ("build",)) if isinstance(a, Build)):
            trial = state.model_copy(deep=True)
            apply(trial, player, build)
            for sprawl in legal_actions(trial, player, ("sprawl",)):
                assert isinstance(sprawl, Sprawl)
                second = trial.model_copy(deep=True)
                apply(second, player, sprawl)
                try:
                    apply(second, player, Reorganize(lot=build.lot))
                except IllegalAction:
                    continue
                if second.pending:
                    return seed, [
                        f"build {build.lot} {build.company}",
                        f"sprawl {sprawl.lot}",
                        f"reorganize {build.lot}",
                    ]
    raise AssertionError("no seed found")


async def test_placing_rerolled_dice_after_a_reorganize(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    seed, plan = seed_with_a_placement()
    assert vegas.tables is not None
    vegas.tables.new_seed = lambda: seed
    first, second = await two_players(table)
    build, sprawl, reorganize = (line.split() for line in plan)
    await emu.slash(first, channel, "lov build", lot=build[1], company=build[2])
    await emu.slash(first, channel, "lov sprawl", lot=sprawl[1])
    asked = await emu.slash(first, channel, "lov reorganize", lot=reorganize[1])
    assert mentioned(asked, [table.alice, table.bob]) == [first] and "must place" in asked.content
    assert await emu.autocomplete(second, channel, "lov place", "assignment") == []
    options = await emu.autocomplete(first, channel, "lov place", "assignment")
    assert len(options) == 2
    assert (await emu.slash(first, channel, "lov end")).ephemeral
    placed = await emu.slash(first, channel, "lov place", assignment=options[1]["value"])
    assert "placed their dice" in placed.content
    ended = await emu.slash(first, channel, "lov end")
    assert not ended.ephemeral


async def test_out_of_markers_the_drawer_chooses_which_to_move(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    first, second = await two_players(table)
    reply = None
    current = first
    for _ in range(40):
        reply = await emu.slash(current, channel, "lov end")
        assert not reply.ephemeral
        if "no markers left" in reply.content:
            break
        current = second if current is first else first
    assert reply is not None and "no markers left" in reply.content
    [asked] = mentioned(reply, [table.alice, table.bob])
    other = second if asked is first else first
    assert await emu.autocomplete(other, channel, "lov take", "lot", what="marker") == []
    options = await emu.autocomplete(asked, channel, "lov take", "lot", what="marker")
    assert len(options) == 10
    taken = await emu.slash(asked, channel, "lov take", what="marker", lot=options[0]["value"])
    assert "moves their marker" in taken.content
