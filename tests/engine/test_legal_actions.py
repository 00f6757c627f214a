"""`legal_actions` lists exactly what `apply` accepts, for every player at sampled moments."""

from __future__ import annotations

import random

import pytest

from engine.lords_of_vegas import GameState, IllegalAction, apply, legal_actions, waiting_for
from engine.lords_of_vegas.actions import (
    Action,
    Build,
    Color,
    EndTurn,
    Gamble,
    Raise,
    Remodel,
    Reorganize,
    Sprawl,
)
from engine.lords_of_vegas.board import BOARD, COMPANIES
from engine.lords_of_vegas.casino import all_casinos
from engine.lords_of_vegas.randomplay import RandomPlayer
from engine.lords_of_vegas.setup import GameSettings, new_game
from engine.lords_of_vegas.state import EDITION_COLORS
from engine.lords_of_vegas.supply import dice_on_board


def _turn_candidates(state: GameState, player: Color) -> list[Action]:
    """Every turn action in canonical form (casinos named by their first lot)."""
    casinos = [c.name for c in all_casinos(state)]
    sources = [None, *dice_on_board(state, player)]
    found: list[Action] = [EndTurn()]
    for lot in BOARD.order:
        for company in COMPANIES:
            found += [Build(lot=lot, company=company, using=s) for s in sources]
        found += [Sprawl(lot=lot, origin=o, using=s) for o in [None, *casinos] for s in sources]
    for name in casinos:
        found += [Remodel(lot=name, company=c) for c in COMPANIES]
        found += [Reorganize(lot=name), Raise(lot=name)]
        found += [Gamble(lot=name, amount=a) for a in range(1, 130)]
    return found


def _accepted(state: GameState, player: Color, action: Action) -> bool:
    trial = state.model_copy(deep=True)
    try:
        apply(trial, player, action)
    except IllegalAction:
        return False
    return True


def _unnamed_origin(action: Action) -> Action | None:
    if isinstance(action, Sprawl) and action.origin is not None:
        return action.model_copy(update={"origin": None})
    return None


def _result(state: GameState, player: Color, action: Action) -> GameState:
    trial = state.model_copy(deep=True)
    apply(trial, player, action)
    return trial


def _positions(seed: int, count: int) -> list[GameState]:
    edition = "classic" if seed % 2 else "updated"
    colors = list(EDITION_COLORS[edition][: 2 + seed % 4])
    state, _ = new_game(GameSettings(edition=edition, players=colors, seed=seed))  # type: ignore[arg-type]
    player = RandomPlayer(seed=seed, style=("builder", "uniform", "hoarder")[seed % 3])
    rnd = random.Random(seed)
    positions = []
    while not state.over:
        if rnd.random() < 0.08:
            positions.append(state.model_copy(deep=True))
        who, action = player.next_move(state)
        apply(state, who, action)
    return rnd.sample(positions, min(count, len(positions)))


@pytest.mark.parametrize("seed", range(8))
def test_legal_turn_actions_are_exactly_the_accepted_ones(seed: int) -> None:
    checked = 0
    for state in _positions(seed, 4):
        for player in state.colors:
            legal = set(legal_actions(state, player))
            for action in legal:
                assert _accepted(state, player, action), f"{player} {action} listed but refused"
            if state.pending:
                continue
            for action in _turn_candidates(state, player):
                if action in legal:
                    continue
                alias = _unnamed_origin(action)
                if alias in legal and _accepted(state, player, action):
                    # Naming the only casino a sprawl can come from is the same move.
                    assert _result(state, player, action) == _result(state, player, alias)
                    continue
                # Refused actions raise before changing anything, so no copy is needed.
                with pytest.raises(IllegalAction):
                    apply(state, player, action)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("seed", range(8))
def test_only_the_players_the_game_waits_for_have_moves(seed: int) -> None:
    for state in _positions(seed + 100, 6):
        waiting = waiting_for(state)
        for player in state.colors:
            moves = {a.kind for a in legal_actions(state, player)}
            game_moves = moves - {"accept", "decline", "withdraw"}
            assert bool(game_moves) == (player in waiting), (player, waiting, moves)
            if state.pending:
                assert game_moves <= {"place", "layoff", "take"}


def test_legal_actions_can_be_filtered_by_kind() -> None:
    state = _positions(3, 1)[0]
    player = waiting_for(state)[0]
    everything = legal_actions(state, player)
    for kind in {a.kind for a in everything}:
        assert legal_actions(state, player, (kind,)) == [a for a in everything if a.kind == kind]
