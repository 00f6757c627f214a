"""Entry point for `python -m bot`.

The Discord bot arrives with the bot issue; until then this says so and points at
the tools that already work.
"""

from __future__ import annotations

import sys

MESSAGE = """\
Vegas Host: the Discord bot itself is not built yet.

What works today is the Lords of Vegas rules engine. Try:
  python3 tasks.py run engine.lords_of_vegas.simulate --games 20 --players 4 --seed 1
  python3 tasks.py run engine.lords_of_vegas.scenario tests/scenarios/*.json
"""


def main() -> int:
    """Explain what is missing and exit with a non-zero status."""
    print(MESSAGE, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
