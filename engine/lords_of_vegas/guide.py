"""A short guide to the rules, in our own words, for newcomers (`/lov rules`, consoles).

Each topic is a few lines of plain text; `guide(topic, edition)` picks the edition's
wording where the editions differ.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

from .state import Edition
from .trade import MAX_OFFER_STEPS, MAX_OFFERS_PER_PLAYER, MAX_OPEN_OFFERS

Topic = Literal[
    "overview",
    "turn",
    "build",
    "sprawl",
    "remodel",
    "reorganize",
    "raise",
    "gamble",
    "trade",
    "scoring",
    "end",
    "costs",
]

TOPICS: Final[tuple[Topic, ...]] = get_args(Topic)

_COMMON: Final[dict[Topic, str]] = {
    "overview": (
        "You are a developer on the Las Vegas Strip. Each turn a property card gives you a "
        "lot; you turn lots into casino tiles of one of five companies (Albion, Sphinx, Vega, "
        "Tivoli, Pioneer). Touching tiles of one company form one casino, and the player with "
        "the highest die in it is its boss. When a company's card is drawn, its casinos pay "
        "their dice owners $1m per pip and score points for their bosses. Most points at the "
        "end wins; money breaks ties."
    ),
    "turn": (
        "1. Draw a card: an empty lot gets your marker (a parking lot); a tile there gets "
        "your die (keeping the pips of the die it replaces).\n"
        "2. Every parking lot pays its owner $1m.\n"
        "3. Casinos of the card's company (or every casino touching The Strip, for Strip "
        "cards) pay $1m per pip to each die's owner.\n"
        "4. Those casinos score one point per tile (risers count) for their boss, smallest "
        "casino first.\n"
        "5. Then take any actions you like, in any order, and end your turn with `end`."
    ),
    "build": (
        "`build <lot> <company>`: turn one of your parking lots into a casino tile for the "
        "price printed on the lot. Your die goes on it showing the lot's printed number. "
        "Only 9 tiles of each company exist. With all 12 of your dice out, add "
        "`using <lot>` to move one of them."
    ),
    "sprawl": (
        "`sprawl <lot> [from <lot>]`: grow a casino you boss into a touching empty lot (no "
        "marker, no tile) for twice the lot's price, plus $15m per riser when the casino is "
        "raised. The new tile takes the casino's company and your die at the printed number. "
        "Careful: whoever later draws that lot's card takes the tile over."
    ),
    "remodel": (
        "`remodel <lot> <company>`: change the company of a casino you boss, $5m per space "
        "whatever its height, if enough tiles of the new company are free. It may merge with "
        "neighbours of that company and height, and the highest die there becomes boss."
    ),
    "reorganize": (
        "`reorganize <lot>`: reroll every die in a casino where you have at least one die, "
        "paying $1m per pip on all its dice. You need not be the boss. No die can be "
        "reorganized twice in one turn, even after it merges into a bigger casino or moves "
        "to a new tile. Each player with several dice there then chooses which value goes "
        "on which of their tiles (`place A2=5 A5=1`)."
    ),
    "scoring": (
        "A casino scores one point per tile, risers included, for its boss. The track has "
        "breaks: after 8 each space costs 2 points, later 3, 4 and up to 9. Each casino "
        "scores on its own, smallest first, and points that cannot pay for the next space "
        "are lost."
    ),
    "costs": "",
}

_BY_EDITION: Final[dict[Edition, dict[Topic, str]]] = {
    "updated": {
        "raise": (
            "`raise <lot>`: put a riser under every tile of a casino you boss, $15m per "
            "space. A casino can be as many tiles high as there are players. Casinos of one "
            "company only merge at the same height."
        ),
        "gamble": (
            "`gamble <lot> <amount>`: once per turn, bet at a casino another player bosses: "
            "up to $5m per tile (risers count), no more than you have and no more than the "
            "boss has. Two dice: 3, 4, 9, 10 or 11 win your bet from the boss, 2 and 12 win "
            "double (never more than the boss has), 5 to 8 lose your bet to the boss."
        ),
        "trade": (
            "Anyone can trade at any time, except while a decision is pending: money, "
            "parking lots, dice in casinos (the die keeps its pips) and actions the current "
            "player takes now, in any order and between any number of players. Never "
            "points, tiles or promises. `offer red pays blue 5; blue gives red lot C4`; every "
            "named player must `accept`. Steps run in order; if one cannot happen, it and "
            "the later ones are skipped. Offers with actions lapse at the end of the turn. "
            f"An offer has at most {MAX_OFFER_STEPS} steps; a player may have "
            f"{MAX_OFFERS_PER_PLAYER} offers open at once, a game {MAX_OPEN_OFFERS}."
        ),
        "end": (
            "The game ends when the Game Over card is drawn (parking lots pay, then casinos "
            "on The Strip pay and score one last time) or when someone reaches 90 points "
            "(the scoring finishes first). Most points wins; most money breaks a tie. In a "
            "2-player game block F is not used: its cards only pay, then you draw again."
        ),
    },
    "classic": {
        "raise": (
            "There is no raise in the classic edition: every casino is one tile high, and "
            "touching tiles of one company always form one casino."
        ),
        "gamble": (
            "`gamble <lot> <amount>`: once per turn, bet at a casino another player bosses: "
            "up to $5m per tile and no more than you have. Before the roll the boss may "
            "`layoff yes` to share half of the bet with the bank. Two dice: 3, 4, 9, 10 or "
            "11 win your bet, 2 and 12 win double (the boss pays no more than they have), "
            "5 to 8 lose it."
        ),
        "trade": (
            "Anyone can trade at any time, except while a decision is pending: money, "
            "parking lots, dice in casinos (the die keeps its pips) and actions the current "
            "player takes now. Never points or tiles. `offer red pays blue 5; blue gives red "
            "lot C4`; every named player must `accept`. Steps run in order; if one cannot "
            "happen, it and the later ones are skipped. "
            f"An offer has at most {MAX_OFFER_STEPS} steps; a player may have "
            f"{MAX_OFFERS_PER_PLAYER} offers open at once, a game {MAX_OPEN_OFFERS}."
        ),
        "end": (
            "The game ends when the Game Over card is drawn: parking lots pay, then casinos "
            "on The Strip pay and score one last time. Most points wins; most money breaks a "
            "tie. Reaching 90 points wins on the spot."
        ),
    },
}

_COSTS: Final[dict[Edition, str]] = {
    "updated": (
        "build: the lot's price | sprawl: twice the lot's price (+$15m per riser) | "
        "remodel: $5m per space | reorganize: $1m per pip in the casino | raise: $15m per "
        "space | gamble: bet up to $5m per tile. Lot prices by printed die: 1 = $8m, "
        "2 = $6m, 3 = $9m, 4 = $12m, 5 = $15m, 6 = $20m."
    ),
    "classic": (
        "build: the lot's price | sprawl: twice the lot's price | remodel: $5m per space | "
        "reorganize: $1m per pip in the casino | gamble: bet up to $5m per tile. Lot prices "
        "by printed die: 1 = $8m, 2 = $6m, 3 = $9m, 4 = $12m, 5 = $15m, 6 = $20m."
    ),
}


def guide(topic: Topic, edition: Edition = "updated") -> str:
    """The guide's text on `topic` for `edition`."""
    if topic == "costs":
        return _COSTS[edition]
    return _BY_EDITION[edition].get(topic) or _COMMON[topic]
