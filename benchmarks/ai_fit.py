"""Fit the forecast's rates (`engine/lords_of_vegas/ai/forecast.py`) to real game endings.

    python -m benchmarks.ai_fit [--games 4000] [--seed 100000] [--jobs 2]

Plays two-player normal-vs-normal games (updated edition), notes every position in
which a player is about to act on their turn, and, once each game is over, pairs the
difference between the two players' ledgers there with the final points margin, from
each player's side. For each stage of the game it fits the margin to those differences
by least squares (with a touch of ridge, so that rare parts stay tame), then prints the
rows of `RATES` and how much of the margin's variance (R²) the fit explains, against the
hand-made evaluation's standing (scaled as well as it can be) on the same positions.
The shipped rates come from the defaults: 4000 games, seeds 100000 to 103999.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engine.lords_of_vegas.actions import Action, Color
from engine.lords_of_vegas.ai.forecast import PARTS, RATES, STAGE_CARDS, parts, stage, weigh
from engine.lords_of_vegas.ai.players import AiPlayer
from engine.lords_of_vegas.ai.value import ledgers, standing
from engine.lords_of_vegas.ai.view import outlook
from engine.lords_of_vegas.state import GameState
from engine.lords_of_vegas.tournament import Results, play_game

RIDGE = 1e-3
# One sample: stage, the player's ledger minus the rival's, the hand-made standing, and
# (once the game is over) the final points margin.
Sample = tuple[int, tuple[float, ...], float, float]
# One position: its stage, each player's ledger numbers and hand-made standing.
Note = tuple[int, dict[Color, tuple[float, ...]], dict[Color, float]]


@dataclass
class Recorder(AiPlayer):
    """Normal, noting each position in which it is about to act on its turn."""

    notes: list[Note] = field(default_factory=list)

    def act(self, state: GameState, color: Color) -> Action | None:
        """Note the position, then act as normal does."""
        view = outlook(state)
        if not state.pending and not state.offers and view.draws_left > 0:
            books = {c: parts(book) for c, book in ledgers(state, view).items()}
            hand = {c: standing(state, c, view) for c in books}
            self.notes.append((stage(view.draws_left), books, hand))
        return super().act(state, color)


def play_one(seed: int) -> list[Sample]:
    """One normal-vs-normal game's samples, from both players' sides."""
    notes: list[Note] = []

    def make(seat: str, player_seed: int) -> AiPlayer:
        return Recorder(seed=player_seed, notes=notes)

    final = play_game(["normal", "normal"], seed, "updated", Results(), make=make)
    points = {p.color: p.points for p in final.players}
    samples: list[Sample] = []
    for row, books, hand in notes:
        for me, rival in (tuple(books), tuple(reversed(books))):
            diff = tuple(a - b for a, b in zip(books[me], books[rival], strict=True))
            samples.append((row, diff, hand[me], points[me] - points[rival]))
    return samples


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix · x = vector (Gauss-Jordan with partial pivoting)."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col and rows[r][col]:
                k = rows[r][col] / rows[col][col]
                rows[r] = [a - k * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def fit(samples: list[Sample]) -> list[float]:
    """Ridge least-squares rates: the margin from the ledger differences."""
    size = len(PARTS)
    gram = [[0.0] * size for _ in range(size)]
    moment = [0.0] * size
    for _, x, _, margin in samples:
        for i in range(size):
            moment[i] += x[i] * margin
            row = gram[i]
            for j in range(size):
                row[j] += x[i] * x[j]
    for i in range(size):
        gram[i][i] += RIDGE * len(samples)
    return solve(gram, moment)


def explained(predictions: list[float], margins: list[float]) -> float:
    """R² about zero (the margins average zero: every game counts from both sides)."""
    residual = sum((m - p) ** 2 for p, m in zip(predictions, margins, strict=True))
    return 1.0 - residual / sum(m * m for m in margins)


def main() -> None:
    """Play the games, fit each stage and print the rates and how well they predict."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    by_stage: list[list[Sample]] = [[] for _ in RATES]
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for game in pool.map(play_one, seeds, chunksize=8):
            for sample in game:
                by_stage[sample[0]].append(sample)
    print(f"{args.games} games; R² of the final margin: forecast vs hand-made standing")
    rows = []
    for row, samples in enumerate(by_stage):
        rates = fit(samples)
        margins = [s[3] for s in samples]
        hand = [s[2] for s in samples]
        scale = sum(h * m for h, m in zip(hand, margins, strict=True)) / sum(h * h for h in hand)
        ours = explained([weigh(rates, s[1]) for s in samples], margins)
        theirs = explained([scale * h for h in hand], margins)
        print(
            f"  cards {row * STAGE_CARDS:>2}+: {len(samples):6} positions, "
            f"R² {ours:.3f} vs {theirs:.3f}"
        )
        rows.append(rates)
    print("RATES = (")
    for rates in rows:
        print("    (" + ", ".join(f"{r:.4f}" for r in rates) + "),")
    print(")")


if __name__ == "__main__":
    main()
