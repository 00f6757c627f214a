"""Every command the README and docs/ show in code is one the project has, so they cannot
drift: slash commands (`/lov build lot`, `/vegas stats [player]`, `/lov kick color:`) against
the commands the bot registers with Discord (here, the emulator), and shell commands
(`python3 tasks.py run MODULE --flag ...`, `python -m MODULE ...`) against `tasks.py`'s
commands and each module's `--help`."""

from __future__ import annotations

import contextlib
import io
import re
import runpy
import shlex
import sys
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import tasks
from bot.app import VegasHost
from tests.bot.conftest import Table

ROOT = Path(__file__).parent.parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCED = re.compile(r"^ *```[^\n]*\n(.*?)^ *```", re.MULTILINE | re.DOTALL)
INLINE = re.compile(r"`([^`]+)`")
SHELL = re.compile(r"(?:python3 \S*tasks\.py|python -m)\s+[^#]*")
SUBCOMMAND, GROUP = 1, 2  # Discord's option types for a subcommand and a subcommand group


@dataclass(frozen=True)
class Shown:
    """A piece of code the docs show: where, and its text on one line."""

    where: str
    text: str


def shown_code() -> Iterator[Shown]:
    """Every fenced block's lines and every inline code span of the README and docs/."""
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT))
        for block in FENCED.findall(text):
            for line in block.splitlines():
                yield Shown(where, line.strip())
        for span in INLINE.findall(FENCED.sub("", text)):
            yield Shown(where, " ".join(span.split()))


def slash_commands() -> list[Shown]:
    """The code that shows a slash command: `/name ...` (not a path such as /etc/x)."""
    return [s for s in shown_code() if re.match(r"/[a-z]+(\s|$)", s.text)]


def shell_commands() -> list[Shown]:
    """The shell commands shown: `python3 tasks.py ...` or `python -m ...`, without comments."""
    return [
        Shown(s.where, match.group(0).strip())
        for s in shown_code()
        for match in SHELL.finditer(s.text)
    ]


# Slash commands -------------------------------------------------------------------------


def slash_problem(text: str, registered: dict[str, dict[str, Any]]) -> str | None:
    """What is wrong with a slash command as the docs write it, or None.

    The words after the command must name its options (`lot`, `[count]`, `color:`), or be
    values for its options in order (`/vs rules components`); after `name:` with text, the
    rest is that option's value (`/lov offer terms: red pays blue 5`).
    """
    words = text.split()
    node = registered.get(words[0][1:])
    if node is None:
        return f"no command {words[0]}"
    path = [words[0]]
    rest = words[1:]
    while rest and any(o["type"] in (SUBCOMMAND, GROUP) for o in node.get("options", [])):
        children = {o["name"]: o for o in node["options"] if o["type"] in (SUBCOMMAND, GROUP)}
        if rest[0] not in children:
            return f"{' '.join(path)} has no subcommand {rest[0]!r}"
        node = children[rest[0]]
        path.append(rest.pop(0))
    options = [o["name"] for o in node.get("options", []) if o["type"] not in (SUBCOMMAND, GROUP)]
    unused = list(options)
    for position, word in enumerate(rest):
        name, colon, value = word.strip("[]").partition(":")
        if colon:
            if name not in options:
                return f"{' '.join(path)} has no option {name!r}"
            if value or position + 1 < len(rest):
                return None  # the rest is the option's value
            continue
        if name in unused:
            unused.remove(name)
        elif unused:
            unused.pop(0)  # a value for the next option
        else:
            return f"{' '.join(path)} takes no option or value {word!r}"
    return None


async def test_every_slash_command_in_the_docs_is_registered(
    table: Table, vegas: VegasHost
) -> None:
    registered = {command["name"]: command for command in table.emu.commands.scope(None)}
    assert {"lov", "vs", "vegas"} <= set(registered)
    shown = slash_commands()
    assert len(shown) > 100  # the README's tables and the playing guides
    problems = [
        f"{s.where}: `{s.text}`: {problem}"
        for s in shown
        if (problem := slash_problem(s.text, registered))
    ]
    assert problems == []


