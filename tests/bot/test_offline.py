"""Offline play: a person at the terminal and a computer player play a whole game through
`python -m bot.offline`, its standard input and output; boards are written as it goes."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.offline import main
from engine.lords_of_vegas.record import GameRecord

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
    terminal = Terminal("--players", "2", "--ai", "easy", "--seed", "11", "--boards", str(boards))
    try:
        opening, prompt = terminal.read()
        assert "red: person" in opening and "blue: computer player (easy)" in opening
        assert prompt == "red"
        assert "Another player acts" in terminal.type("help")[0]
        status, _ = terminal.type("status")
        assert "red: $" in status and "blue (computer, easy)" in status
        refused, prompt = terminal.type("build Z9 sphinx")
        assert refused.startswith("Refused:") and prompt == "red"
        refused, _ = terminal.type("blue: end")
        assert "blue is a computer player" in refused
        written, _ = terminal.type("board")
        shown = re.search(r"\(board: (.+-now\.png)\)", written)
        assert shown is not None and Path(shown.group(1)).parent == boards
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
        else:
            raise AssertionError("the game did not end")
        assert terminal.process.wait(30) == 0
    finally:
        terminal.process.kill()
        terminal.process.wait()
    transcript = terminal.transcript
    assert re.search(r"\w+ wins? Lords of Vegas!", transcript)
    assert "red: build " not in transcript  # narrated in words, not notation
    assert re.search(r"red built a \w+ tile on [A-F]\d+", transcript)
    record = GameRecord.model_validate_json((boards / "record.json").read_text())
    final, _ = record.replay()
    assert final.over
    for place, player in enumerate(sorted(final.players, key=lambda p: (-p.points, -p.money)), 1):
        assert f"{place}. {player.color}: {player.points} points" in transcript
    # A board at the start of every turn; the last turn (the game ends at its draw) is final.
    turns = sorted(path.name for path in boards.glob("turn-[0-9][0-9][0-9].png"))
    assert turns == [f"turn-{n:03d}.png" for n in range(1, final.turn)]
    with Image.open(boards / "final.png") as image:
        assert image.format == "PNG"


@pytest.mark.parametrize(
    "args", [["--players", "7"], ["--players", "2", "--ai", "easy", "hard", "easy"]]
)
def test_a_table_that_cannot_be_seated_is_refused(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert "seats 2 to 6 players" in capsys.readouterr().err
