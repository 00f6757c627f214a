"""The text notation for every command, used by logs, scenarios and consoles.

Parsing turns text into an `Action` or raises `NotationError` ("I can't read that");
whether the action is allowed is decided later, by `apply`. Formatting gives the
canonical text back, so `parse_command(format_action(a)) == a`.

A bid names a track (`P1`-`P4`, `slots`, `slots2`, `lounge`, `restaurant`) or the tile
up for auction there (`bid fancy_slots 18`), which `apply` finds on the board. A word
that is nearly a tile's or a command's name gets a "did you mean".

Cells are a column letter (A at the casino end, west) and a row number (1 at the
top): `C2`. A placement names the cell under the placed tile's top-left corner and a
clockwise turn in degrees: `place lounge C2 90`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Final

from pydantic import ValidationError

from .actions import (
    BID_TARGETS,
    COLORS,
    SIZES,
    Action,
    Bid,
    BidTarget,
    Cancel,
    ChooseStack,
    Color,
    Done,
    Place,
    Publicity,
    Remove,
    Renovate,
    Reserve,
    Size,
    Undo,
)
from .errors import NotationError
from .sheet import cell_name, parse_cell
from .tables import COMPONENTS, TILES

USAGE: Final[dict[str, str]] = {
    "bid": "bid <P1-P4|slots|slots2|lounge|restaurant|tile> <amount>",
    "renovate": "renovate",
    "publicity": "publicity",
    "stack": "stack small|medium|large",
    "place": "place <tile> <cell> [0|90|180|270]",
    "reserve": "reserve",
    "remove": "remove <cell>",
    "done": "done",
    "undo": "undo",
    "cancel": "cancel",
}
_SIMPLE: Final[dict[str, Action]] = {
    "renovate": Renovate(),
    "publicity": Publicity(),
    "reserve": Reserve(),
    "done": Done(),
    "undo": Undo(),
    "cancel": Cancel(),
}
_TARGET_WORDS: Final[dict[str, BidTarget]] = {
    **{t.lower(): t for t in BID_TARGETS},
    "slots1": "slots",
    "slots_5p": "slots2",
}
_AMOUNT = re.compile(r"^\$?([0-9]{1,6})$")
_ROTATIONS: Final = {"0": 0, "90": 1, "180": 2, "270": 3}
# The most characters of a player's words a refusal echoes.
_SHOWN: Final = 24


def _key(text: str) -> str:
    """A tile name reduced to letters and digits.

    `Fancy Slots`, `fancy-slots` and `fancy_slots` read the same.
    """
    return re.sub(r"[^a-z0-9]", "", re.sub(r"\(.*?\)", "", text.lower()))


_TILE_WORDS: Final[dict[str, str]] = {
    _key(word): tile for tile, facts in TILES.items() for word in (tile, facts.name, *facts.aliases)
}


def _shown(text: str) -> str:
    """The player's words, shortened when echoed back (a refusal stays short)."""
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _fail(kind: str, problem: str) -> NotationError:
    return NotationError(f"{problem} Usage: {USAGE[kind]}")


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """` Did you mean lounge?`: the known word closest to a misspelt one ('' if none is)."""
    found = difflib.get_close_matches(word.lower(), list(known), n=1, cutoff=0.7)
    return f" Did you mean {found[0]}?" if found else ""


def tile_guess(word: str) -> str | None:
    """The tile a misspelt word most likely means (`lonuge`: `lounge`), if any is close."""
    found = difflib.get_close_matches(_key(word), list(_TILE_WORDS), n=1, cutoff=0.7)
    return _TILE_WORDS[found[0]] if found else None


def _tile_meant(word: str) -> str:
    """` Did you mean lounge?` for a word close to a tile's id, name or alias."""
    meant = tile_guess(word)
    return f" Did you mean {meant}?" if meant else ""


def parse_tile(word: str) -> str:
    """A tile by id or name without spaces, e.g. `fancy_slots` or `FancySlots`."""
    tile = _TILE_WORDS.get(_key(word))
    if tile is None:
        raise NotationError(
            f"'{_shown(word)}' is not a tile.{_tile_meant(word)} Tiles are "
            + ", ".join(sorted(TILES))
            + "."
        )
    return tile


