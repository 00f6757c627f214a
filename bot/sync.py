"""Registering slash commands with Discord on purpose: only when they changed.

The fingerprint of the command tree is kept in the database; start-up syncs when it
differs (or when asked with `--sync`), never on reconnects.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.store import Store

log = logging.getLogger(__name__)
FINGERPRINT_KEY = "command_tree"


async def sync_commands(
    tree: app_commands.CommandTree[Any], store: Store, dev_guild_id: int | None, *, force: bool
) -> bool:
    """Sync the tree (to the dev guild if set, else globally) if it changed; True if synced."""
    guild = discord.Object(id=dev_guild_id) if dev_guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    fingerprint = hashlib.sha256(
        json.dumps({"guild": dev_guild_id, "commands": payload}, sort_keys=True).encode()
    ).hexdigest()
    if not force and await store.meta(FINGERPRINT_KEY) == fingerprint:
        log.info("slash commands unchanged; not syncing")
        return False
    await tree.sync(guild=guild)
    await store.set_meta(FINGERPRINT_KEY, fingerprint)
    log.info("slash commands synced %s", f"to guild {dev_guild_id}" if guild else "globally")
    return True
