"""The bot's core knows no game: it imports no game's package, and its modules import one way.

The core is every module of `bot/` outside `bot/games/`, except the three entry points
that hand the registered games (`bot.games.GAMES`) to it: `python -m bot`, `bot.offline`
and `python -m bot.store`.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[2]
BOT: Final = ROOT / "bot"
ENTRY_POINTS: Final = {"bot.__main__", "bot.offline", "bot.store.__main__"}
# Of `engine/` and `render/`, the core may use only what every game shares.
SHARED: Final = ("engine.game", "engine.hints", "engine.takeback", "engine.words", "render.charts")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def core_modules() -> dict[str, Path]:
    found = {module_name(path): path for path in BOT.rglob("*.py")}
    return {
        name: path
        for name, path in found.items()
        if not name.startswith("bot.games") and name not in ENTRY_POINTS
    }


def imports_of(name: str, path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (`if TYPE_CHECKING:` blocks included)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def test_the_core_imports_no_game() -> None:
    modules = core_modules()
    assert {"bot.app", "bot.tables", "bot.host", "bot.store.store", "bot.terminal"} <= set(modules)
    for name, path in modules.items():
        for imported in imports_of(name, path):
            top = imported.split(".")[0]
            if top in ("engine", "render") and imported not in (top, *SHARED):
                assert imported.startswith(SHARED), f"{name} imports {imported}"
            assert not imported.startswith("bot.games"), f"{name} imports {imported}"


def test_importing_the_whole_core_loads_no_game() -> None:
    names = sorted(core_modules())
    program = (
        "import importlib, json, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True
    )
    loaded = json.loads(done.stdout)
    games = [
        m
        for m in loaded
        if m.startswith(("bot.games", "engine.lords_of_vegas", "engine.vegas_showdown"))
        or m.startswith(("render.lords_of_vegas", "render.vegas_showdown", "engine.games"))
    ]
    assert games == []
    assert "bot.app" in loaded


def test_the_core_imports_one_way() -> None:
    modules = core_modules()
    # A package's __init__ re-exports its own modules: an edge up from them is not a cycle.
    graph = {
        name: {
            m
            for m in imports_of(name, path)
            if m in modules and m != name and not name.startswith(f"{m}.")
        }
        for name, path in modules.items()
    }
    path: list[str] = []
    done: set[str] = set()

    def visit(name: str) -> None:
        if name in path:
            cycle = [*path[path.index(name) :], name]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if name in done:
            return
        path.append(name)
        for imported in sorted(graph[name]):
            visit(imported)
        path.pop()
        done.add(name)

    for name in sorted(graph):
        visit(name)
