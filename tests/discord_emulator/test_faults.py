"""Injected rate limits and server errors: discord.py retries, and the bot's answer still lands."""

from __future__ import annotations

import pytest

from . import DiscordEmulator
from .bots import InProcessBot
from .conftest import World


@pytest.mark.parametrize("is_global", [False, True])
async def test_rate_limited_channel_message_is_retried(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot, is_global: bool
) -> None:
    discord_emulator.fail_next(
        "POST /channels/*/messages", times=2, retry_after=0.1, is_global=is_global
    )

    reply = await discord_emulator.slash(world.alice, world.channel, "announce", text="Hi")

    assert [message.content for message in reply.posted] == ["Hi"]
    attempts = discord_emulator.requests_to("POST /channels/*/messages")
    assert [attempt.status for attempt in attempts] == [429, 429, 200]


async def test_rate_limited_interaction_callback_is_retried(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    discord_emulator.fail_next("POST /interactions/*/callback", retry_after=0.1)

    reply = await discord_emulator.slash(world.alice, world.channel, "echo", text="still here")

    assert reply.content == "still here"
    attempts = discord_emulator.requests_to("POST /interactions/*/callback")
    assert [attempt.status for attempt in attempts] == [429, 200]


async def test_rate_limited_follow_up_is_retried(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    discord_emulator.fail_next("POST /webhooks/*", retry_after=0.1)

    reply = await discord_emulator.slash(world.alice, world.channel, "lov board")

    assert reply.content == "Here is the board."
    statuses = [attempt.status for attempt in discord_emulator.requests_to("POST /webhooks/*")]
    assert statuses == [429, 200]


async def test_server_error_is_retried(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    discord_emulator.fail_next("POST /channels/*/messages", status=500)

    reply = await discord_emulator.slash(world.alice, world.channel, "announce", text="Hi")

    # discord.py waits a second before retrying a 5xx, longer than the settle window: the
    # driver still waits for it, since the bot's task for the command is not done.
    assert [message.content for message in reply.posted] == ["Hi"]
    attempts = discord_emulator.requests_to("POST /channels/*/messages")
    assert [attempt.status for attempt in attempts] == [500, 200]
    assert discord_emulator.refusals == []  # injected faults are not refusals


async def test_a_stalled_request_is_carried_out_but_answered_only_when_released(
    discord_emulator: DiscordEmulator, world: World, tiny: InProcessBot
) -> None:
    discord_emulator.stall_next("POST /channels/*/messages")

    await discord_emulator.slash(world.alice, world.channel, "announce", text="Hi")
    posted = await discord_emulator.wait_for_message(world.channel, lambda m: m.content == "Hi")
    [attempt] = discord_emulator.requests_to("POST /channels/*/messages")
    assert attempt.stalled and attempt.status == 0  # done, but the bot has not heard back

    discord_emulator.release_stalled()
    await discord_emulator.wait_until(lambda: attempt.status == 200, 5, "the answer")
    assert posted.attachments and len(discord_emulator.history(world.channel)) == 1
