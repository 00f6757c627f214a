"""The engine is pure: importing and playing it pulls in no I/O, Discord, database or images."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import engine.lords_of_vegas as package
import engine.vegas_showdown as showdown

FORBIDDEN = ("discord", "aiosqlite", "sqlite3", "asyncio", "PIL", "aiohttp", "render", "bot")


def test_engine_imports_nothing_impure() -> None:
    code = (
        "import sys\n"
        "from engine.lords_of_vegas.randomplay import play_random_game\n"
        "play_random_game(['red', 'blue'], 1)\n"
        f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_engine_never_uses_the_global_random_module() -> None:
    for path in Path(package.__file__).parent.glob("*.py"):
        text = path.read_text()
        for line in text.splitlines():
            assert not line.strip().startswith("from random import"), path.name
            assert "random.random()" not in line and "random.randint(" not in line, path.name


def test_vegas_showdown_imports_nothing_impure() -> None:
    code = (
        "import sys\n"
        "from engine.vegas_showdown.randomplay import play_game\n"
        "play_game(['red', 'yellow', 'green'], 1)\n"
        f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_vegas_showdown_never_uses_the_global_random_module() -> None:
    for path in Path(showdown.__file__).parent.glob("*.py"):
        if path.name == "randomplay.py":  # its own seeded random.Random, never the game's
            continue
        text = path.read_text()
        assert "import random" not in text, path.name