def parse_sheet_cell(word: str) -> tuple[int, int]:
    """A cell of the hotel-casino sheet, e.g. `c2` (column letter, row number)."""
    try:
        cell = parse_cell(word) if word.isascii() else None
    except ValueError:  # digits Python reads but int() does not, like "²"
        cell = None
    cols, rows = COMPONENTS.sheet.cols, COMPONENTS.sheet.rows
    if cell is None or not (0 <= cell[0] < cols and 0 <= cell[1] < rows):
        last = cell_name((cols - 1, rows - 1))
        raise NotationError(
            f"'{_shown(word)}' is not a cell of the sheet: write a column letter and a row number, "
            f"from a1 to {last}."
        )
    return cell


def parse_color(word: str) -> Color:
    """A player colour."""
    color = word.lower()
    if color not in COLORS:
        raise NotationError(f"'{_shown(word)}' is not a player colour: {', '.join(COLORS)}.")
    return color


def parse_command(text: str) -> Action:
    """Parse one command (without the `<player>:` prefix) into an action."""
    words = text.split()
    if not words:
        raise NotationError("The command is empty. Commands: " + ", ".join(USAGE) + ".")
    kind, args = words[0].lower(), words[1:]
    try:
        return _parse(kind, args)
    except ValidationError as error:  # values the models reject
        raise _fail(kind, f"I can't read '{_shown(text.strip())}'.") from error


def _parse(kind: str, args: list[str]) -> Action:
    if kind in _SIMPLE:
        if args:
            raise _fail(kind, f"`{kind}` takes nothing after it.")
        return _SIMPLE[kind]
    if kind == "bid":
        if len(args) != 2:
            raise _fail(kind, "Say which tile's track and how much.")
        target: str | None = _TARGET_WORDS.get(args[0].lower()) or _TILE_WORDS.get(_key(args[0]))
        if target is None:
            meant = did_you_mean(args[0], _TARGET_WORDS) or _tile_meant(args[0])
            raise _fail(kind, f"'{_shown(args[0])}' is not a bidding track or a tile.{meant}")
        match = _AMOUNT.match(args[1])
        if match is None or int(match.group(1)) < 1:
            raise _fail(
                kind, f"'{_shown(args[1])}' is not an amount of money: write it like 12 or $12."
            )
        return Bid(target=target, amount=int(match.group(1)))
    if kind == "stack":
        if len(args) != 1 or args[0].lower() not in SIZES:
            raise _fail(kind, "Say which premier stack.")
        size: Size = args[0].lower()  # type: ignore[assignment]
        return ChooseStack(size=size)
    if kind == "place":
        if len(args) not in (2, 3):
            raise _fail(kind, "Say which tile, which cell, and how far to turn it.")
        tile = parse_tile(args[0])
        x, y = parse_sheet_cell(args[1])
        turn = args[2].lower().rstrip("°") if len(args) == 3 else "0"
        if turn not in _ROTATIONS:
            raise _fail(kind, f"'{_shown(args[2])}' is not a turn: use 0, 90, 180 or 270.")
        return Place(tile=tile, x=x, y=y, rot=_ROTATIONS[turn])
    if kind == "remove":
        if len(args) != 1:
            raise _fail(kind, "Say which cell the tile covers.")
        x, y = parse_sheet_cell(args[0])
        return Remove(x=x, y=y)
    raise NotationError(
        f"I don't know the command '{_shown(kind)}'. Commands: " + ", ".join(USAGE) + "."
    )


def parse_line(line: str) -> tuple[Color, Action]:
    """Parse `<player>: <command>`, the form used in logs and scenarios."""
    who, sep, command = line.partition(":")
    if not sep:
        raise NotationError(f"'{_shown(line)}' needs the player first, like 'red: publicity'.")
    return parse_color(who.strip()), parse_command(command)


def format_action(action: Action) -> str:
    """Canonical text of an action; parsing it gives the same action back."""
    if action.kind == "bid":
        return f"bid {action.target} {action.amount}"
    if action.kind == "place":
        return f"place {action.tile} {cell_name((action.x, action.y))} {action.rot * 90}"
    if action.kind == "stack":
        return f"stack {action.size}"
    if action.kind == "remove":
        return f"remove {cell_name((action.x, action.y))}"
    return action.kind


def format_line(player: Color, action: Action) -> str:
    """`<player>: <command>`."""
    return f"{player}: {format_action(action)}"
