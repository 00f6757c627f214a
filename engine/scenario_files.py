"""What every game's scenario runner shares: the failure it reports and its command line.

Each game reads its own scenario format (`engine/<game>/scenario.py`); running a list of
files and printing one line per file is the same for all of them.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from pydantic import ValidationError


class StepFailed(AssertionError):
    """A scenario step did not have the expected result."""


class Named(Protocol):
    """A loaded scenario: all the command line needs is its name."""

    @property
    def name(self) -> str:
        """What the scenario shows, in words."""


ScenarioT = TypeVar("ScenarioT", bound=Named)


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
