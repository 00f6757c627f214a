"""Autocomplete: only what the engine says is legal for the player typing.

Each label carries the facts that help choose: price and die, full cost, largest bet.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from discord import app_commands

from engine.lords_of_vegas import BOARD, Color, GameState, legal_actions
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
from engine.lords_of_vegas.board import company_name
from engine.lords_of_vegas.casino import boss_of, casino_at
from engine.lords_of_vegas.construction import REMODEL_PER_SPACE, RISER_PRICE, sprawl_cost
from engine.lords_of_vegas.construction import sprawl_origins as engine_sprawl_origins
from engine.lords_of_vegas.narrate import describe_offer
from engine.lords_of_vegas.reorganize import reorganize_cost
from engine.words import count, with_article

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


def _lot_facts(lot: str) -> str:
    facts = BOARD.lots[lot]
    return f"{lot} · ${facts.price}m · die {facts.die}"


def _casino_facts(state: GameState, lot: str) -> str:
    casino = casino_at(state, lot)
    assert casino is not None
    spaces = count(casino.spaces, "space")
    height = f", {casino.height} high" if casino.height > 1 else ""
    return f"{lot} · {company_name(casino.company)}, {spaces}{height}"


def build_lots(state: GameState, color: Color, current: str) -> list[app_commands.Choice[str]]:
    """Your parking lots you can build on now, with price and printed die."""
    builds = [a for a in legal_actions(state, color, ("build",)) if isinstance(a, Build)]
    return _choices(((_lot_facts(a.lot), a.lot) for a in builds), current)


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
    pairs = []
    for source in usable:
        tile = state.tiles[source]
        pips = tile.die.pips if tile.die else 0
        tile_name = with_article(company_name(tile.company))
        pairs.append((f"{source} · your {pips} on {tile_name} tile", source))
    return _choices(pairs, current)


def sprawl_lots(state: GameState, color: Color, current: str) -> list[app_commands.Choice[str]]:
    """Lots you can sprawl into, with the full cost including risers."""
    pairs = []
    for action in legal_actions(state, color, ("sprawl",)):
        if not isinstance(action, Sprawl):
            continue
        origin = casino_at(state, action.origin) if action.origin else None
        origin = origin or engine_sprawl_origins(state, color, action.lot)[0]
        cost = sprawl_cost(state, action.lot, origin)
        label = f"{action.lot} · costs ${cost}m · {company_name(origin.company)} from {origin.name}"
        pairs.append((label, action.lot))
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
    return _choices(((_casino_facts(state, o), o) for o in origins), current)


def bossed_casinos(
    state: GameState, color: Color, kind: str, current: str
) -> list[app_commands.Choice[str]]:
    """Casinos you boss that you can remodel or raise now, with the cost."""
    pairs = []
    for action in legal_actions(state, color, (kind,)):
        if isinstance(action, Remodel | Raise):
            casino = casino_at(state, action.lot)
            assert casino is not None
            cost = (REMODEL_PER_SPACE if kind == "remodel" else RISER_PRICE) * casino.spaces
            pairs.append((f"{_casino_facts(state, action.lot)} · ${cost}m", action.lot))
    return _choices(pairs, current)


def reorganizable(state: GameState, color: Color, current: str) -> list[app_commands.Choice[str]]:
    """Casinos where you have a die not yet reorganized this turn, with the cost."""
    pairs = [
        (f"{_casino_facts(state, a.lot)} · ${reorganize_cost(state, a.lot)}m", a.lot)
        for a in legal_actions(state, color, ("reorganize",))
        if isinstance(a, Reorganize)
    ]
    return _choices(pairs, current)


def gamble_casinos(state: GameState, color: Color, current: str) -> list[app_commands.Choice[str]]:
    """Other players' casinos you can bet at, with the largest bet allowed."""
    most: dict[str, int] = {}
    for action in legal_actions(state, color, ("gamble",)):
        if isinstance(action, Gamble):
            most[action.lot] = max(most.get(action.lot, 0), action.amount)
    pairs = []
    for lot, amount in most.items():
        casino = casino_at(state, lot)
        assert casino is not None
        boss = boss_of(state, casino)
        company = company_name(casino.company)
        tiles = count(casino.tiles, "tile")
        label = f"{lot} · {boss}'s {company}, {tiles} · bet up to ${amount}m"
        pairs.append((label, lot))
    return _choices(pairs, current)


def answers(state: GameState, color: Color, current: str) -> list[app_commands.Choice[str]]:
    """Every answer to the decision the game waits for from you."""
    pairs: list[tuple[str, str]] = []
    for action in legal_actions(state, color, ("place", "layoff", "take")):
        if isinstance(action, Place):
            text = " ".join(f"{lot}={pips}" for lot, pips in action.assignment)
            pairs.append((f"place: {text}", text))
        elif isinstance(action, Layoff):
            pairs.append(
                (
                    "lay off half the bet" if action.accept else "take the whole bet",
                    "yes" if action.accept else "no",
                )
            )
        elif isinstance(action, Take):
            if action.what == "die":
                tile = state.tiles[action.lot]
                pips = tile.die.pips if tile.die else 0
                label = f"move your die from {action.lot} (showing {pips})"
            else:
                price = BOARD.lots[action.lot].price
                label = f"move your marker from {action.lot} (${price}m lot)"
            pairs.append((label, action.lot))
    return _choices(pairs, current)


def offers(
    state: GameState, color: Color, kind: str, names: dict[Color, str], current: str
) -> list[app_commands.Choice[int]]:
    """Open offers you can accept, decline or withdraw, summarised."""
    found: list[app_commands.Choice[int]] = []
    for action in legal_actions(state, color, (kind,)):
        if isinstance(action, Accept | Decline | Withdraw):
            offer = next(o for o in state.offers if o.id == action.offer)
            label = f"#{offer.id} by {names.get(offer.proposer, offer.proposer)}: "
            steps = describe_offer(offer, names)
            if len(label + steps) > 100:  # never a cut list: name the message that has them
                steps = f"{len(offer.steps)} steps (see its message)"
            label += steps
            if _fits(current, label, str(offer.id)):
                found.append(app_commands.Choice(name=label, value=offer.id))
    return found[:MAX_CHOICES]
