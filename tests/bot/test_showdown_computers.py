"""Vegas Showdown's computer players at the Discord table.

The host seats them with `/vs addbot` (every refusal changing nothing); they choose
their actions and place their tiles by themselves, told in the channel like anyone's
moves, while the person plays by commands and prompts. A computer takes over a resigned
seat and answers the placement prompt it left open; a turn that runs out of time is
played by a computer when the table says so.
"""

from __future__ import annotations

from dataclasses import replace

from bot.app import VegasHost, create_bot
from bot.clock import ManualClock
from bot.games import GAMES
from bot.games.vegas_showdown.game import VegasShowdown
from bot.store import Store, verify_game
from engine.vegas_showdown import apply, format_action
from engine.vegas_showdown.actions import ChooseStack
from tests.bot.conftest import Table
from tests.bot.players import mentioned, next_message
from tests.bot.showdown import (
    chooser,
    closed,
    open_prompts,
    open_showdown,
    place_from_menu,
    play_whole_game,
    prompt_for,
    refused,
    round_one_bids,
    round_posts,
    spot_menus,
    the_game,
)
from tests.bot.test_news import assert_saved_and_posted, kill_when_failed
from tests.discord_emulator import Channel, DiscordEmulator, Message, User
from tests.discord_emulator.fixtures import RunBot, SpawnBot

LUCKY, BUGSY = "**Bot Lucky** (blue)", "**Bot Bugsy** (yellow)"


async def answer_prompt(emu: DiscordEmulator, prompt: Message, user: User) -> None:
    """Place the tile at the prompt's first numbered place, or keep it in reserve."""
    if spot_menus(prompt):
        await place_from_menu(emu, prompt, user)
    else:
        keep = next(c for c in prompt.custom_ids if c.endswith((":reserve", ":done")))
        await emu.click(user, prompt, keep)
    await closed(emu, prompt)


async def choose_action(emu: DiscordEmulator, channel: Channel, user: User) -> None:
    """Bid the least the autocomplete offers on its first tile; else Publicity, else Renovate
    (an event card may bar one of them)."""
    tiles = await emu.autocomplete(user, channel, "vs bid", "tile")
    if tiles:
        tile = tiles[0]["value"]
        [least, *_] = await emu.autocomplete(user, channel, "vs bid", "amount", tile=tile)
        bid = await emu.slash(user, channel, "vs bid", tile=tile, amount=least["value"])
        assert not bid.ephemeral, bid.content
        return
    if (await emu.slash(user, channel, "vs publicity")).ephemeral:
        renovating = await emu.slash(user, channel, "vs renovate")
        assert not renovating.ephemeral, renovating.content


def bids_told(emu: DiscordEmulator, channel: Channel, name: str) -> list[Message]:
    """The channel's messages telling a bid of the player called `name`."""
    return [m for m in emu.history(channel) if m.content.startswith(f"{name} bids $")]


async def play_rounds(table: Table, user: User, rounds: int) -> int:
    """Play `user`'s part, reading the channel, until round `rounds` is over.

    Returns how often the user was asked for an action choice.
    """
    emu, channel = table.emu, table.channel
    over = f"Round {rounds} is over"
    seen = choices = 0
    for _ in range(40):
        message, seen = await next_message(
            emu, channel, lambda m: f"<@{user.id}>" in m.content or over in str(m.embeds), seen
        )
        if over in str(message.embeds):
            return choices
        if open_prompts([message]):
            await answer_prompt(emu, message, user)
        elif chooser(message.content, [user]) is user:
            choices += 1
            await choose_action(emu, channel, user)
    raise AssertionError(f"{over} never came")


