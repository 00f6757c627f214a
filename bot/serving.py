"""How the bot's own process is tuned for answering many channels at once.

Its event loop is uvloop's where uvloop is installed (Linux and macOS; a dependency
there): the same asyncio, with its loop, sockets and timers in compiled code, so that
the event loop's own share of every command costs less. Elsewhere it is asyncio's own.

Two interpreter settings matter under load, both measured with `benchmarks.load` and
`benchmarks.handoff` (see docs/performance.md):

- The switch interval. The event loop hands work to threads (the store's syncs, the
  drawing workers' pipes) that need the interpreter lock while the loop runs Python; at
  Python's default of 5 ms they waited so long that answers queued behind them.
- The garbage collector. At Python's default thresholds it ran a young collection every
  700 new objects and, every few seconds under load, a full one that walked every object
  the bot holds (discord.py's caches, the games' packages, the commands): 80 ms and more
  of the event loop's time at once, which every channel waiting then felt. Once started,
  what the bot loaded is frozen out of the collector's sight (it lives as long as the
  process), and young collections come every 10,000 objects.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import sys
from typing import Final

SWITCH_INTERVAL: Final = 0.0005
# New container objects between two young collections (Python's default: 700).
YOUNG_OBJECTS: Final = 10_000


def tune_interpreter() -> str:
    """Before the bot starts: its event loop, switch interval and collector's thresholds.

    Returns the event loop's name ("uvloop" or "asyncio").
    """
    sys.setswitchinterval(SWITCH_INTERVAL)
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, middle, old)
    return use_uvloop()


def use_uvloop() -> str:
    """Make uvloop's the event loop of `asyncio.run` from now on, where it is installed."""
    try:
        uvloop = importlib.import_module("uvloop")
    except ImportError:
        return "asyncio"
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return "uvloop"


def freeze_startup_objects() -> int:
    """Once the bot is set up: keep what it loaded out of every later collection.

    Returns how many objects were frozen. Garbage is collected first, so that none of it
    is kept for good.
    """
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
