#!/usr/bin/env python3
"""Set up Vegas Host in a local virtual environment and run it or its tests.

Usage (only Python 3.11+ is needed; the first run creates `.venv` and installs):

    python3 tasks.py bot [ARGS...]     start the Discord bot (python -m bot ARGS)
    python3 tasks.py test [ARGS...]    lint, type-check and run the whole test suite
                                       (extra ARGS go to pytest)
    python3 tasks.py run MODULE [ARGS...]   run any module of the project, e.g.
                                       `python3 tasks.py run engine.lords_of_vegas.simulate`

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
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    stamp = VENV / f".installed-{extras or 'base'}"
    if not stamp.exists() or stamp.read_text() != wanted:
        print("Installing Vegas Host and its dependencies ...", flush=True)
        target = f".[{extras}]" if extras else "."
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "--editable", target],
            cwd=ROOT,
            check=True,
        )
        stamp.write_text(wanted)
    return python


def run(python: Path, *args: str) -> int:
    """Run the venv interpreter with `args` from the project root; return its exit code."""
    return subprocess.run([str(python), *args], cwd=ROOT, check=False).returncode


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
        return run(ensure_environment(""), "-m", "bot", *rest)
    if not rest:
        print("Say which module to run, e.g. python3 tasks.py run engine.lords_of_vegas.simulate")
        return 2
    return run(ensure_environment("dev"), "-m", *rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
