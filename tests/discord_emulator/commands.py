"""Application command registration: global and per-guild, validated, stored and echoed with ids.

Bulk overwrite (what discord.py's `CommandTree.sync` uses) keeps the id of a command
whose name and type did not change, as Discord does. The driver reads the stored
commands to build interactions exactly as a Discord client would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from .bodies import json_response, read_body, read_list
from .errors import MISSING_ACCESS, UNKNOWN_APPLICATION_COMMAND, DiscordError, not_found
from .limits import check_command, check_commands

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from .emulator import DiscordEmulator


class CommandStore:
    """The application's registered commands: global ones and each guild's."""

    def __init__(self, emulator: DiscordEmulator) -> None:
        self.emulator = emulator
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.writes = 0

    def scope(self, guild_id: int | None) -> list[dict[str, Any]]:
        """The commands of one scope (`None` for global)."""
        if guild_id is None:
            return self.global_commands
        return self.guild_commands.setdefault(guild_id, [])

    def stamp(
        self, payload: dict[str, Any], guild_id: int | None, command_id: int | None = None
    ) -> dict[str, Any]:
        """The stored form of a command: the payload plus the fields Discord fills in."""
        emulator = self.emulator
        stored = {
            **payload,
            "id": str(command_id or emulator.ids.next()),
            "application_id": str(emulator.application_id),
            "version": str(emulator.ids.next()),
            "type": payload.get("type", 1),
            "description": payload.get("description") or "",
            "default_member_permissions": payload.get("default_member_permissions"),
            "nsfw": payload.get("nsfw", False),
            "contexts": payload.get("contexts"),
            "integration_types": payload.get("integration_types") or [0],
        }
        if guild_id is None:
            stored["dm_permission"] = payload.get("dm_permission", True)
        else:
            stored["guild_id"] = str(guild_id)
        return stored

    def overwrite(
        self, guild_id: int | None, payloads: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Replace a scope's commands (bulk overwrite), keeping ids of unchanged names."""
        check_commands(payloads)
        old = {(item["type"], item["name"]): int(item["id"]) for item in self.scope(guild_id)}
        stored = [
            self.stamp(payload, guild_id, old.get((payload.get("type", 1), payload["name"])))
            for payload in payloads
        ]
        self.scope(guild_id)[:] = stored
        self.writes += 1
        return stored

    def upsert(self, guild_id: int | None, payload: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        """Create a command, or replace the one with the same name and type."""
        check_command(payload)
        commands = self.scope(guild_id)
        key = (payload.get("type", 1), payload.get("name"))
        for index, item in enumerate(commands):
            if (item["type"], item["name"]) == key:
                commands[index] = self.stamp(payload, guild_id, int(item["id"]))
                self.writes += 1
                return commands[index], False
        stored = self.stamp(payload, guild_id)
        commands.append(stored)
        check_commands(commands)
        self.writes += 1
        return stored, True

    def find(self, guild_id: int | None, command_id: str) -> dict[str, Any]:
        """A command by id in a scope."""
        for item in self.scope(guild_id):
            if item["id"] == command_id:
                return item
        raise not_found(UNKNOWN_APPLICATION_COMMAND, "application command")


def routes(
    emulator: DiscordEmulator,
) -> list[tuple[str, str, Callable[[web.Request], Awaitable[web.StreamResponse]]]]:
    """The command registration routes, global and per guild, relative to the API base."""
    handlers = CommandRoutes(emulator)
    found: list[tuple[str, str, Callable[[web.Request], Awaitable[web.StreamResponse]]]] = []
    for base in (
        r"/applications/{application_id:\d+}/commands",
        r"/applications/{application_id:\d+}/guilds/{guild_id:\d+}/commands",
    ):
        found += [
            ("GET", base, handlers.list_commands),
            ("PUT", base, handlers.overwrite),
            ("POST", base, handlers.create),
            ("GET", base + r"/{command_id:\d+}", handlers.get),
            ("PATCH", base + r"/{command_id:\d+}", handlers.edit),
            ("DELETE", base + r"/{command_id:\d+}", handlers.delete),
        ]
    return found


class CommandRoutes:
    """Handlers for `/applications/{id}/commands` and `/applications/{id}/guilds/{id}/commands`."""

    def __init__(self, emulator: DiscordEmulator) -> None:
        self.emulator = emulator
        self.store = emulator.commands

    def _scope(self, request: web.Request) -> int | None:
        """The guild id of the route (`None` for global), checking the application and guild."""
        emulator = self.emulator
        if request.match_info["application_id"] != str(emulator.application_id):
            raise DiscordError(403, MISSING_ACCESS, "Missing Access")
        if "guild_id" not in request.match_info:
            return None
        guild = emulator.guilds.get(int(request.match_info["guild_id"]))
        if guild is None or emulator.bot.id not in guild.members:
            raise DiscordError(403, MISSING_ACCESS, "Missing Access")
        return guild.id

    async def list_commands(self, request: web.Request) -> web.StreamResponse:
        """`GET`: the scope's commands."""
        return json_response(self.store.scope(self._scope(request)))

    async def overwrite(self, request: web.Request) -> web.StreamResponse:
        """`PUT`: bulk overwrite, as `CommandTree.sync` does."""
        guild_id = self._scope(request)
        payload = await read_list(request)
        return json_response(self.store.overwrite(guild_id, payload))

    async def create(self, request: web.Request) -> web.StreamResponse:
        """`POST`: create or replace one command (201 when new)."""
        guild_id = self._scope(request)
        payload, _ = await read_body(request)
        stored, created = self.store.upsert(guild_id, payload)
        return json_response(stored, status=201 if created else 200)

    async def get(self, request: web.Request) -> web.StreamResponse:
        """`GET .../{command_id}`."""
        guild_id = self._scope(request)
        return json_response(self.store.find(guild_id, request.match_info["command_id"]))

    async def edit(self, request: web.Request) -> web.StreamResponse:
        """`PATCH .../{command_id}`: change some fields of one command."""
        guild_id = self._scope(request)
        payload, _ = await read_body(request)
        current = self.store.find(guild_id, request.match_info["command_id"])
        merged = {
            key: value
            for key, value in {**current, **payload}.items()
            if key not in ("id", "version", "application_id", "guild_id")
        }
        check_command(merged)
        commands = self.store.scope(guild_id)
        index = commands.index(current)
        commands[index] = self.store.stamp(merged, guild_id, int(current["id"]))
        self.store.writes += 1
        return json_response(commands[index])

    async def delete(self, request: web.Request) -> web.StreamResponse:
        """`DELETE .../{command_id}`."""
        guild_id = self._scope(request)
        current = self.store.find(guild_id, request.match_info["command_id"])
        self.store.scope(guild_id).remove(current)
        self.store.writes += 1
        return web.Response(status=204)
