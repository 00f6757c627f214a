"""Render a saved game to a PNG file: `python -m render saved-game.json -o board.png`.

The input is the engine's JSON for a game state (`GameState.model_dump_json()`), a
game record (settings and commands), which is replayed to its end first, or the public
record of a game under way, whose board is drawn as the table sees it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pydantic import ValidationError

from engine.lords_of_vegas import Color, GameState
from engine.lords_of_vegas.record import GameRecord, PublicRecord

from .board import render_board


def load_state(text: str) -> GameState:
    """A game state from its JSON, a game record's (replayed) or a public record's."""
    data = json.loads(text)
    if isinstance(data, dict) and data.get("record") == "public":
        return PublicRecord.model_validate(data).state
    if isinstance(data, dict) and "commands" in data and "settings" in data:
        state, _ = GameRecord.model_validate(data).replay()
        return state
    return GameState.model_validate(data)


def parse_names(pairs: list[str], state: GameState) -> dict[Color, str]:
    """`colour=name` pairs from the command line, checked against the game's colours."""
    names: dict[Color, str] = {}
    for pair in pairs:
        color, sep, name = pair.partition("=")
        match = next((c for c in state.colors if c == color.strip().lower()), None)
        if not sep or match is None:
            raise ValueError(f"--name wants colour=name with a colour in this game, not {pair!r}")
        names[match] = name
    return names


def main(argv: list[str] | None = None) -> int:
    """Read the saved game, render it and write the PNG; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python3 tasks.py run render",
        description="Draw the board of a saved Lords of Vegas game.",
    )
    parser.add_argument("saved_game", type=Path, help="game state JSON (or a game record JSON)")
    parser.add_argument("-o", "--output", type=Path, default=Path("board.png"), help="PNG to write")
    parser.add_argument(
        "--name", action="append", default=[], metavar="COLOUR=NAME", help="a player's name"
    )
    args = parser.parse_args(argv)
    try:
        state = load_state(args.saved_game.read_text(encoding="utf-8"))
        names = parse_names(args.name, state)
    except (OSError, ValueError, ValidationError) as error:
        print(f"cannot render {args.saved_game}: {error}", file=sys.stderr)
        return 1
    args.output.write_bytes(render_board(state, names=names))
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
