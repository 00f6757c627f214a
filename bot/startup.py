"""Why the bot could not start, in a line or two that say what to do (never the token).

A traceback means nothing to the person running the bot: a wrong token, no network or a
mistyped setting each get their own plain explanation instead. Anything not foreseen here
still ends in a traceback, as a bug should.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Final

import aiohttp
import discord
from pydantic import ValidationError

from bot.settings import LOG_LEVELS, Settings
from bot.store import StoreError
from bot.store.database import hide_password

PORTAL: Final = "https://discord.com/developers/applications"
# What each setting must be, in words; a setting missing here shows pydantic's message.
WANTED: Final[dict[str, str]] = {
    "log_level": f"one of {', '.join(LOG_LEVELS)}",
    "dev_guild_id": "a server id, a number (right-click the server, Copy Server ID), or nothing",
    "ai_pause_seconds": "a number of seconds, such as 2",
    "database_path": "the path of a file, such as data/vegas.sqlite3",
    "database_url": (
        "sqlite:///data/vegas.sqlite3 (a file) or postgresql://user:password@host:5432/db"
    ),
    "shard_count": "the number of shards, 1 or more, such as 2",
}
# Settings whose own validator says best what is wrong (its words are shown as they are).
SELF_EXPLAINED: Final = frozenset({"shard_ids"})
SECRET_SETTINGS: Final = frozenset({"discord_token"})
FIX_SETTINGS: Final = "Fix it in .env or in the environment, then start the bot again."
# discord.py says these when the voice libraries are missing; the bot has no voice.
VOICE_WARNING: Final = "voice will NOT be supported"


def settings_problem(error: ValidationError) -> str:
    """What is wrong with the settings, one line per bad setting, then what to do."""
    lines = []
    for problem in error.errors():
        field = str(problem["loc"][0]) if problem["loc"] else "settings"
        name = field.upper()
        given = problem.get("input")
        if isinstance(given, str) and field == "database_url":
            given = hide_password(given)
        shown = f"={given!r}" if isinstance(given, str) and field not in SECRET_SETTINGS else ""
        wanted = WANTED.get(field)
        reason = problem.get("ctx", {}).get("error")
        if field in SELF_EXPLAINED and reason is not None:
            lines.append(f"The setting {name}{shown} is not right: {reason}.")
        elif wanted is None:
            lines.append(f"The setting {name}{shown} is not right: {problem['msg']}.")
        else:
            lines.append(f"The setting {name}{shown} is not right: it must be {wanted}.")
    return "\n".join([*lines, FIX_SETTINGS])


def start_problem(error: Exception, settings: Settings) -> str | None:
    """What stopped the bot from starting and what to do, or None for an unforeseen error."""
    if isinstance(error, discord.LoginFailure):
        return (
            "Discord refused the bot's token (DISCORD_TOKEN): it is mistyped, or it was reset.\n"
            f"Copy the token again from {PORTAL} (your application, Bot, Reset Token) into "
            ".env, then start the bot again."
        )
    if isinstance(error, aiohttp.ClientConnectionError | TimeoutError):
        where = settings.discord_api_base or "discord.com"
        cause = getattr(error, "os_error", error)
        reason = getattr(cause, "strerror", None) or str(cause) or "no answer"
        return (
            f"Cannot reach Discord ({where}): {reason}.\n"
            "Check the internet connection"
            f"{' and DISCORD_API_BASE' if settings.discord_api_base else ''}"
            ", then start the bot again."
        )
    if isinstance(error, discord.Forbidden) and settings.dev_guild_id is not None:
        return (
            f"Discord would not register the commands in the server DEV_GUILD_ID="
            f"{settings.dev_guild_id} ({error.status} {error.text or error.response.reason}).\n"
            "Invite the bot to that server first (see the README), or correct DEV_GUILD_ID "
            "in .env or the environment, or leave it empty."
        )
    if isinstance(error, discord.HTTPException):
        return (
            f"Discord answered {error.status} {error.text or error.response.reason} "
            "while the bot was starting.\nTry again in a few minutes."
        )
    if isinstance(error, sqlite3.Error | StoreError) or (
        isinstance(error, OSError) and error.filename is not None
    ):
        reason = str(error).rstrip(".")
        if settings.database_url is not None:
            return (
                f"Cannot open the games database at {settings.database_shown}: {reason}.\n"
                "Correct DATABASE_URL (in .env or the environment), or start the database "
                "server, then start the bot again."
            )
        return (
            f"Cannot open the games database at {settings.database_shown}: {reason}.\n"
            "Set DATABASE_PATH (in .env or the environment) to a file the bot may write, "
            "then start the bot again."
        )
    return None


class WithoutVoiceWarnings(logging.Filter):
    """Drops discord.py's warnings about voice libraries: the bot never uses voice."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep every record but the voice warnings."""
        return VOICE_WARNING not in record.getMessage()


def configure_logging(level: str) -> None:
    """Log lines with time, level and source, without warnings that mean nothing here."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.client").addFilter(WithoutVoiceWarnings())
