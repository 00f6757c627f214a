"""Take-backs, as Board Game Arena allows them: your own slips, until they meet chance or others.

A take-back is a line of a game's record, `<player>: take back`. It undoes that player's
latest move that may still be taken back, and the record keeps both lines, so the log
tells what happened and replaying the record rebuilds the same state.

What may be taken back is each game's rule (its `takeable`), asked after every move:
- `Keep`: the move may be taken back, and so may the open moves before it;
- `Fresh`: the move may be taken back, but the moves before it no longer (the next
  player acted: what they did rests on them);
- `Closed`: the move may not be taken back, nor anything before it (dice were rolled, a
  card was drawn, a trade was accepted...); its reason is told to whoever asks.

The open moves since the last closed one form a stretch. Taking a move back plays the
game again from its start without it: the moves that stand before the stretch, then the
stretch's other moves. That is exactly the state the game would have reached had the
move never been made; the dice and shuffles are untouched, because no move of a stretch
drew on them. Nothing is copied while the game is played: a take-back costs one replay,
and playing a record costs no more than before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Protocol, TypeVar

from pydantic import BaseModel

TAKE_BACK: Final = "take back"
NOTHING: Final = "Nothing to take back."
DEPENDS: Final = "That move can't be taken back any more: later moves depend on it."

StateT = TypeVar("StateT", bound=BaseModel)


@dataclass(frozen=True)
class Keep:
    """The move may be taken back, and so may the open moves before it."""


@dataclass(frozen=True)
class Fresh:
    """The move may be taken back; the moves before it no longer may."""


@dataclass(frozen=True)
class Closed:
    """The move may not be taken back, nor anything before it.

    `reason` is what the mover is told; with `everyone`, everybody is told it (the dice
    were rolled), otherwise the others hear that the mover has played since.
    """

    reason: str
    everyone: bool = False


Takeable = Keep | Fresh | Closed


class TakeBackRules(Protocol):
    """What a game's engine gives `History` (its package satisfies it)."""

    @property
    def IllegalAction(self) -> type[Exception]:  # noqa: N802
        """Raised for an action the rules refuse now."""

    def apply(self, state: Any, player: Any, action: Any, /) -> list[Any]:
        """Carry out `player`'s action in place, or raise and change nothing."""

    def parse_line(self, line: str, /) -> tuple[Any, Any]:
        """Read `<player>: <command>`."""

    def takeable(self, state: Any, player: Any, action: Any, events: list[Any], /) -> Takeable:
        """Whether the move just applied may be taken back (`state` is after it)."""

    def took_back(self, player: Any, command: str, /) -> Any:
        """The event telling that `player` took back `command`."""


def take_back_line(player: str) -> str:
    """The record's line for `player` taking back their last move."""
    return f"{player}: {TAKE_BACK}"


def taker(line: str) -> str | None:
    """The player a record line takes a move back for, or None when it is a move."""
    player, _, command = line.partition(":")
    if command.strip().lower() != TAKE_BACK:
        return None
    return player.strip().lower()


@dataclass(frozen=True)
class _Closer:
    """The last move that may not be taken back: who made it and why it stays."""

    player: str | None = None
    reason: str = NOTHING
    everyone: bool = True

    def told(self, player: str) -> str:
        """Why `player` may take nothing back now."""
        if self.everyone or self.player is None or self.player == player:
            return self.reason
        return f"{self.player} has played since."


@dataclass
class _Stretch:
    """Moves that may still be taken back; `start` counts the moves that stand before them.

    `earlier` is what could be taken back before the stretch began.
    """

    earlier: tuple[_Stretch | None, _Closer]
    start: int
    moves: list[tuple[str, str]] = field(default_factory=list)


class History(Generic[StateT]):
    """A game played line by line, take-backs included, knowing what may be taken back.

    `state` is the game now; `events` everything that happened, take-backs included;
    `kept` the moves that stand (no take-back, nor any move taken back): played from the
    start, they give `state` too.
    """

    def __init__(self, rules: TakeBackRules, start: Callable[[], tuple[StateT, list[Any]]]) -> None:
        self.rules = rules
        self.start = start
        self.state, self.events = start()
        self.kept: list[str] = []
        self._open: _Stretch | None = None
        self._closer = _Closer()

    def play(self, line: str) -> list[Any]:
        """Play one record line (a move or a take-back); its events.

        Raises the game's `IllegalAction` (or `NotationError`) and changes nothing when
        the line is refused.
        """
        player = taker(line)
        if player is not None:
            return self.take_back(player)
        mover, action = self.rules.parse_line(line)
        events = self.rules.apply(self.state, mover, action)
        self._note(mover, action, events, line)
        self.kept.append(line)
        self.events.extend(events)
        return events

    def take_back(self, player: str) -> list[Any]:
        """Take back `player`'s latest move that may be; the events telling it.

        Raises the game's `IllegalAction`, saying why, when there is none.
        """
        stretch = self._open
        if stretch is None:
            raise self.rules.IllegalAction(self._closer.told(player))
        mine = [i for i, (mover, _) in enumerate(stretch.moves) if mover == player]
        if not mine:
            raise self.rules.IllegalAction(f"{stretch.moves[-1][0]} has played since.")
        undone = mine[-1]
        rebuilt: History[StateT] = History(self.rules, self.start)
        try:
            for line in self.kept[: stretch.start]:
                rebuilt.play(line)
            rebuilt._open, rebuilt._closer = stretch.earlier
            for index, (_, line) in enumerate(stretch.moves):
                if index != undone:
                    rebuilt.play(line)
        except self.rules.IllegalAction:
            raise self.rules.IllegalAction(DEPENDS) from None
        self.state, self.kept = rebuilt.state, rebuilt.kept
        self._open, self._closer = rebuilt._open, rebuilt._closer
        command = stretch.moves[undone][1].partition(":")[2].strip()
        told = [self.rules.took_back(player, command)]
        self.events.extend(told)
        return told

    def _note(self, player: str, action: Any, events: list[Any], line: str) -> None:
        """Remember whether the move just played may be taken back."""
        verdict = self.rules.takeable(self.state, player, action, events)
        if isinstance(verdict, Closed):
            self._open = None
            self._closer = _Closer(player, verdict.reason, verdict.everyone)
        elif isinstance(verdict, Keep) and self._open is not None:
            self._open.moves.append((player, line))
        else:
            earlier = (self._open, self._closer)
            self._open = _Stretch(earlier, len(self.kept), [(player, line)])
