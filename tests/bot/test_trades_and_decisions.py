"""Trades and decisions as prompts with buttons and menus, answered by the right people."""

from __future__ import annotations

import asyncio
import re

from bot.app import VegasHost, create_bot
from bot.clock import ManualClock
from bot.games import GAMES
from bot.store import Game
from engine.lords_of_vegas import (
    BOARD,
    GameSettings,
    GameState,
    IllegalAction,
    apply,
    legal_actions,
    new_game,
)
from engine.lords_of_vegas.actions import Build, Reorganize, Sprawl
from tests.bot.conftest import Table
from tests.bot.players import (
    answer_prompt,
    build_something,
    button,
    decision_prompts,
    mentioned,
    offer_prompt,
    prompt_closed,
    prompt_shows,
    prompted_user,
)
from tests.discord_emulator import Message, User
from tests.discord_emulator.fixtures import RunBot


async def current_game(vegas: VegasHost, table: Table) -> tuple[Game, GameState]:
    assert vegas.store is not None
    game = await vegas.store.open_game(table.channel.id)
    assert game is not None
    return game, game.state()


async def start(table: Table, users: list[User], edition: str = "updated") -> User:
    """Start a game with `users` (in seating order); return whose turn it is."""
    emu = table.emu
    await emu.slash(users[0], table.channel, "lov new", edition=edition)
    for user in users[1:]:
        await emu.slash(user, table.channel, "lov join")
    reply = await emu.slash(users[0], table.channel, "lov start")
    [current] = mentioned(reply, users)
    return current


def color_of(game: Game, user: User) -> str:
    return next(seat.color for seat in game.seats if seat.user_id == user.id)


def buttons_gone(message: Message) -> bool:
    return not any(c.startswith("lov:offer:") for c in message.custom_ids)


