"""The bot's settings, read from the environment and from a `.env` file.

Every field can be set as an upper-case environment variable (`DISCORD_TOKEN`,
`DATABASE_PATH`, ...) or in `.env` in the working directory; the environment wins.
Empty values count as unset, so a copied `.env.example` works as it is.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class Settings(BaseSettings):
    """Vegas Host's configuration; the token is a secret and never shows in a repr or log."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",
    )

    discord_token: SecretStr | None = None
    database_path: Path = Path("data/vegas.sqlite3")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    # Seconds a computer player waits before each move, so people can follow.
    ai_pause_seconds: float = 2.0
    # Seconds Discord has to take the answer to a slash command before its news (the
    # board, whose turn it is) is posted in the channel instead.
    reply_timeout_seconds: float = 10.0

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"log_level must be one of {', '.join(LOG_LEVELS)}")
        return level
