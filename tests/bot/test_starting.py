"""Starting the bot when something is wrong: a plain line or two and a non-zero exit, never a
traceback, never the token. Each case runs `python -m bot` as a process, as a user would."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from collections.abc import Mapping
from pathlib import Path

from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import SpawnBot
from tests.postgres import PostgresServer

REPOSITORY = Path(__file__).resolve().parents[2]
WRONG_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.a-wrong-token-that-must-never-be-printed"
SETTINGS = ("DISCORD_", "DATABASE_", "DEV_GUILD_ID", "LOG_LEVEL", "VEGAS_HOST_ENV_FILE")
DATABASE_PASSWORD = "a-database-password-never-printed"


async def start_bot(folder: Path, env: Mapping[str, str]) -> tuple[int, list[str]]:
    """Run `python -m bot` in `folder` until it exits: its exit status and output lines."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(SETTINGS)}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=folder,
        env={**clean, "PYTHONPATH": str(REPOSITORY), **env},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await asyncio.wait_for(process.communicate(), 90)
    assert process.returncode is not None
    return process.returncode, output.decode().splitlines()


def closed_port() -> int:
    """A port of 127.0.0.1 where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def assert_plain(lines: list[str]) -> None:
    """No traceback, no voice-library warning, no token."""
    text = "\n".join(lines)
    assert "Traceback" not in text
    assert "PyNaCl" not in text and "davey" not in text and "voice" not in text
    assert WRONG_TOKEN not in text and WRONG_TOKEN[-20:] not in text


async def test_a_wrong_token_is_explained_without_printing_it(
    discord_emulator: DiscordEmulator, tmp_path: Path
) -> None:
    env = {
        **discord_emulator.bot_environment(),
        "DISCORD_TOKEN": WRONG_TOKEN,
        "DATABASE_PATH": str(tmp_path / "vegas.sqlite3"),
        "LOG_LEVEL": "DEBUG",  # even the most talkative log keeps the token secret
    }
    code, lines = await start_bot(tmp_path, env)

    assert discord_emulator.requests_to("GET /users/@me")  # it did try, and got a 401
    assert code == 1
    assert lines[-2] == (
        "Discord refused the bot's token (DISCORD_TOKEN): it is mistyped, or it was reset."
    )
    assert lines[-1] == (
        "Copy the token again from https://discord.com/developers/applications "
        "(your application, Bot, Reset Token) into .env, then start the bot again."
    )
    assert_plain(lines)


async def test_an_unreachable_discord_is_explained(tmp_path: Path) -> None:
    port = closed_port()
    env = {
        "DISCORD_TOKEN": WRONG_TOKEN,
        "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{port}/",
        "DATABASE_PATH": str(tmp_path / "vegas.sqlite3"),
    }
    code, lines = await start_bot(tmp_path, env)

    assert code == 1
    assert lines[-2].startswith(f"Cannot reach Discord (http://127.0.0.1:{port}/api/v10): ")
    assert "Connect call failed" in lines[-2]
    assert lines[-1] == (
        "Check the internet connection and DISCORD_API_BASE, then start the bot again."
    )
    assert len(lines) <= 3  # at most the log line saying it logs in
    assert_plain(lines)


async def test_bad_settings_are_named_with_what_they_must_be(tmp_path: Path) -> None:
    fix = "Fix it in .env or in the environment, then start the bot again."
    code, lines = await start_bot(tmp_path, {"LOG_LEVEL": "verbose"})
    assert code == 2
    assert lines == [
        "The setting LOG_LEVEL='verbose' is not right: "
        "it must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL.",
        fix,
    ]

    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={WRONG_TOKEN}\nDEV_GUILD_ID=myserver\n")
    code, lines = await start_bot(tmp_path, {})
    assert code == 2
    assert lines == [
        "The setting DEV_GUILD_ID='myserver' is not right: "
        "it must be a server id, a number (right-click the server, Copy Server ID), or nothing.",
        fix,
    ]
    assert_plain(lines)


async def test_a_dev_server_the_bot_is_not_in_is_explained(
    discord_emulator: DiscordEmulator, tmp_path: Path
) -> None:
    env = {
        **discord_emulator.bot_environment(),
        "DEV_GUILD_ID": "123456789012345678",
        "DATABASE_PATH": str(tmp_path / "vegas.sqlite3"),
    }
    code, lines = await start_bot(tmp_path, env)

    assert code == 1
    assert lines[-2] == (
        "Discord would not register the commands in the server DEV_GUILD_ID=123456789012345678 "
        "(403 Missing Access)."
    )
    assert lines[-1].startswith("Invite the bot to that server first")
    assert_plain(lines)


async def test_an_unusable_database_path_is_explained(
    discord_emulator: DiscordEmulator, tmp_path: Path
) -> None:
    env = {**discord_emulator.bot_environment(), "DATABASE_PATH": str(tmp_path)}  # a folder
    code, lines = await start_bot(tmp_path, env)

    assert code == 1
    assert lines[-2].startswith(f"Cannot open the games database at {tmp_path}: ")
    assert lines[-1].startswith("Set DATABASE_PATH (in .env or the environment) to a file")
    assert_plain(lines)


async def test_an_unreachable_postgresql_is_explained_without_its_password(
    discord_emulator: DiscordEmulator, tmp_path: Path
) -> None:
    url = f"postgresql://vegas:{DATABASE_PASSWORD}@127.0.0.1:{closed_port()}/vegas"
    env = {**discord_emulator.bot_environment(), "DATABASE_URL": url}
    code, lines = await start_bot(tmp_path, env)

    assert code == 1
    assert lines[-2].startswith(
        "Cannot open the games database at postgresql://vegas:***@127.0.0.1:"
    )
    assert "Cannot reach the PostgreSQL server at 127.0.0.1:" in lines[-2]
    assert lines[-1].startswith("Correct DATABASE_URL (in .env or the environment)")
    assert_plain(lines)
    assert DATABASE_PASSWORD not in "\n".join(lines)


async def test_a_refused_postgresql_login_is_explained_without_the_password(
    discord_emulator: DiscordEmulator, postgres_server: PostgresServer, tmp_path: Path
) -> None:
    url = postgres_server.with_password(DATABASE_PASSWORD)
    env = {**discord_emulator.bot_environment(), "DATABASE_URL": url}
    code, lines = await start_bot(tmp_path, env)

    assert code == 1
    assert "refused the user postgres: wrong password" in lines[-2]
    assert lines[-1].startswith("Correct DATABASE_URL")
    assert_plain(lines)
    assert DATABASE_PASSWORD not in "\n".join(lines)


async def test_a_database_url_of_another_kind_is_a_settings_problem(tmp_path: Path) -> None:
    url = f"mysql://vegas:{DATABASE_PASSWORD}@db.example/vegas"
    code, lines = await start_bot(tmp_path, {"DISCORD_TOKEN": WRONG_TOKEN, "DATABASE_URL": url})

    assert code == 2
    assert lines == [
        "The setting DATABASE_URL='mysql://vegas:***@db.example/vegas' is not right: it must "
        "be sqlite:///data/vegas.sqlite3 (a file) or postgresql://user:password@host:5432/db.",
        "Fix it in .env or in the environment, then start the bot again.",
    ]


async def test_a_good_start_logs_no_voice_warnings(spawn_bot: SpawnBot, tmp_path: Path) -> None:
    bot = await spawn_bot("-m", "bot", env={"DATABASE_PATH": str(tmp_path / "vegas.sqlite3")})
    log = bot.log()
    assert "logging in using static token" in log  # the log is on, and shows no warnings
    assert "WARNING" not in log and "voice" not in log
