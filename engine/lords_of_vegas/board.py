"""The printed board: lots, blocks, companies, property cards and the scoring track.

The facts live in `data/board.json`, validated once on import. Everything here is
static: nothing about a game in progress.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from typing import Final, Literal, get_args

from pydantic import BaseModel, ConfigDict, model_validator

Company = Literal["albion", "sphinx", "vega", "tivoli", "pioneer"]
COMPANIES: Final[tuple[Company, ...]] = get_args(Company)
CardKind = Literal["albion", "sphinx", "vega", "tivoli", "pioneer", "strip"]
GAME_OVER: Final = "GAME_OVER"
TILES_PER_COMPANY: Final = 9
STRIP_CARDS: Final = 3


class _Facts(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CompanyFacts(_Facts):
    """A development company: the casino colour players build."""

    id: Company
    name: str
    color: str
    aliases: list[str]


class BlockFacts(_Facts):
    """A city block of lots, three columns wide, on one side of The Strip."""

    id: Literal["A", "B", "C", "D", "E", "F"]
    side: Literal["west", "east"]
    cols: int
    rows: int
    streets: dict[str, str]
    row_top: list[float]


class LotFacts(_Facts):
    """One printed lot: build price ($m), printed die, and the company on its card."""

    id: str
    price: int
    die: int
    card: CardKind


class StripFacts(_Facts):
    """The Strip and which blocks lie on each side of it, top to bottom."""

    name: str
    west_blocks: list[str]
    east_blocks: list[str]


class BoardFacts(_Facts):
    """The whole data file, checked for internal consistency when loaded."""

    about: str
    companies: list[CompanyFacts]
    price_by_die: dict[int, int]
    strip: StripFacts
    blocks: list[BlockFacts]
    lots: list[LotFacts]
    scoring_track: list[int]

    @model_validator(mode="after")
    def _consistent(self) -> BoardFacts:
        if [c.id for c in self.companies] != list(COMPANIES):
            raise ValueError("companies must be exactly " + ", ".join(COMPANIES))
        ids = [lot.id for lot in self.lots]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate lot ids")
        for block in self.blocks:
            expected = [f"{block.id}{n}" for n in range(1, block.cols * block.rows + 1)]
            if [i for i in ids if i[0] == block.id] != expected:
                raise ValueError(f"block {block.id} must list lots {expected[0]}..{expected[-1]}")
            if len(block.row_top) != block.rows:
                raise ValueError(f"block {block.id} needs one row_top per row")
        for lot in self.lots:
            if self.price_by_die.get(lot.die) != lot.price:
                raise ValueError(f"{lot.id}: price {lot.price} does not match die {lot.die}")
        cards = Counter(lot.card for lot in self.lots)
        if any(cards[c] != TILES_PER_COMPANY for c in COMPANIES) or cards["strip"] != STRIP_CARDS:
            raise ValueError(f"expected 9 cards per company and 3 Strip cards, got {cards}")
        track = self.scoring_track
        if track[0] != 0 or track != sorted(set(track)):
            raise ValueError("the scoring track must start at 0 and rise strictly")
        return self


@dataclass(frozen=True, slots=True)
class Lot:
    """A lot with its position and derived facts (neighbours, Strip edge)."""

    id: str
    block: str
    number: int
    row: int
    col: int
    price: int
    die: int
    card: CardKind
    strip_edge: bool
    neighbors: tuple[str, ...]
    order: int


@dataclass(frozen=True, slots=True)
class Board:
    """The board facts in the shapes the rules need."""

    facts: BoardFacts
    lots: dict[str, Lot]
    order: tuple[str, ...]
    blocks: dict[str, BlockFacts]
    companies: dict[Company, CompanyFacts]
    track: tuple[int, ...]

    def lot(self, lot_id: str) -> Lot:
        """Return the lot with this id (which must exist)."""
        return self.lots[lot_id]

    @property
    def cards(self) -> tuple[str, ...]:
        """Every property card: one per lot plus the Game Over card."""
        return (*self.order, GAME_OVER)


def _build(facts: BoardFacts) -> Board:
    blocks: dict[str, BlockFacts] = {b.id: b for b in facts.blocks}
    lots: dict[str, Lot] = {}
    for index, raw in enumerate(facts.lots):
        block = blocks[raw.id[0]]
        number = int(raw.id[1:])
        row, col = (number - 1) // block.cols + 1, (number - 1) % block.cols + 1
        neighbors = []
        for r, c in ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col)):
            if 1 <= r <= block.rows and 1 <= c <= block.cols:
                neighbors.append(f"{block.id}{(r - 1) * block.cols + c}")
        strip_col = block.cols if block.side == "west" else 1
        lots[raw.id] = Lot(
            id=raw.id,
            block=block.id,
            number=number,
            row=row,
            col=col,
            price=raw.price,
            die=raw.die,
            card=raw.card,
            strip_edge=col == strip_col,
            neighbors=tuple(neighbors),
            order=index,
        )
    return Board(
        facts=facts,
        lots=lots,
        order=tuple(lots),
        blocks=blocks,
        companies={c.id: c for c in facts.companies},
        track=tuple(facts.scoring_track),
    )


def load_board() -> Board:
    """Read and validate the packaged board data file."""
    text = resources.files(__package__).joinpath("data/board.json").read_text("utf-8")
    return _build(BoardFacts.model_validate(json.loads(text)))


BOARD: Final = load_board()


def company_name(company: Company) -> str:
    """The company's short display name, e.g. `Sphinx`."""
    return company.capitalize()
