"""Messages the bot sends, edits and deletes, whichever route it uses.

Channel posts, interaction responses and follow-ups all end up here: the message is
checked against Discord's limits, uploaded files become attachments that keep their
bytes, `attachment://name` embed images point at the uploaded file, and the gateway
hears MESSAGE_CREATE / MESSAGE_UPDATE / MESSAGE_DELETE (never for ephemeral messages).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .bodies import UploadedFile, integer
from .gateway import DIRECT_MESSAGES, GUILD_MESSAGES
from .limits import check_message
from .model import (
    COMPONENTS_V2,
    DM,
    EPHEMERAL,
    LOADING,
    Attachment,
    Channel,
    Message,
    now,
)

if TYPE_CHECKING:
    from .emulator import DiscordEmulator
    from .interactions import InteractionRecord

ATTACHMENT_REFERENCE = re.compile(r"^attachment://(.+)$")
CHAT_INPUT_COMMAND_REPLY = 20


def create_message(
    emulator: DiscordEmulator,
    channel: Channel,
    payload: dict[str, Any],
    uploads: Sequence[UploadedFile],
    *,
    interaction: InteractionRecord | None = None,
) -> Message:
    """Check and store a new message; only interaction messages may be ephemeral."""
    flags = integer(payload.get("flags"), "flags")
    if interaction is None:
        flags &= ~EPHEMERAL
    check_message(
        {**payload, "flags": flags},
        file_sizes=[len(upload.data) for upload in uploads],
        creating=not flags & LOADING,
    )
    message = Message(emulator.ids.next(), channel, emulator.bot, flags=flags)
    fill(emulator, message, payload, uploads, listed=payload.get("attachments"))
    if interaction is not None:
        message.kind = CHAT_INPUT_COMMAND_REPLY if interaction.kind == 2 else 0
        message.application_id = emulator.application_id
        message.interaction_id = interaction.id
        message.interaction_type = interaction.kind
        message.interaction_user = interaction.user
    emulator.messages[message.id] = message
    if not message.ephemeral:
        emulator.gateway.dispatch("MESSAGE_CREATE", message.payload(), intent_for(channel))
    return message


def edit_message(
    emulator: DiscordEmulator,
    message: Message,
    payload: dict[str, Any],
    uploads: Sequence[UploadedFile],
) -> Message:
    """Check and apply an edit; a deferred placeholder becomes a real message."""
    flags = message.flags & ~LOADING
    if payload.get("flags") is not None:
        # Only the presentation flags may change; ephemerality and v2 stay as they were.
        wanted = integer(payload["flags"], "flags")
        flags = (flags & (EPHEMERAL | COMPONENTS_V2)) | (wanted & ~EPHEMERAL)
    after = {
        "content": payload.get("content", message.content),
        "embeds": payload.get("embeds", message.embeds),
        "components": payload.get("components", message.components),
        "flags": flags,
        "attachments": kept_attachments(message, payload, uploads),
    }
    check_message(after, file_sizes=[len(upload.data) for upload in uploads], creating=True)
    filling = message.loading
    message.flags = flags
    fill(emulator, message, after, uploads, listed=after["attachments"])
    if not filling:  # a filled "thinking..." placeholder does not show as edited
        message.edited_at = now()
        message.edit_count += 1
    if not message.ephemeral:
        emulator.gateway.dispatch("MESSAGE_UPDATE", message.payload(), intent_for(message.channel))
    return message


def delete_message(emulator: DiscordEmulator, message: Message) -> None:
    """Delete a message; it stays retrievable by id, marked deleted."""
    message.deleted = True
    if not message.ephemeral:
        data = {"id": str(message.id), "channel_id": str(message.channel.id)}
        if message.channel.guild is not None:
            data["guild_id"] = str(message.channel.guild.id)
        emulator.gateway.dispatch("MESSAGE_DELETE", data, intent_for(message.channel))


def intent_for(channel: Channel) -> int:
    """The gateway intent that carries message events of this channel."""
    return DIRECT_MESSAGES if channel.kind == DM else GUILD_MESSAGES


def kept_attachments(
    message: Message, payload: dict[str, Any], uploads: Sequence[UploadedFile]
) -> list[Any]:
    """The attachment list after an edit.

    With an `attachments` field, exactly those (old ones by id, new uploads by index);
    without it, the old ones plus every new upload, as Discord does.
    """
    if payload.get("attachments") is not None:
        return list(payload["attachments"])
    kept: list[Any] = [{"id": str(attachment.id)} for attachment in message.attachments]
    return kept + [{"id": upload.index} for upload in uploads]


def fill(
    emulator: DiscordEmulator,
    message: Message,
    payload: dict[str, Any],
    uploads: Sequence[UploadedFile],
    *,
    listed: list[Any] | None,
) -> None:
    """Set content, embeds, components and attachments from a checked payload.

    `listed` names the attachments to keep or add (existing ids, upload indexes);
    `None` means every upload.
    """
    if "content" in payload:
        message.content = payload["content"] or ""
    if "embeds" in payload:
        message.embeds = [dict(embed) for embed in payload["embeds"] or []]
    if "components" in payload:
        message.components = list(payload["components"] or [])
    if listed is None:
        listed = [{"id": upload.index} for upload in uploads]
    by_index = {upload.index: upload for upload in uploads}
    old = {attachment.id: attachment for attachment in message.attachments}
    attachments: list[Attachment] = []
    for entry in listed:
        entry_id = integer(entry.get("id"), "attachments.id", -1)
        if entry_id in old:
            attachments.append(old[entry_id])
        elif entry_id in by_index:
            upload = by_index.pop(entry_id)
            name = entry.get("filename") or upload.filename
            attachments.append(
                emulator.store_attachment(
                    message.channel, name, upload.data, entry.get("description")
                )
            )
    message.attachments = attachments
    for embed in message.embeds:
        link_embed_files(embed, attachments)


def link_embed_files(embed: dict[str, Any], attachments: list[Attachment]) -> None:
    """Point `attachment://name` embed images at the uploaded file, as Discord does."""
    for key in ("image", "thumbnail"):
        media = embed.get(key)
        if not isinstance(media, dict):
            continue
        match = ATTACHMENT_REFERENCE.match(media.get("url") or "")
        found = None
        if match is not None:
            found = next((item for item in attachments if item.filename == match.group(1)), None)
        if found is None:
            continue
        media = embed[key] = {**media, "url": found.url, "proxy_url": found.url}
        size = found.image_size()
        if size is not None:
            media["width"], media["height"] = size
