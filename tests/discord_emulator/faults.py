"""Fault injection and rate-limit headers.

A test asks for the next N requests matching a pattern such as
`"POST /channels/*/messages"` to fail with a 429 (rate limited, with the headers and
body Discord sends) or a 5xx, or to stall: be carried out while their answers are held
back (as when a connection breaks after Discord did the work). Patterns are shell-style
(`fnmatch`) over `"METHOD /path"`, the path without the `/api/v10` prefix; `*` also spans
slashes.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass
from fnmatch import fnmatchcase

from aiohttp import web

from .bodies import json_response


@dataclass
class Fault:
    """The next `remaining` requests matching `pattern` fail with `status`.

    A `stall` fault instead lets them succeed and holds their answers back.
    """

    pattern: str
    remaining: int
    status: int
    retry_after: float
    is_global: bool
    stall: bool = False

    def matches(self, method: str, path: str) -> bool:
        """Whether a request (`"POST"`, `"/channels/1/messages"`) is one this fault hits."""
        return self.remaining > 0 and fnmatchcase(f"{method} {path}", self.pattern)


class Faults:
    """The faults waiting to hit requests, consumed in the order they were added."""

    def __init__(self) -> None:
        self.pending: list[Fault] = []

    def add(self, fault: Fault) -> None:
        """Arm a fault."""
        self.pending.append(fault)

    def take(self, method: str, path: str) -> Fault | None:
        """The fault this request triggers, if any, counting it as used."""
        for fault in self.pending:
            if fault.matches(method, path):
                fault.remaining -= 1
                return fault
        return None


def bucket_hash(route: str) -> str:
    """A stable stand-in for Discord's opaque per-route bucket hash."""
    return hashlib.sha1(route.encode()).hexdigest()[:16]


def rate_limit_headers(route: str, *, remaining: int, reset_after: float) -> dict[str, str]:
    """The X-RateLimit-* headers Discord puts on responses to a route."""
    return {
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": bucket_hash(route),
    }


def fault_response(fault: Fault, route: str) -> web.Response:
    """The response a fault produces: Discord's 429 (headers and body) or a server error."""
    if fault.status != 429:
        return json_response(
            {"message": f"{fault.status}: Internal Server Error", "code": 0}, status=fault.status
        )
    headers = rate_limit_headers(route, remaining=0, reset_after=fault.retry_after)
    # discord.py only trusts a 429 that came through Discord's proxy (a `Via` header);
    # without it the client assumes a Cloudflare ban and gives up.
    headers["Via"] = "1.1 google"
    headers["Retry-After"] = str(math.ceil(fault.retry_after))
    headers["X-RateLimit-Scope"] = "global" if fault.is_global else "user"
    if fault.is_global:
        headers["X-RateLimit-Global"] = "true"
    body = {
        "message": "You are being rate limited.",
        "retry_after": fault.retry_after,
        "global": fault.is_global,
        "code": 0,
    }
    return json_response(body, status=429, headers=headers)
