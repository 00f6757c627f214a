"""What a player weighs before a move, in a few words: price and die, full cost, largest bet.

The Discord autocomplete (`bot.choices`) and the terminal's `moves` (`bot.offline`) show
the same facts, worked out here once from the engine's prices; neither decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.lords_of_vegas import BOARD, Color, GameState
from engine.lords_of_vegas.actions import (
    Accept,
    Action,
    Build,
    Decline,
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
from engine.lords_of_vegas.state import Offer
from engine.words import count, with_article


def lot_facts(lot: str) -> str:
    """A lot's price and printed die: `$6m · die 3`."""
    facts = BOARD.lots[lot]
    return f"${facts.price}m · die {facts.die}"


def casino_facts(state: GameState, lot: str) -> str:
    """The casino with a tile on `lot`: `Sphinx, 2 spaces, 2 high`."""
    casino = casino_at(state, lot)
    assert casino is not None
    spaces = count(casino.spaces, "space")
    height = f", {casino.height} high" if casino.height > 1 else ""
    return f"{company_name(casino.company)}, {spaces}{height}"


def die_source_facts(state: GameState, source: str) -> str:
    """The die a new tile would take from `source`: `your 4 on a Sphinx tile`."""
    tile = state.tiles[source]
    pips = tile.die.pips if tile.die else 0
    return f"your {pips} on {with_article(company_name(tile.company))} tile"


def sprawl_facts(state: GameState, color: Color, action: Sprawl) -> str:
    """A sprawl's full cost (risers included) and where it comes from: `costs $8m · ...`."""
    origin = casino_at(state, action.origin) if action.origin else None
    origin = origin or engine_sprawl_origins(state, color, action.lot)[0]
    cost = sprawl_cost(state, action.lot, origin)
    return f"costs ${cost}m · {company_name(origin.company)} from {origin.name}"


def upgrade_facts(state: GameState, action: Remodel | Raise | Reorganize) -> str:
    """The casino a remodel, raise or reorganization works on, and its cost."""
    if isinstance(action, Reorganize):
        cost = reorganize_cost(state, action.lot)
    else:
        casino = casino_at(state, action.lot)
        assert casino is not None
        per_space = REMODEL_PER_SPACE if isinstance(action, Remodel) else RISER_PRICE
        cost = per_space * casino.spaces
    return f"{casino_facts(state, action.lot)} · ${cost}m"


def bet_facts(state: GameState, lot: str, most: int) -> str:
    """Whose casino a bet is against and the largest bet: `blue's Sphinx, 3 tiles · ...`."""
    casino = casino_at(state, lot)
    assert casino is not None
    boss = boss_of(state, casino)
    tiles = count(casino.tiles, "tile")
    return f"{boss}'s {company_name(casino.company)}, {tiles} · bet up to ${most}m"


def answer_label(state: GameState, action: Place | Layoff | Take) -> str:
    """An answer to a decision, said as what it does: `move your die from C7 (showing 4)`."""
    if isinstance(action, Place):
        return "place: " + " ".join(f"{lot}={pips}" for lot, pips in action.assignment)
    if isinstance(action, Layoff):
        return "lay off half the bet" if action.accept else "take the whole bet"
    if action.what == "die":
        tile = state.tiles[action.lot]
        pips = tile.die.pips if tile.die else 0
        return f"move your die from {action.lot} (showing {pips})"
    return f"move your marker from {action.lot} (${BOARD.lots[action.lot].price}m lot)"


def offer_label(
    offer: Offer, names: Mapping[Color, str] | None = None, steps: str | None = None
) -> str:
    """An open offer in one line: `#2 by red: 1. red pays blue $5m; ...` (or `steps`)."""
    proposer = (names or {}).get(offer.proposer, offer.proposer)
    return f"#{offer.id} by {proposer}: {steps or describe_offer(offer, names)}"


def move_facts(state: GameState, color: Color, action: Action) -> str:
    """What `color` should know before `action` (its cost first), or "" when nothing."""
    if isinstance(action, Build):
        facts = lot_facts(action.lot)
    elif isinstance(action, Sprawl):
        facts = sprawl_facts(state, color, action)
    elif isinstance(action, Remodel | Raise | Reorganize):
        return upgrade_facts(state, action)
    elif isinstance(action, Layoff | Take):
        return answer_label(state, action)
    elif isinstance(action, Accept | Decline | Withdraw):
        offer = next(offer for offer in state.offers if offer.id == action.offer)
        return offer_label(offer)
    else:
        return ""
    using = getattr(action, "using", None)
    return facts + (f" · {die_source_facts(state, using)}" if using else "")
