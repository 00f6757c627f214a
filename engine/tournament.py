"""What every game's computer-player tournament shares: results, intervals, seats, timing.

A game's own tournament (`engine.lords_of_vegas.tournament`,
`engine.vegas_showdown.tournament`) plays one game between its computer players and adds
to a `Results`; this module schedules the games (seats rotating, deals optionally
repeated across the rotations), plays them on a pool of processes, reads a seat's
settings (`normal:samples=8`) and prints each level's win rate with a 95% Wilson
interval and its decision times.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

T = TypeVar("T")
PlayerT = TypeVar("PlayerT", bound=str)
StateT = TypeVar("StateT")
StateT_contra = TypeVar("StateT_contra", contravariant=True)
PlayerT_contra = TypeVar("PlayerT_contra", contravariant=True)


class Actor(Protocol[StateT_contra, PlayerT_contra]):
    """A computer player: its move for a player now (None when it has none)."""

    def act(self, state: StateT_contra, color: PlayerT_contra, /) -> Any:
        """The move, or None."""


@dataclass(frozen=True)
class Rules(Generic[StateT, PlayerT]):
    """What a tournament needs of a game's rules: who moves, applying, the end, winners."""

    mover: Callable[[StateT], PlayerT]
    apply: Callable[[StateT, PlayerT, Any], object]
    is_over: Callable[[StateT], bool]
    winners: Callable[[StateT], Sequence[PlayerT]]


class Tunable(Protocol):
    """A computer player that is a dataclass with a dataclass of evaluation `weights`."""

    __dataclass_fields__: ClassVar[dict[str, Any]]
    weights: Any


TunableT = TypeVar("TunableT", bound=Tunable)
LevelT = TypeVar("LevelT", bound=str)


@dataclass
class Results:
    """Wins and decision times gathered over a tournament."""

    wins: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    seats: defaultdict[str, int] = field(default_factory=lambda: defaultdict(int))
    times: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    games: int = 0
    actions: int = 0

    def merge(self, other: Results) -> None:
        """Add another tournament's results to these."""
        for level, wins in other.wins.items():
            self.wins[level] += wins
        for level, seats in other.seats.items():
            self.seats[level] += seats
        for level, times in other.times.items():
            self.times[level].extend(times)
        self.games += other.games
        self.actions += other.actions

    def score(self, seat_of: Mapping[PlayerT, str], winners: Sequence[PlayerT]) -> None:
        """Count one finished game: `seat_of` maps each player to its seat's name.

        Shared wins count as a share.
        """
        self.games += 1
        for color, seat in seat_of.items():
            self.seats[seat] += 1
            if color in winners:
                self.wins[seat] += 1 / len(winners)


def play_seated(
    state: StateT,
    seats: Mapping[PlayerT, str],
    seed: int,
    make: Callable[[str, int], Actor[StateT, PlayerT]],
    rules: Rules[StateT, PlayerT],
    results: Results,
    check: Callable[[StateT], None] | None = None,
    max_actions: int = 5000,
) -> None:
    """Seat a computer player for each player (`make(seat, seed)`) and play `state` out.

    Every decision is timed by seat and counted; `check` (if given) follows every move;
    the winners are scored in `results`. Raises RuntimeError if the game has not ended
    after `max_actions` moves.
    """
    players = {color: make(seat, seed * 31 + i) for i, (color, seat) in enumerate(seats.items())}
    for _ in range(max_actions):
        if rules.is_over(state):
            break
        color = rules.mover(state)
        started = time.perf_counter()
        action = players[color].act(state, color)
        results.times[seats[color]].append(time.perf_counter() - started)
        assert action is not None, f"{color} has nothing to do"
        rules.apply(state, color, action)
        results.actions += 1
        if check is not None:
            check(state)
    else:
        raise RuntimeError(f"game {seed} did not end")
    results.score(seats, rules.winners(state))


