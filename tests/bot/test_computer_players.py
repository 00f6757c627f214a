"""Computer players in Discord: seated by the host, playing their turns on their own,
answering what the game asks of them, and taking over a resigned seat."""

from __future__ import annotations

from bot.app import VegasHost
from tests.bot.conftest import Table
from tests.bot.players import (
    answer_prompt,
    build_something,
    decision_prompts,
    mentioned,
    next_message,
    prompt_closed,
    prompted_user,
)
from tests.discord_emulator import User


async def test_a_human_and_two_computers_play_a_whole_game(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "lov new")
    easy = await emu.slash(table.alice, channel, "lov addbot", level="easy")
    assert "computer player (easy)" in easy.content and not easy.ephemeral
    await emu.slash(table.alice, channel, "lov addbot", level="normal", color="green")
    refused = await emu.slash(table.bob, channel, "lov addbot")
    assert refused.ephemeral and "Only the host" in refused.content
    await emu.slash(table.alice, channel, "lov start")
    seen = 0
    for _ in range(300):
        # The computers move on their own and post like anyone; wait for Alice's turn.
        message, seen = await next_message(
            emu,
            channel,
            lambda m: f"<@{table.alice.id}>" in m.content or "wins Lords of Vegas" in m.content,
            seen,
        )
        if "wins Lords of Vegas" in message.content:
            break
        if decision_prompts([message]):
            await answer_prompt(emu, message, table.alice)
            continue
        await build_something(emu, table.alice, channel)
        await emu.slash(table.alice, channel, "lov end")
    else:
        raise AssertionError("the game did not end")
    assert vegas.store is not None
    finished = await vegas.store.finished_games()
    assert len(finished) == 1
    history = emu.history(channel)
    assert sum(1 for m in history if m.attachments) >= 25  # a board after every turn


async def test_the_host_removes_a_computer_from_the_lobby(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    alice, bob = table.alice, table.bob
    await emu.slash(alice, channel, "lov new", edition="classic")
    await emu.slash(alice, channel, "lov addbot", level="easy")
    await emu.slash(alice, channel, "lov addbot", level="hard", color="yellow")
    await emu.slash(bob, channel, "lov join")
    empty = await emu.slash(alice, channel, "lov kick", color="purple")  # not in classic
    assert empty.ephemeral and empty.content == (
        "Nobody sits in purple; the computer players sit in blue and yellow."
    )
    person = await emu.slash(alice, channel, "lov kick", color="green")
    assert person.ephemeral and person.content.startswith("A person sits in green: ")
    removed = await emu.slash(alice, channel, "lov kick", color="yellow")
    assert removed.content == (
        "**Bot Bugsy** (yellow) was removed.\nSeated (3/4): **Alice** (red), "
        "**Bot Lucky** (blue, computer: easy), **Bob** (green)."
    )
    await emu.slash(alice, channel, "lov start")
    for options in ({"color": "blue"}, {"player": bob}):
        late = await emu.slash(alice, channel, "lov kick", **options)
        assert late.ephemeral and late.content.startswith("The game has already started")
    assert late.content == (
        "The game has already started, so nobody can be removed: a player who wants to stop "
        "resigns with `/lov leave`, and the host can end the game for everyone with "
        "`/lov abandon`."
    )
    assert vegas.store is not None
    game = await vegas.store.open_game(channel.id)
    assert game is not None and [s.color for s in game.seats] == ["red", "blue", "green"]


async def test_resigning_then_a_computer_takes_over(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "lov new")
    await emu.slash(table.bob, channel, "lov join")
    start = await emu.slash(table.alice, channel, "lov start")
    [current] = mentioned(start, [table.alice, table.bob])
    resigned = await emu.slash(table.bob, channel, "lov leave")
    assert resigned.content == (
        "**Bob** (blue) resigned. Their seat now ends its turns without acting, takes the "
        "default answers to its decisions and declines trade offers; the host can let a "
        "computer player take it over with `/lov addbot color:blue`."
    )
    gone = await emu.slash(table.bob, channel, "lov end")
    assert gone.ephemeral and "not playing" in gone.content
    refused = await emu.slash(table.bob, channel, "lov addbot", color="blue")
    assert refused.ephemeral
    taken = await emu.slash(table.alice, channel, "lov addbot", level="normal", color="blue")
    assert "computer player (normal) now plays" in taken.content
    if current is table.alice:
        await emu.slash(table.alice, channel, "lov end")
    # Bob's seat now plays itself; the turn comes back to Alice.
    back = await emu.wait_for_message(channel, lambda m: f"<@{table.alice.id}>" in m.content)
    assert back.attachments


async def test_decide_answers_by_typing(table: Table, vegas: VegasHost) -> None:
    emu = table.emu
    await emu.slash(table.alice, table.channel, "lov new")
    await emu.slash(table.bob, table.channel, "lov join")
    start = await emu.slash(table.alice, table.channel, "lov start")
    [current] = mentioned(start, [table.alice, table.bob])
    other: User = table.bob if current is table.alice else table.alice
    for _ in range(40):
        reply = await emu.slash(current, table.channel, "lov end")
        prompts = decision_prompts(reply.posted)
        if prompts:
            break
        current, other = other, current
    [prompt] = prompts
    asked = prompted_user(prompt, [table.alice, table.bob])
    answers = await emu.autocomplete(asked, table.channel, "lov decide", "answer")
    assert len(answers) == 10 and all("move your marker" in a["name"] for a in answers)
    typed = await emu.slash(asked, table.channel, "lov decide", answer=answers[0]["value"])
    assert "moves their marker" in typed.content
    await prompt_closed(emu, prompt)
    assert not decision_prompts([prompt])
