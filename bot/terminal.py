"""A game in the terminal: hot-seat players and computer players, no Discord needed.

    python3 tasks.py run bot.offline [--game KIND] [--players N] [--ai LEVEL ...]
                                     [--seed S] [--boards DIR] [--edition E]

The first seats are people taking turns at the keyboard; the last ones (one per `--ai`
level) are computer players. Commands are the engine's notation, typed at a prompt that
names whose move it is (`red> `); whatever happens is told in plain words. Each game
gets a folder of its own in the boards folder (`game-001`, `game-002`...): its pictures
as it goes, and `record.json` after every accepted command. While the game runs that
record is the public one (whoever reads it learns nothing still hidden); once the game
has ended, it is the full record and the seed is told.

Any game whose `HostedGame.terminal()` says how plays here; `bot.offline` is the entry
point, with the registered games.
"""

from __future__ import annotations

import argparse
import secrets
import shutil
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TextIO

from bot.game import Computer, Games, HostedGame, TerminalGame
from bot.hints import HEADER, hint_lines

# A computer player finishing a turn takes a few actions; past this many it ends the turn.
MOST_COMPUTER_ACTIONS: Final = 40
RECORD: Final = "record.json"
# Typed at the prompt besides the game's commands.
TERMINAL_COMMANDS: Final = ("moves", "hint", "status", "board", "rules", "help", "quit", "exit")


@dataclass
class Table:
    """An offline game: the state, its record, the computer players and its folder."""

    hosted: HostedGame
    terminal: TerminalGame
    edition: str
    state: Any
    record: Any
    computers: dict[str, Computer]
    folder: Path
    out: TextIO
    # The terminal's width, to wrap long lines at; None when the output is not a terminal.
    width: int | None = None

    def say(self, text: str = "") -> None:
        """Print lines for the players, wrapped to the terminal."""
        if self.width is not None:
            text = "\n".join(wrapped(line, self.width) for line in text.split("\n"))
        print(text, file=self.out, flush=True)

    def tell(self, events: Sequence[Any]) -> None:
        """Tell what happened, and write the picture when the game says (a new turn, the end)."""
        for event in events:
            self.say(self.hosted.rules.describe(event))
        name = self.terminal.picture_name(self.state, events)
        if name is not None:
            self.write_picture(name)

    def write_picture(self, name: str) -> Path:
        """Write the game's picture to its folder."""
        path = self.folder / name
        path.write_bytes(self.terminal.picture(self.state))
        self.say(f"(board: {path})")
        return path

    def save_record(self) -> None:
        """Write the record: the public one while the game runs, the full one at its end."""
        over = self.hosted.rules.is_over(self.state)
        shown = self.record if over else self.hosted.public_record(self.record, self.state)
        (self.folder / RECORD).write_text(shown.model_dump_json(indent=1))

    def play(self, color: str, action: Any) -> None:
        """Apply a command (it may be refused: `IllegalAction`), log it and tell the table."""
        events = self.hosted.rules.apply(self.state, color, action)
        self.record.commands.append(self.hosted.rules.format_line(color, action))
        self.save_record()
        self.tell(events)


def hint_words(hosted: HostedGame, state: Any, color: str) -> str:
    """The `hint` answer: the normal computer player's best moves for `color`, and why."""
    suggestions = hosted.hints(state, color)
    if suggestions is None:
        return f"{hosted.title} gives no hints."
    if not suggestions:
        return f"Nothing is yours to decide just now, {color}."
    return "\n".join([HEADER, *hint_lines(suggestions)])


def game_folder(boards: Path) -> Path:
    """A new folder of its own for a game in `boards`: game-001, game-002..."""
    number = 1
    while True:
        folder = boards / f"game-{number:03d}"
        try:
            folder.mkdir(parents=True)  # refused when an earlier game has this number
        except FileExistsError:
            number += 1
            continue
        return folder


def wrapped(line: str, width: int) -> str:
    """A line cut at spaces to fit `width`, its continuation indented like it."""
    if len(line) <= width:
        return line
    indent = line[: len(line) - len(line.lstrip())]
    if len(indent) > width // 3:  # a column laid out for a wider screen
        line, indent = "  " + line.lstrip(), "  "
    return "\n".join(
        textwrap.wrap(
            line,
            width,
            subsequent_indent=indent + "  ",
            break_long_words=False,
            break_on_hyphens=False,
        )
    )


def handle(table: Table, color: str, line: str) -> bool:
    """Carry out what a person typed; False when they want to stop."""
    words = line.split()
    word = words[0].lower() if words else ""
    terminal, rules = table.terminal, table.hosted.rules
    if not word:
        return True
    if word in ("quit", "exit"):
        return False
    if word == "help":
        table.say(terminal.help)
    elif word == "status":
        levels = {color: computer.level for color, computer in table.computers.items()}
        table.say("\n".join(terminal.status_lines(table.state, levels)))
    elif word == "board":
        table.write_picture(terminal.picture_now(table.state))
    elif word == "moves":
        table.say(terminal.moves_text(table.state, color))
    elif word == "hint":
        table.say(hint_words(table.hosted, table.state, color))
    elif word == "rules":
        table.say(terminal.rules_text(words[1:], table.edition))
    elif (unknown := terminal.unknown_command(line)) is not None:
        table.say(f"Refused: {unknown}")
    else:
        try:
            actor, action = (
                rules.parse_line(line) if ":" in line else (color, rules.parse_command(line))
            )
            if actor in table.computers:
                raise rules.IllegalAction(f"{actor} is a computer player; it moves by itself.")
            table.play(actor, action)
        except (rules.IllegalAction, rules.NotationError) as refusal:
            table.say(f"Refused: {refusal}")
    return True


