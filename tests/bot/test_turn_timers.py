"""Table settings and turn timers: a reminder at half time, then the table's choice at the
end (a computer finishes the turn, or it simply ends), on a clock that survives restarts."""

from __future__ import annotations

import pytest

from bot.app import VegasHost, create_bot
from bot.clock import ManualClock
from bot.games import GAMES
from bot.store import Game, Move, Store
from engine.lords_of_vegas import GameState
from tests.bot.conftest import TEST_SEED, Table
from tests.bot.players import decision_prompts, mentioned, next_message, prompt_closed
from tests.bot.test_trades_and_decisions import seed_with_a_placement
from tests.discord_emulator import Channel, DiscordEmulator, Message, User
from tests.discord_emulator.fixtures import RunBot

MINUTES = 1 / 60  # of an hour, for `clock.advance(hours=...)`


async def open_timed_table(table: Table, players: list[User], **settings: object) -> Message:
    """Open a game, seat `players`, set the turn timer as given, and start; the start post."""
    emu, channel = table.emu, table.channel
    await emu.slash(players[0], channel, "lov new")
    for player in players[1:]:
        await emu.slash(player, channel, "lov join")
    changed = await emu.slash(players[0], channel, "lov settings", **settings)
    assert not changed.ephemeral
    started = await emu.slash(players[0], channel, "lov start")
    assert started.message is not None
    return started.message


async def the_game(store: Store | None, channel: Channel) -> tuple[Game, GameState, list[Move]]:
    assert store is not None
    game = await store.open_game(channel.id)
    assert game is not None
    game, moves = await store.game_and_moves(game.id)
    return game, game.state(), moves


def count(emu: DiscordEmulator, channel: Channel, text: str) -> int:
    return sum(text in message.content for message in emu.history(channel))


def color_of(game: Game, user: User) -> str:
    return next(seat.color for seat in game.seats if seat.user_id == user.id)


async def test_settings_are_shown_to_all_and_changed_by_the_host_only(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "lov new", offers="6")
    await emu.slash(table.bob, channel, "lov join")
    shown = await emu.slash(table.bob, channel, "lov settings")
    assert shown.ephemeral
    [embed] = shown.embeds
    assert "Turn timer:** off" in embed["description"]
    assert "offers stay open:** 6 hours" in embed["description"]
    refused = await emu.slash(table.bob, channel, "lov settings", turn_timer=60)
    assert refused.ephemeral and "Only the host" in refused.content
    changed = await emu.slash(
        table.alice, channel, "lov settings", turn_timer=4320, on_timeout="ai", images="action"
    )
    assert not changed.ephemeral and "Alice" in changed.content
    description = changed.embeds[0]["description"]
    assert "Turn timer:** 3 days" in description and "computer player" in description
    assert "after every action" in description and "6 hours" in description
    assert vegas.store is not None
    game = await vegas.store.open_game(channel.id)
    assert game is not None
    assert game.options["turn_minutes"] == 4320 and game.options["on_timeout"] == "ai"


async def test_a_reminder_at_half_time_then_the_turn_simply_ends(
    table: Table, vegas: VegasHost, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob]
    start = await open_timed_table(table, players, turn_timer=60, on_timeout="end")
    [first] = mentioned(start, players)
    second = table.bob if first is table.alice else table.alice
    assert "Your turn runs out <t:" in start.content
    status = await emu.slash(second, channel, "lov status")
    assert "The turn runs out <t:" in str(status.embeds)
    await clock.advance(hours=29 * MINUTES)
    await emu.settle()
    assert count(emu, channel, "half the time") == 0
    await clock.advance(hours=2 * MINUTES)
    reminder = await emu.wait_for_message(channel, lambda m: "half the time" in m.content)
    assert mentioned(reminder, players) == [first]
    assert "the turn simply ends" in reminder.content
    await clock.advance(hours=20 * MINUTES)
    await emu.settle()
    assert count(emu, channel, "half the time") == 1  # once per turn
    assert count(emu, channel, "Time is up") == 0
    await clock.advance(hours=10 * MINUTES)
    ended = await emu.wait_for_message(channel, lambda m: "Time is up" in m.content)
    assert "it ends here" in ended.content
    assert ended.attachments and f"<@{second.id}> it is your turn" in ended.content
    game, state, moves = await the_game(vegas.store, channel)
    assert state.turn == 2 and state.current == color_of(game, second)
    assert moves[-1].command == f"{color_of(game, first)}: end"
    assert moves[-1].actor_user_id is None
    # The next turn has a full hour of its own.
    await clock.advance(hours=31 * MINUTES)
    reminder = await emu.wait_for_message(
        channel, lambda m: "half the time" in m.content and f"<@{second.id}>" in m.content
    )
    assert count(emu, channel, "Time is up") == 1


