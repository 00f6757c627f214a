"""A grammar check for what players read: counts, articles, colours, stray words.

Written independently of `engine.words` (which makes the text), so a test can catch
that helper's mistakes as well as text that forgot to use it.
"""

from __future__ import annotations

import re
from typing import Final

from engine.lords_of_vegas import GameState
from engine.lords_of_vegas.scenario import Scenario, build_state
from engine.lords_of_vegas.supply import dice_left, markers_left

# Nouns the game counts, singular -> plural.
NOUNS: Final = {
    "die": "dice",
    "tile": "tiles",
    "point": "points",
    "pt": "pts",
    "space": "spaces",
    "step": "steps",
    "marker": "markers",
    "player": "players",
    "card": "cards",
    "game": "games",
    "turn": "turns",
    "hour": "hours",
    "minute": "minutes",
    "day": "days",
    "week": "weeks",
    "seat": "seats",
    "offer": "offers",
    "lot": "lots",
    "riser": "risers",
    "command": "commands",
    "win": "wins",
    "action": "actions",
}
# Up to two words may sit between a number and its noun ("1 more build command"), but
# not a preposition ("+2 per space", "2 on the tile").
_BETWEEN: Final = r"(?:(?!(?:per|of|on|at|for|to|in|from|and|or|with)\b)[A-Za-z]+ ){0,2}"
_ONE_WITH_PLURAL: Final = re.compile(rf"(?<![\w$#.,-])1 {_BETWEEN}({'|'.join(NOUNS.values())})\b")
_MANY_WITH_SINGULAR: Final = re.compile(
    rf"(?<![\w$#.,-])(0|[2-9]|\d{{2,}}) {_BETWEEN}({'|'.join(NOUNS)})\b"
)
# "a" before a vowel sound: a word starting with a vowel, 8..., 11, 18, or a letter
# said with a vowel sound (an F1, an A1).
_A_BEFORE_VOWEL: Final = re.compile(
    r"(?:\ba|(?:^|[.!?:]\s+)A) (?:[aeiouAEIOU][a-z]|8|1[18](?!\d)|[AEFHILMNORSX](?![a-z]))"
)
# "an" before a consonant sound: a lower-case consonant, or a number not said with a vowel.
_AN_BEFORE_CONSONANT: Final = re.compile(
    r"\b[Aa]n (?:[b-df-gj-np-tv-z]|[BCDFGJKLMNPQRSTVWXYZ][a-z]|[2-79]|1(?![18](?!\d)))"
)
_CAPITAL_COLOUR: Final = re.compile(r"\b(?:Red|Blue|Green|Yellow|Black|Purple)\b")
_REPEATED_WORD: Final = re.compile(r"\b([A-Za-z]+) \1\b", re.IGNORECASE)
_LEFTOVERS: Final = re.compile(r"\bNone\b|[{}]|\(\)|(?<=\S)  |[ \t][.,;:]|(?<!\.)\.\.(?!\.)")


def grammar_faults(text: str) -> list[str]:
    """What is wrong with `text`, one phrase per fault (empty when it reads well)."""
    faults: list[str] = []
    checks = [
        (_ONE_WITH_PLURAL, "one with a plural"),
        (_MANY_WITH_SINGULAR, "several with a singular"),
        (_A_BEFORE_VOWEL, "'a' before a vowel sound"),
        (_AN_BEFORE_CONSONANT, "'an' before a consonant"),
        (_CAPITAL_COLOUR, "a capitalised colour"),
        (_REPEATED_WORD, "a repeated word"),
        (_LEFTOVERS, "a formatting leftover"),
    ]
    for pattern, what in checks:
        faults += [f"{what}: {match.group()!r} in {text!r}" for match in pattern.finditer(text)]
    return faults


def assert_reads_well(texts: list[str]) -> None:
    """Fail with every fault found in `texts`."""
    faults = [fault for text in texts for fault in grammar_faults(text)]
    assert not faults, "\n".join(faults)


def state_of_ones() -> GameState:
    """A position where red has exactly 1 die, 1 marker, 1 point, $1m and 1 card is left.

    Blue has 2 of each (dice and markers aside) and green none, so every count is said
    for 0, 1 and several.
    """
    red_tiles = [f"C{n}" for n in range(1, 12)]
    companies = ["sphinx", "vega", "albion"]
    scenario = Scenario.model_validate(
        {
            "name": "ones",
            "players": ["red", "blue", "green"],
            "setup": {
                "current": "red",
                "money": {"red": 1, "blue": 2},
                "points": {"red": 1, "blue": 2},
                "lots": {
                    lot: "red" for lot in ("A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2", "B3")
                },
                "tiles": {
                    lot: {"company": companies[n % 3], "die": "red 1"}
                    for n, lot in enumerate(red_tiles)
                },
                "deck": ["GAME_OVER"],
            },
            "steps": [],
        }
    )
    state = build_state(scenario)
    assert (dice_left(state, "red"), markers_left(state, "red")) == (1, 1)
    return state
