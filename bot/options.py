"""Table options: what the host chooses for one game, with its `new` and `settings` commands.

They are kept with the game as JSON (`Game.options`); a key that is missing has its
default, so games saved before an option existed read as they always played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from functools import lru_cache
from typing import Any, Final, Literal, cast

from engine.words import count

# The options a game may offer its hosts, as `TableOptions.lines` shows them.
OPTIONS: Final = ("turn_timer", "offers", "decisions", "images")
Images = Literal["turn", "action"]
OnTimeout = Literal["ai", "end"]
IMAGE_WORDS: Final[dict[str, str]] = {
    "turn": "after every turn",
    "action": "after every action and every turn",
}
TIMEOUT_WORDS: Final[dict[str, str]] = {
    "ai": "a computer player (normal) plays the rest of the turn for the player",
    "end": "the turn simply ends (owed decisions take their default answers)",
}


@dataclass(frozen=True)
class TableOptions:
    """A game's options.

    - `images`: post the board after every turn, or after every action too;
    - `offer_hours`, `decision_hours`: how long offers stay open and decisions wait for
      an answer (0: no limit);
    - `turn_minutes`: the turn timer (0: none); at half time the player is reminded;
    - `on_timeout`: what happens when a turn runs out of time: the AI plays it or it ends.
    """

    images: Images = "turn"
    offer_hours: float = 24.0
    decision_hours: float = 24.0
    turn_minutes: int = 0
    on_timeout: OnTimeout = "end"

    @classmethod
    def of(cls, stored: Mapping[str, Any]) -> TableOptions:
        """The options as stored with a game (missing keys take their defaults)."""
        try:
            return _known_options(tuple(sorted(stored.items())))
        except TypeError:  # a value that cannot be a cache key: read it afresh
            return cls.read(stored)

    @classmethod
    def read(cls, stored: Mapping[str, Any]) -> TableOptions:
        """`of`, without the cache: read every option."""
        default = cls()
        images = stored.get("images", default.images)
        on_timeout = stored.get("on_timeout", default.on_timeout)
        return cls(
            images=cast(Images, images if images in IMAGE_WORDS else default.images),
            offer_hours=float(stored.get("offer_hours", default.offer_hours)),
            decision_hours=float(stored.get("decision_hours", default.decision_hours)),
            turn_minutes=int(stored.get("turn_minutes", default.turn_minutes)),
            on_timeout=cast(
                OnTimeout, on_timeout if on_timeout in TIMEOUT_WORDS else default.on_timeout
            ),
        )

    def stored(self) -> dict[str, Any]:
        """The options as kept with the game."""
        return asdict(self)

    def changed(self, **changes: Any) -> TableOptions:
        """These options with the given ones replaced (None leaves an option as it is)."""
        return replace(self, **{key: value for key, value in changes.items() if value is not None})

    @property
    def turn_seconds(self) -> float | None:
        """The turn timer in seconds, or None when turns are not timed."""
        return self.turn_minutes * 60.0 if self.turn_minutes > 0 else None

    def lines(
        self,
        shown: Sequence[str] = (),
        timeouts: Mapping[str, str] = TIMEOUT_WORDS,
        images: Mapping[str, str] = IMAGE_WORDS,
    ) -> list[str]:
        """The options in force, one line each, for the table to read.

        `shown` names the options the game offers (see `OPTIONS`; none given: all);
        `timeouts` says what each `on_timeout` does, `images` when each `images` choice
        posts the board, in the game's words.
        """
        if self.turn_minutes > 0:
            timer = (
                f"**Turn timer:** {minutes_text(self.turn_minutes)}; a reminder at half time, "
                f"then {timeouts[self.on_timeout]}."
            )
        else:
            timer = (
                "**Turn timer:** off (if it is turned on: "
                f"{timeouts[self.on_timeout]} when time runs out)."
            )
        lines = {
            "turn_timer": timer,
            "offers": f"**Trade offers stay open:** {hours_text(self.offer_hours)}.",
            "decisions": f"**Decisions wait for an answer:** {hours_text(self.decision_hours)}, "
            "then the default applies.",
            "images": f"**Board image:** {images[self.images]}.",
        }
        return [lines[name] for name in shown or OPTIONS]


def minutes_text(minutes: float) -> str:
    """A duration in words: `45 minutes`, `6 hours`, `2 days`, `1 week`."""
    if minutes <= 0:
        return "no limit"
    units = ((7 * 24 * 60, "week"), (24 * 60, "day"), (60, "hour"), (1, "minute"))
    for size, unit in units:
        if minutes >= size and minutes % size == 0:
            return count(int(minutes // size), unit)
    return f"{minutes:g} minutes"


def hours_text(hours: float) -> str:
    """A duration given in hours, in words (`no limit` for 0)."""
    return minutes_text(hours * 60)


@lru_cache(maxsize=256)
def _known_options(items: tuple[tuple[str, Any], ...]) -> TableOptions:
    """The options of a stored mapping, read once per distinct one.

    Most games share a few, and they are read several times a command; they are frozen.
    """
    return TableOptions.read(dict(items))
