"""The `/lov` slash commands: lobby, actions, decisions, trades, information, abandon.

The lobby, `settings`, `log`, `export` and `abandon` are the core's shared subcommands
(bot/shared_commands.py), in this game's words. The handlers here stay thin: they turn
options into the engine's command notation and hand the work to the core's
`TableCommands`, or answer from the game (board, status, rules). Refusals (not your
turn, illegal move, bad input) are raised as `Refusal` or `NotationError` and answered
privately by `on_error`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

import discord
from discord import app_commands

from bot import replies
from bot.game import HostedGame, Refusal
from bot.host import Host
from bot.options import TableOptions
from bot.posts import BOARD_FILE, GREEN_FELT, Post
from bot.shared_commands import GameGroup, TableWords
from bot.store import Game
from bot.table_commands import WAITS
from engine.lords_of_vegas import Color, GameState, decisions_owed, parse_command
from engine.lords_of_vegas.guide import TOPICS, Topic, guide
from engine.lords_of_vegas.state import (
    Decision,
    Edition,
    LayoffDecision,
    PlaceDecision,
    TakeDieDecision,
)

from . import choices, posts
from .builder import Builder
from .names import chat_names, plain_names

Interaction = discord.Interaction[Any]
EDITIONS: Final = [
    app_commands.Choice(name="Updated edition (2-6 players, with raise)", value="updated"),
    app_commands.Choice(name="Classic 2010 edition (2-4 players, lay-off bets)", value="classic"),
]
COLORS: Final = [
    app_commands.Choice(name=c, value=c)
    for c in ("red", "blue", "green", "yellow", "purple", "black")
]
COMPANIES: Final = [
    app_commands.Choice(name="Albion (purple)", value="albion"),
    app_commands.Choice(name="Sphinx (gold)", value="sphinx"),
    app_commands.Choice(name="Vega (aqua)", value="vega"),
    app_commands.Choice(name="Tivoli (silver)", value="tivoli"),
    app_commands.Choice(name="Pioneer (brown)", value="pioneer"),
]
IMAGES: Final = [
    app_commands.Choice(name="after every turn", value="turn"),
    app_commands.Choice(name="after every action too", value="action"),
]
ON_TIMEOUT: Final = [
    app_commands.Choice(name="a computer player plays the rest of the turn", value="ai"),
    app_commands.Choice(name="the turn simply ends", value="end"),
]
AI_LEVELS: Final = [
    app_commands.Choice(name="easy: plausible, quick", value="easy"),
    app_commands.Choice(name="normal: weighs every move", value="normal"),
    app_commands.Choice(name="hard: plays out possible futures", value="hard"),
]
TOPIC_CHOICES: Final = [app_commands.Choice(name=t, value=t) for t in TOPICS]
# The core's shared subcommands (join, settings, log...) in this game's words.
WORDS: Final = TableWords(
    colors=COLORS, levels=AI_LEVELS, timeout_choices=ON_TIMEOUT, image_choices=IMAGES
)
# `/lov`'s subcommands, as Discord lists them (it allows 25): the trade commands are one
# group (`/lov trade offer|accept|decline|withdraw`), which leaves room for more.
MENU: Final = (
    *("new", "join", "leave", "addbot", "kick", "start", "settings"),
    *("build", "sprawl", "remodel", "reorganize", "raise", "gamble", "end", "decide"),
    *("undo", "trade"),
    *("board", "status", "log", "export", "rules", "abandon"),
)

# What a rules topic's notation is as slash commands here.
HERE: Final = {
    "trade": (
        "\n\nHere: `/lov trade offer` (menus, or the steps typed as `terms:`), then "
        "`/lov trade accept`, `/lov trade decline` or `/lov trade withdraw` with the offer's "
        "number (or its buttons)."
    ),
}

Completer = Callable[[GameState, Color, Game], list[app_commands.Choice[str]]]


def command_for(decision: Decision, answer: str) -> str:
    """The engine command for a typed answer to a pending decision."""
    if isinstance(decision, PlaceDecision):
        return f"place {answer}"
    if isinstance(decision, LayoffDecision):
        return f"layoff {answer}"
    what = "die" if isinstance(decision, TakeDieDecision) else "marker"
    return f"take {what} {answer}"


def _option(value: str | None, keyword: str) -> str:
    return f" {keyword} {value}" if value else ""


class LordsOfVegasCommands(GameGroup):
    """The `/lov` command group."""

    def __init__(self, host: Host, hosted: HostedGame) -> None:
        super().__init__(
            host,
            hosted,
            name="lov",
            description="Play Lords of Vegas in this channel",
            menu=MENU,
            words=WORDS,
        )

    # Lobby ---------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a Lords of Vegas game in this channel")
    @app_commands.describe(
        edition="Which rules (default: the updated edition)",
        images="When to post the board image (default: after every turn)",
        offers="How long a trade offer stays open (default: 24 hours)",
        decisions="How long a decision waits before its default applies (default: 24 hours)",
        thread="True: the game gets a public thread of its own, so this channel stays free",
    )
    @app_commands.choices(edition=EDITIONS, images=IMAGES, offers=WAITS, decisions=WAITS)
    async def new(
        self,
        interaction: Interaction,
        edition: app_commands.Choice[str] | None = None,
        images: app_commands.Choice[str] | None = None,
        offers: app_commands.Choice[str] | None = None,
        decisions: app_commands.Choice[str] | None = None,
        thread: bool = False,
    ) -> None:
        """Open a lobby; the creator hosts it and takes a seat."""
        chosen = cast(Edition, edition.value if edition else "updated")
        options = TableOptions().changed(
            images=images.value if images else None,
            offer_hours=float(offers.value) if offers else None,
            decision_hours=float(decisions.value) if decisions else None,
        )
        game = await self.table.open_lobby(interaction, chosen, options, thread=thread)
        text = (
            f"{chat_names(game)[cast(Color, game.seats[0].color)]} opened a game of "
            f"Lords of Vegas ({chosen} edition). Join with `/lov join`; the host starts it "
            f"with `/lov start` (and may set a turn timer with `/lov settings` first)."
            f"\n{self.table.lobby_lines(game)}"
        )
        await self.table.announce_lobby(interaction, game, text)

    # Turn actions --------------------------------------------------------------------

    @app_commands.command(name="build", description="Build a casino tile on your parking lot")
    @app_commands.describe(
        lot="Your parking lot",
        company="The casino's company",
        using="Only when all 12 of your dice are out: the die to move",
    )
    @app_commands.choices(company=COMPANIES)
    async def build(
        self,
        interaction: Interaction,
        lot: str,
        company: app_commands.Choice[str],
        using: str | None = None,
    ) -> None:
        """Build on one of your parking lots."""
        await self._play(interaction, f"build {lot} {company.value}{_option(using, 'using')}")

    @app_commands.command(name="sprawl", description="Grow a casino you boss into an empty lot")
    @app_commands.describe(
        lot="The empty lot to sprawl into",
        origin="The casino to sprawl from, when the lot touches several of yours",
        using="Only when all 12 of your dice are out: the die to move",
    )
    @app_commands.rename(origin="from")
    async def sprawl(
        self,
        interaction: Interaction,
        lot: str,
        origin: str | None = None,
        using: str | None = None,
    ) -> None:
        """Sprawl into a neighbouring empty lot."""
        text = f"sprawl {lot}{_option(origin, 'from')}{_option(using, 'using')}"
        await self._play(interaction, text)

    @app_commands.command(name="remodel", description="Change the company of a casino you boss")
    @app_commands.describe(lot="Any lot of the casino", company="The new company")
    @app_commands.choices(company=COMPANIES)
    async def remodel(
        self, interaction: Interaction, lot: str, company: app_commands.Choice[str]
    ) -> None:
        """Remodel a casino."""
        await self._play(interaction, f"remodel {lot} {company.value}")

    @app_commands.command(name="reorganize", description="Reroll every die in a casino")
    @app_commands.describe(lot="Any lot of a casino where you have a die")
    async def reorganize(self, interaction: Interaction, lot: str) -> None:
        """Reorganize a casino."""
        await self._play(interaction, f"reorganize {lot}")

    @app_commands.command(name="raise", description="Add a riser under a casino you boss")
    @app_commands.describe(lot="Any lot of the casino")
    async def raise_(self, interaction: Interaction, lot: str) -> None:
        """Raise a casino (updated edition)."""
        await self._play(interaction, f"raise {lot}")

    @app_commands.command(name="gamble", description="Bet at another player's casino")
    @app_commands.describe(lot="Any lot of the casino", amount="Your bet, in millions")
    async def gamble(
        self, interaction: Interaction, lot: str, amount: app_commands.Range[int, 1, 500]
    ) -> None:
        """Gamble once this turn."""
        await self._play(interaction, f"gamble {lot} {amount}")

    @app_commands.command(name="end", description="End your turn; the next player draws")
    async def end(self, interaction: Interaction) -> None:
        """End the turn."""
        await self._play(interaction, "end")

    # Decisions -----------------------------------------------------------------------

    @app_commands.command(name="decide", description="Answer what the game asks of you")
    @app_commands.describe(
        answer="Placement (A2=5 A5=1), yes/no to lay off, or the lot of the die/marker to move"
    )
    async def decide(self, interaction: Interaction, answer: str) -> None:
        """Answer your pending decision by typing (the prompt's menus do the same)."""
        game = await self._started(interaction)
        seat = await self.table.seat(interaction)
        state: GameState = game.state()
        owed = decisions_owed(state, cast(Color, seat[1])) if seat is not None else []
        if not owed:
            raise Refusal("The game is not waiting for a decision from you.")
        await self._play(interaction, command_for(owed[0], answer))

    # Take-backs ------------------------------------------------------------------------

    @app_commands.command(
        name="undo", description="Take back your last build, sprawl, remodel or raise this turn"
    )
    async def undo(self, interaction: Interaction) -> None:
        """Take back your latest move that may be (the engine says which, or why not)."""
        await self.table.take_back(interaction)

    # Trades (`/lov trade ...`) -------------------------------------------------------

    trade = app_commands.Group(
        name="trade", description="Trade offers: make one, accept, decline or withdraw it"
    )

    @trade.command(
        name="offer", description="Offer a trade: with menus, or type the steps as terms"
    )
    @app_commands.describe(
        terms="Optional: steps separated by ';', e.g. red pays blue 5; blue gives red lot C4"
    )
    async def offer(
        self, interaction: Interaction, terms: app_commands.Range[str, 1, 1000] | None = None
    ) -> None:
        """Open the trade builder, or propose the typed steps at once."""
        if terms is None:
            await Builder(self.host).open(interaction)
            return
        await self._play(interaction, f"offer {terms}")

    @trade.command(name="accept", description="Accept a trade offer")
    @app_commands.describe(offer="The offer's number")
    async def accept(self, interaction: Interaction, offer: app_commands.Range[int, 1]) -> None:
        """Accept an offer; it runs when every party has."""
        await self._play(interaction, f"accept {offer}")

    @trade.command(name="decline", description="Decline a trade offer")
    @app_commands.describe(offer="The offer's number")
    async def decline(self, interaction: Interaction, offer: app_commands.Range[int, 1]) -> None:
        """Decline an offer, which ends it."""
        await self._play(interaction, f"decline {offer}")

    @trade.command(name="withdraw", description="Withdraw your trade offer")
    @app_commands.describe(offer="The offer's number")
    async def withdraw(self, interaction: Interaction, offer: app_commands.Range[int, 1]) -> None:
        """Withdraw an offer you made."""
        await self._play(interaction, f"withdraw {offer}")

    # Information ---------------------------------------------------------------------

    @app_commands.command(name="board", description="Show the current board")
    async def board(self, interaction: Interaction) -> None:
        """Post the board image."""
        game = await self._started(interaction)
        await replies.defer(interaction)
        state: GameState = game.state()
        title = f"Turn {state.turn}" if game.is_open else f"Final board (turn {state.turn})"
        embed = discord.Embed(title=title, color=GREEN_FELT)
        embed.set_image(url=f"attachment://{BOARD_FILE}")
        await replies.send(interaction, Post("", embed, await posts.board_image(game, state)))

    @app_commands.command(name="status", description="Players, money, points, cards and offers")
    async def status(self, interaction: Interaction) -> None:
        """Show the status embed (of the channel's last game, once it has ended)."""
        game = await self.tables.shown_game(self.table.channel(interaction))
        if game.status == "lobby":
            await replies.send(interaction, Post(f"In the lobby. {self.table.lobby_lines(game)}"))
            return
        state: GameState = game.state()
        timer = await self.tables.store.turn_timer(game.id)
        deadline = None
        if timer is not None and (timer.turn, timer.player) == (state.turn, state.current):
            deadline = timer.expires_at
        links = {
            prompt.ref: f"https://discord.com/channels/{game.guild_id}/{prompt.channel_id}/"
            f"{prompt.message_id}"
            for prompt in await self.tables.store.open_prompts(game.id)
            if prompt.kind == "offer"
        }
        embed = posts.status_embed(game, state, deadline, links)
        await replies.send(interaction, Post("", embed))

    @app_commands.command(name="rules", description="A short guide to the rules")
    @app_commands.describe(topic="What to explain (default: an overview)")
    @app_commands.choices(topic=TOPIC_CHOICES)
    async def rules(
        self, interaction: Interaction, topic: app_commands.Choice[str] | None = None
    ) -> None:
        """Explain a rule in our own words, for this channel's edition."""
        game = await self.tables.store.open_game(self.table.channel(interaction))
        mine = game is not None and game.kind == self.table.hosted.kind
        edition = cast(Edition, game.edition if game and mine else "updated")
        chosen = cast(Topic, topic.value if topic else "overview")
        others = ", ".join(t for t in TOPICS if t != chosen)
        embed = discord.Embed(
            title=f"Lords of Vegas: {chosen} ({edition} edition)",
            description=(
                f"{guide(chosen, edition)}{HERE.get(chosen, '')}\n\nMore: `/lov rules` {others}."
            ),
            color=GREEN_FELT,
        )
        await replies.send(interaction, Post("", embed), ephemeral=True)

    # Autocomplete --------------------------------------------------------------------

    @build.autocomplete("lot")
    async def _build_lot(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, lambda s, c, g: choices.build_lots(s, c, current))

    @build.autocomplete("using")
    async def _build_using(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lot = interaction.namespace.lot
        return await self._complete(
            interaction, lambda s, c, g: choices.die_sources(s, c, "build", lot, current)
        )

    @sprawl.autocomplete("lot")
    async def _sprawl_lot(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, lambda s, c, g: choices.sprawl_lots(s, c, current))

    @sprawl.autocomplete("origin")
    async def _sprawl_origin(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lot = interaction.namespace.lot
        return await self._complete(
            interaction, lambda s, c, g: choices.sprawl_origins(s, c, lot, current)
        )

    @sprawl.autocomplete("using")
    async def _sprawl_using(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lot = interaction.namespace.lot
        return await self._complete(
            interaction, lambda s, c, g: choices.die_sources(s, c, "sprawl", lot, current)
        )

    @remodel.autocomplete("lot")
    async def _remodel_lot(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._complete(
            interaction, lambda s, c, g: choices.bossed_casinos(s, c, "remodel", current)
        )

    @raise_.autocomplete("lot")
    async def _raise_lot(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._complete(
            interaction, lambda s, c, g: choices.bossed_casinos(s, c, "raise", current)
        )

    @reorganize.autocomplete("lot")
    async def _reorganize_lot(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._complete(
            interaction, lambda s, c, g: choices.reorganizable(s, c, current)
        )

    @gamble.autocomplete("lot")
    async def _gamble_lot(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._complete(
            interaction, lambda s, c, g: choices.gamble_casinos(s, c, current)
        )

    @decide.autocomplete("answer")
    async def _decide(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, lambda s, c, g: choices.answers(s, c, current))

    @accept.autocomplete("offer")
    async def _accept(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self._complete_offers(interaction, "accept", current)

    @decline.autocomplete("offer")
    async def _decline(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self._complete_offers(interaction, "decline", current)

    @withdraw.autocomplete("offer")
    async def _withdraw(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await self._complete_offers(interaction, "withdraw", current)

    # Helpers -------------------------------------------------------------------------

    async def _play(self, interaction: Interaction, command: str) -> None:
        """Apply a command for the player who sent it and announce the result."""
        await self.table.play(interaction, parse_command(command))

    async def _started(self, interaction: Interaction) -> Game:
        """The channel's game under way, or the last one, once it has ended."""
        return await self.table.started(interaction)

    async def _seat(self, interaction: Interaction) -> tuple[GameState, Color, Game] | None:
        seat = await self.table.seat(interaction)
        if seat is None:
            return None
        game, color = seat
        return game.state(), cast(Color, color), game

    async def _complete(
        self, interaction: Interaction, completer: Completer
    ) -> list[app_commands.Choice[str]]:
        seat = await self._seat(interaction)
        return [] if seat is None else completer(*seat)

    async def _complete_offers(
        self, interaction: Interaction, kind: str, current: str
    ) -> list[app_commands.Choice[int]]:
        seat = await self._seat(interaction)
        if seat is None:
            return []
        state, color, game = seat
        return choices.offers(state, color, kind, plain_names(game), current)
