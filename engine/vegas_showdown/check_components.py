"""Check a corrected copy of the component file, and summarise it.

    python3 tasks.py run engine.vegas_showdown.check_components [FILE]

Without FILE it checks the packaged `data/components.json`. A separate module from
`components`, which the package imports: run as a program, a module already imported
would be loaded twice.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pydantic import ValidationError

from .components import load_components


def main(argv: list[str] | None = None) -> int:
    """Check a component file (default: the packaged one) and summarise it."""
    parser = argparse.ArgumentParser(description="Check a Vegas Showdown component file.")
    parser.add_argument("file", nargs="?", type=Path, help="a corrected copy (default: ours)")
    args = parser.parse_args(argv)
    try:
        components = load_components(args.file)
    except (ValidationError, OSError, json.JSONDecodeError) as error:
        print(f"not usable: {error}")
        return 1
    tiles = sum(t.count for t in components.tiles.values())
    print(
        f"ok: {len(components.tiles)} kinds of tile ({tiles} tiles), "
        f"{len(components.event_deck)} event cards, "
        f"{components.sheet.cols}x{components.sheet.rows} sheet; "
        f"{len(components.reconstructed)} values still marked reconstructed"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
