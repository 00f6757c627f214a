"""Fingerprints of both games' pictures, to prove a change to `render/` left them alone.

Renders a fixed set of varied positions and writes a sha256 of each picture's pixels (its
size and RGB colours, decoded from the PNG: a change of encoder alone keeps them) to a
JSON file, or compares them with a file written before the change. Lords of Vegas: 2 to 6 players,
both editions, from the start to the end of random games, public records, awkward names,
the points chart, the leaderboard and the command line. Vegas Showdown: 3 to 5 players
from the start to the end of greedy and random games, every picture of a round post, the
round picture, the board and sheets, placement previews (numbered, dotted, one run) and a
placement drawn in:

    python3 tasks.py run benchmarks.render_hashes --save /tmp/before.json
    (change render/)
    python3 tasks.py run benchmarks.render_hashes --compare /tmp/before.json

Run it as a module from the project root: run as a script, the `benchmarks/render.py`
beside it would hide the `render` package.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import sys
import tempfile
from pathlib import Path

from PIL import Image

from engine.lords_of_vegas import Color, Event
from engine.lords_of_vegas.events import PointsScored, TurnStarted
from engine.lords_of_vegas.randomplay import play_random_game
from engine.lords_of_vegas.record import GameRecord
from engine.lords_of_vegas.state import Edition
from engine.vegas_showdown import COLORS as SHOWDOWN_COLORS
from engine.vegas_showdown.greedy import GreedyPlayer
from engine.vegas_showdown.randomplay import play_game
from engine.vegas_showdown.sheet import fitting_placements
from engine.vegas_showdown.tables import COMPONENTS
from render.__main__ import main as render_main
from render.charts import Standing, render_leaderboard
from render.lords_of_vegas import render_board, render_points_chart
from render.vegas_showdown import (
    numbered_placements,
    numbered_runs,
    render_placement_choice,
    render_placement_preview,
    render_round,
    render_round_pictures,
    render_sheets,
)
from render.vegas_showdown import render_board as render_showdown_board

UPDATED: list[Color] = ["black", "blue", "green", "purple", "red", "yellow"]
CLASSIC: list[Color] = ["blue", "green", "red", "yellow"]
NAMES = ["Ann", "Bartholomew-Maximilian the Third of Vegas", "Zoë 🎲", "  spaced   out ", "", "李"]
STAGES = (0.0, 0.2, 0.5, 0.8)


def points_over_turns(seats: list[Color], events: list[Event]) -> dict[Color, list[int]]:
    points = dict.fromkeys(seats, 0)
    series: dict[Color, list[int]] = {color: [0] for color in seats}
    for event in events:
        if isinstance(event, TurnStarted) and event.turn > 1:
            for color in seats:
                series[color].append(points[color])
        elif isinstance(event, PointsScored):
            points[event.player] = event.after
    for color in seats:
        series[color].append(points[color])
    return series


def pictures() -> dict[str, bytes]:
    """Every picture of the set, by a name that says what it shows."""
    out: dict[str, bytes] = {}
    games: list[tuple[Edition, list[Color], int]] = [
        (edition, colours[:count], seed)
        for edition, colours in (("updated", UPDATED), ("classic", CLASSIC))
        for count in range(2, len(colours) + 1)
        for seed in (3, 11)
    ]
    for edition, seats, seed in games:
        final, record = play_random_game(
            seats, seed, edition, style="builder" if seed == 3 else None
        )
        tag = f"{edition}-{len(seats)}p-s{seed}"
        for stage in STAGES:
            upto = int(len(record.commands) * stage)
            state, _ = record.replay(upto=upto)
            out[f"{tag}-{stage}"] = render_board(state)
            so_far = GameRecord(settings=record.settings, commands=record.commands[:upto])
            out[f"{tag}-{stage}-public"] = render_board(so_far.public(state).state)
        names = {color: NAMES[i] for i, color in enumerate(seats)}
        out[f"{tag}-end"] = render_board(final)
        out[f"{tag}-end-named"] = render_board(final, names=names)
        series = points_over_turns(seats, record.replay()[1])
        out[f"{tag}-chart"] = render_points_chart(series, names)
        out[f"{tag}-chart-nonames"] = render_points_chart(series)
    rows = [Standing(NAMES[i % 6] or "x", 10 - i, 5 - i // 2, 40.5 + i, 70 - i) for i in range(8)]
    out["leaderboard"] = render_leaderboard(rows, "Server's best")
    out["leaderboard-empty"] = render_leaderboard([], "Leaderboard")
    out.update(command_line())
    out.update(showdown_pictures())
    return out


def showdown_pictures() -> dict[str, bytes]:
    """The Vegas Showdown pictures of the set (see the module's docstring)."""
    out: dict[str, bytes] = {}
    for players, seed, greedy in ((3, 1, True), (4, 2, False), (5, 3, True), (5, 4, False)):
        seats = list(SHOWDOWN_COLORS[:players])
        _, record = play_game(seats, seed, GreedyPlayer() if greedy else None, check=False)
        tag = f"showdown-{players}p-s{seed}"
        names = dict(zip(seats, NAMES, strict=False)) if seed % 2 else None
        for stage in (*STAGES, 1.0):
            state, _ = record.replay(upto=int(len(record.commands) * stage))
            post = render_round_pictures(state, names=names)
            out[f"{tag}-{stage}-tracks"] = post.tracks
            out[f"{tag}-{stage}-standing"] = post.standing
            for color, png in post.sheets:
                out[f"{tag}-{stage}-sheet-{color}"] = png
            out[f"{tag}-{stage}-round"] = render_round(state, names=names)
        out[f"{tag}-board"] = render_showdown_board(state, names=names)
        out[f"{tag}-sheets"] = render_sheets(state, names=names)
        early, _ = record.replay(upto=len(record.commands) // 10)
        player = min(early.players, key=lambda p: len(p.sheet))
        for tile in ("slots", "lounge", "table_games"):
            out[f"{tag}-preview-{tile}"] = render_placement_preview(early, player.color, tile)
        fits = fitting_placements(COMPONENTS, player.sheet, "table_games")
        if fits:
            runs = numbered_runs(fits)
            out[f"{tag}-renovation-overview"] = render_placement_preview(
                early, player.color, "table_games", fits
            )
            out[f"{tag}-renovation-run"] = render_placement_preview(
                early, player.color, "table_games", fits, numbers=runs[0]
            )
            choice = numbered_placements(fits)[0]
            out[f"{tag}-choice"] = render_placement_choice(early, player.color, choice)
    return out


def command_line() -> dict[str, bytes]:
    """The pictures `python -m render` writes for a state, a whole record and a public one."""
    _, record = play_random_game(UPDATED[:4], 5, "updated")
    part = GameRecord(settings=record.settings, commands=record.commands[:60])
    state, _ = part.replay()
    out: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        for name, text, extra in (
            ("state", state.model_dump_json(), ["--name", "green=Rita"]),
            ("record", record.model_dump_json(), []),
            ("public", part.public(state).model_dump_json(), []),
        ):
            saved, png = where / f"{name}.json", where / f"{name}.png"
            saved.write_text(text, encoding="utf-8")
            with contextlib.redirect_stdout(io.StringIO()):
                status = render_main([str(saved), "-o", str(png), *extra])
            if status != 0:
                sys.exit(f"the command line failed on the {name}")
            out[f"cli-{name}"] = png.read_bytes()
    return out


def fingerprint(png: bytes) -> str:
    """The sha256 of the picture's size and RGB pixels, whatever way they were encoded."""
    with Image.open(io.BytesIO(png)) as image:
        pixels = image.convert("RGB")
    digest = hashlib.sha256(f"{pixels.width}x{pixels.height}:".encode())
    digest.update(pixels.tobytes())
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--save", type=Path, help="write the fingerprints to this JSON file")
    action.add_argument("--compare", type=Path, help="compare with fingerprints saved before")
    args = parser.parse_args()
    hashes = {name: fingerprint(png) for name, png in pictures().items()}
    if args.save:
        args.save.write_text(json.dumps(hashes, indent=1, sort_keys=True), encoding="utf-8")
        print(f"{len(hashes)} pictures, {len(set(hashes.values()))} different: saved {args.save}")
        return
    before = json.loads(args.compare.read_text(encoding="utf-8"))
    changed = sorted(name for name in hashes.keys() & before.keys() if hashes[name] != before[name])
    new, gone = sorted(hashes.keys() - before.keys()), sorted(before.keys() - hashes.keys())
    same = len(hashes.keys() & before.keys()) - len(changed)
    print(f"{same} pictures identical, {len(changed)} changed, {len(new)} new, {len(gone)} gone")
    for label, names in (("changed", changed), ("new", new), ("gone", gone)):
        for name in names:
            print(f"  {label}: {name}")
    if changed or gone:
        sys.exit(1)


if __name__ == "__main__":
    main()
