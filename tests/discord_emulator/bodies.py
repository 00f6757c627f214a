"""Reading request bodies: JSON, or multipart with `payload_json` and `files[n]` parts."""

from __future__ import annotations

import json
import re
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from .errors import INVALID_FORM_BODY, DiscordError, Problems

FILE_FIELD = re.compile(r"^files\[(\d+)\]$")

# The payload of the request being served, for the emulator's request log.
received: ContextVar[Any] = ContextVar("received", default=None)


@dataclass
class UploadedFile:
    """A file uploaded in a multipart request as `files[index]`."""

    index: int
    filename: str
    data: bytes


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[UploadedFile]]:
    """The JSON payload and uploaded files of a request.

    The payload is also kept in `received` so the emulator's request log shows what
    the bot sent.
    """
    payload: Any = {}
    uploads: list[UploadedFile] = []
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            data = await part.read()
            match = FILE_FIELD.match(name)
            if name == "payload_json":
                payload = _parse_json(bytes(data))
            elif match is not None:
                filename = part.filename or f"file{match.group(1)}"
                uploads.append(UploadedFile(int(match.group(1)), filename, bytes(data)))
    elif request.can_read_body:
        payload = _parse_json(await request.read())
    if not isinstance(payload, dict):
        problems = Problems()
        problems.add((), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        problems.raise_if_any()
    received.set(payload)
    return payload, uploads


def _parse_json(raw: bytes) -> Any:
    if not raw:
        return {}
    try:
        return json.loads(raw)
    except ValueError as error:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from error


async def read_list(request: web.Request) -> list[dict[str, Any]]:
    """A JSON array body (bulk command overwrite), kept in `received` like `read_body`."""
    payload = _parse_json(await request.read()) if request.can_read_body else []
    if not isinstance(payload, list) or not all(isinstance(item, dict) for item in payload):
        problems = Problems()
        problems.add((), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        problems.raise_if_any()
    received.set({"items": payload})
    return list(payload)


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON response with Discord's exact content type.

    discord.py only decodes a body whose Content-Type is exactly `application/json`,
    so aiohttp's default (which adds `; charset=utf-8`) will not do.
    """
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


def integer(value: Any, field: str, default: int = 0) -> int:
    """A number (or snowflake) the bot sent, or Discord's 50035 when it is not one."""
    if value is None or value == "":
        return default
    try:
        return int(value)
    except (TypeError, ValueError) as error:
        problems = Problems()
        problems.add(field.split("."), "NUMBER_TYPE_COERCE", f"Value {value!r} is not int.")
        raise DiscordError(400, INVALID_FORM_BODY, "Invalid Form Body", problems.errors) from error
