"""Select menus that survive restarts (`DynamicItem`s), as every game and the replay make them.

Rebuilt from its custom id when a choice comes in, a menu has none of the options it was
sent with; a stand-in option keeps it valid (Discord's model wants one), and the choice
itself comes in the interaction's data.
"""

from __future__ import annotations

from typing import Any, Final

import discord

Interaction = discord.Interaction[Any]
# The option a menu rebuilt from its custom id carries in place of those it was sent with.
STAND_IN: Final = "-"


def dynamic_menu(
    custom_id: str,
    options: list[discord.SelectOption] | None = None,
    placeholder: str | None = None,
) -> discord.ui.Select[discord.ui.View]:
    """A select menu with these options, or the stand-in when it is rebuilt without them."""
    return discord.ui.Select(
        custom_id=custom_id,
        options=options or [discord.SelectOption(label=STAND_IN)],
        placeholder=placeholder,
    )


def chosen_values(interaction: Interaction, default: str = "") -> list[str]:
    """The values chosen in the menu the interaction comes from (`[default]` when none)."""
    data: dict[str, Any] = dict(interaction.data or {})
    return [str(value) for value in data.get("values") or [default]]