async def test_when_time_is_up_a_computer_plays_the_rest_of_the_turn(
    table: Table, vegas: VegasHost, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob]
    start = await open_timed_table(table, players, turn_timer=10, on_timeout="ai")
    [first] = mentioned(start, players)
    second = table.bob if first is table.alice else table.alice
    reminder_text = "a computer player (normal) plays the rest of the turn"
    await clock.advance(hours=6 * MINUTES)
    reminder = await emu.wait_for_message(channel, lambda m: "half the time" in m.content)
    assert reminder_text in reminder.content
    await clock.advance(hours=5 * MINUTES)
    note = await emu.wait_for_message(channel, lambda m: "Time is up" in m.content)
    assert "a computer player plays the rest of it" in note.content
    await emu.wait_for_message(channel, lambda m: f"<@{second.id}> it is your turn" in m.content)
    game, state, moves = await the_game(vegas.store, channel)
    color = color_of(game, first)
    assert state.turn == 2 and state.current == color_of(game, second)
    played = [m.command for m in moves if m.actor_user_id is None]
    # The first player can build at once in this deal; the computer does, then ends.
    assert played[-1] == f"{color}: end"
    assert any(command.startswith(f"{color}: build") for command in played)
    assert all(command.startswith(f"{color}:") for command in played)


