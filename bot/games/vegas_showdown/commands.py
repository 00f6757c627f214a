"""The `/vs` slash commands: lobby, actions, placements, information, abandon.

The lobby, `settings`, `log`, `export` and `abandon` are the core's shared subcommands
(bot/shared_commands.py), in this game's words. The handlers here stay thin: they turn
options into the engine's command notation and hand the work to the core's
`TableCommands`, or answer from the game (board, sheet, status, rules). Refusals are
raised as `Refusal` or `NotationError` and answered privately by `on_error`. Discord
allows 25 subcommands in a group; this one has 24.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import discord
from discord import app_commands
from discord.app_commands import Command

from bot import drawing, replies
from bot.game import HostedGame, Refusal
from bot.host import Host
from bot.options import TableOptions
from bot.posts import GREEN_FELT, Post
from bot.seats import seat_colors
from bot.shared_commands import GameGroup, TableWords
from bot.store import Game
from bot.table_commands import WAITS
from engine.vegas_showdown import Action, Color, GameState, NotationError, parse_command
from engine.vegas_showdown.actions import BID_TARGETS, Place, Remove
from engine.vegas_showdown.guide import TOPICS, Topic, guide
from engine.vegas_showdown.notation import parse_sheet_cell
from engine.vegas_showdown.tables import tile_name
from engine.words import and_list
from render.vegas_showdown import render_sheet

from . import choices, placing, posts, refusals
from .names import chat_names, plain_names

Interaction = discord.Interaction[Any]
T = TypeVar("T", str, int)
# When the round picture is posted, for each `images` choice: as `new` and `settings`
# offer it, and as the settings read it back.
IMAGE_WORDS: Final = {"turn": "after every round", "action": "after every action too"}
IMAGES: Final = [app_commands.Choice(name=words, value=v) for v, words in IMAGE_WORDS.items()]
ON_TIMEOUT: Final = [
    app_commands.Choice(name="a computer player plays for the seat", value="ai"),
    app_commands.Choice(name="Renovate and the default placements", value="end"),
]
AI_LEVELS: Final = [
    app_commands.Choice(name="easy: plausible, quick", value="easy"),
    app_commands.Choice(name="normal: weighs what each tile will earn", value="normal"),
    app_commands.Choice(name="hard: plays out possible futures", value="hard"),
]
SIZES: Final = [app_commands.Choice(name=s, value=s) for s in ("small", "medium", "large")]
TOPIC_CHOICES: Final = [app_commands.Choice(name=t, value=t) for t in TOPICS]
# The core's shared subcommands (join, settings, log...) in this game's words; the
# colours are the game's five.
WORDS: Final = TableWords(
    start="Host: deal and start the game (3-5 players)",
    settings="The table's settings: turn timer, placement time, images",
    turn_timer="Host: how long each action choice and each round's placements may take",
    on_timeout="Host: what happens when the turn timer runs out",
    decisions="Host: how long a placement waits before its default applies",
    images="Host: when to post the round picture",
    levels=AI_LEVELS,
    timeout_choices=ON_TIMEOUT,
    image_choices=IMAGES,
)
# `/vs`'s subcommands, as Discord lists them (it allows 25).
MENU: Final = (
    *("new", "join", "leave", "addbot", "kick", "start", "settings", "abandon"),
    *("bid", "renovate", "publicity", "stack"),
    *("place", "reserve", "remove", "done", "undo", "cancel", "takeback"),
    *("board", "sheet", "status", "log", "export", "rules"),
)
SHEET_FILE: Final = "sheet.png"
# The rules guide writes moves in the engine's notation (`bid <space> <amount>`); here
# they are the /vs commands.
AS_COMMAND: Final = re.compile(
    r"`(bid|renovate|publicity|remove|place|reserve|done|undo|cancel|stack)\b"
)
# A usage in the guide, `/vs place <tile> <cell> <turn>`, once turned into a command.
USAGE: Final = re.compile(r"`/vs (\w+) ((?:<[^>]+> ?)+)`")
PROMPT_WORDS: Final = (
    "At the table you need not type: when you place, your prompt shows your sheet with every "
    "place the tile can go numbered; choose a number from its menu, look at the tile drawn "
    "there, and confirm. Typing, `where:` may be that number too."
)

Completer = Callable[[GameState, Color, Game], list[app_commands.Choice[T]]]


class VegasShowdownCommands(GameGroup):
    """The `/vs` command group."""

    def __init__(self, host: Host, hosted: HostedGame) -> None:
        super().__init__(
            host,
            hosted,
            name="vs",
            description="Play Vegas Showdown in this channel",
            menu=MENU,
            words=WORDS,
        )

    # Lobby ---------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a Vegas Showdown game in this channel")
    @app_commands.describe(
        images="When to post the round picture (default: after every round)",
        decisions="How long a placement waits before its default applies (default: 24 hours)",
        thread="True: the game gets a public thread of its own, so this channel stays free",
    )
    @app_commands.choices(images=IMAGES, decisions=WAITS)
    async def new(
        self,
        interaction: Interaction,
        images: app_commands.Choice[str] | None = None,
        decisions: app_commands.Choice[str] | None = None,
        thread: bool = False,
    ) -> None:
        """Open a lobby; the creator hosts it and takes a seat."""
        options = TableOptions().changed(
            images=images.value if images else None,
            decision_hours=float(decisions.value) if decisions else None,
        )
        game = await self.table.open_lobby(interaction, "standard", options, thread=thread)
        text = (
            f"{chat_names(game)[cast(Color, game.seats[0].color)]} opened a game of Vegas "
            "Showdown (3 to 5 players). Join with `/vs join`; the host may seat computer "
            "players with `/vs addbot` and starts it with `/vs start` (and may set a turn "
            "timer with `/vs settings` first). New to the "
            f"game? `/vs rules`.\n{self.table.lobby_lines(game)}"
        )
        await self.table.announce_lobby(interaction, game, text)

    # Actions -------------------------------------------------------------------------

    @app_commands.command(name="bid", description="Bid for a tile (autocomplete: open tracks)")
    @app_commands.describe(
        tile="The tile's track or premier space (autocomplete lists those open to you)",
        amount="Your bid: a space of that track, above any standing bid, within your cash",
    )
    async def bid(
        self, interaction: Interaction, tile: str, amount: app_commands.Range[int, 1, 999]
    ) -> None:
        """Put your bid marker on a track."""
        game = await self.table.started(interaction)
        state: GameState = game.state()
        stale = choices.moved_on(state, tile) if game.is_open else None
        if stale is not None:
            raise Refusal(stale)
        target = choices.resolve_target(state, tile)
        if target not in BID_TARGETS and not state.over:
            raise Refusal(choices.unknown_target(state, tile))
        await self._play(interaction, f"bid {target} {amount}")

    @app_commands.command(name="renovate", description="Choose Renovate this round")
    async def renovate(self, interaction: Interaction) -> None:
        """Take up to 2 tiles off your sheet and put up to 2 on, at once."""
        await self._play(interaction, "renovate")

    @app_commands.command(name="publicity", description="Choose Publicity: Fame now")
    async def publicity(self, interaction: Interaction) -> None:
        """Gain Fame now and place up to one reserve tile, at once."""
        await self._play(interaction, "publicity")

    @app_commands.command(name="stack", description="Pull Strings: choose the premier stack")
    @app_commands.describe(size="The stack whose top tile goes up for auction")
    @app_commands.choices(size=SIZES)
    async def stack(self, interaction: Interaction, size: app_commands.Choice[str]) -> None:
        """The button holder's Pull Strings choice (the prompt's buttons do the same)."""
        await self._play(interaction, f"stack {size.value}")

    # Placing -------------------------------------------------------------------------

    @app_commands.command(name="place", description="Put a tile on your sheet")
    @app_commands.describe(
        tile="The tile (autocomplete lists those you may place now)",
        where="Its number on your prompt's picture, or a cell and turn like c2 90",
    )
    async def place(self, interaction: Interaction, tile: str, where: str) -> None:
        """Place by typing (the prompt's menus do the same)."""
        game = await self.table.started(interaction)
        if not game.is_open:
            await self.tables.game_in(game.channel_id)  # refuses, saying how the game ended
        state: GameState = game.state()
        color = seat_colors(game).get(interaction.user.id)
        decision = placing.placement_decision(state, cast(Color, color)) if color else None
        chosen = choices.tile_of(tile)
        if color is None:
            raise Refusal("You are not playing in this game; watch along or join the next one.")
        if decision is None:
            raise Refusal(refusals.nothing_to_place(game, state, cast(Color, color)))
        offered = placing.tiles(state, decision)
        mine = and_list([f"the {tile_name(t)}" for t in offered]) or "nothing"
        if chosen is None:
            raise Refusal(
                f"{choices.quoted(tile)} is not a tile you can place now.{choices.tile_meant(tile)}"
                f" You can place {mine} (autocomplete lists them)."
            )
        if chosen not in placing.held(state, decision):
            raise Refusal(
                f"You have no {tile_name(chosen)} to place now: you can place {mine} "
                "(autocomplete lists them)."
            )
        ordered = placing.spots(state, decision, chosen)
        spot = placing.read_spot(where, chosen, ordered)
        if spot is None:
            typed = placing.typed_place(where, chosen)
            if typed is not None:  # a place the engine refuses: it says why
                await self._act(interaction, typed)
                return
            if not ordered:
                raise Refusal(f"The {tile_name(chosen)} cannot go anywhere on your sheet now.")
            raise Refusal(
                f"{choices.quoted(where)} is not a place for the {tile_name(chosen)}: give its "
                "number on your "
                f"prompt's picture (1 to {len(ordered)}) or a cell and turn like `c2 90`; "
                "autocomplete lists them."
            )
        await self._act(interaction, Place(tile=spot.tile, x=spot.x, y=spot.y, rot=spot.rot))

    @app_commands.command(name="reserve", description="Keep the tile you bought in reserve")
    async def reserve(self, interaction: Interaction) -> None:
        """Keep the bought tile off the sheet for now."""
        await self._play(interaction, "reserve")

    @app_commands.command(name="remove", description="Renovating: take a tile off your sheet")
    @app_commands.describe(cell="A cell the tile covers (autocomplete lists your tiles)")
    async def remove(self, interaction: Interaction, cell: str) -> None:
        """Take a tile off into your reserve."""
        try:
            x, y = parse_sheet_cell(cell.partition(":")[0].strip())
        except NotationError:
            game = await self.table.started(interaction)
            color = seat_colors(game).get(interaction.user.id)
            said = choices.unreadable_cell(game.state(), cast(Color | None, color), cell)
            raise Refusal(said) from None
        await self._act(interaction, Remove(x=x, y=y))

    @app_commands.command(name="done", description="Finish your renovation or Publicity placement")
    async def done(self, interaction: Interaction) -> None:
        """Finish with the sheet as it is (a renovation's sheet is checked now)."""
        await self._play(interaction, "done")

    @app_commands.command(name="undo", description="Renovating: start the renovation again")
    async def undo(self, interaction: Interaction) -> None:
        """Put the sheet and reserve back as they were when the renovation began."""
        await self._play(interaction, "undo")

    @app_commands.command(name="cancel", description="Renovating: give up, changing nothing")
    async def cancel(self, interaction: Interaction) -> None:
        """Put everything back and finish the renovation."""
        await self._play(interaction, "cancel")

    @app_commands.command(
        name="takeback",
        description="Take back your last choice (until the next player acts) or placement step",
    )
    async def takeback(self, interaction: Interaction) -> None:
        """Take back your latest move that may be (the engine says which, or why not)."""
        await self.table.take_back(interaction)

    # Information ---------------------------------------------------------------------

    @app_commands.command(name="board", description="Show the board and every sheet")
    async def board(self, interaction: Interaction) -> None:
        """Post the round picture."""
        game = await self.table.started(interaction)
        await replies.defer(interaction)
        state: GameState = game.state()
        title = f"Round {state.round}" if game.is_open else f"Final picture (round {state.round})"
        embed = discord.Embed(title=title, color=GREEN_FELT)
        embed.set_image(url=f"attachment://{posts.ROUND_FILE}")
        image = await posts.round_image(game, state)
        await replies.send(interaction, Post("", embed, image, image_name=posts.ROUND_FILE))

    @app_commands.command(name="sheet", description="One player's hotel-casino sheet, large")
    @app_commands.describe(player="Whose sheet (default: yours)")
    async def sheet(self, interaction: Interaction, player: str | None = None) -> None:
        """Show a sheet privately."""
        game = await self.table.started(interaction)
        state: GameState = game.state()
        mine = seat_colors(game).get(interaction.user.id)
        color = choices.seat_named(plain_names(game), player) if player else mine
        if color is None and not player:
            raise Refusal("You have no seat here: say whose sheet (`player:`).")
        if color not in state.colors:
            seats = ", ".join(f"{n} ({c})" for c, n in plain_names(game).items())
            raise Refusal(f"{choices.quoted(player or '')} is not a seat at this table: {seats}.")
        await replies.defer(interaction, ephemeral=True)
        image = await drawing.draw(render_sheet, state, color, names=plain_names(game))
        name = chat_names(game)[color]
        await replies.send(
            interaction,
            Post(f"{name}'s sheet:", image=image, image_name=SHEET_FILE),
            ephemeral=True,
        )

    @app_commands.command(name="status", description="Money, tracks, reserves, actions, events")
    async def status(self, interaction: Interaction) -> None:
        """Show the status embed (of the channel's last game, once it has ended)."""
        game = await self.tables.shown_game(self.table.channel(interaction))
        if game.status == "lobby":
            await replies.send(interaction, Post(f"In the lobby. {self.table.lobby_lines(game)}"))
            return
        state: GameState = game.state()
        timer = await self.tables.store.turn_timer(game.id)
        deadline = timer.expires_at if timer is not None and game.is_open else None
        embed = posts.status_embed(game, state, deadline, self.table.hosted.level_name)
        await replies.send(interaction, Post("", embed))

    @app_commands.command(name="rules", description="A short guide to the rules")
    @app_commands.describe(topic="What to explain (default: an overview)")
    @app_commands.choices(topic=TOPIC_CHOICES)
    async def rules(
        self, interaction: Interaction, topic: app_commands.Choice[str] | None = None
    ) -> None:
        """Explain a rule in our own words; `components` says what is reconstructed."""
        chosen = cast(Topic, topic.value if topic else "overview")
        others = ", ".join(t for t in TOPICS if t != chosen)
        text = AS_COMMAND.sub(r"`/vs \1", guide(chosen))  # the guide's notation, as typed here
        text = USAGE.sub(self._with_options, text)
        if chosen == "place":
            text += f"\n\n{PROMPT_WORDS}"
        embed = discord.Embed(
            title=f"Vegas Showdown: {chosen}",
            description=f"{text}\n\nMore: `/vs rules` {others}.",
            color=GREEN_FELT,
        )
        await replies.send(interaction, Post("", embed), ephemeral=True)

    def _with_options(self, usage: re.Match[str]) -> str:
        """A usage such as `/vs place <tile> <cell> <turn>` with the command's options.

        As Discord shows it: `/vs place tile:<tile> where:<cell> <turn>` (the last option
        takes what is left).
        """
        command = self.get_command(usage[1])
        names = [p.name for p in command.parameters] if isinstance(command, Command) else []
        words = usage[2].split()
        if not names or len(words) < len(names):
            return usage[0]
        typed = [f"{name}:{word}" for name, word in zip(names, words, strict=False)]
        typed[-1] = " ".join([typed[-1], *words[len(names) :]])
        return f"`/vs {usage[1]} {' '.join(typed)}`"

    # Autocomplete --------------------------------------------------------------------

    @bid.autocomplete("tile")
    async def _bid_tile(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._complete(
            interaction, lambda s, c, g: choices.bid_tracks(s, c, current, plain_names(g))
        )

    @bid.autocomplete("amount")
    async def _bid_amount(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        tile = str(getattr(interaction.namespace, "tile", "") or "")
        return await self._complete(
            interaction, lambda s, c, g: choices.bid_amounts(s, c, tile, str(current))
        )

    @place.autocomplete("tile")
    async def _place_tile(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, lambda s, c, g: choices.place_tiles(s, c, current))

    @place.autocomplete("where")
    async def _place_where(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        tile = str(getattr(interaction.namespace, "tile", "") or "")
        return await self._complete(
            interaction, lambda s, c, g: choices.place_spots(s, c, tile, current)
        )

    @remove.autocomplete("cell")
    async def _remove_cell(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, lambda s, c, g: choices.removals(s, c, current))

    @sheet.autocomplete("player")
    async def _sheet_player(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:  # the game under way, or the last one (its sheets stay readable)
            game = await self.tables.shown_game(self.table.channel(interaction))
        except Refusal:
            return []
        return choices.seated(plain_names(game), current)

    # Helpers -------------------------------------------------------------------------

    async def _play(self, interaction: Interaction, command: str) -> None:
        """Apply a command (the engine's notation) for the player who sent it."""
        await self._act(interaction, parse_command(command))

    async def _act(self, interaction: Interaction, action: Action) -> None:
        """Apply an action for the player who sent it and announce the result.

        A seated player's move the engine refuses is answered in the table's words.
        """
        try:
            await self.table.play(interaction, action)
        except Refusal as refusal:
            game = await self.tables.shown_game(self.table.channel(interaction))
            color = seat_colors(game).get(interaction.user.id)
            if color is None or not game.is_open or game.state_json is None:
                raise
            state: GameState = game.state()
            said = refusals.reworded(game, state, cast(Color, color), action.kind, str(refusal))
            raise Refusal(said) from None

    async def _complete(
        self, interaction: Interaction, completer: Completer[T]
    ) -> list[app_commands.Choice[T]]:
        seat = await self.table.seat(interaction)
        if seat is None:
            return []
        game, color = seat
        return completer(game.state(), cast(Color, color), game)
