"""How long the board image takes and how big it is, for a crowded 6-player board.

Renders a late-game 6-player position (a random "builder" game played to its end: most
lots built, raised casinos, many dice) over and over, and prints the median and 95th
percentile time per image (drawing plus PNG encoding) and the PNG size; then renders
many different late-game positions once each, as a bot does, for a second figure.

    python3 tasks.py run benchmarks.render [--repeats 200] [--seed 1]

Run it as a module from the project root (as above, or `python -m benchmarks.render`):
run as a script, this file's name would hide the `render` package.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.lords_of_vegas import GameState, casino
from engine.lords_of_vegas.randomplay import play_random_game
from render.lords_of_vegas import render_board
from render.lords_of_vegas.board import draw_board, encode_png

PLAYERS = ["black", "blue", "green", "purple", "red", "yellow"]


def late_game(seed: int) -> GameState:
    state, _ = play_random_game(PLAYERS, seed, "updated", style="builder")
    return state


def milliseconds(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p95 * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args()

    state = late_game(args.seed)
    casinos = casino.all_casinos(state)
    print(
        f"position: 6 players, seed {args.seed}, turn {state.turn}, {len(state.tiles)} tiles, "
        f"{len(casinos)} casinos, tallest {max(c.height for c in casinos)}, "
        f"{sum(1 for t in state.tiles.values() if t.die)} dice, {len(state.lots)} parking lots"
    )
    start = time.perf_counter()
    png = render_board(state)
    print(
        f"first image (fonts and background cached): {(time.perf_counter() - start) * 1000:.1f} ms"
    )

    totals, draws, encodes = [], [], []
    for _ in range(args.repeats):
        t0 = time.perf_counter()
        drawing = draw_board(state)
        t1 = time.perf_counter()
        encoded = encode_png(drawing.image)
        t2 = time.perf_counter()
        draws.append(t1 - t0)
        encodes.append(t2 - t1)
        totals.append(t2 - t0)
        assert encoded == png, "rendering is not deterministic"
    for label, samples in (("total", totals), ("draw", draws), ("quantize+encode", encodes)):
        median, p95 = milliseconds(samples)
        print(f"{label:>16}: median {median:6.1f} ms   p95 {p95:6.1f} ms   ({args.repeats} images)")
    print(f"{'png size':>16}: {len(png) / 1024:.1f} KiB ({len(png)} bytes)")

    # Real games show a different position every time: render many once each.
    positions = [late_game(args.seed + 1 + i) for i in range(args.positions)]
    varied, sizes = [], []
    for position in positions:
        t0 = time.perf_counter()
        size = len(render_board(position))
        varied.append(time.perf_counter() - t0)
        sizes.append(size)
    median, p95 = milliseconds(varied)
    print(
        f"{'varied':>16}: median {median:6.1f} ms   p95 {p95:6.1f} ms   "
        f"({len(positions)} different late-game positions, once each; "
        f"largest png {max(sizes) / 1024:.1f} KiB)"
    )


if __name__ == "__main__":
    main()
