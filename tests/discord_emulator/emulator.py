"""The Discord emulator: an aiohttp server on 127.0.0.1 plus the world it serves.

`DiscordEmulator` owns the guilds, channels, users, messages, registered commands and
interactions, serves the REST API under `/api/v10`, the gateway websocket under
`/gateway`, and attachment bytes under `/attachments`. Tests set up the world and play
the humans through its driver methods (`slash`, `autocomplete`, `click`, `select`).
"""

from __future__ import annotations

import asyncio
import mimetypes
import socket
import traceback
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from . import commands, driver, interactions, rest
from .bodies import json_response, received
from .errors import DiscordError, flatten
from .faults import Fault, Faults, fault_response, rate_limit_headers
from .gateway import GUILD_MEMBERS, GUILD_PRESENCES, GUILDS, MESSAGE_CONTENT, Gateway
from .interactions import InteractionRecord
from .model import (
    DM,
    EVERYONE_PERMISSIONS,
    MANAGE_CHANNELS,
    MANAGE_MESSAGES,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Overwrite,
    Role,
    Snowflakes,
    User,
)
from .work import BotWork, describe

API_PREFIX = "/api/v10"
UNAUTHENTICATED_ROUTES = ("/interactions/", "/webhooks/")


@dataclass
class RequestRecord:
    """One REST request the bot made and what the emulator answered."""

    method: str
    path: str
    route: str
    status: int = 0
    code: int | None = None
    errors: dict[str, Any] | None = None
    fault: bool = False
    # Carried out, but its answer held back (`stall_next`) until `release_stalled`.
    stalled: bool = False
    payload: dict[str, Any] | None = None
    # Event-loop times (the clock interactions are stamped with) of arrival and answer.
    received_at: float = 0.0
    answered_at: float = 0.0

    def __str__(self) -> str:
        text = f"{self.method} {self.path} -> {self.status}"
        if self.code:
            text += f" (code {self.code})"
        if self.errors:
            text += ": " + "; ".join(flatten(self.errors))
        return text