def lineup(
    parser: argparse.ArgumentParser, text: str, players: int, build: Callable[[str], object]
) -> list[str]:
    """The seats of a table of `players`, cycling the comma-separated seats of `text`.

    Each seat is built once (`build`) to check it; a seat that cannot be built stops the
    command line with the reason.
    """
    wanted = [seat.strip() for seat in text.split(",") if seat.strip()]
    for seat in wanted:
        try:
            build(seat)
        except ValueError as error:
            parser.error(str(error))
    return [wanted[i % len(wanted)] for i in range(players)]


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


def report(results: Results) -> str:
    """Win rates with intervals and decision times, one line per level."""
    lines = [f"{results.games} games, {results.actions} actions"]
    for level in sorted(results.seats, key=lambda lv: -results.wins[lv] / results.seats[lv]):
        seats, wins = results.seats[level], results.wins[level]
        low, high = wilson(wins, seats)
        times = sorted(results.times[level]) or [0.0]
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        lines.append(
            f"{level:<7} won {wins:6.1f} of {seats:4d} seats = {wins / seats:6.1%} "
            f"(95% CI {low:.1%}-{high:.1%});  decision time median "
            f"{statistics.median(times) * 1000:7.2f} ms, p99 {p99 * 1000:7.1f} ms, "
            f"max {times[-1] * 1000:7.1f} ms"
        )
    return "\n".join(lines)


def schedule(
    lineup: list[str], games: int, seed: int, duplicate: bool = False
) -> list[tuple[list[str], int]]:
    """Each game's seats and seed.

    Seats rotate every game; with `duplicate`, each seed is dealt once per rotation
    before the next seed.
    """
    tables = []
    for game in range(games):
        shift = game % len(lineup)
        deal = game // len(lineup) if duplicate else game
        tables.append((lineup[shift:] + lineup[:shift], seed + deal))
    return tables


def play_all(
    play_one: Callable[[T], Results], tables: Iterable[T], jobs: int = 1, chunksize: int = 4
) -> Results:
    """Every table's results merged; with `jobs` above 1, on that many processes.

    `play_one` must be a module-level function (it is sent to the worker processes).
    """
    results = Results()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(play_one, tables, chunksize=chunksize):
                results.merge(part)
    else:
        for table in tables:
            results.merge(play_one(table))
    return results


def read_settings(
    level: str, settings: Iterable[str], names: Iterable[str], example: str
) -> dict[str, float]:
    """A seat's `name=number` settings, for a player of `level` that has `names`.

    `example` is a setting to show in the message about a setting that is no number.

    Raises ValueError, saying what is allowed, for a setting that is not a number or
    not one of `names`.
    """
    allowed = set(names)
    found: dict[str, float] = {}
    for setting in settings:
        name, _, text = setting.partition("=")
        try:
            number = float(text)
        except ValueError:
            raise ValueError(f"{setting!r}: give a number, as in {example}") from None
        if name not in allowed:
            known = ", ".join(sorted(allowed))
            raise ValueError(f"unknown setting {name!r} for {level}; choose from {known}")
        found[name] = number
    return found


def tuned_player(
    seat: str,
    seed: int,
    levels: Sequence[LevelT],
    make: Callable[[LevelT, int], TunableT],
    fixed: frozenset[str],
    example: str,
) -> TunableT:
    """The computer player a seat names: a level, then any `name=number` settings.

    `make(level, seed)` builds the level's player; settings are fields of its `weights`
    or its own fields, except the `fixed` ones; `example` is a setting to show when one
    is no number. Raises ValueError, saying what is allowed, for an unknown level or
    setting.
    """
    level, *settings = seat.split(":")
    if level not in levels:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(levels)}")
    player = make(cast(LevelT, level), seed)
    weight_names = {f.name for f in fields(player.weights)}
    own_names = {f.name for f in fields(player) if f.init and f.name not in fixed}
    chosen = read_settings(level, settings, weight_names | own_names, example)
    weights = {name: number for name, number in chosen.items() if name in weight_names}
    own: dict[str, Any] = {
        name: type(getattr(player, name))(number)
        for name, number in chosen.items()
        if name not in weight_names
    }
    return replace(player, weights=replace(player.weights, **weights), **own)