async def test_a_person_and_two_computers_play_two_rounds(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    alice, bob = table.alice, table.bob
    assert vegas.tables is not None
    vegas.tables.new_seed = lambda: 11

    # Nothing to add a computer to yet.
    nowhere = await emu.slash(alice, channel, "vs addbot")
    assert nowhere.ephemeral and "/vs new" in nowhere.content

    # The host seats an easy computer (the first free colour) and a normal one in yellow.
    await emu.slash(alice, channel, "vs new")
    easy = await emu.slash(alice, channel, "vs addbot", level="easy")
    assert not easy.ephemeral
    assert easy.content == (
        f"{LUCKY} joins: a computer player (easy).\n"
        "Seated (2/5): **Alice** (red), **Bot Lucky** (blue, computer: easy)."
    )
    normal = await emu.slash(alice, channel, "vs addbot", level="normal", color="yellow")
    assert normal.content.endswith(
        "Seated (3/5): **Alice** (red), **Bot Lucky** (blue, computer: easy), "
        "**Bot Bugsy** (yellow, computer: normal)."
    )

    # Refused, changing nothing: a guest adding one, a colour taken.
    not_host = emu.slash(bob, channel, "vs addbot")
    assert await refused(table, vegas, not_host) == "Only the host can add computer players."
    taken = emu.slash(alice, channel, "vs addbot", color="yellow")
    assert await refused(table, vegas, taken) == (
        "yellow is not available; free colours: green, purple."
    )

    start = await emu.slash(alice, channel, "vs start")
    assert mentioned(start, [alice]) == [alice]  # Alice acts first in the seed-11 deal
    asked = await play_rounds(table, alice, rounds=2)

    # Every action choice of Alice's came back to her, mentioned; she was the only one.
    assert asked >= 2
    history = emu.history(channel)
    assert all(mentioned(m, [alice, bob, table.carol]) in ([], [alice]) for m in history)
    # The computers got no prompts (they place by themselves); Alice's all closed.
    decided = [m.content for m in history if m.content.startswith("Decided:")]
    assert decided and all(d.startswith("Decided: **Alice** (red) ") for d in decided), decided
    assert open_prompts(history) == []
    # One round post per round, with its picture, after the opening one.
    posts = round_posts(emu, table)
    assert [p.embeds[0]["title"] for p in posts] == [
        "Vegas Showdown begins",
        "Round 1 is over: round 2 begins",
        "Round 2 is over: round 3 begins",
    ]
    assert all(p.attachment("tracks.png").data for p in posts)

    # Each computer chose an action in each round by itself, each bid told once in the
    # channel as it happened; each placed what it bought, told in the round's post.
    game = await the_game(vegas, table)
    assert vegas.store is not None
    _, moves = await vegas.store.game_and_moves(game.id)
    stories = [p.embeds[0]["description"] for p in posts[1:]]
    for color, name in (("blue", LUCKY), ("yellow", BUGSY)):
        played = [m.command.split()[1] for m in moves if m.command.startswith(f"{color}: ")]
        assert all(m.actor_user_id is None for m in moves if m.command.startswith(f"{color}: "))
        assert sum(kind in ("bid", "renovate", "publicity") for kind in played) >= 2
        bids = played.count("bid")  # a bid of round 3 may be saved, its news on its way
        await emu.wait_until(
            lambda name=name, bids=bids: len(bids_told(emu, channel, name)) >= bids,
            10,
            "each bid told",
        )
        assert len(bids_told(emu, channel, name)) == bids >= 1
        assert all(f"{name} places the " in story for story in stories), stories
    assert (await verify_game(vegas.store, game.id)).ok

    # `/vs status` says who the computers are.
    status = await emu.slash(table.dave, channel, "vs status")
    names = [f["name"] for f in status.embeds[0]["fields"]]
    assert any(n.endswith("Bot Lucky (blue, computer: easy)") for n in names), names
    assert any("Bot Bugsy (yellow, computer: normal" in n for n in names), names

    # Once the game is under way, a computer only takes over a resigned seat.
    late = emu.slash(alice, channel, "vs addbot", color="blue")
    assert await refused(table, vegas, late) == (
        "A computer player can only take over the seat of a player who resigned, and nobody has."
    )
    unnamed = emu.slash(alice, channel, "vs addbot")
    assert (await refused(table, vegas, unnamed)).startswith("Say which resigned seat")


async def test_a_full_lobby_takes_no_more_computers(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "vs new")
    for level in ("easy", "normal", "hard", "easy"):
        assert not (await emu.slash(table.alice, channel, "vs addbot", level=level)).ephemeral
    full = emu.slash(table.alice, channel, "vs addbot")
    assert await refused(table, vegas, full) == "The table is full."
    late = emu.slash(table.bob, channel, "vs join")
    assert (await refused(table, vegas, late)).startswith("The table is full")


async def test_the_host_removes_a_computer_from_the_lobby(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    alice, bob = table.alice, table.bob
    await emu.slash(alice, channel, "vs new")
    await emu.slash(alice, channel, "vs addbot", level="hard")
    await emu.slash(bob, channel, "vs join")

    # Refused, changing nothing: no one named, two named, a guest, a colour that is a
    # person's (the host's own too), an empty one.
    how = "a person with `/vs kick player:`, or a computer player with `/vs kick color:`"
    neither = emu.slash(alice, channel, "vs kick")
    assert await refused(table, vegas, neither) == f"Say who to remove: {how} and its colour."
    both = emu.slash(alice, channel, "vs kick", player=bob, color="blue")
    assert await refused(table, vegas, both) == f"Remove one at a time: {how} and its colour."
    guest = emu.slash(bob, channel, "vs kick", color="blue")
    assert await refused(table, vegas, guest) == "Only the host can remove players."
    person = emu.slash(alice, channel, "vs kick", color="green")
    assert await refused(table, vegas, person) == (
        "A person sits in green: choose them in the `player` option instead "
        "(`color` is for computer players)."
    )
    host = emu.slash(alice, channel, "vs kick", color="red")
    assert await refused(table, vegas, host) == (
        "You cannot remove yourself; use `/vs abandon` to close the lobby."
    )
    empty = emu.slash(alice, channel, "vs kick", color="yellow")
    assert await refused(table, vegas, empty) == (
        "Nobody sits in yellow; the computer player sits in blue."
    )

    # The host removes the computer; its seat is free again.
    removed = await emu.slash(alice, channel, "vs kick", color="blue")
    assert not removed.ephemeral
    assert removed.content == (
        "**Bot Lucky** (blue) was removed.\nSeated (2/5): **Alice** (red), **Bob** (green)."
    )
    game = await the_game(vegas, table)
    assert [(s.color, s.is_ai) for s in game.seats] == [("red", False), ("green", False)]

    # Once the game is under way, its computers play to the end.
    await emu.slash(alice, channel, "vs addbot", level="easy", color="purple")
    await emu.slash(alice, channel, "vs start")
    late = await emu.slash(alice, channel, "vs kick", color="purple")
    assert late.ephemeral and late.content == (
        "The game has already started: its computer players play to the end; the host can "
        "end the game for everyone with `/vs abandon`."
    )
    game = await the_game(vegas, table)
    assert game.status == "active" and [s.color for s in game.seats] == ["red", "green", "purple"]


async def test_a_computer_takes_over_a_resigned_seat_and_its_open_prompt(
    table: Table, run_bot: RunBot, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    alice, bob, carol = players
    # Computers wait a minute (of the test's clock) before each move, as people may
    # follow them: time enough for the host to act.
    settings = table.settings().model_copy(update={"ai_pause_seconds": 60})
    bot = await run_bot(lambda: create_bot(settings, GAMES, clock=clock))
    vegas = bot.client
    assert isinstance(vegas, VegasHost)
    await open_showdown(table, vegas, players)
    await round_one_bids(table, players)
    lounge = await prompt_for(emu, table, carol)

    # Carol resigns with her Lounge still to place; her prompt waits for her seat's move.
    resigned = await emu.slash(carol, channel, "vs leave")
    assert resigned.content == (
        "**Carol** (green) resigned. Their seat now takes Renovate for its action choice, "
        "changing nothing, and the default answer to anything else it is asked (a tile it "
        "still has to place goes to its reserve); the host can let a computer player take it "
        "over with `/vs addbot color:green`."
    )
    menu = spot_menus(lounge)[0]
    mine = emu.select(carol, lounge, menu, ["lounge a3 0"])
    assert await refused(table, vegas, mine) == (
        "You resigned from this game: your seat is played for you now, this prompt too."
    )
    guest = emu.slash(bob, channel, "vs addbot", color="green")
    assert await refused(table, vegas, guest) == (
        "Only the host can let a computer player take a seat over."
    )
    playing = emu.slash(alice, channel, "vs addbot", color="blue")
    assert await refused(table, vegas, playing) == (
        "A computer player can only take over the seat of a player who resigned: green."
    )
    taken = await emu.slash(alice, channel, "vs addbot", level="easy", color="green")
    assert taken.content == "A computer player (easy) now plays **Carol** (green)'s seat."
    status = await emu.slash(table.dave, channel, "vs status")
    names = [f["name"] for f in status.embeds[0]["fields"]]
    assert "Carol (green, resigned; computer: easy)" in names, names

    # After its pause the computer answers the prompt: it places the Lounge (a seat
    # played passively would have kept it in reserve).
    await clock.advance(seconds=60)
    await closed(emu, lounge)
    assert lounge.content == "Decided: **Carol** (green) places the Lounge at a2, turned 90°."
    # Alice and Bob place theirs; the round ends as ever.
    for user in (alice, bob):
        await answer_prompt(emu, await prompt_for(emu, table, user), user)
    post = await emu.wait_for_message(channel, lambda m: "Round 1 is over" in str(m.embeds))
    assert "**Carol** (green) places the Lounge at a2, turned 90°." in str(post.embeds)
    assert mentioned(post, players) == [bob]  # Bob acts first in round 2

    # Round 2: after Bob, Carol's seat chooses its action by itself, then it is Alice's turn.
    seen = len(emu.history(channel))
    await emu.slash(bob, channel, "vs publicity")
    await clock.advance(seconds=60)
    turn, _ = await next_message(emu, channel, lambda m: f"<@{alice.id}>" in m.content, seen)
    assert (
        turn.content.startswith("**Carol** (green) ") and "your action, **Alice**" in turn.content
    )
    game = await the_game(vegas, table)
    assert game.state().player("green").action is not None


async def test_a_computer_about_to_move_moves_once_across_restarts(
    table: Table, run_bot: RunBot, spawn_bot: SpawnBot
) -> None:
    emu, channel = table.emu, table.channel
    alice = table.alice
    # The game is dealt by a bot in this process, to fix its seed; the bot is then a
    # process of its own, whose computers wait a minute before each move.
    dealer = await run_bot(lambda: create_bot(table.settings(), GAMES))
    assert isinstance(dealer.client, VegasHost) and dealer.client.tables is not None
    dealer.client.tables.new_seed = lambda: 11
    await emu.slash(alice, channel, "vs new")
    await emu.slash(alice, channel, "vs addbot", level="easy")
    await emu.slash(alice, channel, "vs addbot", level="normal", color="yellow")
    start = len(emu.history(channel))
    await emu.slash(alice, channel, "vs start")
    await dealer.stop()
    env = {"DATABASE_PATH": str(table.database), "AI_PAUSE_SECONDS": "60"}
    bot = await spawn_bot("-m", "bot", env=env)
    bid = await emu.slash(alice, channel, "vs bid", tile="P2", amount=18)
    assert bid.content.endswith(f"{LUCKY} is choosing an action.")

    # Killed while Bot Lucky waits to move; started again (no pause now), and killed again
    # once its move is saved but before the channel hears of it (Discord failed the post).
    await bot.kill()
    bot.env["AI_PAUSE_SECONDS"] = "0"
    emu.fail_next("POST /channels/*/messages", status=500)
    await bot.start()
    await kill_when_failed(emu, bot, "POST /channels/*/messages")
    seen = len(emu.history(channel))
    await bot.start()

    # The computers carry on from where they were until the game waits for Alice.
    def for_alice(message: Message) -> bool:
        text = message.content
        return "your action, **Alice**" in text or "Placing now: **Alice** (red), with" in text

    await next_message(emu, channel, for_alice, seen)
    await emu.settle()
    await bot.stop()

    # Each computer move was played once, and told once (its post begins with its name).
    store = await Store.open(table.database, kinds=GAMES)
    try:
        game = await store.open_game(channel.id)
        assert game is not None
        _, moves = await store.game_and_moves(game.id)
    finally:
        await store.close()
    posts = [m.content for m in emu.history(channel)[start:]]  # the lobby's left out
    for color, name in (("blue", LUCKY), ("yellow", BUGSY)):
        played = [m for m in moves if m.command.startswith(f"{color}: ")]
        assert len(played) >= 2 and all(m.actor_user_id is None for m in played)
        assert sum(post.startswith(f"{name} ") for post in posts) == len(played), posts
    await assert_saved_and_posted(table, moves=len(moves))


async def test_a_timed_out_action_choice_is_played_by_a_normal_computer(
    table: Table, vegas: VegasHost, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    alice, bob, _ = players
    settings = {"turn_timer": 60, "on_timeout": "ai"}
    start = await open_showdown(table, vegas, players, settings=settings)
    assert mentioned(start, players) == [alice]
    assert start.content.endswith(
        "Your choice runs out <t:1800003600:R>; then a computer player (normal) chooses for you."
    )
    shown = await emu.slash(bob, channel, "vs settings")
    assert (
        "**Turn timer:** 1 hour; a reminder at half time, then a computer player (normal) "
        "plays for the seat: its action choice, its stack choice or its placements."
    ) in shown.embeds[0]["description"]
    # What a normal computer would choose for Alice now (a seat left to itself would
    # take Renovate).
    game = await the_game(vegas, table)
    expected = VegasShowdown().computer_move(game, game.state(), "red", 2)
    assert expected is not None and expected.kind == "bid"

    await clock.advance(hours=61 / 60)
    note = await emu.wait_for_message(channel, lambda m: "Time is up" in m.content)
    assert note.content.startswith(
        "⏰ Time is up for **Alice** (red)'s action choice: a computer player plays the rest "
        "of it.\n**Alice** (red) bids $"
    )
    assert mentioned(note, players) == [bob]  # Bob chooses next, mentioned as ever
    game = await the_game(vegas, table)
    assert vegas.store is not None
    _, moves = await vegas.store.game_and_moves(game.id)
    assert moves[-1].command == f"red: {format_action(expected)}"
    assert moves[-1].actor_user_id is None


async def test_timed_out_placements_are_played_by_a_normal_computer(
    table: Table, vegas: VegasHost, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    # The placements' prompts run out with the turn timer (sooner than `decisions`): the
    # table's `on_timeout` decides what then happens, not the prompts' default answers.
    settings = {"turn_timer": 60, "on_timeout": "ai"}
    await open_showdown(table, vegas, players, settings=settings)
    await round_one_bids(table, players)
    prompts = [await prompt_for(emu, table, user) for user in players]
    for prompt in prompts:
        assert prompt.content.endswith(
            "\nIf you have not answered <t:1800003600:R>, a computer player (normal) will "
            "choose for you."
        )
    # What a normal computer places for each of them, in turn (a seat left to itself, or
    # a prompt's default answer, would keep each tile in reserve).
    game = await the_game(vegas, table)
    state, expected = game.state(), []
    for color in ("red", "blue", "green"):
        action = VegasShowdown().computer_move(game, state, color, 2)
        assert action is not None and action.kind == "place"
        apply(state, color, action)
        game = replace(game, version=game.version + 1)
        expected.append(f"{color}: {format_action(action)}")

    await clock.advance(hours=61 / 60)
    note = await emu.wait_for_message(channel, lambda m: "Time is up" in m.content)
    assert note.content.startswith(
        "⏰ Time is up for the placements of round 1: a computer player plays the rest of it."
        "\n**Alice** (red) places the Slots at "
    )
    names = ("**Alice** (red)", "**Bob** (blue)", "**Carol** (green)")
    for prompt, name in zip(prompts, names, strict=True):
        await closed(emu, prompt)
        assert prompt.content.startswith(f"Decided: {name} places the "), prompt.content
    post = await emu.wait_for_message(channel, lambda m: "Round 1 is over" in str(m.embeds))
    assert mentioned(post, players) == [table.bob]  # Bob chooses first in round 2
    assert vegas.store is not None
    _, moves = await vegas.store.game_and_moves(game.id)
    assert [m.command for m in moves if m.actor_user_id is None] == expected
    assert "Time ran out" not in str(emu.history(channel))  # no prompt's default answer


async def test_a_placement_whose_own_time_runs_out_first_takes_its_default(
    table: Table, vegas: VegasHost
) -> None:
    players = [table.alice, table.bob, table.carol]
    # The prompts wait an hour, the turn a day: the prompt's default answer comes first.
    settings = {"turn_timer": 1440, "on_timeout": "ai", "decisions": "1"}
    await open_showdown(table, vegas, players, settings=settings)
    await round_one_bids(table, players)
    prompt = await prompt_for(table.emu, table, table.alice)
    assert prompt.content.endswith(
        "\nIf you have not answered <t:1800003600:R>, the Slots goes to your reserve."
    )


async def test_a_timed_out_stack_choice_is_made_by_a_normal_computer(
    table: Table, vegas: VegasHost, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    # In this seed-5 game, round 3 opens with Pull Strings: Alice chooses the stack.
    settings = {"turn_timer": 60, "on_timeout": "ai"}
    await play_whole_game(table, vegas, players, 5, until_round=3, settings=settings)
    prompt = await prompt_for(emu, table, table.alice)
    assert prompt.content.endswith(", a computer player (normal) will choose for you.")
    game = await the_game(vegas, table)
    chosen = VegasShowdown().computer_move(game, game.state(), "red", 2)
    assert chosen == ChooseStack(size="large")  # the default: small (most tiles)

    await clock.advance(hours=61 / 60)
    note = await emu.wait_for_message(channel, lambda m: "Time is up" in m.content)
    assert note.content.startswith(
        "⏰ Time is up for **Alice** (red)'s stack choice: a computer player plays the rest "
        "of it.\n"
    )
    await closed(emu, prompt)
    assert prompt.content.startswith("Decided: **Alice** (red) ") and "large" in prompt.content
    assert vegas.store is not None
    _, moves = await vegas.store.game_and_moves(game.id)
    assert moves[-1].command == "red: stack large" and moves[-1].actor_user_id is None


async def test_a_settings_change_brings_the_open_prompts_up_to_date(
    table: Table, vegas: VegasHost, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    # The placements' prompts run out with a 10-minute turn timer, taking their defaults.
    await open_showdown(table, vegas, players, settings={"turn_timer": 10})
    await round_one_bids(table, players)
    prompts = [await prompt_for(emu, table, user) for user in players]
    assert prompts[0].content.endswith(
        "\nIf you have not answered <t:1800000600:R>, the Slots goes to your reserve."
    )

    # Four minutes in, the host gives the round an hour from now, and a computer player
    # to whoever has not answered then: every open prompt says so at once.
    await clock.advance(hours=4 / 60)
    await emu.slash(table.alice, channel, "vs settings", turn_timer=60, on_timeout="ai")
    new_time = (
        "\nIf you have not answered <t:1800003840:R>, a computer player (normal) will "
        "choose for you."
    )
    for prompt in prompts:
        await emu.wait_until(
            lambda p=prompt: p.content.endswith(new_time),  # type: ignore[misc]
            10.0,
            "the prompt to be redrawn",
        )
    # The old ten minutes pass: no prompt runs out with its old deadline.
    await clock.advance(hours=7 / 60)
    assert vegas.timers is not None
    await vegas.timers.fire_due()  # what the timers do now, done here to wait for it
    assert all(prompt.custom_ids for prompt in prompts)
    assert "Time ran out" not in str(emu.history(channel))

    # The new hour passes: a computer player places every tile.
    await clock.advance(hours=54 / 60)
    note = await emu.wait_for_message(channel, lambda m: "Time is up" in m.content)
    assert note.content.startswith(
        "⏰ Time is up for the placements of round 1: a computer player plays the rest of it."
    )
    for prompt in prompts:
        await closed(emu, prompt)
        assert prompt.content.startswith("Decided: "), prompt.content
        assert " places the " in prompt.content.splitlines()[0], prompt.content
    assert "Time ran out" not in str(emu.history(channel))
