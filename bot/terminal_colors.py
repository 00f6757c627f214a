"""The pictures' colours in the terminal, so a game's text board reads like its picture."""

from __future__ import annotations

from typing import TypeAlias

from rich.style import Style

# A colour as the pictures give it (`render.palette.RGB`: of render, the core uses only its charts).
RGB: TypeAlias = tuple[int, int, int]


def rich_color(rgb: RGB) -> str:
    """A picture's colour as rich writes it: `rgb(200,40,40)`."""
    return f"rgb({rgb[0]},{rgb[1]},{rgb[2]})"


def bold_in(rgb: RGB) -> Style:
    """Bold text in this colour (a player's code, a company's name)."""
    return Style(color=rich_color(rgb), bold=True)
