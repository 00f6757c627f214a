"""The keyboard of a terminal game: line editing, Ctrl-C and Ctrl-D, and pauses.

At a real terminal, lines are read through `readline` where Python has it (Linux and
macOS): arrow keys move in the line and through earlier lines, Ctrl-R searches them.
Ctrl-D (the end of the input) and Ctrl-C stop the game as `quit` does. Between computer
moves the game may pause; Enter skips the pauses until a person is asked again.
"""

from __future__ import annotations

import os
import select
import sys
import time
from typing import TextIO


def _use_readline() -> bool:
    """Load `readline` (line editing and history for `input`), where the platform has it."""
    try:
        import readline  # noqa: F401, PLC0415 (imported for its effect on input())
    except ImportError:
        return False
    return True


class Keyboard:
    """Where the people's lines come from: a real terminal, or any text stream."""

    def __init__(self, inp: TextIO, out: TextIO) -> None:
        self.inp, self.out = inp, out
        self.interrupted = False
        self.skipping = False
        # `input()` edits lines only on the process's own terminal.
        self.editing = inp is sys.stdin and out is sys.stdout and _isatty(inp)
        if self.editing:
            self.editing = _use_readline()

    def ask(self, prompt: str) -> str | None:
        """The next line typed after `prompt`; None at the end of the input or on Ctrl-C."""
        self.skipping = False
        try:
            if self.editing:
                return input(prompt)
            print(prompt, end="", file=self.out, flush=True)
            line = self.inp.readline()
        except EOFError:
            return None
        except KeyboardInterrupt:
            self.interrupted = True
            return None
        return line if line else None

    def pause(self, seconds: float) -> None:
        """Wait `seconds` before a computer's move, unless Enter was pressed to skip ahead."""
        if seconds <= 0 or self.skipping:
            return
        if not _can_wait_on(self.inp):
            time.sleep(seconds)
            return
        ready, _, _ = select.select([self.inp], [], [], seconds)
        if ready:
            self.inp.readline()  # Enter: skip ahead
            self.skipping = True


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _can_wait_on(stream: TextIO) -> bool:
    """Whether `select` can wait for a line on `stream` (a terminal or pipe on POSIX)."""
    if os.name == "nt":
        return False
    try:
        stream.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    return True
