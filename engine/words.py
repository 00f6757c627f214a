"""Small English helpers for every line players read: counts, articles, lists.

Shared by the games' narration, the bot's messages and the board images, so "1 die",
"an Albion tile" and "red and blue" come out right everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Final, TypeVar

# Letters whose spoken name starts with a vowel sound ("an F1", "an S").
_VOWEL_SOUND_LETTERS: Final = frozenset("AEFHILMNORSX")
# Words spelt with a vowel that start with a consonant sound ("a one-off", "a user").
_CONSONANT_SOUND: Final = ("one", "once", "uni", "use", "usu", "uti", "eu", "ewe")
# Words spelt with a consonant that start with a vowel sound ("an hour").
_VOWEL_SOUND: Final = ("hour", "honest", "honour", "honor", "heir")
_NUMBER: Final = re.compile(r"\d[\d,]*")
# A game's player colour (each game has its own `Color` literal).
PlayerT = TypeVar("PlayerT", bound=str)


def plural(number: int, noun: str, plural_form: str | None = None) -> str:
    """`noun` as it goes with `number`: singular for exactly 1, else the plural.

    The plural is `noun` + "s" unless `plural_form` is given (`die`, `dice`).
    """
    if number == 1:
        return noun
    return plural_form if plural_form is not None else f"{noun}s"


def count(number: int, noun: str, plural_form: str | None = None) -> str:
    """The number with its noun: `1 die`, `2 dice`, `0 markers`, `1 more step`."""
    return f"{number} {plural(number, noun, plural_form)}"


def article(word: str) -> str:
    """`a` or `an`, as `word` sounds: an Albion, a Sphinx, an 8-space, an 11, an F1."""
    number = _NUMBER.match(word)
    if number:
        digits = number.group().replace(",", "")
        # Said "eight...", "eleven..." or "eighteen..." (11, 18, 11,000, 18,000, ...).
        eleven = len(digits) % 3 == 2 and digits[:2] in ("11", "18")
        return "an" if digits.startswith("8") or eleven else "a"
    if not word:
        return "a"
    first = word[0]
    initialism = first.isupper() and (len(word) == 1 or not word[1].islower())
    if initialism:
        return "an" if first in _VOWEL_SOUND_LETTERS else "a"
    lower = word.lower()
    if lower.startswith(_VOWEL_SOUND):
        return "an"
    if lower.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if first.lower() in "aeiou" else "a"


def with_article(word: str) -> str:
    """`word` after its article: `an Albion`, `a Sphinx`, `an 8-space`."""
    return f"{article(word)} {word}"


def and_list(items: Sequence[str]) -> str:
    """`red`, `red and blue`, `red, blue and green`."""
    return _listed(items, "and")


def or_list(items: Sequence[str]) -> str:
    """`$12`, `$12 or $15`, `$12, $15 or $18`."""
    return _listed(items, "or")


def _listed(items: Sequence[str], conjunction: str) -> str:
    if len(items) <= 2:
        return f" {conjunction} ".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def namer(names: Mapping[PlayerT, str] | None) -> Callable[[PlayerT | None], str]:
    """How narration calls a player: by `names` (`Alice (red)`), else by their colour.

    A line about no player (a card nobody drew, a lot nobody owns) says `nobody`.
    """

    def who(color: PlayerT | None) -> str:
        if color is None:
            return "nobody"
        return names.get(color, color) if names else color

    return who
