"""The text notation for every command, used by logs, scenarios, trade offers and consoles.

Parsing turns any text into an `Action` or raises `NotationError` ("I can't read that"),
never anything else; whether the action is allowed is decided later, by `apply`.
Numbers are written with the digits 0-9 and have a ceiling, so no text can make Python
convert thousands of digits. Formatting gives the canonical text back, so
`parse_command(format_action(a)) == a`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Final, get_args

from pydantic import ValidationError

from .actions import (
    TURN_ACTION_KINDS,
    Accept,
    Action,
    ActStep,
    Build,
    Color,
    Decline,
    DieStep,
    EndTurn,
    Expire,
    Gamble,
    Layoff,
    LotStep,
    PayStep,
    Place,
    Propose,
    Raise,
    Remodel,
    Reorganize,
    Sprawl,
    Take,
    TradeStep,
    Withdraw,
)
from .board import BOARD, COMPANIES, Company
from .errors import NotationError

USAGE: Final[dict[str, str]] = {
    "build": "build <lot> <company> [using <lot>]",
    "sprawl": "sprawl <lot> [from <lot>] [using <lot>]",
    "remodel": "remodel <lot> <company>",
    "reorganize": "reorganize <lot>",
    "raise": "raise <lot>",
    "gamble": "gamble <lot> <amount>",
    "end": "end",
    "place": "place <lot>=<pips> <lot>=<pips> ...",
    "layoff": "layoff yes|no",
    "take": "take die <lot> | take marker <lot>",
    "offer": "offer <step>; <step>; ...  (steps: <p> pays <q> <amount> | <p> gives <q> lot <lot> "
    "| <p> gives <q> die <lot> | <p> does <action>)",
    "accept": "accept <offer number>",
    "decline": "decline <offer number>",
    "withdraw": "withdraw <offer number>",
    "expire": "expire <offer number>",
}
ALIASES: Final = {"reorg": "reorganize"}
# `expire` is applied by the host when an offer's time runs out; players never type it.
PLAYER_COMMANDS: Final = tuple(kind for kind in USAGE if kind != "expire")
COLORS: Final[tuple[Color, ...]] = get_args(Color)
_COMPANY_WORDS: Final[dict[str, Company]] = {
    **{c: c for c in COMPANIES},
    **{alias: facts.id for facts in BOARD.companies.values() for alias in facts.aliases},
}
# More money than any game holds, and more offers than any game makes: a longer number is
# a typo or mischief.
MAX_AMOUNT: Final = 99_999
MAX_OFFER_NUMBER: Final = 999_999
_AMOUNT = re.compile(r"\$?([0-9]+)m?")
_NUMBER = re.compile(r"#?([0-9]+)")
_SHOWN: Final = 24


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """` Did you mean build?` when `word` looks like a mistyped known word or alias, else ""."""
    found = difflib.get_close_matches(word.lower(), [*known, *ALIASES], n=1, cutoff=0.7)
    return f" Did you mean {ALIASES.get(found[0], found[0])}?" if found else ""


def unknown_command(word: str) -> str:
    """Why `word` is not a command, with the likeliest one meant and the players' commands."""
    meant = did_you_mean(word, PLAYER_COMMANDS)
    commands = ", ".join(PLAYER_COMMANDS)
    return f"I don't know the command '{_shown(word)}'.{meant} Commands: {commands}."


def _fail(kind: str, problem: str) -> NotationError:
    return NotationError(f"{problem} Usage: {USAGE[kind]}")


