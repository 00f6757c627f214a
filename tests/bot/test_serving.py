"""The bot's process is tuned for serving: uvloop's event loop (a dependency on Linux and
macOS), the switch interval, the garbage collector's thresholds, and what it loaded at
start-up frozen out of later collections."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bot.serving import SWITCH_INTERVAL, YOUNG_OBJECTS

ROOT = Path(__file__).resolve().parents[2]
# Run in a fresh interpreter: freezing is for good, the test process must not be tuned.
PROBE = """
import asyncio, gc, json, sys
from bot.serving import freeze_startup_objects, tune_interpreter
import bot.games  # what the bot loads
name = tune_interpreter()
loop = asyncio.new_event_loop()
held = [[n] for n in range(1000)]  # objects made before the freeze
frozen = freeze_startup_objects()
print(json.dumps({
    "switch": sys.getswitchinterval(),
    "threshold": gc.get_threshold(),
    "frozen": frozen,
    "tracked after": len(gc.get_objects()),
    "loop": [name, type(loop).__module__],
}))
"""


def test_the_interpreter_is_tuned_and_start_up_frozen() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    )
    seen = json.loads(done.stdout)
    fast = "asyncio" if sys.platform == "win32" else "uvloop"  # uvloop: not on Windows
    name, module = seen["loop"]
    assert name == fast and module.startswith(fast)
    assert seen["switch"] == SWITCH_INTERVAL
    assert seen["threshold"][0] == YOUNG_OBJECTS
    # Everything loaded (modules, classes, the 1,000 lists) is frozen; a collection walks
    # only what was made since.
    assert seen["frozen"] > 10_000
    assert seen["tracked after"] < seen["frozen"] / 10
