"""Lords of Vegas as text: the board in at most 100 columns, for the terminal.

The west blocks (A, C, E) and the east blocks (B, D, F) face each other across The Strip,
each lot one cell of ten characters; under them every casino (company, size, height,
boss) and every player's money and points. Colours come from the picture's palette, and
as in the picture colour is never the only cue: each owner is also written as a
two-letter code and each company as its letter.
"""

from __future__ import annotations

from typing import Final

from rich.style import Style
from rich.text import Text

from bot.terminal_colors import bold_in
from engine.lords_of_vegas import Color, GameState
from engine.lords_of_vegas.board import BOARD, company_name
from engine.lords_of_vegas.casino import Casino, all_casinos, boss_of
from engine.lords_of_vegas.supply import dice_left, markers_left
from engine.words import count
from render.lords_of_vegas.style import COMPANY_FILL, COMPANY_LETTER, PLAYER_CODE, PLAYER_FILL

CELL: Final = 10
STRIP_WIDTH: Final = 7
STRIP_WORDS: Final = "  THE STRIP  "
DIM: Final = Style(dim=True)
BOLD: Final = Style(bold=True)
LEGEND: Final = (
    "A1  3 $9: free lot, printed die 3, price $9   A4  GN $12: green's parking lot\n"
    "A6  V6 BK*: a Vega tile with black's 6 on it, * the casino's boss   -- not in play"
)


def player_style(color: Color) -> Style:
    """How a player's code is written: bold, in their colour."""
    return bold_in(PLAYER_FILL[color])


def company_style(company: str) -> Style:
    """How a company's letter or name is written: in its tiles' colour."""
    return bold_in(COMPANY_FILL[company])  # type: ignore[index]


def lot_cell(state: GameState, lot: str, bosses: dict[str, Color]) -> Text:
    """One lot in ten characters: a free lot, a parking lot or a casino tile."""
    facts = BOARD.lots[lot]
    cell = Text(f"{lot:<3} ")
    tile = state.tiles.get(lot)
    owner = state.lots.get(lot)
    if tile is not None:
        cell.append(COMPANY_LETTER[tile.company], company_style(tile.company))
        if tile.die is None:
            cell.append("-")
        else:
            cell.append(str(tile.die.pips))
            cell.append(" ")
            cell.append(PLAYER_CODE[tile.die.owner], player_style(tile.die.owner))
            if bosses.get(lot) == tile.die.owner:
                cell.append("*", player_style(tile.die.owner))
    elif owner is not None:
        cell.append(PLAYER_CODE[owner], player_style(owner))
        cell.append(f" ${facts.price}")
    elif facts.block == "F" and state.f_block_unused:
        cell.append("--", DIM)
    else:
        cell.append(f"{facts.die} ${facts.price}", DIM)
    cell.pad_right(CELL - cell.cell_len)
    return cell


def _bosses(state: GameState) -> dict[str, Color]:
    """For each lot holding a casino's top die, that casino's boss."""
    found: dict[str, Color] = {}
    for casino in all_casinos(state):
        boss = boss_of(state, casino)
        if boss is None:
            continue
        top = max(
            (state.tiles[lot].die.pips, -BOARD.lots[lot].order, lot)  # type: ignore[union-attr]
            for lot in casino.lots
            if state.tiles[lot].die is not None
        )
        found[top[2]] = boss
    return found


def _side(state: GameState, blocks: list[str], bosses: dict[str, Color]) -> list[Text]:
    """One side of The Strip: each block under its street's name, the last street below."""
    width = 3 * CELL + 2
    lines: list[Text] = []
    for block_id in blocks:
        block = BOARD.blocks[block_id]
        lines.append(Text(block.streets["north"].upper().center(width), DIM))
        for row in range(block.rows):
            cells = [
                lot_cell(state, f"{block_id}{row * block.cols + col + 1}", bosses)
                for col in range(block.cols)
            ]
            lines.append(Text(" ").join(cells))
    last = BOARD.blocks[blocks[-1]]
    lines.append(Text(last.streets["south"].upper().center(width), DIM))
    return lines


def board_lines(state: GameState) -> list[Text]:
    """The six blocks, west and east of The Strip, one line per row of lots."""
    bosses = _bosses(state)
    strip = BOARD.facts.strip
    west = _side(state, list(strip.west_blocks), bosses)
    east = _side(state, list(strip.east_blocks), bosses)
    width = 3 * CELL + 2
    lines = []
    for n in range(max(len(west), len(east))):
        left = west[n] if n < len(west) else Text(" " * width)
        right = east[n] if n < len(east) else Text("")
        letter = STRIP_WORDS[n] if n < len(STRIP_WORDS) else " "
        middle = Text(f" | {letter} | ", DIM)
        line = Text.assemble(left, middle, right)
        line.rstrip()
        lines.append(line)
    return lines


def casino_entry(state: GameState, casino: Casino) -> Text:
    """`E1  Albion  3 lots x1, boss BL, Strip`: a casino by its first lot."""
    entry = Text(f"{casino.name:<4}")
    entry.append(f"{company_name(casino.company):<8}", company_style(casino.company))
    entry.append(f"{count(casino.spaces, 'lot')} x{casino.height}")
    boss = boss_of(state, casino)
    entry.append(", boss ")
    if boss is None:
        entry.append("none")
    else:
        entry.append(PLAYER_CODE[boss], player_style(boss))
    if casino.on_strip:
        entry.append(", Strip")
    return entry


def casino_lines(state: GameState) -> list[Text]:
    """Every casino, two to a line: company, lots x height, boss, on The Strip or not."""
    casinos = all_casinos(state)
    if not casinos:
        return [Text("No casinos yet.", DIM)]
    entries = [casino_entry(state, casino) for casino in casinos]
    lines = [Text("Casinos (lots x height; * on the board marks the boss's die):", BOLD)]
    for n in range(0, len(entries), 2):
        pair = entries[n : n + 2]
        first = pair[0]
        first.pad_right(44 - first.cell_len)
        lines.append(Text("  ").join([first, *pair[1:]]))
    return lines


def player_lines(state: GameState, names: dict[str, str] | None = None) -> list[Text]:
    """A line per player in seating order: money, points, dice and markers left."""
    lines = []
    for player in state.players:
        current = player.color == state.current and not state.over
        line = Text("> " if current else "  ", BOLD)
        line.append(PLAYER_CODE[player.color], player_style(player.color))
        name = (names or {}).get(player.color, player.color)
        line.append(f" {name:<8} ${player.money}m, {count(player.points, 'point')}, ")
        line.append(
            f"{count(dice_left(state, player.color), 'die', 'dice')} and "
            f"{count(markers_left(state, player.color), 'marker')} left"
        )
        if player.color in state.winners:
            line.append("  winner", BOLD)
        lines.append(line)
    return lines


def text_board(state: GameState) -> Text:
    """The whole board as text: header, blocks, key, casinos and players."""
    header = Text(f"Lords of Vegas, turn {state.turn} ({state.edition} edition)", BOLD)
    if state.turn_draws and not state.over:
        header.append(f"; last card {state.turn_draws[-1]}")
    if state.over:
        header.append(": the game is over")
    parts = [header, *board_lines(state), Text(LEGEND, DIM), *casino_lines(state)]
    parts += player_lines(state)
    return Text("\n").join(parts)
