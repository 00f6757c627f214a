"""How long the board images take and how big they are, for crowded late-game positions.

Lords of Vegas: renders a late-game 6-player position (a random "builder" game played to
its end: most lots built, raised casinos, many dice) over and over, and prints the median
and 95th percentile time per image (drawing, straight onto the palette, plus PNG
encoding) and the PNG size; then renders many different late-game positions once each,
as a bot does, for a second figure. Each repeated figure also gives the median CPU time
of the thread, which other work on a busy machine disturbs less than the clock.

Then the board as a bot posts it after a turn: every turn end of several 3-player games,
the games taken in turns as a bot serving many channels draws them (so patches drawn for
one game's board serve the others'), each drawn and encoded once: median and 90th
percentile time and the PNG sizes (`--game turn_ends` for this figure alone).

Vegas Showdown: the same for the pictures of a round post (the table at a phone's width
and the five sheets, together, from a greedy game stopped near its end), for the whole
round picture (`/vs board`) and for a placement preview on one of its sheets;
for a renovation early in a game, whose overview dots 100 and more places, and the
picture of one run of them, numbered; then round pictures of many different positions
once each (the round post's pictures, all of them).

    python3 tasks.py run benchmarks.render [--repeats 200] [--seed 1]

Run it as a module from the project root (as above, or `python -m benchmarks.render`):
run as a script, this file's name would hide the `render` package.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

from engine.lords_of_vegas import GameState, casino
from engine.lords_of_vegas.randomplay import play_random_game
from engine.takeback import History
from engine.vegas_showdown import COLORS
from engine.vegas_showdown import GameState as ShowdownState
from engine.vegas_showdown.greedy import GreedyPlayer
from engine.vegas_showdown.randomplay import play_game
from engine.vegas_showdown.sheet import fitting_placements, legal_placements
from engine.vegas_showdown.tables import COMPONENTS
from render.lords_of_vegas import render_board
from render.lords_of_vegas.board import draw_board, encode_png
from render.vegas_showdown import render_placement_preview, render_round, render_round_pictures

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
    parser.add_argument("--games", type=int, default=12, help="games for the turn-end figure")
    games = ("all", "lords_of_vegas", "turn_ends", "vegas_showdown")
    parser.add_argument("--game", choices=games, default="all")
    args = parser.parse_args()
    if args.game in ("all", "lords_of_vegas"):
        lords_of_vegas(args)
    if args.game in ("all", "lords_of_vegas", "turn_ends"):
        turn_ends(args.seed, args.games)
    if args.game in ("all", "vegas_showdown"):
        vegas_showdown(args.seed, args.repeats, args.positions)


def lords_of_vegas(args: argparse.Namespace) -> None:
    """Print the Lords of Vegas figures: one late board over and over, then varied boards."""
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

    totals, draws, encodes, cpu = [], [], [], []
    for _ in range(args.repeats):
        c0 = time.thread_time()
        t0 = time.perf_counter()
        drawing = draw_board(state)
        t1 = time.perf_counter()
        encoded = encode_png(drawing.image)
        t2 = time.perf_counter()
        cpu.append(time.thread_time() - c0)
        draws.append(t1 - t0)
        encodes.append(t2 - t1)
        totals.append(t2 - t0)
        assert encoded == png, "rendering is not deterministic"
    for label, samples in (("total", totals), ("draw", draws), ("encode", encodes)):
        median, p95 = milliseconds(samples)
        print(f"{label:>16}: median {median:6.1f} ms   p95 {p95:6.1f} ms   ({args.repeats} images)")
    print(f"{'total cpu':>16}: median {milliseconds(cpu)[0]:6.1f} ms")
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


def turn_end_positions(seed: int) -> list[GameState]:
    """The state after every turn end of a random 3-player game (each a copy)."""
    _, record = play_random_game(PLAYERS[:3], seed, "updated")
    history = History(record.rules(), record.opening)
    positions = []
    for line in record.commands:
        turn = history.state.turn
        history.play(line)
        if history.state.turn != turn or history.state.over:
            positions.append(history.state.model_copy(deep=True))
    return positions


def turn_ends(seed: int, count: int) -> None:
    """Print the figure of boards as posted after turns, many games taken in turns."""
    games = [turn_end_positions(seed + 100 + i) for i in range(count)]
    names = {color: f"Player {color}" for color in PLAYERS}
    order = [
        game[turn] for turn in range(max(map(len, games))) for game in games if turn < len(game)
    ]
    for position in order[:5]:  # fonts, backgrounds and the first sprites
        render_board(position, names=names)
    samples, cpu, sizes = [], [], []
    for position in order:
        c0 = time.thread_time()
        t0 = time.perf_counter()
        sizes.append(len(render_board(position, names=names)))
        samples.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    ordered = sorted(samples)
    p90 = ordered[round(0.9 * (len(ordered) - 1))] * 1000
    print(
        f"{'turn ends':>16}: median {statistics.median(ordered) * 1000:6.2f} ms   "
        f"p90 {p90:6.2f} ms   cpu median {statistics.median(cpu) * 1000:.2f} ms   "
        f"png median {statistics.median(sizes) / 1024:.1f} KiB, "
        f"largest {max(sizes) / 1024:.1f} KiB "
        f"({len(order)} boards: every turn end of {count} 3-player games, taken in turns)"
    )


def showdown_late_round(seed: int, fraction: float = 0.9) -> ShowdownState:
    """A 5-player greedy game stopped after `fraction` of its commands: full sheets, bids."""
    _, record = play_game(list(COLORS), seed, GreedyPlayer(), check=False)
    state, _ = record.replay(upto=int(len(record.commands) * fraction))
    return state


def post_pictures(state: ShowdownState) -> bytes:
    """The round post's pictures (tracks, standing, every sheet), their bytes end to end."""
    pictures = render_round_pictures(state)
    return b"".join([pictures.tracks, pictures.standing, *(png for _, png in pictures.sheets)])


