"""Offline play: a person at the terminal and a computer player play a whole game through
`python -m bot.offline`, its standard input and output; boards are written as it goes."""

from __future__ import annotations

import io
import json
import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.offline import main
from engine.lords_of_vegas import GameSettings, format_action, legal_actions, new_game
from engine.lords_of_vegas.actions import Build
from engine.lords_of_vegas.record import GameRecord, PublicRecord, public_state
from tests.engine.test_public_record import keys

pytestmark = pytest.mark.usefixtures("terminal_database")

ROOT = Path(__file__).resolve().parents[2]
PROMPT = re.compile(r"(\w+)> $")


class Terminal:
    """The offline game as a child process, talked to like a person at a terminal."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot.offline", *args],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.transcript = ""

    def read(self) -> tuple[str, str | None]:
        """Everything printed until the next prompt, and whose prompt (None: it exited)."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        text = b""
        while True:
            ready, _, _ = select.select([fd], [], [], 30)
            assert ready, f"no output for 30 s after:\n{self.transcript[-2000:]}"
            chunk = os.read(fd, 65536)
            if not chunk:
                self.transcript += text.decode()
                return text.decode(), None
            text += chunk
            found = PROMPT.search(text.decode(errors="replace"))
            if found:
                self.transcript += text.decode()
                return text.decode(), found.group(1)

    def type(self, line: str) -> tuple[str, str | None]:
        """Type a line at the prompt; what it printed until the next prompt."""
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n".encode())
        self.process.stdin.flush()
        self.transcript += f"{line}\n"
        return self.read()


def typable(line: str) -> str:
    """The command a `moves` line shows, with its first company and its smallest bet."""
    command = re.split(r"\s{3,}", line)[0]
    command = re.sub(r"<company>", "sphinx", command)
    command = re.sub(r"\b(\w+)(\|\w+)+", r"\1", command)
    return re.sub(r"<1-\d+>", "1", command)


def test_a_person_and_a_computer_play_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    boards = tmp_path / "boards"
    folder = boards / "game-001"  # each game in a folder of its own
    terminal = Terminal("--players", "2", "--ai", "easy", "--seed", "11", "--boards", str(boards))
    try:
        opening, prompt = terminal.read()
        assert "red: person" in opening and "blue: computer player (easy)" in opening
        assert prompt == "red"
        assert "seed" not in opening and f"go to {folder}" in opening
        assert "Another player acts" in terminal.type("help")[0]
        status, _ = terminal.type("status")
        assert "red: $" in status and "blue (computer, easy)" in status
        refused, prompt = terminal.type("build Z9 sphinx")
        assert refused.startswith("Refused:") and prompt == "red"
        refused, _ = terminal.type("blue: end")
        assert "blue is a computer player" in refused
        written, _ = terminal.type("board")
        shown = re.search(r"\(board: (.+-now\.png)\)", written)
        assert shown is not None and Path(shown.group(1)).parent == folder
        with Image.open(shown.group(1)) as image:
            assert image.format == "PNG"
        built = False
        for _ in range(3000):
            moves, prompt = terminal.type("moves")
            assert prompt == "red"
            choices = [typable(c) for c in moves.splitlines()[:-1]]  # the last is the prompt
            builds = [c for c in choices if c.startswith("build ")]
            if builds and not built:
                built = True
                command = builds[0]
            elif "end" in choices:
                built, command = False, "end"
            else:  # a decision: its first answer
                command = choices[0]
            _, prompt = terminal.type(command)
            if prompt is None:
                break
            if command.startswith("build "):  # the record on disk already has the build
                record = PublicRecord.model_validate_json((folder / "record.json").read_text())
                assert record.commands[-1] == f"red: {command}"
        else:
            raise AssertionError("the game did not end")
        assert terminal.process.wait(30) == 0
    finally:
        terminal.process.kill()
        terminal.process.wait()
    transcript = terminal.transcript
    # The result is said once: the game-over line, then the standings without repeating it.
    assert re.search(
        r"Game over[^:]*: \w+( and \w+)? wins? Lords of Vegas with \d+ points?", transcript
    )
    assert transcript.count("Lords of Vegas with") == 1 and "Final standings:" in transcript
    assert "red: build " not in transcript  # narrated in words, not notation
    assert re.search(r"red built an? \w+ tile on [A-F]\d+", transcript)
    record = GameRecord.model_validate_json((folder / "record.json").read_text())
    final, _ = record.replay()
    assert final.over and record.settings.seed == 11
    assert "seed 11 (--seed 11 deals it again)" in transcript
    for place, player in enumerate(sorted(final.players, key=lambda p: (-p.points, -p.money)), 1):
        assert f"{place}. {player.color}: {player.points} point" in transcript
    # A board at the start of every turn; the last turn (the game ends at its draw) is final.
    turns = sorted(path.name for path in folder.glob("turn-[0-9][0-9][0-9].png"))
    assert turns == [f"turn-{n:03d}.png" for n in range(1, final.turn)]
    with Image.open(folder / "final.png") as image:
        assert image.format == "PNG"


