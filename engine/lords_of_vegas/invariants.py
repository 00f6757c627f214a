"""Properties that must hold after every accepted action, checked by tests and the simulator."""

from __future__ import annotations

from collections import Counter

from .board import BOARD, GAME_OVER, TILES_PER_COMPANY
from .casino import all_casinos, casino_map, tied_top
from .scoring import is_track_space
from .state import DICE_PER_PLAYER, MARKERS_PER_PLAYER, GameState


class InvariantBroken(AssertionError):
    """The state is impossible under the rules: an engine bug."""


def check_invariants(state: GameState) -> None:
    """Raise `InvariantBroken` naming the first property the state violates."""

    def require(condition: bool, message: str) -> None:
        if not condition:
            raise InvariantBroken(message)

    colors = state.colors
    require(state.current in colors, "the current player is not seated")
    for player in state.players:
        require(player.money >= 0, f"{player.color} has negative money")
        require(
            is_track_space(player.points), f"{player.color} has {player.points}, not a track space"
        )
    dice = Counter(t.die.owner for t in state.tiles.values() if t.die)
    markers = Counter(state.lots.values())
    for color in colors:
        require(dice[color] <= DICE_PER_PLAYER, f"{color} has more than 12 dice out")
        require(markers[color] <= MARKERS_PER_PLAYER, f"{color} has more than 10 markers out")
    require(set(dice) | set(markers) <= set(colors), "a die or marker belongs to nobody seated")
    companies = Counter(t.company for t in state.tiles.values())
    require(
        all(n <= TILES_PER_COMPANY for n in companies.values()), "more than 9 tiles of a company"
    )
    require(not set(state.lots) & set(state.tiles), "a lot has both a marker and a tile")
    require(set(state.lots) | set(state.tiles) <= set(BOARD.lots), "something is off the board")
    if state.f_block_unused:
        used = {lot for lot in (*state.lots, *state.tiles) if BOARD.lots[lot].block == "F"}
        require(not used, "block F is used in a 2-player game")
    for tile in state.tiles.values():
        require(1 <= tile.height <= state.max_height, "a casino is taller than allowed")

    where = casino_map(state)
    for casino in all_casinos(state):
        members = set(casino.lots)
        for lot in casino.lots:
            tile = state.tiles[lot]
            require(
                (tile.company, tile.height) == (casino.company, casino.height),
                f"casino {casino.name} mixes companies or heights",
            )
            for near in BOARD.lots[lot].neighbors:
                other = state.tiles.get(near)
                if other and (other.company, other.height) == (tile.company, tile.height):
                    require(near in members, f"{lot} and {near} should be one casino")
        require(_connected(casino.lots), f"casino {casino.name} is not connected")
        require(not tied_top(state, casino), f"casino {casino.name} has a tie for boss")
    require(len(where) == len(state.tiles), "a tile is in no casino")

    cards = Counter(state.deck)
    require(all(n == 1 for n in cards.values()), "a card is in the deck twice")
    require(set(state.deck) <= set(BOARD.cards), "an unknown card is in the deck")
    require(state.over or GAME_OVER in state.deck or not state.deck, "the Game Over card is lost")
    require(not state.over or bool(state.winners), "a finished game has no winner")
    require(state.over or not state.winners, "a game in progress has winners")
    require(len(set(state.reorganized)) == len(state.reorganized), "a lot reorganized twice")


def _connected(lots: tuple[str, ...]) -> bool:
    members = set(lots)
    seen = {lots[0]}
    frontier = [lots[0]]
    while frontier:
        lot = frontier.pop()
        for near in BOARD.lots[lot].neighbors:
            if near in members and near not in seen:
                seen.add(near)
                frontier.append(near)
    return seen == members
