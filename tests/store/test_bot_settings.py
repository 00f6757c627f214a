"""The bot's settings: environment and `.env`, with the token kept secret."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import Settings

REPO = Path(__file__).resolve().parents[2]
NAMES = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "DISCORD_API_BASE",
    "DISCORD_GATEWAY_URL",
)
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.not-a-real-token-but-secret"


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Run each test in an empty folder with none of the settings in the environment."""
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def test_defaults_without_environment_or_env_file() -> None:
    settings = Settings()
    assert settings.discord_token is None
    assert settings.database_path == Path("data/vegas.sqlite3")
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"
    assert settings.discord_api_base is None
    assert settings.discord_gateway_url is None


def test_the_shipped_example_env_file_loads_as_it_is(tmp_path: Path) -> None:
    shutil.copy(REPO / ".env.example", tmp_path / ".env")
    settings = Settings()
    assert settings.discord_token is None
    assert settings.dev_guild_id is None
    assert settings.database_path == Path("data/vegas.sqlite3")


def test_env_file_is_read_and_the_environment_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text(
        f"DISCORD_TOKEN={TOKEN}\n"
        "DATABASE_PATH=/srv/vegas/games.sqlite3\n"
        "DEV_GUILD_ID=111122223333444455\n"
        "LOG_LEVEL=debug\n"
        "DISCORD_API_BASE=http://127.0.0.1:8999/api/v10\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("DEV_GUILD_ID", "999")
    monkeypatch.setenv("DISCORD_GATEWAY_URL", "ws://127.0.0.1:8999/gateway")
    settings = Settings()
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == TOKEN
    assert settings.database_path == Path("/srv/vegas/games.sqlite3")
    assert settings.dev_guild_id == 999
    assert settings.log_level == "DEBUG"
    assert settings.discord_api_base == "http://127.0.0.1:8999/api/v10"
    assert settings.discord_gateway_url == "ws://127.0.0.1:8999/gateway"


def test_the_token_never_shows_in_a_repr_a_dump_or_a_log(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    settings = Settings()
    with caplog.at_level(logging.DEBUG):
        logging.getLogger("vegas.test").info("settings: %s / %r", settings, settings)
    shown = [repr(settings), str(settings), settings.model_dump_json(), caplog.text]
    for text in shown:
        assert TOKEN not in text
    assert "**********" in repr(settings)


@pytest.mark.parametrize(("name", "value"), [("LOG_LEVEL", "LOUD"), ("DEV_GUILD_ID", "general")])
def test_bad_values_are_refused(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError, match=name.lower()):
        Settings()


def test_database_url_wins_over_database_path_and_keeps_its_password_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    assert Settings().database == Path("data/vegas.sqlite3")
    (tmp_path / ".env").write_text("DATABASE_PATH=kept/games.sqlite3\n", encoding="utf-8")
    assert Settings().database == Path("kept/games.sqlite3")
    url = "postgresql://vegas:pw-never-shown@db.example:5432/vegas"
    monkeypatch.setenv("DATABASE_URL", url)
    settings = Settings()
    assert settings.database == url
    assert settings.database_shown == "postgresql://vegas:***@db.example:5432/vegas"
    with caplog.at_level(logging.DEBUG):
        logging.getLogger("vegas.test").info("settings: %s / %r", settings, settings)
    for text in (repr(settings), str(settings), settings.model_dump_json(), caplog.text):
        assert "pw-never-shown" not in text
    monkeypatch.setenv("DATABASE_URL", "sqlite:///elsewhere/vegas.sqlite3")
    assert Settings().database == "sqlite:///elsewhere/vegas.sqlite3"


@pytest.mark.parametrize("url", ["mysql://u:p@h/db", "sqlite3:///x", "file.sqlite3"])
def test_a_database_url_of_another_kind_is_refused(
    monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    monkeypatch.setenv("DATABASE_URL", url)
    if "://" not in url:  # a bare path counts as a SQLite file, as DATABASE_PATH would
        assert Settings().database == url
        return
    with pytest.raises(ValidationError, match="must start with sqlite:///"):
        Settings()
