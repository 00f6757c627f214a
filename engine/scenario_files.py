"""What every game's scenario runner shares: its failure, steps, refusals and command line.

Each game reads its own scenario format (`engine/<game>/scenario.py`); running the steps
in order, checking that a refusal changed nothing, and running a list of files with one
line printed per file are the same for all of them.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, TypeVar

from pydantic import BaseModel, ValidationError


class StepFailed(AssertionError):
    """A scenario step did not have the expected result."""


class Named(Protocol):
    """A loaded scenario: all the command line needs is its name."""

    @property
    def name(self) -> str:
        """What the scenario shows, in words."""


ScenarioT = TypeVar("ScenarioT", bound=Named)
StateT = TypeVar("StateT", bound=BaseModel)
StepT = TypeVar("StepT")


def run_steps(
    state: StateT, steps: Sequence[StepT], run: Callable[[StateT, StepT], None]
) -> StateT:
    """Run the steps on `state` in order; the first failure raised says the step's number."""
    for number, step in enumerate(steps, start=1):
        try:
            run(state, step)
        except StepFailed as failure:
            raise StepFailed(f"step {number}: {failure}") from None
    return state


def check_refused(
    state: BaseModel,
    line: str,
    play: Callable[[str], object],
    refusal: type[Exception],
    because: str | None = None,
) -> None:
    """Check that the rules refuse `line` (played by `play`) and leave `state` as it was.

    `refusal` is the game's error for a command refused; with `because`, the refusal must
    say those words.
    """
    before = state.model_dump_json()
    try:
        play(line)
    except refusal as error:
        if state.model_dump_json() != before:
            raise StepFailed(f"'{line}' was refused but changed the game") from None
        if because is not None and because not in str(error):
            raise StepFailed(f"'{line}' was refused with '{error}', not for '{because}'") from None
        return
    raise StepFailed(f"'{line}' should have been refused")


def run_files(
    argv: list[str] | None,
    description: str,
    load: Callable[[Path], ScenarioT],
    run: Callable[[ScenarioT], object],
) -> int:
    """Run the scenario files named on the command line; print one line per file.

    Returns the exit code: 1 if any file failed to load or to play out as it says.
    """
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    failed = 0
    for path in args.files:
        try:
            scenario = load(path)
            run(scenario)
        except (ValidationError, StepFailed, OSError) as error:
            failed += 1
            print(f"FAIL {path}: {error}")
            continue
        print(f"pass {path}: {scenario.name}")
    total = len(args.files)
    print(f"{total - failed} of {total} scenarios passed")
    return 1 if failed else 0