async def test_three_party_trade_runs_its_steps_in_order(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    mover = await start(table, players)
    assert await build_something(emu, mover, channel) is not None
    game, state = await current_game(vegas, table)
    mover_color = color_of(game, mover)
    proposer, payer = (p for p in players if p is not mover)
    proposer_color, payer_color = color_of(game, proposer), color_of(game, payer)
    lot = next(lot for lot, owner in state.lots.items() if owner == proposer_color)
    tile = next(lot for lot, t in state.tiles.items() if t.die and t.die.owner == mover_color)
    # In this order: money, then the current player's action (paid by that money), then a
    # parking lot and the die the action rerolled.
    terms = "; ".join(
        [
            f"{payer_color} pays {mover_color} 6",
            f"{mover_color} does reorganize {tile}",
            f"{proposer_color} gives {payer_color} lot {lot}",
            f"{mover_color} gives {payer_color} die {tile}",
        ]
    )
    made = await emu.slash(proposer, channel, "lov trade offer", terms=terms)
    assert made.ephemeral and "offer #1 is posted" in made.content
    message = offer_prompt(made.posted, 1)
    assert set(mentioned_ids(message)) == {payer.id, mover.id}
    assert "1. " in message.content and "4. " in message.content

    first = await emu.click(payer, message, button(message, ":accept"))
    await prompt_shows(emu, message, "accepted ✅")
    assert first.followups and first.followups[0].ephemeral
    assert "accepted ✅" in message.content and not buttons_gone(message)
    done = await emu.click(mover, message, button(message, ":accept"))
    await prompt_shows(emu, message, "Trade #1 is done")
    assert buttons_gone(message) and "Trade #1 is done" in message.content
    # The news of a button goes to the channel (its picture may take longer than a quiet
    # spell to draw: wait for it).
    await emu.wait_for_message(
        channel, lambda m: m.id > done.interaction.id and "accepts offer #1" in m.content
    )
    [public] = [
        m for m in emu.history(channel) if m.id > done.interaction.id and m.interaction_id is None
    ]
    assert public.attachment("board.png").data  # the board changed: lot, die, action
    lines = public.content.splitlines()
    steps = [line for line in lines if line.startswith("Trade #1, step")]
    assert [line.split(":")[0] for line in steps] == [f"Trade #1, step {n}" for n in (1, 2, 3, 4)]
    reorganized = next(i for i, line in enumerate(lines) if "reorganized" in line)
    assert lines.index(steps[1]) < reorganized < lines.index(steps[2])
    _, after = await current_game(vegas, table)
    assert after.lots.get(lot) == payer_color
    die = after.tiles[tile].die
    assert die is not None and die.owner == payer_color
    cost = state.tiles[tile].die.pips  # type: ignore[union-attr]
    assert after.player(mover_color).money == state.player(mover_color).money + 6 - cost  # type: ignore[arg-type]
    assert after.player(payer_color).money == state.player(payer_color).money - 6  # type: ignore[arg-type]


def mentioned_ids(message: Message) -> list[int]:
    return [int(m) for m in re.findall(r"<@(\d+)>", message.content)]


async def test_a_failing_step_stops_the_trade_and_says_so(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    await start(table, [table.alice, table.bob])
    before = (await current_game(vegas, table))[1]
    made = await emu.slash(
        table.alice,
        channel,
        "lov trade offer",
        terms="red pays blue 1; blue pays red 500; red pays blue 2",
    )
    message = offer_prompt(made.posted, 1)
    await emu.click(table.bob, message, button(message, ":accept"))
    await prompt_shows(emu, message, "stopped at step 2")
    assert buttons_gone(message)
    assert "stopped at step 2" in message.content
    assert "earlier steps stand" in message.content and "Step 3 did not happen" in message.content
    after = (await current_game(vegas, table))[1]
    assert after.player("red").money == before.player("red").money - 1
    assert after.player("blue").money == before.player("blue").money + 1


async def test_decline_withdraw_strangers_and_double_clicks(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    await start(table, [table.alice, table.bob, table.carol])
    one = offer_prompt(
        (await emu.slash(table.alice, channel, "lov trade offer", terms="red pays blue 1")).posted,
        1,
    )
    two = offer_prompt(
        (await emu.slash(table.bob, channel, "lov trade offer", terms="blue pays red 1")).posted, 2
    )

    stranger = await emu.click(table.carol, one, button(one, ":accept"))
    assert "not yours" in stranger.followups[0].content and stranger.followups[0].ephemeral
    wrong = await emu.click(table.bob, one, button(one, ":withdraw"))
    assert "Only the player who made offer #1" in wrong.followups[0].content

    declined = await emu.click(table.bob, one, button(one, ":decline"))
    await prompt_shows(emu, one, "declined offer #1")
    assert buttons_gone(one) and "declined offer #1" in one.content
    # Its news comes as a message of its own (waited for: it may come after the click's
    # answer on a loaded machine).
    news = await emu.wait_for_message(
        channel, lambda m: "declined offer #1" in m.content and m is not one
    )
    assert news is not one and not declined.ephemeral

    withdrawn = await emu.click(table.bob, two, button(two, ":withdraw"))
    await prompt_shows(emu, two, "withdrew offer #2")
    assert buttons_gone(two) and "withdrew offer #2" in two.content
    news = await emu.wait_for_message(
        channel, lambda m: "withdrew offer #2" in m.content and m is not two
    )
    assert news is not two and not withdrawn.ephemeral

    three = offer_prompt(
        (await emu.slash(table.alice, channel, "lov trade offer", terms="red pays blue 1")).posted,
        3,
    )
    before = (await current_game(vegas, table))[1]
    clicks = await asyncio.gather(
        *(emu.click(table.bob, three, button(three, ":accept")) for _ in range(3))
    )
    after = (await current_game(vegas, table))[1]
    assert after.player("blue").money == before.player("blue").money + 1  # applied once
    refusals = [f.content for c in clicks for f in c.followups if f.ephemeral]
    assert len(refusals) == 2
    assert all("no longer open" in r or "no open offer #3" in r for r in refusals)


async def test_offer_buttons_work_after_a_restart(
    table: Table, run_bot: RunBot, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    bot = await run_bot(lambda: create_bot(table.settings(), GAMES, clock=clock))
    await start(table, [table.alice, table.bob, table.carol])
    made = await emu.slash(
        table.alice, channel, "lov trade offer", terms="red pays blue 1; red pays green 1"
    )
    message = offer_prompt(made.posted, 1)
    await emu.click(table.bob, message, button(message, ":accept"))
    await bot.restart()
    done = await emu.click(table.carol, message, button(message, ":accept"))
    await prompt_shows(emu, message, "Trade #1 is done")
    assert "Trade #1 is done" in message.content and done.posted


async def test_offers_expire_and_lose_their_buttons(
    table: Table, vegas: VegasHost, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    await start(table, [table.alice, table.bob])
    message = offer_prompt(
        (await emu.slash(table.alice, channel, "lov trade offer", terms="red pays blue 1")).posted,
        1,
    )
    await clock.advance(hours=23)
    await asyncio.sleep(0.1)
    assert not buttons_gone(message)
    await clock.advance(hours=2)
    await emu.wait_for_message(channel, lambda m: "ran out of time" in m.content)
    # The note is posted first, then the offer's message is closed.
    await emu.wait_until(lambda: buttons_gone(message), 10.0, "the offer to close")
    assert "expired" in message.content
    assert (await current_game(vegas, table))[1].offers == []


def seed_with_a_placement() -> tuple[int, list[str]]:
    """A seed where the first player can build, sprawl and reorganize into two dice."""
    for seed in range(2000):
        state, _ = new_game(GameSettings(players=["red", "blue"], seed=seed))
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
                    return seed, [build.lot, build.company, sprawl.lot]
    raise AssertionError("no seed found")


async def test_placing_rerolled_dice_from_the_prompt(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    seed, (lot, company, target) = seed_with_a_placement()
    assert vegas.tables is not None
    vegas.tables.new_seed = lambda: seed
    first = await start(table, [table.alice, table.bob])
    other = table.bob if first is table.alice else table.alice
    await emu.slash(first, channel, "lov build", lot=lot, company=company)
    await emu.slash(first, channel, "lov sprawl", lot=target)
    asked = await emu.slash(first, channel, "lov reorganize", lot=lot)
    [prompt] = decision_prompts(asked.posted)
    assert prompted_user(prompt, [table.alice, table.bob]) is first
    assert "must place" in prompt.content
    refused = await answer_prompt(emu, prompt, other)
    assert "not yours" in refused.followups[0].content
    assert (await emu.slash(first, channel, "lov end")).ephemeral
    menu = prompt.component(button(prompt, ":pick"))
    assert menu is not None and len(menu["options"]) == 2
    placed = await emu.select(first, prompt, button(prompt, ":pick"), [menu["options"][1]["value"]])
    assert "placed their dice" in placed.posted[0].content
    await prompt_closed(emu, prompt)
    assert not decision_prompts([prompt]) and "Decided" in prompt.content
    assert not (await emu.slash(first, channel, "lov end")).ephemeral


async def test_classic_lay_off_prompt_for_the_boss(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    first = await start(table, [table.alice, table.bob], "classic")
    second = table.bob if first is table.alice else table.alice
    assert await build_something(emu, first, channel) is not None
    await emu.slash(first, channel, "lov end")
    [casino] = await emu.autocomplete(second, channel, "lov gamble", "lot")
    bet = await emu.slash(second, channel, "lov gamble", lot=casino["value"], amount=1)
    [prompt] = decision_prompts(bet.posted)
    assert prompted_user(prompt, [table.alice, table.bob]) is first
    gambler = await emu.click(second, prompt, button(prompt, ":yes"))
    assert "not yours" in gambler.followups[0].content
    answered = await emu.click(first, prompt, button(prompt, ":no"))
    public = answered.posted[0].content
    assert "does not lay off" in public and "bet $1m" in public
    await prompt_closed(emu, prompt)
    assert not decision_prompts([prompt])


async def play_until_out_of_markers(table: Table, first: User, second: User) -> Message:
    current = first
    for _ in range(40):
        reply = await table.emu.slash(current, table.channel, "lov end")
        prompts = decision_prompts(reply.posted)
        if prompts:
            return prompts[0]
        current = second if current is first else first
    raise AssertionError("nobody ran out of markers")


async def test_out_of_markers_prompt_and_its_timeout(
    table: Table, vegas: VegasHost, clock: ManualClock
) -> None:
    emu = table.emu
    first = await start(table, [table.alice, table.bob])
    second = table.bob if first is table.alice else table.alice
    prompt = await play_until_out_of_markers(table, first, second)
    asked = prompted_user(prompt, [table.alice, table.bob])
    menu = prompt.component(button(prompt, ":pick"))
    assert menu is not None and len(menu["options"]) == 10
    game, state = await current_game(vegas, table)
    color = color_of(game, asked)
    mine = sorted(
        (lot for lot, owner in state.lots.items() if owner == color), key=BOARD.order.index
    )
    cheapest = min(mine, key=lambda lot: BOARD.lots[lot].price)  # first in board order on a tie
    await clock.advance(hours=25)
    note = await emu.wait_for_message(table.channel, lambda m: "Time ran out" in m.content)
    assert "default answer" in note.content
    await prompt_closed(emu, prompt)
    assert not decision_prompts([prompt])
    _, after = await current_game(vegas, table)
    assert cheapest not in after.lots and after.pending == []


async def test_a_deadline_that_passed_while_the_bot_was_down_fires_at_start(
    table: Table, run_bot: RunBot, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    bot = await run_bot(lambda: create_bot(table.settings(), GAMES, clock=clock))
    await emu.slash(table.alice, channel, "lov new", offers="1")
    await emu.slash(table.bob, channel, "lov join")
    await emu.slash(table.alice, channel, "lov start")
    made = await emu.slash(table.alice, channel, "lov trade offer", terms="red pays blue 1")
    message = offer_prompt(made.posted, 1)
    await bot.stop()
    await clock.advance(hours=2)  # the one-hour offer runs out while the bot is down
    await bot.start()
    await emu.wait_for_message(channel, lambda m: "ran out of time" in m.content)
    # The note is posted first, then the offer's message is closed.
    await emu.wait_until(lambda: buttons_gone(message), 10.0, "the offer to close")
    assert "expired" in message.content


async def test_out_of_markers_prompt_answered_by_the_drawer_only(
    table: Table, vegas: VegasHost
) -> None:
    emu = table.emu
    first = await start(table, [table.alice, table.bob])
    second = table.bob if first is table.alice else table.alice
    prompt = await play_until_out_of_markers(table, first, second)
    asked = prompted_user(prompt, [table.alice, table.bob])
    other = second if asked is first else first
    refused = await answer_prompt(emu, prompt, other)
    assert "not yours" in refused.followups[0].content
    menu = prompt.component(button(prompt, ":pick"))
    assert menu is not None
    chosen = menu["options"][3]["value"]
    answered = await emu.select(asked, prompt, button(prompt, ":pick"), [chosen])
    assert "moves their marker" in answered.posted[0].content
    _, state = await current_game(vegas, table)
    assert chosen not in state.lots and state.pending == []


async def test_an_offer_with_an_action_lapses_at_the_end_of_the_turn(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    current = await start(table, [table.alice, table.bob])
    game, state = await current_game(vegas, table)
    color = color_of(game, current)
    other = "blue" if color == "red" else "red"
    lot = next(lot for lot, owner in state.lots.items() if owner == color)
    made = await emu.slash(
        current,
        channel,
        "lov trade offer",
        terms=f"{other} pays {color} 1; {color} does build {lot} vega",
    )
    message = offer_prompt(made.posted, 1)
    await emu.slash(current, channel, "lov end")
    assert buttons_gone(message) and "lapsed at the end of the turn" in message.content


def pays(giver: str, receiver: str, steps: int) -> str:
    return "; ".join([f"{giver} pays {receiver} 1"] * steps)


async def test_an_offer_of_many_steps_is_refused_and_twelve_are_shown_whole(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    await start(table, [table.alice, table.bob])
    version = (await current_game(vegas, table))[0].version
    seen = len(emu.history(channel))
    # 57 small steps fit in the typed option; an offer has at most 12.
    refused = await emu.slash(
        table.alice, channel, "lov trade offer", terms=pays("red", "blue", 57)
    )
    assert refused.ephemeral and "at most 12 steps; this one has 57" in refused.content
    assert (await current_game(vegas, table))[0].version == version
    assert len(emu.history(channel)) == seen
    made = await emu.slash(table.alice, channel, "lov trade offer", terms=pays("red", "blue", 12))
    message = offer_prompt(made.posted, 1)
    lines = message.content.splitlines()
    assert [line.split(".")[0] for line in lines if "pays" in line] == [
        str(n) for n in range(1, 13)
    ]
    assert "…" not in message.content


async def test_an_offer_too_long_for_a_message_is_refused_and_status_never_cuts_one(
    table: Table, vegas: VegasHost
) -> None:
    """Names count: with the longest names Discord allows, all in markdown characters
    (each doubled when escaped), twelve steps would not fit in 2,000 characters."""
    emu, channel = table.emu, table.channel
    stars = emu.create_user("*_" * 16, guild=table.guild)
    tildes = emu.create_user("~|" * 16, guild=table.guild)
    await start(table, [stars, tildes])
    version = (await current_game(vegas, table))[0].version
    seen = len(emu.history(channel))
    refused = await emu.slash(stars, channel, "lov trade offer", terms=pays("red", "blue", 12))
    assert refused.ephemeral and "too long to post" in refused.content, refused.content
    assert "Discord message holds 2,000" in refused.content
    assert (await current_game(vegas, table))[0].version == version
    assert len(emu.history(channel)) == seen

    long = offer_prompt(
        (await emu.slash(stars, channel, "lov trade offer", terms=pays("red", "blue", 9))).posted, 1
    )
    assert len(long.content) <= 2000 and "9. " in long.content and "…" not in long.content
    await emu.slash(tildes, channel, "lov trade offer", terms="blue pays red 3")
    status = await emu.slash(table.carol, channel, "lov status")
    fields = {field["name"]: field["value"] for field in status.embeds[0]["fields"]}
    [first] = [value for name, value in fields.items() if name.startswith("Offer #1 ")]
    [second] = [value for name, value in fields.items() if name.startswith("Offer #2 ")]
    # Too long for the summary: said so, with a link to the message that has every step.
    link = f"https://discord.com/channels/{table.guild.id}/{channel.id}/{long.id}"
    assert "9 steps" in first and link in first and "Accepted so far: red." in first
    assert "pays" in second and "$3m" in second
    assert not any("…" in value for value in fields.values())
    # The log gives way by whole lines, oldest first, and says so: the newest offer is whole.
    await emu.slash(stars, channel, "lov trade offer", terms=pays("red", "blue", 9))
    await emu.slash(stars, channel, "lov trade offer", terms=pays("red", "blue", 9))
    log = (await emu.slash(tildes, channel, "lov log")).embeds[0]["description"]
    assert log.startswith("(") and "earlier lines left out" in log.splitlines()[0]
    last = log.splitlines()[-1]
    assert "offers trade #4: 1. " in last and "; 9. " in last and last.endswith("(blue) $1m.")


async def test_open_offers_are_capped_per_player_and_per_game(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol, table.dave]
    await start(table, players)
    game, _ = await current_game(vegas, table)
    colors = [color_of(game, user) for user in players]
    for _ in range(3):
        made = await emu.slash(
            table.alice, channel, "lov trade offer", terms=f"{colors[0]} pays {colors[1]} 1"
        )
        assert not made.refusals and made.posted
    refused = await emu.slash(
        table.alice, channel, "lov trade offer", terms=f"{colors[0]} pays {colors[1]} 1"
    )
    assert refused.ephemeral and "already have 3 open offers (#1, #2, #3)" in refused.content
    assert "withdraw one" in refused.content
    # Three each for Bob and Carol, one for Dave: ten open, the most a game holds.
    for user, color, count in zip(players[1:], colors[1:], (3, 3, 1), strict=True):
        for _ in range(count):
            made = await emu.slash(
                user, channel, "lov trade offer", terms=f"{color} pays {colors[0]} 1"
            )
            assert made.posted, made.content
    version = (await current_game(vegas, table))[0].version
    full = await emu.slash(
        table.dave, channel, "lov trade offer", terms=f"{colors[3]} pays {colors[0]} 1"
    )
    assert full.ephemeral and "already has 10 open offers" in full.content
    assert (await current_game(vegas, table))[0].version == version
    status = await emu.slash(table.dave, channel, "lov status")
    offers = [f for f in status.embeds[0]["fields"] if f["name"].startswith("Offer #")]
    assert len(offers) == 10
    # An offer closing makes room again.
    await emu.slash(table.alice, channel, "lov trade withdraw", offer=1)
    made = await emu.slash(
        table.dave, channel, "lov trade offer", terms=f"{colors[3]} pays {colors[0]} 1"
    )
    assert offer_prompt(made.posted, 11)
