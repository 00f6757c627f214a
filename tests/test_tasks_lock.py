"""The lock files: they pin every dependency pyproject.toml declares, inside its range and
with hashes, `tasks.py` installs from them, and a fresh virtual environment gets a working
bot from the bot's lock alone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement

import tasks

ROOT = Path(__file__).parent.parent
EXTRAS = ("", "dev")


@pytest.mark.parametrize("extras", EXTRAS)
def test_the_lock_pins_every_declared_dependency_inside_its_range(extras: str) -> None:
    assert tasks.unlocked_dependencies(extras) == []
    pins = {
        tasks.normalized(name): version for name, version in tasks.locked_pins(tasks.LOCKS[extras])
    }
    for declared in tasks.declared_dependencies(extras):
        requirement = Requirement(declared)
        pinned = pins[tasks.normalized(requirement.name)]
        assert requirement.specifier.contains(pinned, prereleases=True), (declared, pinned)


@pytest.mark.parametrize("extras", EXTRAS)
def test_every_pin_is_exact_and_hash_checked(extras: str) -> None:
    lock = tasks.LOCKS[extras].read_text(encoding="utf-8")
    entries = [entry for entry in lock.split("\n") if entry and not entry[0].isspace()]
    pinned = [entry for entry in entries if not entry.startswith("#")]
    assert len(pinned) == len(tasks.locked_pins(tasks.LOCKS[extras])) > 10
    for entry in pinned:
        assert "==" in entry and entry.endswith("\\"), entry  # a hash follows every pin
    assert lock.count("--hash=sha256:") >= len(pinned)


def test_the_bots_lock_pins_the_versions_the_tests_run_with() -> None:
    bot = dict(tasks.locked_pins(tasks.LOCKS[""]))
    dev = dict(tasks.locked_pins(tasks.LOCKS["dev"]))
    assert {name: dev.get(name) for name in bot} == bot


def test_a_stale_lock_stops_tasks_with_what_to_do(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    stale = tmp_path / "requirements.lock"
    stale.write_text(
        "\n".join(line for line in tasks.LOCKS[""].read_text().splitlines() if "pillow" not in line)
    )
    monkeypatch.setitem(tasks.LOCKS, "", stale)
    assert tasks.unlocked_dependencies("") == ["pillow"]
    with pytest.raises(
        SystemExit, match=r"pillow, which requirements.lock does not pin: .*tasks.py lock"
    ):
        tasks.ensure_environment("")


def test_tasks_installs_the_locked_versions_then_the_project_without_its_dependencies() -> None:
    python = Path(".venv/bin/python")
    for extras in EXTRAS:
        dependencies, project = tasks.install_commands(python, extras)
        assert dependencies[-3:] == ["--require-hashes", "--requirement", str(tasks.LOCKS[extras])]
        assert "--no-deps" in project and project[-1] == (f".[{extras}]" if extras else ".")


def test_a_fresh_environment_gets_a_working_bot_from_the_bots_lock(tmp_path: Path) -> None:
    uv = [sys.executable, "-m", "uv"]
    fresh = tmp_path / "fresh"
    subprocess.run([*uv, "venv", "--quiet", "--python", sys.executable, str(fresh)], check=True)
    python = fresh / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    install = [*uv, "pip", "install", "--quiet", "--python", str(python), "--require-hashes"]
    subprocess.run([*install, "--requirement", str(tasks.LOCKS[""])], check=True)
    # Nothing but the lock: the bot, the engines and the pictures import, and the bot's
    # command line answers.
    run = subprocess.run(
        [str(python), "-m", "bot", "--help"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("usage: python3 tasks.py bot")
    frozen = subprocess.run(
        [*uv, "pip", "freeze", "--python", str(python)], capture_output=True, text=True, check=True
    ).stdout.split()
    installed = dict(pin.split("==") for pin in frozen)
    assert {tasks.normalized(name): v for name, v in installed.items()} == for_this_python(
        tasks.LOCKS[""]
    )


def for_this_python(lock: Path) -> dict[str, str]:
    """The lock's pins whose markers hold for this Python (by normalized name)."""
    pins = {}
    for line in lock.read_text(encoding="utf-8").splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            requirement = Requirement(line.rstrip(" \\"))
            if requirement.marker is None or requirement.marker.evaluate():
                [pinned] = requirement.specifier
                pins[tasks.normalized(requirement.name)] = pinned.version
    return pins


def test_the_dev_lock_resolves_whole_in_a_fresh_environment(tmp_path: Path) -> None:
    uv = [sys.executable, "-m", "uv"]
    fresh = tmp_path / "fresh"
    subprocess.run([*uv, "venv", "--quiet", "--python", sys.executable, str(fresh)], check=True)
    python = fresh / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    # --require-hashes fails on any dependency the lock does not pin with its hash.
    dry = subprocess.run(
        [
            *uv,
            "pip",
            "install",
            "--dry-run",
            "--python",
            str(python),
            "--require-hashes",
            "--requirement",
            str(tasks.LOCKS["dev"]),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert dry.returncode == 0, dry.stderr
    assert "Would install" in dry.stderr


def test_installing_tells_each_package_as_pip_takes_it() -> None:
    pip_says = [
        "Collecting aiohttp==3.14.5 (from -r requirements.lock (line 7))",
        "  Downloading aiohttp-3.14.5-cp311-cp311-manylinux_2_17_x86_64.whl (1.7 MB)",
        "Processing /opt/wheels/attrs-26.1.0-py3-none-any.whl (from -r requirements.lock (line 9))",
        "Installing collected packages: attrs, aiohttp",
        "Successfully installed aiohttp-3.14.5 attrs-26.1.0",
    ]
    told = [progress for line in pip_says if (progress := tasks.pip_progress(line))]
    assert told == [
        "  aiohttp==3.14.5",
        "  attrs==26.1.0",
        "  unpacking and installing ...",
        "  installed 2 packages",
    ]
