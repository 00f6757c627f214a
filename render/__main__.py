"""Render a saved game to a PNG file: `python -m render saved-game.json -o board.png`.

The input is a game state's JSON (`GameState.model_dump_json()`), a game record
(settings and commands), which is replayed to its end first, or the public record of a
game under way (Lords of Vegas), drawn as the table sees it. Its `game` field says which
game it is (see `render.games`); a file without one is Lords of Vegas, or Vegas Showdown
when it is a Vegas Showdown state. A Vegas Showdown game is drawn as its round picture
(the board and every sheet).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from .games import read_saved


def parse_names(pairs: list[str], colors: Sequence[str]) -> dict[str, str]:
    """`colour=name` pairs from the command line, checked against the game's colours."""
    names: dict[str, str] = {}
    for pair in pairs:
        color, sep, name = pair.partition("=")
        match = next((c for c in colors if c == color.strip().lower()), None)
        if not sep or match is None:
            raise ValueError(f"--name wants colour=name with a colour in this game, not {pair!r}")
        names[match] = name
    return names


def main(argv: list[str] | None = None) -> int:
    """Read the saved game, render it and write the PNG; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python3 tasks.py run render",
        description="Draw the board of a saved game (Lords of Vegas or Vegas Showdown).",
    )
    parser.add_argument("saved_game", type=Path, help="game state JSON (or a game record JSON)")
    parser.add_argument("-o", "--output", type=Path, default=Path("board.png"), help="PNG to write")
    parser.add_argument(
        "--name", action="append", default=[], metavar="COLOUR=NAME", help="a player's name"
    )
    args = parser.parse_args(argv)
    try:
        picture = read_saved(json.loads(args.saved_game.read_text(encoding="utf-8")))
        names = parse_names(args.name, picture.colors)
    except (OSError, ValueError) as error:
        print(f"cannot render {args.saved_game}: {error}", file=sys.stderr)
        return 1
    args.output.write_bytes(picture.draw(names))
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