def _shown(text: str) -> str:
    """The player's words, shortened when echoed back in a message."""
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _at_most(digits: str, most: int) -> int | None:
    """ASCII digits as a number, or None above `most` (checked before converting)."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(most)):
        return None
    number = int(digits)
    return number if number <= most else None


def parse_lot(word: str) -> str:
    """A lot id such as `c7` -> `C7`; it must exist on the board."""
    lot = word.upper()
    if lot not in BOARD.lots:
        raise NotationError(
            f"'{_shown(word)}' is not a lot: lots are A1-A6, B1-B6, C1-C12, D1-D9, E1-E6, F1-F9."
        )
    return lot


def parse_company(word: str) -> Company:
    """A company name or colour alias, e.g. `sphinx` or `gold`."""
    company = _COMPANY_WORDS.get(word.lower())
    if company is None:
        raise NotationError(
            f"'{_shown(word)}' is not a company: choose albion, sphinx (gold), vega (aqua), "
            "tivoli (silver) or pioneer (brown)."
        )
    return company


def parse_color(word: str) -> Color:
    """A player colour."""
    color = word.lower()
    if color not in COLORS:
        raise NotationError(f"'{_shown(word)}' is not a player colour: {', '.join(COLORS)}.")
    return color


def parse_amount(word: str) -> int:
    """Millions of dollars: `5`, `$5`, `5m` or `$5m`, from 1 to `MAX_AMOUNT`."""
    match = _AMOUNT.fullmatch(word.lower())
    if match is None or not match.group(1).strip("0"):
        raise NotationError(
            f"'{_shown(word)}' is not an amount of money: write it with the digits 0-9, "
            "like 5 or $5m."
        )
    amount = _at_most(match.group(1), MAX_AMOUNT)
    if amount is None:
        raise NotationError(
            f"'{_shown(word)}' is more money than any game holds: amounts are at most "
            f"${MAX_AMOUNT}m."
        )
    return amount


def _parse_number(kind: str, words: list[str]) -> int:
    match = _NUMBER.fullmatch(words[0]) if len(words) == 1 else None
    if match is None or not match.group(1).strip("0"):
        raise _fail(kind, "Give the offer's number, with the digits 0-9.")
    number = _at_most(match.group(1), MAX_OFFER_NUMBER)
    if number is None:
        raise _fail(kind, f"'{_shown(words[0])}' is too large for an offer's number.")
    return number


def _options(kind: str, words: list[str], allowed: tuple[str, ...]) -> dict[str, str]:
    """Read `keyword <lot>` pairs such as `from C5 using A2`."""
    found: dict[str, str] = {}
    if len(words) % 2:
        raise _fail(kind, f"I can't read '{_shown(' '.join(words))}'.")
    for word, value in zip(words[::2], words[1::2], strict=True):
        keyword = word.lower()
        if keyword not in allowed or keyword in found:
            raise _fail(kind, f"I can't read '{_shown(word)}' here.")
        found[keyword] = parse_lot(value)
    return found


def parse_command(text: str) -> Action:
    """Parse one command (without the `<player>:` prefix) into an action."""
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError("The command is empty. Commands: " + ", ".join(PLAYER_COMMANDS) + ".")
    kind = ALIASES.get(words[0].lower(), words[0].lower())
    try:
        if kind == "offer":
            return _parse_offer(text.split(None, 1)[1] if len(words) > 1 else "")
        return _parse_simple(kind, words[1:])
    except ValidationError as error:  # values the models reject, e.g. pips of 7
        raise _fail(kind, f"I can't read '{_shown(text.strip())}'.") from error


def _parse_simple(kind: str, args: list[str]) -> Action:
    if kind == "build":
        if len(args) < 2:
            raise _fail(kind, "Say which lot and which company.")
        options = _options(kind, args[2:], ("using",))
        return Build(
            lot=parse_lot(args[0]), company=parse_company(args[1]), using=options.get("using")
        )
    if kind == "sprawl":
        if not args:
            raise _fail(kind, "Say which lot to sprawl into.")
        options = _options(kind, args[1:], ("from", "using"))
        return Sprawl(
            lot=parse_lot(args[0]), origin=options.get("from"), using=options.get("using")
        )
    if kind == "remodel":
        if len(args) != 2:
            raise _fail(kind, "Say which casino and the new company.")
        return Remodel(lot=parse_lot(args[0]), company=parse_company(args[1]))
    if kind in ("reorganize", "raise"):
        if len(args) != 1:
            raise _fail(kind, "Say which casino, by any of its lots.")
        return (
            Reorganize(lot=parse_lot(args[0]))
            if kind == "reorganize"
            else Raise(lot=parse_lot(args[0]))
        )
    if kind == "gamble":
        if len(args) != 2:
            raise _fail(kind, "Say which casino and how much to bet.")
        return Gamble(lot=parse_lot(args[0]), amount=parse_amount(args[1]))
    if kind == "end":
        if args:
            raise _fail(kind, "`end` takes nothing after it.")
        return EndTurn()
    if kind == "place":
        if not args:
            raise _fail(kind, "Say which value goes on which tile.")
        pairs = []
        for arg in args:
            lot, sep, pips = arg.partition("=")
            if not sep or pips not in ("1", "2", "3", "4", "5", "6"):
                raise _fail(
                    kind,
                    f"I can't read '{_shown(arg)}': write a lot, '=', and a value from 1 to 6.",
                )
            pairs.append((parse_lot(lot), int(pips)))
        return Place(assignment=tuple(pairs))
    if kind == "layoff":
        answer = args[0].lower() if len(args) == 1 else ""
        if answer not in ("yes", "no"):
            raise _fail(kind, "Answer yes or no.")
        return Layoff(accept=answer == "yes")
    if kind == "take":
        if len(args) != 2 or args[0].lower() not in ("die", "marker"):
            raise _fail(kind, "Say `die` or `marker` and the lot to take it from.")
        what = "die" if args[0].lower() == "die" else "marker"
        return Take(what=what, lot=parse_lot(args[1]))
    if kind in ("accept", "decline", "withdraw", "expire"):
        number = _parse_number(kind, args)
        if kind == "accept":
            return Accept(offer=number)
        if kind == "decline":
            return Decline(offer=number)
        return Withdraw(offer=number) if kind == "withdraw" else Expire(offer=number)
    raise NotationError(unknown_command(kind))


def _parse_offer(text: str) -> Propose:
    parts = [part.strip() for part in text.split(";") if part.strip()]
    if not parts:
        raise _fail("offer", "An offer needs at least one step.")
    return Propose(steps=tuple(parse_step(part) for part in parts))


def parse_step(text: str) -> TradeStep:
    """Parse one trade step, e.g. `red pays blue 5` or `red does build C7 sphinx`."""
    words = text.split()
    if len(words) < 3:
        raise _fail("offer", f"I can't read the step '{_shown(text)}'.")
    giver = parse_color(words[0])
    verb = words[1].lower()
    if verb == "does":
        # Checked before reading the rest, so `does offer ...` cannot nest without end.
        kind = ALIASES.get(words[2].lower(), words[2].lower())
        if kind in USAGE and kind not in TURN_ACTION_KINDS:
            raise _fail("offer", f"'{kind}' is not an action that can be traded.")
        action = parse_command(text.split(None, 2)[2])
        return ActStep(player=giver, action=action)
    if verb == "pays" and len(words) == 4:
        return PayStep(giver=giver, receiver=parse_color(words[2]), amount=parse_amount(words[3]))
    if verb == "gives" and len(words) == 5 and words[3].lower() in ("lot", "die"):
        receiver, lot = parse_color(words[2]), parse_lot(words[4])
        if words[3].lower() == "lot":
            return LotStep(giver=giver, receiver=receiver, lot=lot)
        return DieStep(giver=giver, receiver=receiver, lot=lot)
    raise _fail("offer", f"I can't read the step '{_shown(text)}'.")


def parse_line(line: str) -> tuple[Color, Action]:
    """Parse `<player>: <command>`, the form used in logs and scenarios."""
    who, sep, command = line.partition(":")
    if not sep:
        raise NotationError(f"'{_shown(line)}' needs the player first, like 'red: end'.")
    return parse_color(who.strip()), parse_command(command)


def format_step(step: TradeStep) -> str:
    """Canonical text of one trade step."""
    if isinstance(step, PayStep):
        return f"{step.giver} pays {step.receiver} {step.amount}"
    if isinstance(step, LotStep):
        return f"{step.giver} gives {step.receiver} lot {step.lot}"
    if isinstance(step, DieStep):
        return f"{step.giver} gives {step.receiver} die {step.lot}"
    return f"{step.player} does {format_action(step.action)}"


def format_action(action: Action) -> str:
    """Canonical text of an action; parsing it gives the same action back."""
    if isinstance(action, Build):
        text = f"build {action.lot} {action.company}"
        return text + (f" using {action.using}" if action.using else "")
    if isinstance(action, Sprawl):
        text = f"sprawl {action.lot}"
        text += f" from {action.origin}" if action.origin else ""
        return text + (f" using {action.using}" if action.using else "")
    if isinstance(action, Remodel):
        return f"remodel {action.lot} {action.company}"
    if isinstance(action, Reorganize | Raise):
        return f"{action.kind} {action.lot}"
    if isinstance(action, Gamble):
        return f"gamble {action.lot} {action.amount}"
    if isinstance(action, EndTurn):
        return "end"
    if isinstance(action, Place):
        return "place " + " ".join(f"{lot}={pips}" for lot, pips in action.assignment)
    if isinstance(action, Layoff):
        return "layoff " + ("yes" if action.accept else "no")
    if isinstance(action, Take):
        return f"take {action.what} {action.lot}"
    if isinstance(action, Propose):
        return "offer " + "; ".join(format_step(step) for step in action.steps)
    return f"{action.kind} {action.offer}"


def format_line(player: Color, action: Action) -> str:
    """`<player>: <command>`."""
    return f"{player}: {format_action(action)}"
