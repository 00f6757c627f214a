"""The emulated Discord world: users, guilds, roles, channels, messages and attachments.

Each object knows how to write itself as the JSON payload Discord's API v10 uses, so
the REST routes and the gateway share one source of truth.
"""

from __future__ import annotations

import datetime
import struct
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000

# Permission bits, as Discord numbers them.
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11

# Component types.
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SECTION = 9
TEXT_DISPLAY = 10
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18
SELECTS = {STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT}

# Button styles that do not send interactions.
LINK_STYLE = 5
PREMIUM_STYLE = 6

# Application command option types.
SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10
ATTACHMENT = 11


def iso(moment: datetime.datetime) -> str:
    """Format a timestamp the way Discord does (ISO 8601 with offset)."""
    return moment.isoformat()


def now() -> datetime.datetime:
    """Return the current UTC time."""
    return datetime.datetime.now(datetime.UTC)


class Snowflakes:
    """Hands out Discord-style ids: time-ordered, unique, growing."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        """Return a fresh id that sorts after every id handed out before."""
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_in_shard(self, shard_id: int, count: int) -> int:
        """A fresh id, as `next`, whose guild would be in shard `shard_id` of `count`."""
        stamp = self.next() >> 22
        stamp += (shard_id - stamp) % count
        self._last = max(stamp << 22, self._last)
        return self._last


@dataclass(eq=False)
class User:
    """A Discord account: a human the driver plays, or the bot itself."""

    id: int
    name: str
    bot: bool = False
    accepts_dms: bool = True

    @property
    def mention(self) -> str:
        """The text that mentions this user in a message."""
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        """The user object as Discord sends it."""
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": None if self.bot else self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }


@dataclass(eq=False)
class Role:
    """A guild role with its permission bits; the @everyone role shares the guild's id."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        """The role object as Discord sends it."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    """A user's membership in a guild."""

    user: User
    roles: list[Role]
    joined_at: datetime.datetime = field(default_factory=now)

    def payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        """The guild member object; `permissions` is added inside interactions."""
        data: dict[str, Any] = {
            "roles": [str(role.id) for role in self.roles],
            "joined_at": iso(self.joined_at),
            "nick": None,
            "avatar": None,
            "banner": None,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Guild:
    """A Discord server with its roles, channels and members."""

    id: int
    name: str
    owner: User
    everyone: Role
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)

    def member(self, user: User) -> Member | None:
        """The user's membership here, if any."""
        return self.members.get(user.id)

    def permissions(self, user: User, channel: Channel | None = None) -> int:
        """The user's permissions in the guild, or in `channel` after its overwrites."""
        member = self.members.get(user.id)
        if member is None:
            return 0
        if user is self.owner:
            return ALL_PERMISSIONS
        allowed = self.everyone.permissions
        for role in member.roles:
            allowed |= role.permissions
        if allowed & ADMINISTRATOR:
            return ALL_PERMISSIONS
        if channel is not None and channel.parent is not None:
            channel = channel.parent  # a thread has its channel's permissions
        if channel is not None:
            for overwrite in channel.overwrites:
                if overwrite.target_id in (self.id, user.id):
                    allowed = (allowed & ~overwrite.deny) | overwrite.allow
        return allowed

    def payload(self, *, include_all_members: bool, bot: User) -> dict[str, Any]:
        """The full guild object sent in GUILD_CREATE.

        Without the privileged members intent Discord only includes the bot's own
        member, so `include_all_members` follows that intent.
        """
        members = [
            member.payload()
            for member in self.members.values()
            if include_all_members or member.user is bot
        ]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [role.payload() for role in [self.everyone, *self.roles]],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso(now()),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": members,
            "channels": [channel.payload() for channel in self.channels],
            "threads": [],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass(frozen=True)
