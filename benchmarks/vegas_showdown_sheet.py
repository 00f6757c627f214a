"""How fast is the Vegas Showdown placement search? Prints figures; asserts nothing.

    python -m benchmarks.vegas_showdown_sheet [--sheets N] [--seed S]

Builds N half-full sheets (random legal placements until at least half the cells are
covered), then times `legal_placements` for every large tile whose prerequisites are on
the sheet (otherwise the answer is empty at once):
- cold: every cache emptied first, so the sheet is analysed from scratch (a sheet never
  seen before, e.g. just loaded from the store);
- after a placement: the sheet without its last tile was analysed before (the usual
  case in a game: a tile was just placed);
- repeated: the same question again (the bot's autocomplete asking as a player types).
`measure_legal_placements` is importable by the whole-game benchmark.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.vegas_showdown.components import COMPONENTS, Components
from engine.vegas_showdown.sheet import Placement, cells_of, clear_caches, legal_placements
from engine.vegas_showdown.sheet_layout import grid


def half_full_sheets(count: int, seed: int, c: Components = COMPONENTS) -> list[list[Placement]]:
    """`count` sheets, each built from random legal placements until half full."""
    rng = random.Random(seed)
    tile_ids = sorted(c.tiles)
    half = c.sheet.cols * c.sheet.rows / 2
    sheets: list[list[Placement]] = []
    while len(sheets) < count:
        sheet: list[Placement] = []
        covered = 0
        for _ in range(400):
            options = legal_placements(c, sheet, rng.choice(tile_ids))
            if options:
                placement = rng.choice(options)
                sheet.append(placement)
                covered += len(cells_of(c, placement))
                if covered >= half:
                    sheets.append(sheet)
                    break
    return sheets


def measure_legal_placements(
    sheets: list[list[Placement]], c: Components = COMPONENTS
) -> dict[str, float]:
    """Mean microseconds of one `legal_placements` call for a large tile on these sheets:
    cold, just after a placement, and repeated."""
    cold: list[int] = []
    grown: list[int] = []
    repeated: list[int] = []
    found = 0
    for sheet in sheets:
        present = {p.tile for p in sheet}
        for tile in c.tiles.values():
            if tile.size != "large" or not set(tile.prerequisites) <= present:
                continue
            clear_caches()
            started = time.perf_counter_ns()
            answer = legal_placements(c, sheet, tile.id)
            cold.append(time.perf_counter_ns() - started)
            started = time.perf_counter_ns()
            legal_placements(c, sheet, tile.id)
            repeated.append(time.perf_counter_ns() - started)
            clear_caches()
            legal_placements(c, sheet[:-1], tile.id)
            started = time.perf_counter_ns()
            legal_placements(c, sheet, tile.id)
            grown.append(time.perf_counter_ns() - started)
            found += len(answer)
    return {
        "cold_us": statistics.fmean(cold) / 1000,
        "after_placement_us": statistics.fmean(grown) / 1000,
        "repeated_us": statistics.fmean(repeated) / 1000,
        "calls": len(cold),
        "placements_per_call": found / len(cold),
    }


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description="Vegas Showdown placement search speed")
    parser.add_argument("--sheets", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sheets = half_full_sheets(args.sheets, args.seed)
    tiles = statistics.fmean(len(s) for s in sheets)
    print(f"{len(sheets)} half-full sheets ({tiles:.1f} tiles each)")
    grid.cache_clear()
    started = time.perf_counter()
    grid(COMPONENTS)
    print(f"  tables per Components (once): {(time.perf_counter() - started) * 1000:.1f} ms")
    figures = measure_legal_placements(sheets)
    print(
        f"  legal_placements, large tile: mean {figures['cold_us']:.1f} us cold "
        f"(sheet never seen), {figures['after_placement_us']:.1f} us just after a placement, "
        f"{figures['repeated_us']:.2f} us repeated"
    )
    print(f"  {figures['calls']:.0f} calls, {figures['placements_per_call']:.1f} placements each")


if __name__ == "__main__":
    main()