def run(table: Table, inp: TextIO) -> bool:
    """Play until the game ends (True) or the people stop (False)."""
    rules = table.hosted.rules
    moment, acted = table.hosted.moment(table.state), 0
    while not rules.is_over(table.state):
        if table.hosted.moment(table.state) != moment:
            moment, acted = table.hosted.moment(table.state), 0
        color = table.hosted.computer_to_move(table.state, table.computers)
        if color is not None:
            acted += 1
            chosen = table.computers[color].act(table.state, color)
            if chosen is None or acted > MOST_COMPUTER_ACTIONS:
                chosen = table.terminal.fallback(table.state, color)
            try:
                table.play(color, chosen)
            except rules.IllegalAction as refusal:  # never expected; do not get stuck on it
                command = rules.format_line(color, chosen).partition(": ")[2]
                table.say(f"({color} could not {command}: {refusal})")
                table.play(color, table.terminal.fallback(table.state, color))
            continue
        color = rules.waiting_for(table.state)[0]
        print(f"{color}> ", end="", file=table.out, flush=True)
        line = inp.readline()
        if not line:  # the end of the input
            table.say()
            return False
        if not handle(table, color, line.strip()):
            return False
    return True


def parse_args(games: Games, argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    first = next(iter(games.values()))
    titles = " or ".join(hosted.title for hosted in games.values())
    parser = argparse.ArgumentParser(
        prog="python3 tasks.py run bot.offline",
        description=f"Play {titles} in the terminal: people take turns at the keyboard, "
        "computer players move by themselves.",
    )
    parser.add_argument(
        "--game",
        choices=list(games),
        default=first.kind,
        help=f"which game (default: {first.kind})",
    )
    parser.add_argument(
        "--players",
        type=int,
        help="seats at the table (default: the game's fewest, or one person beside the "
        "computer players)",
    )
    levels = list(dict.fromkeys(level for hosted in games.values() for level in hosted.levels))
    parser.add_argument(
        "--ai",
        nargs="*",
        action="extend",
        default=[],
        choices=levels,
        metavar="LEVEL",
        help=f"one computer player per level given ({' or '.join(levels)}); they take the "
        "last seats (`--ai easy hard` and `--ai easy --ai hard` both seat two)",
    )
    parser.add_argument("--seed", type=int, help="deal and dice (default: a random one)")
    parser.add_argument(
        "--boards",
        type=Path,
        default=Path("data/boards"),
        help="folder for the games' board images and records, each game in a folder of its "
        "own (default: data/boards)",
    )
    editions = list(dict.fromkeys(e for hosted in games.values() for e in hosted.editions))
    parser.add_argument(
        "--edition",
        choices=editions,
        help=f"which rules (default: the game's first: {', '.join(editions)})",
    )
    return parser.parse_args(argv)


def main(
    games: Games,
    argv: Sequence[str] | None = None,
    inp: TextIO | None = None,
    out: TextIO | None = None,
) -> int:
    """Play one game in the terminal; the exit status is 2 for a bad command line."""
    args = parse_args(games, argv)
    inp, out = inp or sys.stdin, out or sys.stdout
    hosted = games[args.game]
    terminal = hosted.terminal()
    edition = args.edition or hosted.editions[0]
    levels: list[str] = args.ai
    wrong = [level for level in levels if level not in hosted.levels]
    if terminal is None or edition not in hosted.editions or wrong:
        print(
            f"{hosted.title} does not play here like that: its editions are "
            f"{', '.join(hosted.editions)}, its computer levels {', '.join(hosted.levels)}.",
            file=sys.stderr,
        )
        return 2
    fewest, colors = hosted.min_players(edition), hosted.colors(edition)
    count = args.players if args.players is not None else max(fewest, len(levels) + 1)
    if not fewest <= count <= len(colors) or len(levels) > count:
        label = hosted.table_label(edition)
        print(
            f"{label[:1].upper()}{label[1:]} seats {fewest} to {len(colors)} players, and the "
            f"computer players are some of them (--players {count}, {len(levels)} --ai).",
            file=sys.stderr,
        )
        return 2
    seated = list(colors[:count])
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    settings = hosted.new_settings(edition, seated, seed)
    people = seated[: count - len(levels)]
    computers = {
        color: terminal.computer(level, seed + n)
        for n, (color, level) in enumerate(zip(seated[len(people) :], levels, strict=True))
    }
    state, events = hosted.rules.new_game(settings)
    folder = game_folder(args.boards)
    width = shutil.get_terminal_size().columns if out.isatty() else None
    record = hosted.record(settings, [])
    table = Table(hosted, terminal, edition, state, record, computers, folder, out, width)
    table.say(f"{terminal.intro(edition)} Boards and the game's record go to {folder}.")
    for color in seated:
        kind = f"computer player ({computers[color].level})" if color in computers else "person"
        table.say(f"  {color}: {kind}")
    table.say("Type `help` for the commands, `moves` for what you may do now.")
    table.save_record()
    table.tell(events)
    finished = run(table, inp)
    path = folder / RECORD
    if finished:
        table.say("\n".join(terminal.standings(table.state)))
        table.say(f"The whole record is in {path}; seed {seed} (--seed {seed} deals it again).")
    else:
        table.say(terminal.stopped(table.state, path))
    return 0
