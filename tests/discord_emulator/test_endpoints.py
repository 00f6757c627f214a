"""`use_discord_endpoints` points discord.py's REST, webhooks and gateway elsewhere."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route
from discord.webhook import async_ as webhooks

from bot.endpoints import use_discord_endpoints


@pytest.fixture
def restore_endpoints() -> Iterator[None]:
    yield
    use_discord_endpoints(None, None)


def test_endpoints_default_to_discord(restore_endpoints: None) -> None:
    use_discord_endpoints(None, None)

    assert Route("GET", "/users/@me").url == "https://discord.com/api/v10/users/@me"
    assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "wss://gateway.discord.gg/"


def test_endpoints_point_rest_webhooks_and_gateway_elsewhere(restore_endpoints: None) -> None:
    use_discord_endpoints("http://127.0.0.1:9/api/v10/", "ws://127.0.0.1:9/gateway")

    # The webhook module (interaction responses, follow-ups) builds URLs with this class.
    follow_up = webhooks.Route(  # type: ignore[attr-defined]
        "POST", "/webhooks/{webhook_id}/{webhook_token}", webhook_id=1, webhook_token="t"
    )
    assert Route("GET", "/users/@me").url == "http://127.0.0.1:9/api/v10/users/@me"
    assert follow_up.url == "http://127.0.0.1:9/api/v10/webhooks/1/t"
    assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:9/gateway"

    use_discord_endpoints("", None)
    assert Route("GET", "/gateway").url == "https://discord.com/api/v10/gateway"
