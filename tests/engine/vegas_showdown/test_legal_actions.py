"""`legal_actions` lists exactly what `apply` accepts, for every player at sampled moments."""

from __future__ import annotations

from engine.vegas_showdown import (
    COLORS,
    GameState,
    IllegalAction,
    apply,
    legal_actions,
    legal_placements,
)
from engine.vegas_showdown.actions import (
    ACTION_KINDS,
    BID_TARGETS,
    SIZES,
    Action,
    Bid,
    Cancel,
    ChooseStack,
    Color,
    Done,
    Place,
    Publicity,
    Remove,
    Renovate,
    Reserve,
    Undo,
)
from engine.vegas_showdown.randomplay import RandomPlayer
from engine.vegas_showdown.scenario import Scenario, build_state
from engine.vegas_showdown.setup import GameSettings, new_game
from engine.vegas_showdown.sheet import Placement, canonical, cell_name, tile_at
from engine.vegas_showdown.state import BuyDecision
from engine.vegas_showdown.tables import COMPONENTS

CELLS = [(x, y) for y in range(COMPONENTS.sheet.rows) for x in range(COMPONENTS.sheet.cols)]


def _candidates(state: GameState, color: Color) -> list[Action]:
    """Every action that could possibly be legal now, many forms of each."""
    player = state.player(color)
    tiles = {*player.reserve, "slots", "lounge", "fancy_slots", "night_club"}
    tiles |= {d.tile for d in state.pending if isinstance(d, BuyDecision)}
    found: list[Action] = [Renovate(), Publicity(), Reserve(), Done(), Undo(), Cancel()]
    found += [Bid(target=t, amount=a) for t in BID_TARGETS for a in range(1, 70)]
    found += [ChooseStack(size=size) for size in SIZES]
    found += [Remove(x=x, y=y) for x, y in CELLS]
    found += [
        Place(tile=tile, x=x, y=y, rot=rot)
        for tile in sorted(tiles)
        for x, y in CELLS
        for rot in range(4)
    ]
    return found


def _canonical(state: GameState, color: Color, action: Action) -> Action:
    """The form `legal_actions` lists an accepted action in."""
    if isinstance(action, Place):
        p = canonical(COMPONENTS, Placement(action.tile, action.x, action.y, action.rot))
        return Place(tile=p.tile, x=p.x, y=p.y, rot=p.rot)
    if isinstance(action, Remove):
        sheet = state.player(color).sheet
        index = tile_at(COMPONENTS, sheet, (action.x, action.y))
        assert index is not None
        return Remove(x=sheet[index].x, y=sheet[index].y)
    return action


def _accepted(state: GameState, color: Color) -> set[Action]:
    """Try every candidate; a refusal changes nothing, so only acceptances need a fresh copy."""
    accepted: set[Action] = set()
    trial = state.model_copy(deep=True)
    for action in _candidates(state, color):
        try:
            apply(trial, color, action)
        except IllegalAction as refusal:
            assert str(refusal) != "You cannot bid that.", action  # bid_problem explains all
            continue
        accepted.add(_canonical(state, color, action))
        trial = state.model_copy(deep=True)
    assert trial == state
    return accepted


def test_listing_matches_what_apply_accepts() -> None:
    seen_kinds: set[str] = set()
    for seed, players in ((11, 3), (12, 5)):
        state, _ = new_game(GameSettings(players=list(COLORS[:players]), seed=seed))
        mover = RandomPlayer(seed=seed)
        moves = 0
        while not state.over and moves < 400:
            if moves % 29 == 0 or state.step == "flip" or (state.pending and moves % 7 == 0):
                for color in state.colors:
                    listed = legal_actions(state, color)
                    assert len(set(listed)) == len(listed), "an action is listed twice"
                    assert set(listed) == _accepted(state, color), (seed, moves, color)
                    seen_kinds |= {a.kind for a in listed}
            apply(state, *mover.next_move(state))
            moves += 1
    assert seen_kinds == ACTION_KINDS


def test_legal_placements_of_a_player_are_the_places_listed_for_their_tile() -> None:
    state = build_state(
        Scenario.model_validate(
            {
                "name": "placements",
                "players": ["red", "yellow", "green"],
                "setup": {
                    "button": "red",
                    "sheets": {"red": ["lounge a3 0"]},
                    "reserve": {"red": ["night_club"]},
                },
                "steps": [{"expect": {}}],
            }
        )
    )
    spots = legal_placements(state, "red", "night_club")
    assert [(cell_name((p.x, p.y)), p.rot) for p in spots] == [
        ("a1", 0),
        ("b1", 0),
        ("c3", 0),
        ("a4", 0),
    ]
    assert legal_placements(state, "yellow", "night_club") == ()  # no Lounge on that sheet
    for color in ("red", "yellow", "green"):
        apply(state, color, Publicity())
    listed = {a for a in legal_actions(state, "red") if isinstance(a, Place)}
    assert listed == {Place(tile=p.tile, x=p.x, y=p.y, rot=p.rot) for p in spots}