def test_quitting_leaves_the_public_record_of_every_accepted_command(tmp_path: Path) -> None:
    boards = tmp_path / "boards"
    settings = GameSettings(players=["red", "blue"], seed=5)
    state, _ = new_game(settings)
    build = next(a for a in legal_actions(state, state.current) if isinstance(a, Build))
    typed = [format_action(build), "build Z9 sphinx", "quit"]  # quit in the middle of a turn
    out = io.StringIO()
    assert main(["--seed", "5", "--boards", str(boards)], io.StringIO("\n".join(typed)), out) == 0

    text = (boards / "game-001" / "record.json").read_text()
    assert not keys(json.loads(text)) & {"seed", "rng", "deck", "settings"}
    record = PublicRecord.model_validate_json(text)
    played = GameRecord(settings=settings, commands=record.commands)
    assert record.commands == [f"{state.current}: {typed[0]}"]
    assert record.state == public_state(played.replay()[0])
    said = out.getvalue()
    assert "Game stopped at turn 1" in said and "holds its public record" in said
    assert "without the seed" in said and "seed 5" not in said


def test_each_game_gets_a_folder_of_its_own_in_the_boards_folder(tmp_path: Path) -> None:
    boards = tmp_path / "boards"

    def play_and_quit() -> str:
        out = io.StringIO()
        assert main(["--ai", "easy", "--boards", str(boards)], io.StringIO("quit\n"), out) == 0
        return out.getvalue()

    def files(folder: Path) -> dict[str, bytes]:
        return {path.name: path.read_bytes() for path in folder.iterdir()}

    first, second = boards / "game-001", boards / "game-002"
    assert f"go to {first}" in play_and_quit()
    before = files(first)
    assert {"record.json", "turn-001.png"} <= set(before)
    assert f"go to {second}" in play_and_quit()
    assert files(first) == before  # the first game's files, untouched and alone
    assert {"record.json", "turn-001.png"} <= set(files(second))
    assert sorted(path.name for path in boards.iterdir()) == ["game-001", "game-002"]


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "7"],
        ["--players", "2", "--ai", "easy", "hard", "easy"],
        ["--players", "2", "--ai", "easy", "--ai", "hard", "--ai", "easy"],  # they add up
    ],
)
def test_a_table_that_cannot_be_seated_is_refused(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert "seats 2 to 6 players" in capsys.readouterr().err


def test_without_players_a_table_seats_the_fewest_or_one_person_beside_the_computers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "--players PLAYERS seats at the table (default: the game's fewest" in said
    assert "or one person beside the computer players)" in said

    def seating(*args: str) -> list[str]:
        out = io.StringIO()
        assert main([*args, "--boards", str(tmp_path)], io.StringIO("quit\n"), out) == 0
        seat = re.compile(r"  \w+: (person|computer player)")
        return [line.strip() for line in out.getvalue().splitlines() if seat.match(line)]

    assert seating("--game", "vegas_showdown") == ["red: person", "blue: person", "green: person"]
    assert seating("--ai", "easy", "hard") == [
        "red: person",
        "blue: computer player (easy)",
        "green: computer player (hard)",
    ]
