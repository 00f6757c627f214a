"""Autocomplete: only what the engine says is legal for the player typing.

Each label carries the facts that help choose: price and die, full cost, largest bet
(worked out in `bot.move_facts`, which the terminal's `moves` shares).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from discord import app_commands

from engine.lords_of_vegas import Color, GameState, legal_actions
from engine.lords_of_vegas.actions import (
    Accept,
    Build,
    Decline,
    Gamble,
    Layoff,
    Place,
    Raise,
    Remodel,
    Reorganize,
    Sprawl,
    Take,
    Withdraw,
)

from .move_facts import (
    answer_label,
    bet_facts,
    casino_facts,
    die_source_facts,
    lot_facts,
    offer_label,
    sprawl_facts,
    upgrade_facts,
)

MAX_CHOICES: Final = 25


def _fits(current: str, name: str, value: str) -> bool:
    wanted = current.strip().lower()
    return not wanted or wanted in name.lower() or value.lower().startswith(wanted)


def _choices(pairs: Iterable[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    found: list[app_commands.Choice[str]] = []
    seen: set[str] = set()
    for name, value in pairs:
        if value in seen or not _fits(current, name, value):
            continue
        seen.add(value)
        found.append(app_commands.Choice(name=name[:100], value=value))
        if len(found) == MAX_CHOICES:
            break
    return found


def build_lots(state: GameState, color: Color, current: str) -> list[app_commands.Choice[str]]:
    """Your parking lots you can build on now, with price and printed die."""
    builds = [a for a in legal_actions(state, color, ("build",)) if isinstance(a, Build)]
    return _choices(((f"{a.lot} · {lot_facts(a.lot)}", a.lot) for a in builds), current)


def die_sources(
    state: GameState, color: Color, kind: str, lot: str | None, current: str
) -> list[app_commands.Choice[str]]:
    """Which of your dice a new tile may take (only when all 12 are on the board)."""
    actions = legal_actions(state, color, (kind,))
    usable = [
        a.using
        for a in actions
        if isinstance(a, Build | Sprawl) and a.using and (lot is None or a.lot == lot.upper())
    ]
    pairs = ((f"{source} · {die_source_facts(state, source)}", source) for source in usable)
    return _choices(pairs, current)


def sprawl_lots(state: GameState, color: Color, current: str) -> list[app_commands.Choice[str]]:
    """Lots you can sprawl into, with the full cost including risers."""
    pairs = (
        (f"{action.lot} · {sprawl_facts(state, color, action)}", action.lot)
        for action in legal_actions(state, color, ("sprawl",))
        if isinstance(action, Sprawl)
    )
    return _choices(pairs, current)


def sprawl_origins(
    state: GameState, color: Color, lot: str | None, current: str
) -> list[app_commands.Choice[str]]:
    """The casinos a sprawl into `lot` may come from (needed when there are several)."""
    origins = [
        a.origin
        for a in legal_actions(state, color, ("sprawl",))
        if isinstance(a, Sprawl) and a.origin and (lot is None or a.lot == lot.upper())
    ]
    return _choices(((f"{o} · {casino_facts(state, o)}", o) for o in origins), current)


def bossed_casinos(
    state: GameState, color: Color, kind: str, current: str
) -> list[app_commands.Choice[str]]:
    """Casinos you boss that you can remodel or raise now, with the cost."""
    pairs = (
        (f"{action.lot} · {upgrade_facts(state, action)}", action.lot)
        for action in legal_actions(state, color, (kind,))
        if isinstance(action, Remodel | Raise)
    )
    return _choices(pairs, current)


def reorganizable(state: GameState, color: Color, current: str) -> list[app_commands.Choice[str]]:
    """Casinos where you have a die not yet reorganized this turn, with the cost."""
    pairs = (
        (f"{a.lot} · {upgrade_facts(state, a)}", a.lot)
        for a in legal_actions(state, color, ("reorganize",))
        if isinstance(a, Reorganize)
    )
    return _choices(pairs, current)


def gamble_casinos(state: GameState, color: Color, current: str) -> list[app_commands.Choice[str]]:
    """Other players' casinos you can bet at, with the largest bet allowed."""
    most: dict[str, int] = {}
    for action in legal_actions(state, color, ("gamble",)):
        if isinstance(action, Gamble):
            most[action.lot] = max(most.get(action.lot, 0), action.amount)
    pairs = ((f"{lot} · {bet_facts(state, lot, amount)}", lot) for lot, amount in most.items())
    return _choices(pairs, current)


def answers(state: GameState, color: Color, current: str) -> list[app_commands.Choice[str]]:
    """Every answer to the decision the game waits for from you."""
    pairs: list[tuple[str, str]] = []
    for action in legal_actions(state, color, ("place", "layoff", "take")):
        if isinstance(action, Place):
            value = " ".join(f"{lot}={pips}" for lot, pips in action.assignment)
        elif isinstance(action, Layoff):
            value = "yes" if action.accept else "no"
        elif isinstance(action, Take):
            value = action.lot
        else:
            continue
        pairs.append((answer_label(state, action), value))
    return _choices(pairs, current)


def offers(
    state: GameState, color: Color, kind: str, names: dict[Color, str], current: str
) -> list[app_commands.Choice[int]]:
    """Open offers you can accept, decline or withdraw, summarised."""
    found: list[app_commands.Choice[int]] = []
    for action in legal_actions(state, color, (kind,)):
        if isinstance(action, Accept | Decline | Withdraw):
            offer = next(o for o in state.offers if o.id == action.offer)
            label = offer_label(offer, names)
            if len(label) > 100:  # never a cut list: name the message that has them
                label = offer_label(offer, names, f"{len(offer.steps)} steps (see its message)")
            if _fits(current, label, str(offer.id)):
                found.append(app_commands.Choice(name=label, value=offer.id))
    return found[:MAX_CHOICES]
