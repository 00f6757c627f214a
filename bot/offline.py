"""Play a game in the terminal, no Discord needed (see `bot.terminal`).

    python3 tasks.py run bot.offline [--game KIND] [--players N] [--ai LEVEL ...]
                                     [--seed S] [--boards DIR] [--edition E]

This entry point hands the registered games (`bot.games`) to the core's terminal table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from bot import terminal
from bot.games import GAMES


def main(
    argv: Sequence[str] | None = None, inp: TextIO | None = None, out: TextIO | None = None
) -> int:
    """Play one game in the terminal; the exit status is 2 for a bad command line."""
    return terminal.main(GAMES, argv, inp, out)


if __name__ == "__main__":
    raise SystemExit(main())
