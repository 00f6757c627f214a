#!/usr/bin/env python3
"""Set up Vegas Host in a local virtual environment and run it or its tests.

Usage (only Python 3.11+ is needed; the first run creates `.venv` and installs):

    python3 tasks.py bot [ARGS...]     start the Discord bot (python -m bot ARGS)
    python3 tasks.py test [ARGS...]    lint, type-check and run the whole test suite
                                       (extra ARGS go to pytest)
    python3 tasks.py run MODULE [ARGS...]   run any module of the project, e.g.
                                       `python3 tasks.py run engine.lords_of_vegas.simulate`
    python3 tasks.py lock [--upgrade]  refresh the lock files from pyproject.toml's ranges
                                       (--upgrade: move every pin to the newest release)

The dependencies installed are the exact, hash-checked versions of the lock files
(`requirements.lock` for the bot, `requirements-dev.lock` with the test tools), which
`python3 tasks.py lock` writes with uv from the ranges in pyproject.toml.

`bot` and `run` work in the folder the command is typed in, so relative paths given to
them (files, `--boards`, `--database`, `DATABASE_PATH`) are relative to that folder, as
with any command; the project's `.env` (next to this file) is read from anywhere.

This file uses only the standard library so it works before anything is installed.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
MIN_PYTHON = (3, 11)
# Tells the settings (bot/settings.py) where the project's `.env` is.
ENV_FILE_VARIABLE = "VEGAS_HOST_ENV_FILE"
# The exact versions installed, by extras: the bot alone, or with the test tools.
LOCKS = {"": ROOT / "requirements.lock", "dev": ROOT / "requirements-dev.lock"}
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def venv_python() -> Path:
    """Return the path of the virtual environment's interpreter."""
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def ensure_environment(extras: str, *, stale_lock_ok: bool = False) -> Path:
    """Create `.venv` and install the project (with `extras`) when anything changed.

    A lock that misses a dependency pyproject.toml names stops it (unless `stale_lock_ok`,
    for `lock` itself), saying to refresh the lock.
    """
    if sys.version_info < MIN_PYTHON:
        sys.exit(f"Vegas Host needs Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer.")
    missing = unlocked_dependencies(extras)
    if missing and not stale_lock_ok:
        sys.exit(
            f"pyproject.toml names {', '.join(missing)}, which {LOCKS[extras].name} does not "
            "pin: refresh the lock with `python3 tasks.py lock`."
        )
    python = venv_python()
    if not python.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    if not installed(extras) and not (extras == "" and installed("dev")):  # dev includes base
        install(python, extras)
        stamp(extras).write_text(wanted(extras))
    return python


def locked_pins(lock: Path) -> list[tuple[str, str]]:
    """The (name, version) pairs a lock file pins, in its order."""
    lines = lock.read_text(encoding="utf-8").splitlines()
    return [(match[1], match[2]) for match in map(PIN.match, lines) if match]


def normalized(name: str) -> str:
    """A distribution name as package indexes compare them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def declared_dependencies(extras: str) -> list[str]:
    """The requirement strings pyproject.toml declares for the project with `extras`."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = list(project["dependencies"])
    if extras:
        declared += project["optional-dependencies"][extras]
    return declared


def unlocked_dependencies(extras: str) -> list[str]:
    """The names of declared dependencies the lock file for `extras` does not pin."""
    lock = LOCKS[extras]
    pinned = {normalized(name) for name, _ in locked_pins(lock)} if lock.exists() else set()
    names = [
        re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0]
        for requirement in declared_dependencies(extras)
    ]
    return [name for name in names if normalized(name) not in pinned]


def install_commands(python: Path, extras: str) -> list[list[str]]:
    """The pip commands installing the locked dependencies, then the project itself."""
    target = f".[{extras}]" if extras else "."
    pip = [str(python), "-m", "pip", "install", "--disable-pip-version-check"]
    return [
        [*pip, "--require-hashes", "--requirement", str(LOCKS[extras])],
        [*pip, "--quiet", "--no-deps", "--editable", target],
    ]


