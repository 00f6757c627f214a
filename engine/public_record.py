"""How a game's public record writes its state in JSON, the same for every game.

A public record (each game's `record.PublicRecord`) shows a game under way without
what nobody at the table knows. In its JSON the state has no `seed`, no generator
(`rng`) and no `deck` order: the cards not drawn yet are listed as `undrawn`, in an
order that tells nothing. Read back, `undrawn` is the deck and the generator a blank
one, so the state validates but cannot continue the real game's sequence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from pydantic import BaseModel

HIDDEN: Final = frozenset({"seed", "rng", "deck"})


def shown_state(state: BaseModel, undrawn: Sequence[Any]) -> dict[str, Any]:
    """The state's JSON form without its hidden fields, with the cards left as `undrawn`."""
    shown = state.model_dump(mode="json", exclude=set(HIDDEN))
    return {**shown, "undrawn": list(undrawn)}


def read_shown_state(value: Any) -> Any:
    """A shown state's JSON read back: `undrawn` becomes the deck, the generator blank."""
    if isinstance(value, dict) and "undrawn" in value:
        shown = {key: item for key, item in value.items() if key != "undrawn"}
        return {**shown, "deck": value["undrawn"], "rng": {"state": 0}}
    return value
