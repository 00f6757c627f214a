"""Discord's limits, enforced on raw requests sent with discord.py's own HTTP client."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord.http import HTTPClient, Route, handle_message_parameters

from bot.endpoints import use_discord_endpoints

from . import DiscordEmulator
from .conftest import World
from .driver import start_interaction
from .interactions import APPLICATION_COMMAND


@pytest.fixture
async def http(discord_emulator: DiscordEmulator) -> AsyncIterator[HTTPClient]:
    """discord.py's HTTP client, logged in to the emulator."""
    use_discord_endpoints(discord_emulator.api_base, discord_emulator.gateway_url)
    client = HTTPClient(asyncio.get_running_loop())
    await client.static_login(discord_emulator.token)
    yield client
    await client.close()
    use_discord_endpoints(None, None)


def button(custom_id: str, label: str = "Go", **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id, **extra}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def select(custom_id: str, count: int) -> dict[str, Any]:
    options = [{"label": f"Lot {n}", "value": str(n)} for n in range(count)]
    return {"type": 3, "custom_id": custom_id, "options": options}


def send(http: HTTPClient, channel_id: int, payload: dict[str, Any]) -> Any:
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
    return http.request(route, json=payload)


BAD_MESSAGES: dict[str, tuple[dict[str, Any], str]] = {
    "content over 2000": ({"content": "x" * 2001}, "content: Must be 2000 or fewer"),
    "11 embeds": ({"embeds": [{"title": "t"}] * 11}, "embeds: Must be 10 or fewer"),
    "embed title over 256": ({"embeds": [{"title": "t" * 257}]}, "embeds.0.title"),
    "embeds over 6000 in total": (
        {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
        "Embed size exceeds maximum size of 6000",
    ),
    "6 action rows": (
        {"components": [row(button(f"b{n}")) for n in range(6)]},
        "components: Must be 5 or fewer",
    ),
    "6 buttons in a row": (
        {"components": [row(*(button(f"b{n}") for n in range(6)))]},
        "components.0.components: Must be between 1 and 5",
    ),
    "button label over 80": (
        {"components": [row(button("b", label="l" * 81))]},
        "components.0.components.0.label: Must be 80 or fewer",
    ),
    "custom id over 100": (
        {"components": [row(button("c" * 101))]},
        "components.0.components.0.custom_id: Must be between 1 and 100",
    ),
    "duplicate custom ids": (
        {"components": [row(button("same")), row(button("same"))]},
        "Component custom id cannot be duplicated",
    ),
    "select with 26 options": (
        {"components": [row(select("lots", 26))]},
        "components.0.components.0.options: Must be between 1 and 25",
    ),
    "select sharing a row": (
        {"components": [row(select("lots", 3), button("b"))]},
        "exceeds the maximum width",
    ),
    "link button with a custom id": (
        {"components": [row(button("x", style=5, url="https://example.org"))]},
        "Link buttons cannot have a custom id",
    ),
    "components v2 with content": (
        {"content": "hi", "flags": 1 << 15, "components": [{"type": 10, "content": "x"}]},
        "cannot be used when using components v2",
    ),
}


@pytest.mark.parametrize("case", BAD_MESSAGES, ids=list(BAD_MESSAGES))
async def test_invalid_messages_are_refused_with_invalid_form_body(
    http: HTTPClient, world: World, case: str
) -> None:
    payload, complaint = BAD_MESSAGES[case]

    with pytest.raises(discord.HTTPException) as refused:
        await send(http, world.channel.id, payload)

    assert refused.value.status == 400
    assert refused.value.code == 50035
    assert complaint in refused.value.text


async def test_messages_at_the_limits_are_accepted(
    discord_emulator: DiscordEmulator, http: HTTPClient, world: World
) -> None:
    payload = {
        "content": "x" * 2000,
        "components": [row(*(button(f"b{r}{n}", "l" * 80) for n in range(5))) for r in range(5)],
    }

    data = await send(http, world.channel.id, payload)

    assert discord_emulator.message(int(data["id"])).custom_ids[-1] == "b44"


async def test_an_empty_message_is_refused(http: HTTPClient, world: World) -> None:
    with pytest.raises(discord.HTTPException) as refused:
        await send(http, world.channel.id, {"content": "  "})

    assert refused.value.code == 50006


async def test_a_file_over_10_mib_is_refused(http: HTTPClient, world: World) -> None:
    big = discord.File(io.BytesIO(b"x" * (10 * 1024 * 1024 + 1)), "big.bin")
    params = handle_message_parameters(content="big", file=big)

    with pytest.raises(discord.HTTPException) as refused:
        await http.send_message(world.channel.id, params=params)

    assert refused.value.status == 413
    assert refused.value.code == 40005


def command(name: str = "lov", **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": "Lords of Vegas", "type": 1, **extra}


def option(name: str, **extra: Any) -> dict[str, Any]:
    return {"name": name, "description": "An option", "type": 3, **extra}


def choices(count: int) -> list[dict[str, Any]]:
    return [{"name": f"Choice {n}", "value": f"c{n}"} for n in range(count)]


BAD_COMMANDS: dict[str, tuple[list[dict[str, Any]], str]] = {
    "upper-case name": ([command("Lov")], "must be lower case"),
    "name over 32": ([command("l" * 33)], "Command name is invalid"),
    "description over 100": ([command(description="d" * 101)], "0.description"),
    "26 options": (
        [command(options=[option(f"o{n}") for n in range(26)])],
        "0.options: Must be 25 or fewer",
    ),
    "26 choices": (
        [command(options=[option("lot", choices=choices(26))])],
        "0.options.0.choices: Must be 25 or fewer",
    ),
    "required after optional": (
        [command(options=[option("a"), option("b", required=True)])],
        "Required options must be placed before non-required options",
    ),
    "choices with autocomplete": (
        [command(options=[option("lot", choices=choices(2), autocomplete=True)])],
        "Autocomplete and choices cannot be combined",
    ),
    "duplicate names": ([command(), command()], "Application command names must be unique"),
    "101 commands": ([command(f"c{n}") for n in range(101)], "Must be 100 or fewer"),
}


@pytest.mark.parametrize("case", BAD_COMMANDS, ids=list(BAD_COMMANDS))
async def test_invalid_commands_are_refused(
    discord_emulator: DiscordEmulator, http: HTTPClient, case: str
) -> None:
    payload, complaint = BAD_COMMANDS[case]

    with pytest.raises(discord.HTTPException) as refused:
        await http.bulk_upsert_global_commands(discord_emulator.application_id, payload=payload)

    assert refused.value.code == 50035
    assert complaint in refused.value.text
    assert discord_emulator.commands.global_commands == []


async def test_commands_at_the_limits_are_registered_in_a_guild(
    discord_emulator: DiscordEmulator, http: HTTPClient, world: World
) -> None:
    payload = [command(options=[option(f"o{n}", choices=choices(25)) for n in range(25)])]
    payload[0]["options"][0]["required"] = True

    with pytest.raises(discord.HTTPException) as too_large:
        await http.bulk_upsert_guild_commands(
            discord_emulator.application_id, world.guild.id, payload=payload
        )
    small = [command(options=[option(f"o{n}") for n in range(25)]), command("echo")]
    stored = await http.bulk_upsert_guild_commands(
        discord_emulator.application_id, world.guild.id, payload=small
    )

    assert "Command exceeds maximum size (4000)" in too_large.value.text
    echoed = [dict(item) for item in stored]
    assert [item["name"] for item in echoed] == ["lov", "echo"]
    assert all(item["guild_id"] == str(world.guild.id) for item in echoed)
    assert discord_emulator.commands.scope(world.guild.id) == echoed


async def test_a_wrong_token_cannot_log_in(discord_emulator: DiscordEmulator) -> None:
    use_discord_endpoints(discord_emulator.api_base, discord_emulator.gateway_url)
    client = HTTPClient(asyncio.get_running_loop())
    try:
        with pytest.raises(discord.LoginFailure):
            await client.static_login("not-the-token")
    finally:
        await client.close()
        use_discord_endpoints(None, None)


async def test_interaction_callback_rules(discord_emulator: DiscordEmulator, world: World) -> None:
    record = start_interaction(
        discord_emulator, APPLICATION_COMMAND, world.alice, world.channel, {"name": "x"}
    )
    url = f"{discord_emulator.api_base}/interactions/{record.id}/{record.token}/callback"
    answer = {"type": 4, "data": {"content": "Done."}}

    async with aiohttp.ClientSession() as session:
        statuses = []
        for payload in ({"type": 1}, {"type": 7, "data": {}}, {"type": 8, "data": {"choices": []}}):
            async with session.post(url, json=payload) as response:
                statuses.append((response.status, (await response.json())["code"]))
        async with session.post(url, json=answer) as response:
            first = response.status
        async with session.post(url, json=answer, params={"with_response": "true"}) as response:
            second = (response.status, (await response.json())["code"])

    assert statuses == [(400, 50035)] * 3
    assert first == 204
    assert second == (400, 40060)
    assert record.original is not None
    assert record.original.content == "Done."


async def test_malformed_ids_are_refused_not_crashed_on(
    discord_emulator: DiscordEmulator, http: HTTPClient
) -> None:
    with pytest.raises(discord.HTTPException) as junk_recipient:
        await http.request(Route("POST", "/users/@me/channels"), json={"recipient_id": "abc"})
    with pytest.raises(discord.NotFound):
        await http.request(Route("GET", "/channels/general"))

    assert junk_recipient.value.code == 50035
    assert discord_emulator.unknown_routes == ["GET /channels/general"]
    assert discord_emulator.internal_errors == []


async def test_a_client_gone_mid_upload_is_not_an_emulator_error(
    discord_emulator: DiscordEmulator, world: World
) -> None:
    # A bot killed while it uploads a picture: half a multipart body, then the socket shut.
    boundary = "cut"
    part = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n'
        '{"content": "never whole"}\r\n'
        f'--{boundary}\r\nContent-Disposition: form-data; name="files[0]"; '
        'filename="board.png"\r\n'
    ).encode()
    head = (
        f"POST /api/v10/channels/{world.channel.id}/messages HTTP/1.1\r\n"
        f"Host: 127.0.0.1\r\nAuthorization: Bot {discord_emulator.token}\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
        f"Content-Length: {len(part) + 100_000}\r\n\r\n"
    ).encode()
    _reader, writer = await asyncio.open_connection("127.0.0.1", discord_emulator.port)
    writer.write(head + part)
    await writer.drain()
    await discord_emulator.wait_until(
        lambda: bool(discord_emulator.requests_to("POST /channels/*/messages")), 10, "the request"
    )
    writer.close()
    await writer.wait_closed()
    await discord_emulator.settle()

    assert discord_emulator.internal_errors == []
    assert discord_emulator.history(world.channel) == []