class Overwrite:
    """A channel permission overwrite for a member or the @everyone role."""

    target_id: int
    is_member: bool
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        """The overwrite object as Discord sends it."""
        return {
            "id": str(self.target_id),
            "type": 1 if self.is_member else 0,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass(eq=False)
class Channel:
    """A guild text channel, a public thread of one (`parent`, opened by `owner`), or a DM
    channel between the bot and one user."""

    id: int
    name: str
    guild: Guild | None
    kind: int = GUILD_TEXT
    recipient: User | None = None
    position: int = 0
    overwrites: list[Overwrite] = field(default_factory=list)
    parent: Channel | None = None
    owner: User | None = None

    @property
    def mention(self) -> str:
        """The text that mentions this channel in a message."""
        return f"<#{self.id}>"

    def payload(self, *, with_guild_id: bool = False) -> dict[str, Any]:
        """The channel object as Discord sends it."""
        if self.kind == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": None,
                "recipients": [self.recipient.payload()],
                "flags": 0,
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.kind,
            "name": self.name,
            "position": self.position,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "permission_overwrites": [overwrite.payload() for overwrite in self.overwrites],
            "flags": 0,
        }
        if self.parent is not None:
            data.pop("permission_overwrites")
            data["parent_id"] = str(self.parent.id)
            data["owner_id"] = str(self.owner.id) if self.owner is not None else None
            data["message_count"] = data["member_count"] = 0
            data["thread_metadata"] = {
                "archived": False,
                "auto_archive_duration": 10080,
                "archive_timestamp": "2026-01-01T00:00:00+00:00",
                "locked": False,
            }
        if with_guild_id and self.guild is not None:
            data["guild_id"] = str(self.guild.id)
        return data


@dataclass(eq=False)
class Attachment:
    """A file attached to a message; it keeps its bytes so tests can open it."""

    id: int
    filename: str
    data: bytes = field(repr=False)
    url: str
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        """The file's size in bytes."""
        return len(self.data)

    def image_size(self) -> tuple[int, int] | None:
        """Width and height when the file is a PNG, read from its header."""
        if self.data[:8] != b"\x89PNG\r\n\x1a\n" or len(self.data) < 24:
            return None
        width, height = struct.unpack(">II", self.data[16:24])
        return width, height

    def payload(self) -> dict[str, Any]:
        """The attachment object as Discord sends it."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "description": self.description,
        }
        image = self.image_size()
        if image is not None:
            data["width"], data["height"] = image
        return data


@dataclass(eq=False)
class Message:
    """A message in a channel; edits change it in place, so a held reference stays current.

    `interaction_id` and `interaction_user` are set on messages that answer an
    interaction. Ephemeral messages are only visible to `interaction_user` and never
    appear in the channel history.
    """

    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    kind: int = 0
    created_at: datetime.datetime = field(default_factory=now)
    edited_at: datetime.datetime | None = None
    edit_count: int = 0
    deleted: bool = False
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_user: User | None = None
    application_id: int | None = None

    @property
    def ephemeral(self) -> bool:
        """Whether only the user who triggered the interaction sees this message."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is a deferred "thinking..." placeholder not yet filled in."""
        return bool(self.flags & LOADING)

    def walk_components(self) -> list[dict[str, Any]]:
        """Every component in the message, nested ones included, in reading order."""
        found: list[dict[str, Any]] = []

        def visit(items: list[dict[str, Any]]) -> None:
            for item in items:
                found.append(item)
                visit(item.get("components", []))
                if "accessory" in item:
                    visit([item["accessory"]])
                if "component" in item:
                    visit([item["component"]])

        visit(self.components)
        return found

    def component(self, custom_id: str) -> dict[str, Any] | None:
        """The interactive component with this `custom_id`, if the message has one."""
        for item in self.walk_components():
            if item.get("custom_id") == custom_id:
                return item
        return None

    @property
    def custom_ids(self) -> list[str]:
        """The `custom_id` of every interactive component, in reading order."""
        return [item["custom_id"] for item in self.walk_components() if "custom_id" in item]

    def attachment(self, filename: str) -> Attachment:
        """The attachment with this file name; raises `KeyError` when there is none."""
        for attachment in self.attachments:
            if attachment.filename == filename:
                return attachment
        names = [attachment.filename for attachment in self.attachments]
        raise KeyError(f"no attachment named {filename!r}; the message has {names}")

    def payload(self) -> dict[str, Any]:
        """The message object as Discord sends it."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": None if self.edited_at is None else iso(self.edited_at),
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [attachment.payload() for attachment in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.kind,
            "flags": self.flags,
        }
        if self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
            data["webhook_id"] = str(self.application_id)
        if self.interaction_id is not None and self.interaction_user is not None:
            data["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type,
                "user": self.interaction_user.payload(),
                "authorizing_integration_owners": {},
            }
        return data