class DiscordEmulator:
    """A local stand-in for Discord's REST API and gateway, for one bot application.

    `ack_timeout` is how long a bot has to acknowledge an interaction (Discord: 3
    seconds); `deferred_timeout` is how long the driver waits for a deferred reply to
    be filled in (Discord allows 15 minutes; a test should not); `settle_time` is how
    long the bot must stay quiet before the driver considers an answer complete. They
    can also be changed on a running instance. `heartbeat_interval` (seconds) and
    `privileged_intents` (the intents the application may use) apply to new gateway
    connections.
    """

    def __init__(
        self,
        *,
        ack_timeout: float = 3.0,
        deferred_timeout: float = 15.0,
        settle_time: float = 0.3,
        heartbeat_interval: float = 41.25,
        privileged_intents: int = 0,
        token: str = "vegas-host-emulator-token",
        bot_name: str = "Vegas Host",
    ) -> None:
        self.ack_timeout = ack_timeout
        self.deferred_timeout = deferred_timeout
        self.settle_time = settle_time
        self.heartbeat_interval = heartbeat_interval
        self.privileged_intents = privileged_intents
        # The shard count GET /gateway/bot recommends (a sharded client asks it).
        self.recommended_shards = 1
        self.token = token
        self.ids = Snowflakes()
        self.owner = User(self.ids.next(), "emulator-owner")
        self.bot = User(self.ids.next(), bot_name, bot=True)
        self.users: dict[int, User] = {self.owner.id: self.owner, self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.dm_channels: dict[int, Channel] = {}
        self.commands = commands.CommandStore(self)
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.faults = Faults()
        self.gateway = Gateway(self)
        self.requests: list[RequestRecord] = []
        self.unknown_routes: list[str] = []
        self.internal_errors: list[str] = []
        self.work = BotWork()
        self._inflight = 0
        self._held_back = 0
        self._released = asyncio.Event()
        self._last_activity = 0.0
        self._runner: web.AppRunner | None = None
        self.port = 0

    # Server lifecycle.

    async def start(self) -> None:
        """Listen on a free port of 127.0.0.1."""
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/resume", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        for module in (rest, commands, interactions):
            for method, path, handler in module.routes(self):
                app.router.add_route(method, API_PREFIX + path, handler)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._unknown_route)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()
        self._last_activity = asyncio.get_running_loop().time()

    async def close(self) -> None:
        """Drop every connection and stop listening."""
        self.release_stalled()
        await self.gateway.drop(1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordEmulator:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        """`http://127.0.0.1:PORT`."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """The REST base to give the bot as `DISCORD_API_BASE`."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """The gateway URL to give the bot as `DISCORD_GATEWAY_URL`."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def resume_gateway_url(self) -> str:
        """The URL READY hands out for resuming (distinct, so tests can see it used)."""
        return f"ws://127.0.0.1:{self.port}/gateway/resume"

    @property
    def application_id(self) -> int:
        """The bot's application id (the same as its user id, as on Discord)."""
        return self.bot.id

    @property
    def app_flags(self) -> int:
        """Application flags: which privileged intents the developer portal allows."""
        flags = 0
        for intent, flag in (
            (GUILD_PRESENCES, 1 << 13),
            (GUILD_MEMBERS, 1 << 15),
            (MESSAGE_CONTENT, 1 << 19),
        ):
            if self.privileged_intents & intent:
                flags |= flag
        return flags

    def bot_environment(self) -> dict[str, str]:
        """Environment variables that point a bot process at this emulator."""
        return {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }

    # The world.

    def create_guild(
        self, name: str = "Vegas Night", *, shard: tuple[int, int] | None = None
    ) -> Guild:
        """A guild owned by the emulator's owner account, with the bot already a member.

        It has an @everyone role with Discord's usual member permissions, a
        "Channel Managers" role with Manage Channels, and the bot's own managed role.
        With `shard=(id, count)` its id puts it in that shard.
        """
        guild_id = self.ids.next() if shard is None else self.ids.next_in_shard(*shard)
        everyone = Role(guild_id, "@everyone", EVERYONE_PERMISSIONS)
        managers = Role(self.ids.next(), "Channel Managers", MANAGE_CHANNELS, position=1)
        bot_role = Role(
            self.ids.next(), self.bot.name, EVERYONE_PERMISSIONS | MANAGE_MESSAGES, 2, True
        )
        guild = Guild(guild_id, name, self.owner, everyone, roles=[managers, bot_role])
        guild.members[self.owner.id] = Member(self.owner, [])
        guild.members[self.bot.id] = Member(self.bot, [bot_role])
        self.guilds[guild.id] = guild
        for session in self.gateway.sessions.values():
            if session.serves(guild.id):
                payload = self.guild_create_payload(guild, session.intents)
                session.dispatch("GUILD_CREATE", payload)
        return guild

    def create_channel(
        self, guild: Guild, name: str = "lords-of-vegas", *, bot_can_send: bool = True
    ) -> Channel:
        """A text channel; with `bot_can_send=False` the bot may not post in it."""
        channel = Channel(self.ids.next(), name, guild, position=len(guild.channels))
        if not bot_can_send:
            channel.overwrites.append(Overwrite(self.bot.id, is_member=True, deny=SEND_MESSAGES))
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        self.gateway.dispatch("CHANNEL_CREATE", channel.payload(with_guild_id=True), GUILDS)
        return channel

    def create_thread(self, parent: Channel, name: str, owner: User) -> Channel:
        """A public thread of `parent`, opened by `owner` (THREAD_CREATE tells the bot)."""
        assert parent.guild is not None
        thread = Channel(
            self.ids.next(), name, parent.guild, kind=PUBLIC_THREAD, parent=parent, owner=owner
        )
        self.channels[thread.id] = thread
        data = {**thread.payload(with_guild_id=True), "newly_created": True}
        self.gateway.dispatch("THREAD_CREATE", data, GUILDS)
        return thread

    def threads(self, parent: Channel) -> list[Channel]:
        """The threads opened in `parent`, oldest first."""
        return [c for c in self.channels.values() if c.parent is parent]

    def create_user(
        self,
        name: str,
        *,
        guild: Guild | None = None,
        manage_channels: bool = False,
        accepts_dms: bool = True,
    ) -> User:
        """A human account, a member of `guild` when given (optionally a channel manager)."""
        user = User(self.ids.next(), name, accepts_dms=accepts_dms)
        self.users[user.id] = user
        if guild is not None:
            self.add_member(guild, user, manage_channels=manage_channels)
        return user

    def add_member(self, guild: Guild, user: User, *, manage_channels: bool = False) -> Member:
        """Make `user` a member of `guild`."""
        roles = [role for role in guild.roles if role.name == "Channel Managers"]
        member = Member(user, roles if manage_channels else [])
        guild.members[user.id] = member
        self.gateway.dispatch(
            "GUILD_MEMBER_ADD", {**member.payload(), "guild_id": str(guild.id)}, GUILD_MEMBERS
        )
        return member

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and `user` (created on first use)."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = Channel(self.ids.next(), "", None, kind=DM, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def bot_guilds(self) -> list[Guild]:
        """The guilds the bot is a member of."""
        return [guild for guild in self.guilds.values() if self.bot.id in guild.members]

    def guild_create_payload(self, guild: Guild, intents: int) -> dict[str, Any]:
        """GUILD_CREATE for a session; members only with the members intent, as on Discord."""
        return guild.payload(include_all_members=bool(intents & GUILD_MEMBERS), bot=self.bot)

    # Messages.

    def history(self, channel: Channel) -> list[Message]:
        """The channel's messages as its members see them, oldest first (no ephemerals)."""
        return sorted(
            (
                message
                for message in self.messages.values()
                if message.channel is channel and not message.deleted and not message.ephemeral
            ),
            key=lambda message: message.id,
        )

    def dms(self, user: User) -> list[Message]:
        """The messages the bot sent `user` in DMs, oldest first."""
        channel = self.dm_channels.get(user.id)
        return [] if channel is None else self.history(channel)

    def message(self, message_id: int) -> Message:
        """A message by id (as it is now); raises `KeyError` if it never existed."""
        return self.messages[message_id]

    def store_attachment(
        self, channel: Channel, filename: str, data: bytes, description: str | None = None
    ) -> Attachment:
        """Keep an uploaded file's bytes and give it a URL under this emulator."""
        attachment_id = self.ids.next()
        url = f"{self.base_url}/attachments/{channel.id}/{attachment_id}/{filename}"
        content_type = mimetypes.guess_type(filename)[0]
        return Attachment(attachment_id, filename, data, url, content_type, description)

    # Observing the bot.

    @property
    def refusals(self) -> list[RequestRecord]:
        """Requests the emulator refused (4xx/5xx), not counting injected faults."""
        return [record for record in self.requests if record.status >= 400 and not record.fault]

    def requests_to(self, pattern: str) -> list[RequestRecord]:
        """Requests whose `"METHOD /path"` matches a shell-style pattern."""
        probe = Fault(pattern, 1, 0, 0.0, False)
        return [record for record in self.requests if probe.matches(record.method, record.path)]

    def fail_next(
        self,
        pattern: str,
        times: int = 1,
        *,
        status: int = 429,
        retry_after: float = 0.2,
        is_global: bool = False,
    ) -> None:
        """Make the next `times` requests matching `pattern` fail with `status`.

        `pattern` is shell-style over `"METHOD /path"` without the API prefix, e.g.
        `"POST /channels/*/messages"` or `"POST /interactions/*/callback"`.
        """
        self.faults.add(Fault(pattern, times, status, retry_after, is_global))

    def stall_next(self, pattern: str, times: int = 1) -> None:
        """Carry out the next `times` requests matching `pattern`, but hold their answers
        back until `release_stalled()`: the bot cannot tell whether they were done."""
        if self._released.is_set():
            self._released = asyncio.Event()
        self.faults.add(Fault(pattern, times, 0, 0.0, False, stall=True))

    def release_stalled(self) -> None:
        """Send the answers held back by `stall_next` (to a bot that may be gone)."""
        self._released.set()

    async def drop_gateway(self, code: int | None = None) -> int:
        """Drop the bot's gateway connections: cut (`None`) or closed with `code`."""
        return await self.gateway.drop(code)

    async def wait_for_resume(self, *, resumes: int = 1, timeout: float = 15.0) -> None:
        """Wait until the bot has resumed `resumes` times in total, is connected, and has
        received the events it missed (it answered a heartbeat sent after them)."""
        await self.wait_until(
            lambda: (
                self.gateway.resumes >= resumes
                and bool(self.gateway.live_sessions)
                and all(session.caught_up for session in self.gateway.live_sessions)
            ),
            timeout,
            "the bot to resume its gateway session",
        )

    async def wait_until(self, condition: Callable[[], bool], timeout: float, what: str) -> None:
        """Poll `condition` until it holds; raise `TimeoutError` naming `what` otherwise."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            if loop.time() >= deadline:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
            await asyncio.sleep(0.02)

    async def settle(self, quiet: float | None = None, timeout: float = 15.0) -> None:
        """Wait until the bot is done: it has made no request for `quiet` seconds (default
        `settle_time`) and, for a bot in this event loop, no task an interaction started is
        still working (see `work`).

        Raises `TimeoutError` naming the tasks when that work is not done within `timeout`.
        While `stall_next` holds answers back, the bot's tasks waiting for them cannot
        finish: then only the quiet spell counts.
        """
        quiet = self.settle_time if quiet is None else quiet
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            busy = [] if self._held_back else self.work.busy()
            if busy:
                await asyncio.sleep(0.01)
                if loop.time() >= deadline:
                    names = [describe(task) for task in busy]
                    raise TimeoutError(
                        f"the bot was still working after {timeout} s, in tasks {names}"
                    )
                continue
            idle = loop.time() - self._last_activity
            if self._inflight == 0 and idle >= quiet:
                return
            await asyncio.sleep(min(max(quiet - idle, 0.01), 0.05))

    async def wait_for_message(
        self,
        channel: Channel,
        check: Callable[[Message], bool] = lambda message: True,
        *,
        timeout: float = 10.0,
    ) -> Message:
        """Wait for a message in `channel`'s history (existing or new) that passes `check`."""
        found: list[Message] = []

        def seen() -> bool:
            found[:] = [message for message in self.history(channel) if check(message)]
            return bool(found)

        await self.wait_until(seen, timeout, f"a matching message in #{channel.name}")
        return found[-1]

    # Playing the humans.

    async def slash(
        self, user: User, channel: Channel, command: str, /, **options: Any
    ) -> driver.Reply:
        """Run a slash command as `user`, e.g. `slash(u, c, "lov build", lot="C7")`."""
        return await driver.slash(self, user, channel, command, options)

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        option: str,
        /,
        typed: str = "",
        **options: Any,
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while `user` types `typed` into `option`."""
        return await driver.autocomplete(self, user, channel, command, option, typed, options)

    async def send_slash(
        self, user: User, channel: Channel, command: str, /, **options: Any
    ) -> InteractionRecord:
        """Send a slash command without waiting; `await record.answered.wait()` for its answer."""
        return await driver.send_slash(self, user, channel, command, options)

    async def send_autocomplete(
        self, user: User, channel: Channel, command: str, option: str, /, typed: str = ""
    ) -> InteractionRecord:
        """Ask for autocomplete choices without waiting (`record.choices` once answered)."""
        return await driver.send_autocomplete(self, user, channel, command, option, typed)

    async def click(self, user: User, message: Message, custom_id: str) -> driver.Reply:
        """Click the button `custom_id` on a message the bot posted."""
        return await driver.click(self, user, message, custom_id)

    async def select(
        self, user: User, message: Message, custom_id: str, values: Sequence[Any]
    ) -> driver.Reply:
        """Choose `values` in the select menu `custom_id` (strings, or users for user selects)."""
        return await driver.select(self, user, message, custom_id, list(values))

    async def submit(self, user: User, reply: driver.Reply, values: dict[str, str]) -> driver.Reply:
        """Fill in and submit the modal the bot opened in `reply` (text input id -> text)."""
        return await driver.submit(self, user, reply, values)

    # The HTTP plumbing.

    @web.middleware
    async def _middleware(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX + "/"):
            return await handler(request)
        path = request.path[len(API_PREFIX) :]
        resource = request.match_info.route.resource
        route = resource.canonical if resource is not None else request.path
        record = RequestRecord(request.method, path, route[len(API_PREFIX) :])
        self.requests.append(record)
        loop = asyncio.get_running_loop()
        record.received_at = loop.time()
        self._inflight += 1
        self._last_activity = loop.time()
        received.set(None)
        try:
            fault = self.faults.take(request.method, path)
            if fault is not None and not fault.stall:
                record.fault = True
                response: web.StreamResponse = fault_response(fault, record.route)
            else:
                response = await self._serve(request, handler, path, record)
                if fault is not None:
                    record.stalled = True
                    self._inflight -= 1  # the work is done: only the answer waits
                    self._held_back += 1
                    try:
                        await self._released.wait()
                    finally:
                        self._held_back -= 1
                        self._inflight += 1
        finally:
            self._inflight -= 1
            self._last_activity = loop.time()
        record.status = response.status
        record.payload = received.get()
        record.answered_at = loop.time()
        return response

    async def _serve(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
        path: str,
        record: RequestRecord,
    ) -> web.StreamResponse:
        try:
            if not path.startswith(UNAUTHENTICATED_ROUTES) and request.headers.get(
                "Authorization"
            ) != ("Bot " + self.token):
                raise DiscordError(401, 0, "401: Unauthorized")
            response = await handler(request)
        except DiscordError as error:
            record.code = error.code
            record.errors = error.errors
            return json_response(error.body(), status=error.status)
        except ConnectionResetError:
            # The bot went away while sending its request (killed mid-upload): as Discord,
            # nothing to answer and nothing of it applied; aiohttp drops the connection.
            record.code = 0
            raise
        except Exception:
            # A bug in the emulator, not in the bot: keep it for the fixture to report,
            # and answer 400 so that discord.py does not retry it as a server error.
            self.internal_errors.append(traceback.format_exc())
            record.code = 0
            return json_response(
                {"message": "emulator error (see internal_errors)", "code": 0}, 400
            )
        response.headers.update(rate_limit_headers(record.route, remaining=4, reset_after=1.0))
        return response

    async def _unknown_route(self, request: web.Request) -> web.StreamResponse:
        self.unknown_routes.append(f"{request.method} {request.path[len(API_PREFIX) :]}")
        raise DiscordError(404, 0, "404: Not Found")

    async def _attachment(self, request: web.Request) -> web.StreamResponse:
        attachment_id = int(request.match_info["attachment_id"])
        for message in self.messages.values():
            for attachment in message.attachments:
                if attachment.id == attachment_id:
                    return web.Response(
                        body=attachment.data,
                        content_type=attachment.content_type or "application/octet-stream",
                    )
        for record in self.interactions.values():
            for attachment in record.uploads:
                if attachment.id == attachment_id:
                    return web.Response(body=attachment.data)
        raise web.HTTPNotFound()