def test_the_slash_command_check_finds_what_does_not_exist() -> None:
    registered = {
        "lov": {
            "name": "lov",
            "options": [
                {"type": SUBCOMMAND, "name": "log", "options": [{"type": 4, "name": "count"}]},
                {
                    "type": GROUP,
                    "name": "trade",
                    "options": [{"type": SUBCOMMAND, "name": "offer", "options": []}],
                },
            ],
        }
    }
    assert slash_problem("/lov log [count]", registered) is None
    assert slash_problem("/lov log 20", registered) is None
    assert slash_problem("/lov trade offer", registered) is None
    assert slash_problem("/lov", registered) is None
    assert slash_problem("/lov logs", registered) == "/lov has no subcommand 'logs'"
    assert slash_problem("/lov log lines:", registered) == "/lov log has no option 'lines'"
    assert slash_problem("/lov log 20 30", registered) == "/lov log takes no option or value '30'"
    assert slash_problem("/vs bid", registered) == "no command /vs"


# Shell commands -------------------------------------------------------------------------


def help_text(module: str, *arguments: str) -> str:
    """`python -m module ARGUMENTS --help`, run in this process (imports are shared)."""
    out = io.StringIO()
    argv = sys.argv
    sys.argv = [module, *arguments, "--help"]
    try:
        with (
            contextlib.redirect_stdout(out),
            pytest.raises(SystemExit) as exited,
            warnings.catch_warnings(),
        ):
            # Running a module its package already imported is fine for `--help`.
            warnings.simplefilter("ignore", RuntimeWarning)
            runpy.run_module(module, run_name="__main__", alter_sys=False)
    finally:
        sys.argv = argv
    assert exited.value.code in (0, None), f"{module} {arguments} --help failed"
    return out.getvalue()


def flags(words: list[str]) -> list[str]:
    """The options (`--games`, `-o`) among a command's words."""
    return [w.split("=")[0] for w in words if re.match(r"--?[a-zA-Z]", w)]


def module_problem(module: str, words: list[str]) -> str | None:
    """What is wrong with `python -m module WORDS` as shown, or None."""
    if not re.fullmatch(r"[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*", module):
        return f"{module!r} is not a module name"
    if not (
        (ROOT / module.replace(".", "/")).with_suffix(".py").exists()
        or (ROOT / module.replace(".", "/") / "__main__.py").exists()
    ):
        return f"no module {module}"
    text = help_text(module)
    listed = re.search(r"\{([\w,-]+)\}", text)
    subcommands = listed.group(1).split(",") if listed else []
    chosen = next((word for word in words if word in subcommands), None)
    if chosen is not None:
        text += help_text(module, chosen)
    missing = [flag for flag in flags(words) if not re.search(rf"{flag}\b", text)]
    return f"{module} has no option {', '.join(missing)}" if missing else None


def shell_problem(text: str) -> str | None:
    """What is wrong with a shown `python3 tasks.py ...` or `python -m ...` command, or None."""
    words = shlex.split(text.replace("[", " ").replace("]", " "))
    if words[:2] == ["python", "-m"]:
        return None if words[2:] == ["..."] else module_problem(words[2], words[3:])
    command, rest = words[2] if len(words) > 2 else "", words[3:]
    if command == "test":
        return None  # the rest goes to pytest
    if command == "bot":
        return module_problem("bot", rest)
    if command == "lock":
        usage = next(line for line in (tasks.__doc__ or "").splitlines() if "tasks.py lock" in line)
        missing = [flag for flag in flags(rest) if flag not in usage]
        return f"tasks.py lock has no option {', '.join(missing)}" if missing else None
    if command == "run" and rest:
        return None if rest == ["..."] else module_problem(rest[0], rest[1:])
    return f"tasks.py has no command {command!r}"


def test_every_shell_command_in_the_docs_exists() -> None:
    shown = shell_commands()
    assert len(shown) > 40
    problems = [
        f"{s.where}: `{s.text}`: {problem}" for s in shown if (problem := shell_problem(s.text))
    ]
    assert problems == []


def test_the_shell_command_check_finds_what_does_not_exist() -> None:
    assert shell_problem("python3 tasks.py run bot.store verify --game 3") is None
    assert shell_problem("python3 tasks.py run bot.store forget --guild 1 --yes") is None
    assert shell_problem("python3 tasks.py lock --upgrade") is None
    assert shell_problem("python3 tasks.py bot --sync") is None
    assert shell_problem("python3 tasks.py run bot.store verify --all") == (
        "bot.store has no option --all"
    )
    assert shell_problem("python3 tasks.py run bot.nothing") == "no module bot.nothing"
    assert shell_problem("python3 tasks.py deploy") == "tasks.py has no command 'deploy'"
    assert shell_problem("python3 tasks.py lock --force") == "tasks.py lock has no option --force"