async def test_a_computer_finishing_a_turn_pauses_on_the_bots_clock(
    table: Table, run_bot: RunBot, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    # The computer waits a minute of the bot's clock before each further move, as in play.
    settings = table.settings().model_copy(update={"ai_pause_seconds": 60})
    bot = await run_bot(lambda: create_bot(settings, GAMES, clock=clock))
    vegas = bot.client
    assert isinstance(vegas, VegasHost) and vegas.tables is not None
    vegas.tables.new_seed = lambda: TEST_SEED
    players = [table.alice, table.bob]
    start = await open_timed_table(table, players, turn_timer=10, on_timeout="ai")
    [first] = mentioned(start, players)
    second = table.bob if first is table.alice else table.alice
    await clock.advance(hours=11 * MINUTES)
    await emu.wait_for_message(channel, lambda m: "Time is up" in m.content)
    for _ in range(10):
        await emu.settle()
        _, state, moves = await the_game(vegas.store, channel)
        if state.turn == 2:
            break
        # Its next move waits until a whole minute has passed on the clock, then comes.
        await clock.advance(seconds=59)
        await emu.settle()
        assert len((await the_game(vegas.store, channel))[2]) == len(moves)
        seen = len(emu.history(channel))
        await clock.advance(seconds=1)
        await next_message(emu, channel, lambda m: True, seen)
    else:
        raise AssertionError("the computer never finished the turn")
    assert count(emu, channel, f"<@{second.id}> it is your turn") == 1
    game = (await the_game(vegas.store, channel))[0]
    played = [m.command for m in moves if m.actor_user_id is None]
    assert len(played) >= 2 and played[-1] == f"{color_of(game, first)}: end"


@pytest.mark.parametrize("on_timeout", ["end", "ai"])
async def test_a_decision_owed_when_time_is_up_is_answered_and_the_turn_ends(
    table: Table, vegas: VegasHost, clock: ManualClock, on_timeout: str
) -> None:
    emu, channel = table.emu, table.channel
    seed, (lot, company, target) = seed_with_a_placement()
    assert vegas.tables is not None
    vegas.tables.new_seed = lambda: seed
    players = [table.alice, table.bob]
    turn_ends = int(clock.now()) + 30 * 60
    start = await open_timed_table(table, players, turn_timer=30, on_timeout=on_timeout)
    [first] = mentioned(start, players)
    await clock.advance(hours=10 * MINUTES)
    await emu.slash(first, channel, "lov build", lot=lot, company=company)
    await emu.slash(first, channel, "lov sprawl", lot=target)
    asked = await emu.slash(first, channel, "lov reorganize", lot=lot)
    [prompt] = decision_prompts(asked.posted)
    # The prompt waits until the turn runs out (sooner than the table's 24 hours for a
    # decision), and says what happens then.
    if on_timeout == "ai":
        assert prompt.content.endswith(
            f" If you have not answered <t:{turn_ends}:R>, a computer player (normal) will "
            "choose for you."
        )
    else:
        assert prompt.content.endswith(
            f" If nobody answers, the default applies <t:{turn_ends}:R>."
        )
    await clock.advance(hours=21 * MINUTES)
    await emu.wait_for_message(channel, lambda m: "Time is up" in m.content)
    await emu.wait_for_message(channel, lambda m: "Turn 2" in str(m.embeds))
    await prompt_closed(emu, prompt)
    assert not decision_prompts([prompt]) and "placed their dice" in prompt.content
    game, state, moves = await the_game(vegas.store, channel)
    color = color_of(game, first)
    assert state.turn == 2 and state.pending == []
    by_timer = [m.command for m in moves if m.actor_user_id is None]
    assert by_timer[0].startswith(f"{color}: place ") and by_timer[-1] == f"{color}: end"


async def test_the_turn_clock_survives_restarts(
    table: Table, run_bot: RunBot, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    bot = await run_bot(lambda: create_bot(table.settings(), GAMES, clock=clock))
    players = [table.alice, table.bob]
    start = await open_timed_table(table, players, turn_timer=60, on_timeout="end")
    [first] = mentioned(start, players)
    await clock.advance(hours=20 * MINUTES)
    await bot.restart()
    # Still counting from the start of the turn, not from the restart.
    await clock.advance(hours=11 * MINUTES)
    reminder = await emu.wait_for_message(channel, lambda m: "half the time" in m.content)
    assert mentioned(reminder, players) == [first]
    await bot.stop()
    await clock.advance(hours=3)  # the turn runs out while the bot is down
    client = await bot.start()
    await emu.wait_for_message(channel, lambda m: "Time is up" in m.content)
    await emu.settle()
    assert count(emu, channel, "Time is up") == 1  # fired once, at start-up
    assert count(emu, channel, "half the time") == 1
    assert isinstance(client, VegasHost)
    _, state, _ = await the_game(client.store, channel)
    assert state.turn == 2


async def test_turning_the_timer_off_during_the_game_stops_the_clock(
    table: Table, vegas: VegasHost, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob]
    await open_timed_table(table, players, turn_timer=60)
    await clock.advance(hours=40 * MINUTES)
    await emu.wait_for_message(channel, lambda m: "half the time" in m.content)
    off = await emu.slash(table.alice, channel, "lov settings", turn_timer=0)
    assert "Turn timer:** off" in off.embeds[0]["description"]
    await clock.advance(hours=5)
    await emu.settle()
    assert count(emu, channel, "Time is up") == 0
    # Turned on again mid-turn, the turn under way gets the whole time from now.
    on = await emu.slash(table.alice, channel, "lov settings", turn_timer=10)
    assert "now runs out <t:" in on.content
    await clock.advance(hours=11 * MINUTES)
    await emu.wait_for_message(channel, lambda m: "Time is up" in m.content)
