"""Vegas Showdown as text: the tracks and every sheet in at most 100 columns.

The tracks come first (each premier space with its tile and Minimum-Bid price, each
basic track with its stack), then each player's money, Fame and action, then the sheets
three to a row. A sheet is a floor plan of its 7 x 5 cells: walls `|` and `---`, doors
`o` (a door can always be told from a wall, with or without colour), entrances `>` and
`<`, each tile written once by a short code that the key under the sheets names.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from functools import cache
from typing import Final

from rich.style import Style
from rich.text import Text

from bot.terminal_colors import bold_in, rich_color
from engine.vegas_showdown import Color, GameState, describe_card
from engine.vegas_showdown.actions import BidTarget
from engine.vegas_showdown.bidding import standing_bidder, target_tile
from engine.vegas_showdown.components import Components
from engine.vegas_showdown.sheet import Placement, cells_of
from engine.vegas_showdown.state import Player
from engine.vegas_showdown.tables import BASIC_TRACKS, COMPONENTS, card_of, tile_name
from render.vegas_showdown.rooms import doors_of
from render.vegas_showdown.style import PLAYER_CODE, PLAYER_FILL, TILE_FILL, TILE_LETTER
from render.vegas_showdown.words import action_words

CELL: Final = 3  # characters a cell is wide
DOOR: Final = "o"
SHEETS_PER_ROW: Final = 3
GAP: Final = "  "
WIDTH: Final = 100
DIM: Final = Style(dim=True)
BOLD: Final = Style(bold=True)
AREA_MARK: Final = {"C": "c", "H": "h", ".": "."}
LEGEND: Final = (
    "Sheets: | and --- walls, o a door, > < the casino and hotel entrances, "
    "c casino area, h hotel area"
)


def player_style(color: Color) -> Style:
    """How a player's code is written: bold, in their colour."""
    return bold_in(PLAYER_FILL[color])


def tile_style(tile: str) -> Style:
    """A tile's cells: dark ink on its colour (yellow casino, blue hotel, green either)."""
    return Style(color="black", bgcolor=rich_color(TILE_FILL[COMPONENTS.tiles[tile].color]))


@cache
def tile_codes(components: Components = COMPONENTS) -> dict[str, str]:
    """A code of at most three characters for every tile, unique among them.

    One word gives its first three letters (`Slo`), several their initials (`FS`,
    `HRR`); should two tiles of an owner's components file come out alike, the later
    one ends in a digit.
    """
    codes: dict[str, str] = {}
    for tile_id, facts in components.tiles.items():
        words = [word for word in re.split(r"[\s-]+", facts.name) if word]
        code = words[0][:3] if len(words) == 1 else "".join(word[0] for word in words)[:3]
        code = code or tile_id[:3]
        n = 1
        while code in codes.values():
            n += 1
            code = f"{code[:2]}{n}"
        codes[tile_id] = code
    return codes


def _owner(components: Components, sheet: Sequence[Placement]) -> dict[tuple[int, int], int]:
    """For each covered cell, the index of the placement covering it."""
    found: dict[tuple[int, int], int] = {}
    for index, placement in enumerate(sheet):
        for cell in cells_of(components, placement):
            found[cell] = index
    return found


def sheet_lines(sheet: Sequence[Placement], components: Components = COMPONENTS) -> list[Text]:
    """A sheet as a floor plan: column letters, then a wall line and a cell line per row.

    Every line is `4 * cols + 2` characters wide: the row number, then the grid.
    """
    facts = components.sheet
    cols, rows = facts.cols, facts.rows
    owner = _owner(components, sheet)
    doors = {door for placement in sheet for door in doors_of(components, placement)}
    first_cell = {
        index: min(cells_of(components, placement), key=lambda cell: (cell[1], cell[0]))
        for index, placement in enumerate(sheet)
    }
    entrances = {(e.cell, e.side): name for name, e in facts.entrances.items()}
    codes = tile_codes(components)

    def tile(x: int, y: int) -> int | None:
        return owner.get((x, y)) if 0 <= x < cols and 0 <= y < rows else None

    def door(x: int, y: int, side: str) -> bool:
        return (x, y, side) in doors

    header = Text("  ")
    for x in range(cols):
        header.append(f"  {chr(ord('a') + x)} ", DIM)
    lines = [header]
    for y in range(rows + 1):
        # The wall line above row y (y == rows: the bottom edge).
        wall = Text("  ")
        for x in range(cols):
            above, below = tile(x, y - 1), tile(x, y)
            wall.append("+", DIM)
            if above is not None and above == below:
                wall.append(" " * CELL, tile_style(sheet[above].tile))
            elif door(x, y - 1, "S") or door(x, y, "N"):
                wall.append(f"-{DOOR}-", BOLD)
            elif above is not None or below is not None:
                wall.append("---")
            else:
                wall.append(" - ", DIM)
        wall.append("+", DIM)
        lines.append(wall)
        if y == rows:
            break
        line = Text(f"{y + 1} ", DIM)
        for x in range(cols + 1):
            left, right = tile(x - 1, y), tile(x, y)
            if x == 0 and ((x, y), "W") in entrances:
                line.append(">", BOLD)
            elif x == cols and ((x - 1, y), "E") in entrances:
                line.append("<", BOLD)
            elif left is not None and left == right:
                line.append(" ", tile_style(sheet[left].tile))
            elif door(x - 1, y, "E") or door(x, y, "W"):
                line.append(DOOR, BOLD)
            elif left is not None or right is not None or x in (0, cols):
                line.append("|")
            else:
                line.append(":", DIM)
            if x == cols:
                break
            here = tile(x, y)
            if here is None:
                mark = AREA_MARK.get(facts.areas[y][x], ".")
                line.append(f" {mark} ", DIM)
            else:
                placed = sheet[here].tile
                text = codes[placed] if first_cell[here] == (x, y) else ""
                line.append(f"{text:<{CELL}}", tile_style(placed))
        lines.append(line)
    return lines


