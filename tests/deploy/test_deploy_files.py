"""The deploy files: the Dockerfile passes hadolint and runs the README's start command as
a non-root user; compose.yaml and the systemd unit set only settings the bot reads.

No image is built here (the tests have no container engine): these check the files.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from bot.app import STOP_SECONDS
from bot.settings import Settings

REPOSITORY = Path(__file__).resolve().parents[2]
START_COMMAND = "python3 tasks.py bot"
SETTINGS = {name.upper() for name in Settings.model_fields}
VARIABLE = re.compile(r"\$\{(\w+)")


def compose() -> dict[str, Any]:
    """compose.yaml, with its anchors and merge keys resolved."""
    loaded = yaml.safe_load((REPOSITORY / "compose.yaml").read_text())
    assert isinstance(loaded, dict)
    return loaded


def bot_services(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The services that run the bot (built from this repository)."""
    return {name: service for name, service in spec["services"].items() if "build" in service}


def unit() -> dict[str, list[str]]:
    """The systemd unit's settings, `Section.Key` -> values (a key may repeat)."""
    found: dict[str, list[str]] = {}
    section = ""
    for raw in (REPOSITORY / "deploy" / "vegas-host@.service").read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        found.setdefault(f"{section}.{key}", []).append(value)
    return found


def test_the_readme_gives_the_start_command_the_deploy_files_use() -> None:
    assert f"{START_COMMAND}  " in (REPOSITORY / "README.md").read_text()


def test_the_dockerfile_passes_hadolint() -> None:
    hadolint = Path(sys.executable).parent / "hadolint"
    result = subprocess.run(
        [str(hadolint), "--no-color", "Dockerfile"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


def test_the_image_runs_the_start_command_unprivileged_with_data_in_one_volume() -> None:
    lines = (REPOSITORY / "Dockerfile").read_text().splitlines()
    instructions = [line for line in lines if line and not line[0].isspace() and line[0] != "#"]
    [base] = [line for line in instructions if line.startswith("FROM ")]
    assert re.fullmatch(r"FROM python:3\.1[1-9]-slim", base)
    [user] = [line for line in instructions if line.startswith("USER ")]
    assert user.split()[1].split(":")[0] not in ("0", "root")
    [cmd] = [line for line in instructions if line.startswith("CMD ")]
    assert cmd == f"CMD {START_COMMAND.split()}".replace("'", '"')
    assert 'VOLUME ["/data"]' in instructions
    assert "DATABASE_PATH=/data/vegas.sqlite3" in (REPOSITORY / "Dockerfile").read_text()
    copied = {line.split()[1].rstrip("/") for line in instructions if line.startswith("COPY ")}
    assert {"engine", "render", "bot", "migrations"} <= copied
    ignored = (REPOSITORY / ".dockerignore").read_text().splitlines()
    assert ".env" in ignored and ".venv" in ignored  # no secret nor local venv in the image


def test_compose_runs_postgresql_with_a_named_volume_and_a_health_check() -> None:
    spec = compose()
    postgres = spec["services"]["postgres"]
    assert postgres["image"].startswith("postgres:")
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    [volume] = postgres["volumes"]
    name, _, mounted = volume.partition(":")
    assert mounted == "/var/lib/postgresql/data" and name in spec["volumes"]
    for service in spec["services"].values():
        for used in service.get("volumes", []):
            source = used.split(":")[0]
            assert source.startswith((".", "/")) or source in spec["volumes"], used


def test_compose_runs_one_bot_and_a_second_shard_group_only_on_request() -> None:
    bots = bot_services(compose())
    always = [name for name, service in bots.items() if "profiles" not in service]
    assert always == ["bot"]
    [second] = [service for service in bots.values() if "profiles" in service]
    assert second["profiles"] == ["second-shard-group"]
    for service in bots.values():
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert service["init"] is True
        grace = int(str(service["stop_grace_period"]).rstrip("s"))
        assert grace > STOP_SECONDS
    assert second["environment"]["SHARD_IDS"] != bots["bot"]["environment"]["SHARD_IDS"]


def test_compose_sets_only_settings_the_bot_reads() -> None:
    example = (REPOSITORY / ".env.example").read_text()
    for name, service in bot_services(compose()).items():
        environment = service["environment"]
        assert set(environment) <= SETTINGS, (name, set(environment) - SETTINGS)
        assert "postgres:5432" in environment["DATABASE_URL"]
        # Every value it takes from .env is explained in .env.example.
        for variable in VARIABLE.findall(" ".join(map(str, environment.values()))):
            assert re.search(rf"^{variable}=", example, re.MULTILINE), variable


def test_the_systemd_unit_runs_one_shard_group_per_instance() -> None:
    found = unit()
    [start] = found["Service.ExecStart"]
    assert start.startswith("/usr/bin/python3 /") and start.endswith("/tasks.py bot")
    assert found["Service.Restart"] == ["on-failure"]
    assert found["Service.RestartPreventExitStatus"] == ["2"]  # wrong settings: no loop
    assert any("%i" in path for path in found["Service.EnvironmentFile"])
    assert found["Service.User"] != ["root"]
    assert found["Service.KillSignal"] == ["SIGTERM"]
    # The bot alone gets it: its drawing worker draws the last pictures while it stops.
    assert found["Service.KillMode"] == ["mixed"]
    assert int(found["Service.TimeoutStopSec"][0]) > STOP_SECONDS
    assert found["Install.WantedBy"] == ["multi-user.target"]
