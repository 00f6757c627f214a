"""`python -m benchmarks.profiled_bot FILE`: run the bot (`python -m bot`) under a CPU profiler.

yappi (`pip install yappi`; not a dependency of the project) counts CPU time, not wall
time, in every thread (the event loop, the store's thread, the renderers), so a loaded
machine does not blur the profile. The profile is written to FILE in pstats format when
the bot stops (SIGTERM); read it with `python -m pstats FILE`. `benchmarks.load
--profile FILE` starts the bot this way.
"""

from __future__ import annotations

import importlib
import sys

from bot.app import main
from bot.games import GAMES


def profiled(path: str) -> int:
    """Run the bot under yappi's CPU clock and save the profile to `path`."""
    yappi = importlib.import_module("yappi")
    yappi.set_clock_type("cpu")
    yappi.start(builtins=True)
    try:
        return main([], games=GAMES)
    finally:
        yappi.stop()
        yappi.get_func_stats().save(path, type="pstat")


if __name__ == "__main__":
    sys.exit(profiled(sys.argv[1]))
