"""Shared rule checks that raise `IllegalAction` with a message a player can act on."""

from __future__ import annotations

from engine.words import count

from .actions import Color
from .board import BOARD, Company, company_name
from .casino import Casino, boss_of, casino_at, dice_in
from .errors import IllegalAction
from .state import GameState
from .supply import dice_left, tiles_left


def money(amount: int) -> str:
    """Format millions of dollars the way the board does: `$9m`."""
    return f"${amount}m"


def require_lot(state: GameState, lot: str) -> None:
    """The lot exists on the board and is in play."""
    if lot not in BOARD.lots:
        raise IllegalAction(f"There is no lot {lot} on the board.")
    if state.f_block_unused and BOARD.lots[lot].block == "F":
        raise IllegalAction(f"{lot} is on block F, which is not used in a 2-player game.")


def require_casino(state: GameState, lot: str) -> Casino:
    """The casino on `lot`; refuses empty lots and parking lots."""
    require_lot(state, lot)
    casino = casino_at(state, lot)
    if casino is None:
        what = "a parking lot" if lot in state.lots else "an empty lot"
        raise IllegalAction(f"There is no casino at {lot}: it is {what}.")
    return casino


def require_boss(state: GameState, player: Color, lot: str) -> Casino:
    """The casino on `lot`, which `player` must boss."""
    casino = require_casino(state, lot)
    boss = boss_of(state, casino)
    if boss == player:
        return casino
    where = f"the casino at {lot}"
    if boss is None:
        raise IllegalAction(f"Nobody is the boss of {where}: it has no dice.")
    dice = dice_in(state, casino)
    top = max(pips for _, _, pips in dice)
    mine = [pips for _, owner, pips in dice if owner == player]
    if mine:
        raise IllegalAction(
            f"You are not the boss of {where} ({boss}'s {top} beats your {max(mine)})."
        )
    raise IllegalAction(f"You are not the boss of {where}: {boss} is, and you have no die there.")


def require_money(state: GameState, player: Color, cost: int, what: str) -> None:
    """`player` can pay `cost` for `what`."""
    have = state.player(player).money
    if have < cost:
        raise IllegalAction(f"{what} costs {money(cost)} and you have {money(have)}.")


def require_tiles(state: GameState, company: Company, needed: int) -> None:
    """Enough `company` tiles remain off the board."""
    left = tiles_left(state, company)
    if left < needed:
        name = company_name(company)
        if left == 0:
            raise IllegalAction(f"All 9 {name} tiles are on the board.")
        are = "is" if left == 1 else "are"
        raise IllegalAction(
            f"This needs {count(needed, f'{name} tile')} and only {left} {are} left."
        )


def require_die_source(state: GameState, player: Color, using: str | None) -> str | None:
    """Which of the player's dice a new tile takes, when their 12 are all on the board."""
    if dice_left(state, player) > 0:
        if using is not None:
            raise IllegalAction(
                "You still have dice in your supply; `using` is only for when all 12 "
                "are on the board."
            )
        return None
    if using is None:
        raise IllegalAction(
            "All 12 of your dice are on the board: add `using <lot>` to say which one to move."
        )
    require_lot(state, using)
    tile = state.tiles.get(using)
    if tile is None or tile.die is None or tile.die.owner != player:
        raise IllegalAction(f"{using} does not hold one of your dice.")
    return using
