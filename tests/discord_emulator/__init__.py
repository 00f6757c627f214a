"""A local Discord API emulator for end-to-end tests of the real bot.

See README.md in this folder for how to write a test with it.
"""

from __future__ import annotations

from .driver import Reply, Upload
from .emulator import DiscordEmulator, RequestRecord
from .errors import CommandUnavailable, ComponentUnavailable, InteractionFailed
from .model import Attachment, Channel, Guild, Message, Role, User

__all__ = [
    "Attachment",
    "Channel",
    "CommandUnavailable",
    "ComponentUnavailable",
    "DiscordEmulator",
    "Guild",
    "InteractionFailed",
    "Message",
    "Reply",
    "RequestRecord",
    "Role",
    "Upload",
    "User",
]
