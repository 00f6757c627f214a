"""Running the round forward until the game needs a player again.

After setup and after every accepted action, `proceed` carries out every step that
needs nobody (dropping prices, event cards and new tiles, income, buying, the round's
end) and stops where a player must act: a Pull Strings choice, an action choice, or
placement decisions. It never stops twice in the same place without a player acting.
"""

from __future__ import annotations

from .bidding import close_bidding, next_chooser
from .building import begin_build
from .events import Event
from .rounds import collect_income, end_round, fill_spaces, start_round
from .state import GameState


def proceed(state: GameState, events: list[Event]) -> None:
    """Carry the game forward to the next moment a player must act (or its end)."""
    while not state.over:
        if state.step == "flip":
            if state.pending or not fill_spaces(state, events):
                return
            collect_income(state, events)
            state.step = "actions"
            state.current = state.button
        elif state.step == "actions":
            if next_chooser(state, events):
                return
            begin_build(state, close_bidding(state, events), events)
        elif state.step == "build":
            if state.pending:
                return
            end_round(state, events)
            if not state.over:
                start_round(state, events)
        else:
            return
