"""REST routes for the bot's own requests: login, gateway, guilds, channels, messages, DMs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from .bodies import integer, json_response, read_body
from .errors import (
    CANNOT_EDIT_OTHERS_MESSAGE,
    CANNOT_MESSAGE_USER,
    INVALID_FORM_BODY,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    UNKNOWN_CHANNEL,
    UNKNOWN_GUILD,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    DiscordError,
    not_found,
)
from .messages import create_message, delete_message, edit_message
from .model import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    DM,
    GUILD_TEXT,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    Channel,
    Guild,
    Message,
)

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from .emulator import DiscordEmulator


def routes(
    emulator: DiscordEmulator,
) -> list[tuple[str, str, Callable[[web.Request], Awaitable[web.StreamResponse]]]]:
    """The bot-authenticated REST routes, relative to the API base."""
    api = RestRoutes(emulator)
    message = r"/channels/{channel_id:\d+}/messages/{message_id:\d+}"
    return [
        ("GET", "/users/@me", api.me),
        ("GET", r"/users/{user_id:\d+}", api.user),
        ("POST", "/users/@me/channels", api.open_dm),
        ("GET", "/oauth2/applications/@me", api.application),
        ("GET", "/applications/@me", api.application),
        ("GET", "/gateway", api.gateway),
        ("GET", "/gateway/bot", api.gateway_bot),
        ("GET", r"/guilds/{guild_id:\d+}", api.guild),
        ("GET", r"/guilds/{guild_id:\d+}/channels", api.guild_channels),
        ("GET", r"/guilds/{guild_id:\d+}/roles", api.guild_roles),
        ("GET", r"/guilds/{guild_id:\d+}/members/{user_id:\d+}", api.guild_member),
        ("GET", r"/channels/{channel_id:\d+}", api.channel),
        ("GET", r"/channels/{channel_id:\d+}/messages", api.channel_history),
        ("POST", r"/channels/{channel_id:\d+}/messages", api.send_message),
        ("POST", r"/channels/{channel_id:\d+}/typing", api.typing),
        ("POST", r"/channels/{channel_id:\d+}/threads", api.start_thread),
        ("GET", message, api.get_message),
        ("PATCH", message, api.edit_message),
        ("DELETE", message, api.delete_message),
    ]


class RestRoutes:
    """Handlers for the REST routes a bot calls with its own token."""

    def __init__(self, emulator: DiscordEmulator) -> None:
        self.emulator = emulator

    async def me(self, request: web.Request) -> web.StreamResponse:
        """`GET /users/@me`: the bot's user (discord.py's login check)."""
        bot = self.emulator.bot
        return json_response({**bot.payload(), "verified": True, "mfa_enabled": False})

    async def user(self, request: web.Request) -> web.StreamResponse:
        """`GET /users/{id}`."""
        user = self.emulator.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise not_found(UNKNOWN_USER, "User")
        return json_response(user.payload())

    async def application(self, request: web.Request) -> web.StreamResponse:
        """`GET /oauth2/applications/@me`: the bot's application, fetched at login."""
        emulator = self.emulator
        return json_response(
            {
                "id": str(emulator.application_id),
                "name": emulator.bot.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": emulator.owner.payload(),
                "team": None,
                "flags": emulator.app_flags,
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "tags": [],
                "approximate_guild_count": len(emulator.bot_guilds()),
                "bot": emulator.bot.payload(),
            }
        )

    async def gateway(self, request: web.Request) -> web.StreamResponse:
        """`GET /gateway`."""
        return json_response({"url": self.emulator.gateway_url})

    async def gateway_bot(self, request: web.Request) -> web.StreamResponse:
        """`GET /gateway/bot`: used by sharded clients."""
        return json_response(
            {
                "url": self.emulator.gateway_url,
                "shards": self.emulator.recommended_shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    def _guild(self, request: web.Request) -> Guild:
        guild = self.emulator.guilds.get(int(request.match_info["guild_id"]))
        if guild is None or self.emulator.bot.id not in guild.members:
            raise not_found(UNKNOWN_GUILD, "Guild")
        return guild

    async def guild(self, request: web.Request) -> web.StreamResponse:
        """`GET /guilds/{id}`."""
        data = self._guild(request).payload(include_all_members=False, bot=self.emulator.bot)
        for key in ("members", "channels", "threads", "voice_states", "presences"):
            data.pop(key, None)
        return json_response(data)

    async def guild_channels(self, request: web.Request) -> web.StreamResponse:
        """`GET /guilds/{id}/channels`."""
        guild = self._guild(request)
        return json_response([channel.payload(with_guild_id=True) for channel in guild.channels])

    async def guild_roles(self, request: web.Request) -> web.StreamResponse:
        """`GET /guilds/{id}/roles`."""
        guild = self._guild(request)
        return json_response([role.payload() for role in [guild.everyone, *guild.roles]])

    async def guild_member(self, request: web.Request) -> web.StreamResponse:
        """`GET /guilds/{id}/members/{user_id}`."""
        guild = self._guild(request)
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise not_found(10007, "Member")
        return json_response(member.payload())

    def _channel(self, request: web.Request, needs: int = VIEW_CHANNEL) -> Channel:
        """The channel in the URL, if the bot can see it and has the `needs` permissions."""
        emulator = self.emulator
        channel = emulator.channels.get(int(request.match_info["channel_id"]))
        if channel is None:
            raise not_found(UNKNOWN_CHANNEL, "Channel")
        if channel.guild is not None:
            granted = channel.guild.permissions(emulator.bot, channel)
            if not granted & VIEW_CHANNEL:
                raise DiscordError(403, MISSING_ACCESS, "Missing Access")
            if needs & ~granted:
                raise DiscordError(403, MISSING_PERMISSIONS, "Missing Permissions")
        return channel

    async def channel(self, request: web.Request) -> web.StreamResponse:
        """`GET /channels/{id}`."""
        return json_response(self._channel(request).payload(with_guild_id=True))

    async def channel_history(self, request: web.Request) -> web.StreamResponse:
        """`GET /channels/{id}/messages`: newest first, with `limit`, `before`, `after`."""
        channel = self._channel(request)
        messages = self.emulator.history(channel)
        before = request.query.get("before")
        after = request.query.get("after")
        if before:
            messages = [message for message in messages if message.id < integer(before, "before")]
        if after:
            messages = [message for message in messages if message.id > integer(after, "after")]
        limit = max(1, min(100, integer(request.query.get("limit"), "limit", 50)))
        newest = list(reversed(messages))
        if after and not before:
            newest = list(reversed(messages[:limit]))
        return json_response([message.payload() for message in newest[:limit]])

    async def send_message(self, request: web.Request) -> web.StreamResponse:
        """`POST /channels/{id}/messages`: the bot posts on its own."""
        payload, uploads = await read_body(request)
        # In a thread, Send Messages in Threads stands for Send Messages.
        sending = SEND_MESSAGES_IN_THREADS if self._channel(request).parent else SEND_MESSAGES
        channel = self._channel(request, VIEW_CHANNEL | sending)
        if uploads and channel.guild is not None:
            self._channel(request, VIEW_CHANNEL | sending | ATTACH_FILES)
        if channel.kind == DM and channel.recipient is not None:
            recipient = channel.recipient
            shares_guild = any(
                recipient.id in guild.members for guild in self.emulator.bot_guilds()
            )
            if not (recipient.accepts_dms and shares_guild):
                raise DiscordError(403, CANNOT_MESSAGE_USER, "Cannot send messages to this user")
        message = create_message(self.emulator, channel, payload, uploads)
        return json_response(message.payload())

    async def typing(self, request: web.Request) -> web.StreamResponse:
        """`POST /channels/{id}/typing`."""
        self._channel(request)
        return web.Response(status=204)

    def _message(self, request: web.Request, channel: Channel) -> Message:
        message = self.emulator.messages.get(int(request.match_info["message_id"]))
        if (
            message is None
            or message.channel is not channel
            or message.deleted
            or message.ephemeral
        ):
            raise not_found(UNKNOWN_MESSAGE, "Message")
        return message

    async def get_message(self, request: web.Request) -> web.StreamResponse:
        """`GET /channels/{id}/messages/{id}`."""
        channel = self._channel(request)
        return json_response(self._message(request, channel).payload())

    async def edit_message(self, request: web.Request) -> web.StreamResponse:
        """`PATCH /channels/{id}/messages/{id}`: only the bot's own messages."""
        payload, uploads = await read_body(request)
        channel = self._channel(request)
        message = self._message(request, channel)
        if message.author is not self.emulator.bot:
            raise DiscordError(
                403, CANNOT_EDIT_OTHERS_MESSAGE, "Cannot edit a message authored by another user"
            )
        edit_message(self.emulator, message, payload, uploads)
        return json_response(message.payload())

    async def delete_message(self, request: web.Request) -> web.StreamResponse:
        """`DELETE /channels/{id}/messages/{id}`."""
        channel = self._channel(request)
        delete_message(self.emulator, self._message(request, channel))
        return web.Response(status=204)

    async def start_thread(self, request: web.Request) -> web.StreamResponse:
        """`POST /channels/{id}/threads`: open a public thread of a text channel (no message)."""
        payload, _ = await read_body(request)
        parent = self._channel(request, VIEW_CHANNEL | CREATE_PUBLIC_THREADS)
        name = payload.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise DiscordError(400, INVALID_FORM_BODY, "Invalid Form Body (name)")
        if payload.get("type", PUBLIC_THREAD) != PUBLIC_THREAD or parent.kind != GUILD_TEXT:
            raise DiscordError(400, INVALID_FORM_BODY, "Only public threads of text channels")
        thread = self.emulator.create_thread(parent, name, self.emulator.bot)
        return json_response(thread.payload(with_guild_id=True))

    async def open_dm(self, request: web.Request) -> web.StreamResponse:
        """`POST /users/@me/channels`: open (or reopen) a DM with a user."""
        payload, _ = await read_body(request)
        user = self.emulator.users.get(integer(payload.get("recipient_id"), "recipient_id"))
        if user is None or user.bot:
            raise not_found(UNKNOWN_USER, "User")
        channel = self.emulator.dm_channel(user)
        data: dict[str, Any] = channel.payload()
        return json_response(data)