def sheet_block(state: GameState, player: Player) -> list[Text]:
    """A player's sheet under a line with their code, money and Fame, their reserve below."""
    width = 4 * COMPONENTS.sheet.cols + 3
    title = Text()
    title.append(PLAYER_CODE[player.color], player_style(player.color))
    title.append(f" {player.color}" + (" (button)" if player.color == state.button else ""))
    stats = Text(f"${player.money} Fame {player.fame} Pop {player.population} Rev {player.revenue}")
    reserve = ", ".join(tile_codes()[tile] for tile in player.reserve) or "none"
    lines = [title, stats, *sheet_lines(player.sheet), Text(f"Reserve: {reserve}")]
    for line in lines:
        line.truncate(width, overflow="ellipsis")
        line.pad_right(width - line.cell_len)
    return lines


def _target_words(state: GameState, target: BidTarget) -> Text:
    """One bidding target: its tile, the lowest bid it takes now and the standing bid."""
    tile = target_tile(state, target)
    line = Text(f"{target:<11}")
    if tile is None:
        line.append("nothing to bid on", DIM)
        return line
    facts = COMPONENTS.tiles[tile]
    line.append(f"{TILE_LETTER[facts.color]} ", Style(color=rich_color(TILE_FILL[facts.color])))
    line.append(f"{tile_name(tile):<22} {tile_codes()[tile]:<3} ")
    if target in BASIC_TRACKS:
        track = BASIC_TRACKS[target]
        line.append(f"{state.basic[track.tile]} in stack, bids from ${track.spaces[0]}")
    else:
        space = state.space(target)
        price = space.price if space is not None else 0
        line.append(f"{facts.size:<6} ", DIM)
        line.append(f"Minimum Bid ${price}")
    standing = standing_bidder(state, target)
    if standing is not None:
        line.append("; bid ")
        line.append(PLAYER_CODE[standing.color], player_style(standing.color))
        line.append(f" ${standing.bid}")
    return line


def table_lines(state: GameState) -> list[Text]:
    """The round, the tracks, the stacks, each player's standing, and the events."""
    head = Text(f"Vegas Showdown, round {state.round}", BOLD)
    head.append(f"; {state.button} holds the button")
    if state.over:
        head.append(": the game is over")
    lines = [head]
    size = len(state.players)
    basic = [target for target, track in BASIC_TRACKS.items() if size in track.players]
    targets = [space.id for space in state.spaces] + basic
    lines += [_target_words(state, target) for target in targets]
    stacks = ", ".join(f"{size} {len(tiles)}" for size, tiles in state.stacks.items())
    lines.append(Text(f"Premier stacks (tiles left): {stacks}", DIM))
    for player in state.players:
        line = Text("> " if player.color == state.current and not state.over else "  ")
        line.append(PLAYER_CODE[player.color], player_style(player.color))
        line.append(
            f" {player.color:<7} ${player.money:<3} Fame {player.fame:<3} "
            f"Pop {player.population:<3} Rev {player.revenue:<3} {action_words(player)}"
        )
        if player.color in state.winners:
            line.append("  winner", BOLD)
        lines.append(line)
    for card in state.drawn:
        lines += _wrapped(f"Event: {card_of(card)[1].name}: {describe_card(card)}")
    return lines


def _wrapped(text: str, style: Style | None = None) -> list[Text]:
    """Lines of at most WIDTH characters, the later ones indented."""
    return [
        Text(line, style or "")
        for line in textwrap.wrap(text, WIDTH, subsequent_indent="  ", break_long_words=False)
    ]


def _used_codes(state: GameState) -> list[Text]:
    """The key of the codes drawn on the sheets and reserves."""
    used = sorted(
        {p.tile for player in state.players for p in player.sheet}
        | {tile for player in state.players for tile in player.reserve},
        key=lambda tile: tile_codes()[tile],
    )
    if not used:
        return []
    return _wrapped("Tiles: " + ", ".join(f"{tile_codes()[t]} {tile_name(t)}" for t in used), DIM)


def text_board(state: GameState) -> Text:
    """The whole table as text: tracks, players, then the sheets three to a row."""
    parts = table_lines(state)
    players = list(state.players)
    for start in range(0, len(players), SHEETS_PER_ROW):
        blocks = [sheet_block(state, player) for player in players[start : start + SHEETS_PER_ROW]]
        parts.append(Text(""))
        for row in zip(*blocks, strict=True):
            line = Text(GAP).join(row)
            line.rstrip()
            parts.append(line)
    parts += _wrapped(LEGEND, DIM)
    parts += _used_codes(state)
    return Text("\n").join(parts)
