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

from pydantic import SecretStr, ValidationInfo, field_validator
from pydantic_settings import (
    BaseSettings,
    DotEnvSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from bot.shards import Shards, parse_shard_ids
from bot.store.database import hide_password, scheme_of
from bot.store.errors import StoreError

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
    # Where the games are kept: `sqlite:///data/vegas.sqlite3` or
    # `postgresql://user:password@host:5432/db`. Unset, DATABASE_PATH names the SQLite file.
    database_url: SecretStr | None = None
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
    # Worker processes that draw the pictures (0: a thread of the bot's own process).
    render_processes: int = 1
    # Discord shards (see bot/shards.py): how many there are, and which this process
    # connects (`0,1`, `0-3`; all of them if unset). Both unset: one unsharded connection.
    shard_count: int | None = None
    shard_ids: str | None = None

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

    @property
    def database(self) -> Path | str:
        """The database the bot uses: DATABASE_URL if set, else the file DATABASE_PATH."""
        if self.database_url is None:
            return self.database_path
        return self.database_url.get_secret_value()

    @property
    def database_shown(self) -> str:
        """The database as a person may see it (never with its password)."""
        return hide_password(str(self.database))

    @field_validator("database_url")
    @classmethod
    def _known_scheme(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None:
            try:
                scheme_of(value.get_secret_value())
            except StoreError as error:
                raise ValueError(str(error)) from None
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"log_level must be one of {', '.join(LOG_LEVELS)}")
        return level

    @field_validator("shard_count")
    @classmethod
    def _some_shards(cls, value: int | None) -> int | None:
        if value is not None and value < 1:
            raise ValueError("shard_count must be 1 or more")
        return value

    @field_validator("shard_ids")
    @classmethod
    def _known_shards(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is None:
            return None
        count = info.data.get("shard_count")
        if count is None:
            raise ValueError("SHARD_COUNT must be set too, such as SHARD_COUNT=2")
        Shards(count, parse_shard_ids(value))  # raises ValueError when out of range
        return value.strip()

    def shards(self) -> Shards | None:
        """The shards this process connects, or None for one unsharded connection."""
        if self.shard_count is None:
            return None
        if self.shard_ids is None:
            return Shards.every(self.shard_count)
        return Shards(self.shard_count, parse_shard_ids(self.shard_ids))