def install(python: Path, extras: str) -> None:
    """Install from the lock file, telling each package as pip takes it (a first run is long)."""
    lock = LOCKS[extras]
    dependencies, project = install_commands(python, extras)
    if not lock.exists():  # only `lock` gets here without one (see ensure_environment)
        print(f"No {lock.name} yet: installing from pyproject.toml's ranges ...", flush=True)
        ranges = [arg for arg in project if arg not in ("--quiet", "--no-deps")]
        subprocess.run(ranges, cwd=ROOT, check=True)
        return
    count = len(locked_pins(lock))
    print(f"Installing Vegas Host's {count} locked dependencies ({lock.name}) ...", flush=True)
    with subprocess.Popen(
        dependencies, cwd=ROOT, stdout=subprocess.PIPE, text=True, bufsize=1
    ) as pip:
        told = []
        for line in pip.stdout or ():
            told.append(line)
            progress = pip_progress(line)
            if progress:
                print(progress, flush=True)
    if pip.returncode != 0:
        sys.stdout.writelines(told[-20:])
        sys.exit(f"Installing the dependencies failed (pip exit status {pip.returncode}).")
    print("Installing Vegas Host itself ...", flush=True)
    subprocess.run(project, cwd=ROOT, check=True)


def pip_progress(line: str) -> str | None:
    """A short progress line for a line of pip's output worth telling, else None."""
    words = line.split()
    if line.startswith("Collecting ") and len(words) > 1:
        return f"  {words[1]}"
    if line.startswith("Processing ") and len(words) > 1 and words[1].endswith(".whl"):
        name, version = Path(words[1]).name.split("-")[:2]  # a wheel from a local folder
        return f"  {name}=={version}"
    if line.startswith("Installing collected packages"):
        return "  unpacking and installing ..."
    if line.startswith("Successfully installed"):
        return f"  installed {len(words) - 2} packages"
    return None


def lock(arguments: list[str]) -> int:
    """Write both lock files from pyproject.toml with uv (a dev dependency).

    The bot's lock is constrained by the dev lock, so both pin the same versions.
    """
    python = ensure_environment("dev", stale_lock_ok=True)
    upgrade = ["--upgrade"] if "--upgrade" in arguments else []
    common = ["--universal", "--python-version", "3.11", "--generate-hashes", "--quiet"]
    common += ["--custom-compile-command", "python3 tasks.py lock", *upgrade]
    has_uv = subprocess.run(
        [str(python), "-m", "uv", "--version"], capture_output=True, check=False
    )
    if has_uv.returncode != 0:  # a lock written before uv was a dependency
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "uv>=0.5"], check=True)
    uv = [str(python), "-m", "uv", "pip", "compile", "pyproject.toml", *common]
    steps = [
        [*uv, "--extra", "dev", "--output-file", LOCKS["dev"].name],
        [*uv, "--constraint", LOCKS["dev"].name, "--output-file", LOCKS[""].name],
    ]
    for step in steps:
        code = subprocess.run(step, cwd=ROOT, check=False).returncode
        if code != 0:
            return code
    for lock_file in LOCKS.values():
        print(f"{lock_file.name}: {len(locked_pins(lock_file))} packages pinned")
    return 0


def stamp(extras: str) -> Path:
    """The file recording what was installed with `extras`."""
    return VENV / f".installed-{extras or 'base'}"


def wanted(extras: str) -> str:
    """The fingerprint of an up-to-date install with `extras`: pyproject.toml and the lock."""
    lock = LOCKS[extras].read_bytes() if LOCKS[extras].exists() else b""
    inputs = (ROOT / "pyproject.toml").read_bytes() + lock
    return hashlib.sha256(inputs + extras.encode()).hexdigest()


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
    if not argv or argv[0] not in {"bot", "test", "run", "lock"}:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "test":
        return test(rest)
    if command == "lock":
        return lock(rest)
    if command == "bot":
        return hand_over(ensure_environment(""), "bot", *rest)
    if not rest:
        print("Say which module to run, e.g. python3 tasks.py run engine.lords_of_vegas.simulate")
        return 2
    return hand_over(ensure_environment("dev"), *rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
