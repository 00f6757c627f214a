"""How much of a two-player game is skill: normal told the deck order, against normal.

    python -m benchmarks.ai_ceiling [--games 400] [--seed 300000] [--jobs 2] [--level normal]

A measuring stick, not a level anyone can play: the "seer" is normal (same evaluation,
same search) except that it knows the real order of the deck, so it knows how often each
company will still score and which lots' cards will come before the game ends. No fair
player knows more about the cards, so its win rate against a level shows how far
knowledge of the cards alone can carry a player past it; the luck of the dice stays.
Each deal is played once per seat rotation, as with the tournament's `--duplicate`.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engine.lords_of_vegas.ai.players import AiPlayer
from engine.lords_of_vegas.ai.view import Outlook, expected_scorings
from engine.lords_of_vegas.board import GAME_OVER
from engine.lords_of_vegas.state import GameState
from engine.lords_of_vegas.tournament import Results, play_game, report, schedule, seat_player

SEER = "seer"


@dataclass
class Seer(AiPlayer):
    """Normal, told the real deck order (see the module's explanation)."""

    # Its trial copies keep the real deck: the order is what it knows.
    imagined: bool = True

    def look(self, state: GameState) -> Outlook:
        """Exact expectations: the cards that really come before the Game Over card."""
        deck = state.deck
        coming = deck[: deck.index(GAME_OVER)] if GAME_OVER in deck else list(deck)
        scorings = expected_scorings(coming, 1.0, GAME_OVER in deck)
        return Outlook(len(coming), scorings, 1.0, frozenset(coming))


def make(seat: str, seed: int) -> AiPlayer:
    """The seer for the seat named "seer", otherwise the tournament's seat."""
    return Seer(seed=seed) if seat == SEER else seat_player(seat, seed)


def play_one(table: tuple[list[str], int]) -> Results:
    """One game of the seer against the level; its results."""
    seats, seed = table
    results = Results()
    play_game(seats, seed, "updated", results, make=make)
    return results


def main() -> None:
    """Play the seer against a level and print the win rates."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=300_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--level", default="normal", help="the seat the seer plays against")
    args = parser.parse_args()
    tables = schedule([SEER, args.level], args.games, args.seed, duplicate=True)
    results = Results()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for part in pool.map(play_one, tables, chunksize=4):
            results.merge(part)
    print(report(results))


if __name__ == "__main__":
    main()
