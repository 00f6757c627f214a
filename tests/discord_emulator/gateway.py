"""The gateway: a websocket that speaks Discord's gateway protocol v10 (JSON encoding).

It sends HELLO, answers IDENTIFY with READY and one GUILD_CREATE per guild, acknowledges
heartbeats, replays missed events on RESUME, and dispatches events (interactions,
messages, new channels) to every live session. A session that IDENTIFYs with a `shard`
`[id, count]` gets only the guilds of that shard, `(guild_id >> 22) % count`, and their
events; events without a guild (direct messages) go to shard 0, as on Discord. With
`compress=zlib-stream` (what discord.py asks for) every message is a zlib-stream chunk
ending in a sync flush.
A test can drop the connection, abruptly or with a close code, to exercise reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import traceback
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .emulator import DiscordEmulator

# Opcodes.
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, VOICE_STATE_UPDATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_GUILD_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    6,
    7,
    8,
    9,
    10,
    11,
)

# Close codes.
UNKNOWN_OPCODE, DECODE_ERROR, NOT_AUTHENTICATED, AUTHENTICATION_FAILED = 4001, 4002, 4003, 4004
ALREADY_AUTHENTICATED, INVALID_INTENTS, DISALLOWED_INTENTS = 4005, 4013, 4014
INVALID_SHARD = 4010

# Intents.
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


class GatewayConnection:
    """One websocket; a single writer task keeps messages (and the zlib stream) in order."""

    def __init__(self, ws: web.WebSocketResponse, request: web.Request, compress: bool) -> None:
        self.ws = ws
        self.path = request.path
        self.compression = request.query.get("compress")
        self.compressed = compress
        self._transport = request.transport
        self._compressor = zlib.compressobj() if compress else None
        self._outbox: asyncio.Queue[dict[str, Any] | int] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())

    def send(self, payload: dict[str, Any]) -> None:
        """Queue a gateway message."""
        self._outbox.put_nowait(payload)

    def close(self, code: int) -> None:
        """Close with `code` once the queued messages are out."""
        self._outbox.put_nowait(code)

    def abort(self) -> None:
        """Cut the TCP connection without a close frame, like a network failure."""
        if self._transport is not None:
            self._transport.abort()

    async def stop(self) -> None:
        """Stop the writer (the socket is gone or closing)."""
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer

    async def _write(self) -> None:
        while True:
            item = await self._outbox.get()
            try:
                if isinstance(item, int):
                    await self.ws.close(code=item)
                    return
                text = json.dumps(item)
                if self._compressor is None:
                    await self.ws.send_str(text)
                else:
                    chunk = self._compressor.compress(text.encode())
                    await self.ws.send_bytes(chunk + self._compressor.flush(zlib.Z_SYNC_FLUSH))
            except (ConnectionError, RuntimeError):
                return  # the socket is gone; the session keeps its events for a RESUME


@dataclass(eq=False)
class GatewaySession:
    """A bot's gateway session: it outlives its connection so that RESUME can replay."""

    id: str
    intents: int
    sequence: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    connection: GatewayConnection | None = None
    resumes: int = 0
    # The shard this session carries, (id, count); (0, 1) is every guild.
    shard: tuple[int, int] = (0, 1)
    # The sequence number of the last RESUMED, and the last one the bot said (in a
    # heartbeat) it has seen: once that reaches the RESUMED, the bot has caught up.
    resumed_at: int = 0
    seen: int = 0

    @property
    def caught_up(self) -> bool:
        """Whether the bot has received everything up to its last RESUMED."""
        return self.seen >= self.resumed_at

    @property
    def connected(self) -> bool:
        """Whether a websocket currently carries this session."""
        return self.connection is not None

    def serves(self, guild_id: int | None) -> bool:
        """Whether this session's shard carries the guild (None: direct messages)."""
        shard_id, count = self.shard
        return shard_of(guild_id, count) == shard_id

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send (or keep for a later RESUME) one event with the next sequence number."""
        self.sequence += 1
        payload = {"op": DISPATCH, "t": event, "s": self.sequence, "d": data}
        self.sent.append(payload)
        if self.connection is not None:
            self.connection.send(payload)


class Gateway:
    """All gateway sessions and connections of one emulator."""

    def __init__(self, emulator: DiscordEmulator) -> None:
        self.emulator = emulator
        self.sessions: dict[str, GatewaySession] = {}
        self.connections: set[GatewayConnection] = set()
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0

    @property
    def live_sessions(self) -> list[GatewaySession]:
        """Sessions with an open websocket."""
        return [session for session in self.sessions.values() if session.connected]

    def dispatch(self, event: str, data: dict[str, Any], intent: int | None = None) -> None:
        """Send an event to every session, or to those that asked for `intent`.

        Only the sessions of the event's shard get it: the shard of its `guild_id`, or
        shard 0 for an event without a guild. Disconnected sessions keep it for a
        RESUME, as Discord does.
        """
        guild_id = int(data["guild_id"]) if data.get("guild_id") else None
        for session in self.sessions.values():
            if (intent is None or session.intents & intent) and session.serves(guild_id):
                session.dispatch(event, data)

    async def drop(self, code: int | None = None) -> int:
        """Drop every connection: cut it (`code=None`) or close it with `code`.

        Returns how many connections were dropped.
        """
        dropped = list(self.connections)
        for connection in dropped:
            if code is None:
                connection.abort()
            else:
                connection.close(code)
        return len(dropped)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Serve one websocket connection until it closes."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        compress = request.query.get("compress") == "zlib-stream"
        connection = GatewayConnection(ws, request, compress)
        self.connections.add(connection)
        session: GatewaySession | None = None
        interval_ms = round(self.emulator.heartbeat_interval * 1000)
        connection.send(
            {"op": HELLO, "d": {"heartbeat_interval": interval_ms}, "s": None, "t": None}
        )
        if request.query.get("encoding", "json") != "json":
            connection.close(DECODE_ERROR)
        try:
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    continue
                try:
                    payload = json.loads(message.data)
                except ValueError:
                    connection.close(DECODE_ERROR)
                    continue
                try:
                    session = self._receive(connection, session, payload)
                except Exception:
                    self.emulator.internal_errors.append(traceback.format_exc())
        finally:
            self.connections.discard(connection)
            if session is not None and session.connection is connection:
                session.connection = None
            await connection.stop()
        return ws

    def _receive(
        self,
        connection: GatewayConnection,
        session: GatewaySession | None,
        payload: dict[str, Any],
    ) -> GatewaySession | None:
        op = payload.get("op")
        data = payload.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            if session is not None and isinstance(data, int):
                session.seen = max(session.seen, data)
            connection.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op in (IDENTIFY, RESUME):
            if session is not None:
                connection.close(ALREADY_AUTHENTICATED)
            elif not isinstance(data, dict) or data.get("token") != self.emulator.token:
                connection.close(AUTHENTICATION_FAILED)
            elif op == IDENTIFY:
                return self._identify(connection, data)
            else:
                return self._resume(connection, data)
        elif session is None:
            connection.close(NOT_AUTHENTICATED)
        elif op == REQUEST_GUILD_MEMBERS and isinstance(data, dict):
            self._send_members(session, data)
        elif op not in (PRESENCE_UPDATE, VOICE_STATE_UPDATE):
            connection.close(UNKNOWN_OPCODE)
        return session

    def _identify(
        self, connection: GatewayConnection, data: dict[str, Any]
    ) -> GatewaySession | None:
        intents = data.get("intents")
        if not isinstance(intents, int):
            connection.close(INVALID_INTENTS)
            return None
        if intents & PRIVILEGED_INTENTS & ~self.emulator.privileged_intents:
            connection.close(DISALLOWED_INTENTS)
            return None
        shard = _shard(data.get("shard", [0, 1]))
        if shard is None:
            connection.close(INVALID_SHARD)
            return None
        session = GatewaySession(id=secrets.token_hex(16), intents=intents, shard=shard)
        session.connection = connection
        self.sessions[session.id] = session
        emulator = self.emulator
        guilds = [guild for guild in emulator.bot_guilds() if session.serves(guild.id)]
        session.dispatch(
            "READY",
            {
                "v": 10,
                "user": {**emulator.bot.payload(), "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": emulator.resume_gateway_url,
                "application": {"id": str(emulator.application_id), "flags": emulator.app_flags},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "shard": list(shard),
                "user_settings": {},
                "auth": {},
                "_trace": ["vegas-host-emulator"],
            },
        )
        for guild in guilds:
            session.dispatch("GUILD_CREATE", emulator.guild_create_payload(guild, session.intents))
        self.identifies += 1
        return session

    def _resume(self, connection: GatewayConnection, data: dict[str, Any]) -> GatewaySession | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None:
            connection.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        if session.connection is not None:
            # A session lives on one connection at a time: the old one is finished.
            session.connection.close(4000)
        session.connection = connection
        last_seen = data.get("seq") or 0
        for payload in session.sent:
            if payload["s"] > last_seen:
                connection.send(payload)
        session.dispatch("RESUMED", {"_trace": ["vegas-host-emulator"]})
        session.resumed_at = session.sequence
        # Ask for a heartbeat at once (Discord may): its sequence number tells when the bot
        # has read the replayed events and the RESUMED.
        connection.send({"op": HEARTBEAT, "d": None, "s": None, "t": None})
        session.resumes += 1
        self.resumes += 1
        return session

    def _send_members(self, session: GatewaySession, data: dict[str, Any]) -> None:
        try:
            guild = self.emulator.guilds.get(int(data.get("guild_id") or 0))
            wanted = {int(user_id) for user_id in data.get("user_ids") or []}
        except (TypeError, ValueError):
            return
        if guild is None:
            return
        members = [
            member.payload()
            for member in guild.members.values()
            if not wanted or member.user.id in wanted
        ]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard carrying a guild's events (direct messages, without a guild: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


def _shard(given: object) -> tuple[int, int] | None:
    """IDENTIFY's `shard` field as (id, count), or None when Discord would refuse it."""
    if not isinstance(given, list) or len(given) != 2:
        return None
    shard_id, count = given
    if not isinstance(shard_id, int) or not isinstance(count, int):
        return None
    return (shard_id, count) if 0 <= shard_id < count else None
