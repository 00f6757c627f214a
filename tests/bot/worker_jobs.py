"""Jobs for the drawing workers in `tests/bot/test_drawing.py`: top-level functions, so a
worker can import them by name."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def same(value: T) -> T:
    """`value`, as the worker received it."""
    return value


def later(seconds: float, value: T) -> T:
    """`value`, after `seconds`."""
    time.sleep(seconds)
    return value


def dies_the_first_time(mark: Path) -> int:
    """The first call (no `mark` yet) leaves the mark and kills its worker; later ones
    answer the worker's pid."""
    if not mark.exists():
        mark.write_text(str(os.getpid()))
        os._exit(1)
    return os.getpid()


def fails(message: str) -> None:
    """Raise a ValueError saying `message`."""
    raise ValueError(message)


def pid_after(seconds: float) -> int:
    """The worker's pid, after `seconds`."""
    time.sleep(seconds)
    return os.getpid()
