"""The bot's settings, read from the environment and from a `.env` file.

Every field can be set as an upper-case environment variable (`DISCORD_TOKEN`,
`DATABASE_PATH`, ...) or in a `.env` file: the project's (next to tasks.py, which names
it in `VEGAS_HOST_ENV_FILE`), then the working folder's, which wins over it; the
environment wins over both. Empty values count as unset, so a copied `.env.example`
works as it is. Relative paths are from the working folder (where the command was typed).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

from pydantic import SecretStr, field_validator
from pydantic_settings import (
    BaseSettings,
    DotEnvSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# Set by tasks.py to the project's `.env`, so it is found from any folder.
ENV_FILE_VARIABLE: Final = "VEGAS_HOST_ENV_FILE"


def env_files() -> tuple[Path, ...]:
    """The `.env` files to read, the later winning: the project's if named, then `./.env`."""
    project = os.environ.get(ENV_FILE_VARIABLE)
    return (Path(project), Path(".env")) if project else (Path(".env"),)


class Settings(BaseSettings):
    """Vegas Host's configuration; the token is a secret and never shows in a repr or log."""

    model_config = SettingsConfigDict(
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
    # Where `/vegas about` sends readers for the documentation (the operator's own copy
    # of the README and docs/, e.g. their repository's web page); unset, it names them.
    docs_url: str | None = None

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Arguments, then the environment, then the `.env` files of `env_files()`."""
        dotenv = DotEnvSettingsSource(settings_cls, env_file=env_files())
        return init_settings, env_settings, dotenv, file_secret_settings

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"log_level must be one of {', '.join(LOG_LEVELS)}")
        return level