def repeat(draw: Callable[[], bytes], repeats: int) -> tuple[float, float, float, int]:
    """Median and p95 milliseconds of `draw()`, median CPU milliseconds, and PNG size.

    The PNG is checked to be the same every time.
    """
    first = draw()
    samples, cpu = [], []
    for _ in range(repeats):
        c0 = time.thread_time()
        t0 = time.perf_counter()
        png = draw()
        samples.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
        assert png == first, "rendering is not deterministic"
    median, p95 = milliseconds(samples)
    return median, p95, milliseconds(cpu)[0], len(first)


def vegas_showdown(seed: int, repeats: int, count: int) -> None:
    """Print the Vegas Showdown figures: a late round picture, a preview, varied rounds."""
    state = showdown_late_round(seed)
    tiles = sum(len(p.sheet) for p in state.players)
    print(f"\nVegas Showdown: 5 players, seed {seed}, round {state.round}, {tiles} tiles placed")
    start = time.perf_counter()
    post_pictures(state)
    first = (time.perf_counter() - start) * 1000
    print(f"first round post's pictures (fonts and sprites cached): {first:.1f} ms")
    median, p95, cpu, size = repeat(lambda: post_pictures(state), repeats)
    figures = f"median {median:6.1f} ms   p95 {p95:6.1f} ms   {size / 1024:.1f} KiB"
    print(f"{'round post':>16}: {figures} (tracks, standing, 5 sheets, together; cpu {cpu:.1f} ms)")
    median, p95, cpu, size = repeat(lambda: render_round(state), repeats)
    figures = f"median {median:6.1f} ms   p95 {p95:6.1f} ms   {size / 1024:.1f} KiB"
    print(f"{'round picture':>16}: {figures} (the whole round in one, /vs board; cpu {cpu:.1f} ms)")
    # The busiest preview of the position: the most places for a basic tile on any sheet.
    spots, color, tile = max(
        (len(legal_placements(COMPONENTS, p.sheet, t)), p.color, t)
        for p in state.players
        for t in ("slots", "lounge", "restaurant")
    )
    median, p95, _, size = repeat(lambda: render_placement_preview(state, color, tile), repeats)
    print(
        f"{'preview':>16}: median {median:6.1f} ms   p95 {p95:6.1f} ms   {size / 1024:.1f} KiB "
        f"({tile} on {color}'s sheet: {spots} places)"
    )
    # A renovation early on: the Table Games fits almost anywhere on the emptiest sheet.
    early = showdown_late_round(seed, 0.1)
    player = min(early.players, key=lambda p: len(p.sheet))
    fits = fitting_placements(COMPONENTS, player.sheet, "table_games")
    for label, numbers in (("overview", None), ("one run", range(1, 26))):
        draw = partial(render_placement_preview, early, player.color, "table_games", fits)
        median, p95, _, size = repeat(partial(draw, numbers=numbers), repeats)
        print(
            f"{label:>16}: median {median:6.1f} ms   p95 {p95:6.1f} ms   {size / 1024:.1f} KiB "
            f"(a renovation's Table Games on {player.color}'s sheet: {len(fits)} places)"
        )
    positions = [showdown_late_round(seed + 1 + i, 0.3 + 0.7 * i / count) for i in range(count)]
    varied, sizes = [], []
    for position in positions:
        t0 = time.perf_counter()
        sizes.append(len(post_pictures(position)))
        varied.append(time.perf_counter() - t0)
    median, p95 = milliseconds(varied)
    print(
        f"{'varied':>16}: median {median:6.1f} ms   p95 {p95:6.1f} ms   "
        f"({count} different positions' round post pictures, once each; "
        f"largest {max(sizes) / 1024:.1f} KiB in all)"
    )


if __name__ == "__main__":
    main()
