"""What Vegas Host says about itself: its version (in the logs and `/vegas about`).

The version is the installed distribution's, which is pyproject.toml's: one number to
change for a release (and a line in CHANGELOG.md).
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Final

from bot.game import Games

DISTRIBUTION: Final = "vegas-host"
# Where the documentation is when the operator names no site of their own (DOCS_URL).
DOCS_FILES: Final = "README.md and the docs/ folder of Vegas Host's source"
KEPT: Final = (
    "For the games, Vegas Host keeps in its database the Discord user id and table name "
    "of each person seated, who opened each game, and every move with who made it and "
    "when. It does not read what people write. The operator can delete a person's or a "
    "server's data."
)
UNOFFICIAL: Final = (
    "An unofficial fan implementation, not affiliated with the games' publishers; "
    "its rules help is in its own words."
)


def vegas_host_version() -> str:
    """The version of the installed Vegas Host (`unknown` when run from an uninstalled copy)."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"


def games_line(games: Games) -> str:
    """The games hosted, with their commands and how many may play: for logs and `about`."""
    parts = []
    for hosted in games.values():
        sizes = [
            (hosted.min_players(edition), len(hosted.colors(edition)))
            for edition in hosted.editions
        ]
        fewest, most = min(low for low, _ in sizes), max(high for _, high in sizes)
        parts.append(f"{hosted.title} (`/{hosted.command}`, {fewest} to {most} players)")
    return ", ".join(parts)


def about_fields(games: Games, docs_url: str | None) -> list[tuple[str, str]]:
    """`/vegas about`, as (title, text) fields: version, games, data kept, documentation."""
    docs = docs_url or DOCS_FILES
    return [
        ("Version", vegas_host_version()),
        ("Games", games_line(games)),
        ("What is kept", KEPT),
        ("Documentation", f"{docs} (privacy: docs/privacy.md)"),
        ("Note", UNOFFICIAL),
    ]
