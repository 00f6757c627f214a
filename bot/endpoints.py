"""Where discord.py sends its REST requests and opens its gateway connection.

Discord's own endpoints are the default. The bot's settings may name others
(`DISCORD_API_BASE`, `DISCORD_GATEWAY_URL`), which is how the end-to-end tests point
the unmodified bot at a local Discord emulator.
"""

from __future__ import annotations

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

# Captured at import, before anything changes them, so that `None` can restore them.
DISCORD_API_BASE: str = Route.BASE
DISCORD_GATEWAY_URL: str = str(DiscordWebSocket.DEFAULT_GATEWAY)


def use_discord_endpoints(api_base: str | None, gateway_url: str | None) -> None:
    """Point discord.py at `api_base` (REST) and `gateway_url` (websocket).

    `api_base` is the REST root including the version, e.g.
    `http://127.0.0.1:8080/api/v10`. It serves the bot's own requests and the
    interaction and webhook requests, which discord.py builds from the same route
    class. `gateway_url` is the websocket URL the client connects to first and falls
    back to when a session is invalidated; after READY the client follows the resume
    URL the gateway itself hands out. `None` (or an empty string) means Discord's own
    endpoint. The change applies to every client in the process.
    """
    Route.BASE = (api_base or DISCORD_API_BASE).rstrip("/")
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url or DISCORD_GATEWAY_URL)
