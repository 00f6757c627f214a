#!/usr/bin/env python3
"""Set up Vegas Host in a local virtual environment and run it or its tests.

Usage (only Python 3.11+ is needed; the first run creates `.venv` and installs):

    python3 tasks.py bot [ARGS...]     start the Discord bot (python -m bot ARGS)
    python3 tasks.py test [ARGS...]    lint, type-check and run the whole test suite
                                       (extra ARGS go to pytest)
    python3 tasks.py run MODULE [ARGS...]   run any module of the project, e.g.
                                       `python3 tasks.py run engine.lords_of_vegas.simulate`

`bot` and `run` work in the folder the command is typed in, so relative paths given to
them (files, `--boards`, `--database`, `DATABASE_PATH`) are relative to that folder, as
with any command; the project's `.env` (next to this file) is read from anywhere.

This file uses only the standard library so it works before anything is installed.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
MIN_PYTHON = (3, 11)
# Tells the settings (bot/settings.py) where the project's `.env` is.
ENV_FILE_VARIABLE = "VEGAS_HOST_ENV_FILE"


def venv_python() -> Path:
    """Return the path of the virtual environment's interpreter."""
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def ensure_environment(extras: str) -> Path:
    """Create `.venv` and install the project (with `extras`) when anything changed."""
    if sys.version_info < MIN_PYTHON:
        sys.exit(f"Vegas Host needs Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer.")
    python = venv_python()
    if not python.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    if not installed(extras) and not (extras == "" and installed("dev")):  # dev includes base
        print("Installing Vegas Host and its dependencies ...", flush=True)
        target = f".[{extras}]" if extras else "."
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "--editable", target],
            cwd=ROOT,
            check=True,
        )
        stamp(extras).write_text(wanted(extras))
    return python


def stamp(extras: str) -> Path:
    """The file recording what was installed with `extras`."""
    return VENV / f".installed-{extras or 'base'}"


def wanted(extras: str) -> str:
    """The fingerprint of an up-to-date install with `extras`."""
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()


def installed(extras: str) -> bool:
    """Whether the project is installed with `extras` as pyproject.toml says now."""
    return stamp(extras).exists() and stamp(extras).read_text() == wanted(extras)


def run(python: Path, *args: str) -> int:
    """Run the venv interpreter with `args` from the project root; return its exit code."""
    return subprocess.run([str(python), *args], cwd=ROOT, check=False).returncode


def child_environment() -> dict[str, str]:
    """The environment for a command: the project importable, its `.env` named for the settings.

    A `VEGAS_HOST_ENV_FILE` already set names another file to use instead.
    """
    path = os.pathsep.join(item for item in (str(ROOT), os.environ.get("PYTHONPATH")) if item)
    env_file = os.environ.get(ENV_FILE_VARIABLE) or str(ROOT / ".env")
    return {**os.environ, "PYTHONPATH": path, ENV_FILE_VARIABLE: env_file}


def hand_over(python: Path, module: str, *args: str) -> int:
    """Run `module` in the user's folder, becoming it where possible; return its exit code.

    `-P` keeps the user's folder off the import path, so a file of theirs named like one
    of our modules cannot stand in for it. Replacing this process (POSIX) lets signals
    (Ctrl-C, `docker stop`) and the exit code reach the program directly.
    """
    command = [str(python), "-P", "-m", module, *args]
    if os.name == "posix":
        os.execve(command[0], command, child_environment())
    with subprocess.Popen(command, env=child_environment()) as child:
        try:
            return child.wait()
        except KeyboardInterrupt:  # the child got Ctrl-C too; let it finish
            return child.wait()


def test(pytest_args: list[str]) -> int:
    """Lint, format-check, type-check, then run pytest; stop at the first failure."""
    python = ensure_environment("dev")
    steps = [
        ["-m", "ruff", "check", "."],
        ["-m", "ruff", "format", "--check", "."],
        ["-m", "mypy"],
        ["-m", "pytest", *pytest_args],
    ]
    for step in steps:
        print("$ python " + " ".join(step), flush=True)
        code = run(python, *step)
        if code != 0:
            return code
    return 0


def main(argv: list[str]) -> int:
    """Dispatch the command line."""
    if not argv or argv[0] not in {"bot", "test", "run"}:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "test":
        return test(rest)
    if command == "bot":
        return hand_over(ensure_environment(""), "bot", *rest)
    if not rest:
        print("Say which module to run, e.g. python3 tasks.py run engine.lords_of_vegas.simulate")
        return 2
    return hand_over(ensure_environment("dev"), *rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
