"""The humans: build the interactions a Discord client would send, and collect the bot's answer.

A slash command is built from the commands the bot registered (groups, subcommands,
option types, choices, resolved users), so a test can only run what a user could run.
After sending an interaction the driver waits for the initial response (failing like
"This interaction failed" when none comes within the emulator's `ack_timeout`), for
a deferred reply to be filled in, and then for the bot to be done (see `settle`).
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import CommandUnavailable, ComponentUnavailable, InteractionFailed
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
)
from .limits import MAX_FILE_BYTES
from .model import (
    ADMINISTRATOR,
    ATTACHMENT,
    BOOLEAN,
    BUTTON,
    CHANNEL,
    DM,
    INTEGER,
    LABEL,
    LINK_STYLE,
    MENTIONABLE,
    NUMBER,
    PREMIUM_STYLE,
    ROLE,
    SELECTS,
    STRING,
    STRING_SELECT,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    TEXT_INPUT,
    USE_APPLICATION_COMMANDS,
    USER,
    Attachment,
    Channel,
    Message,
    Role,
    User,
)

if TYPE_CHECKING:
    from .emulator import DiscordEmulator, RequestRecord

COMMAND_WAIT = 5.0


@dataclass
class Upload:
    """A file a user attaches to an attachment option: `lov load file=Upload(...)`."""

    filename: str
    data: bytes


@dataclass
class Reply:
    """What the bot did in answer to one interaction.

    `message` is the message the initial response created, or for a component the
    message it updated; `followups` are the follow-up messages; `posted` are messages
    the bot posted in channels on its own meanwhile; `refusals` are the bot's requests
    the emulator refused meanwhile. Messages are live: later edits show up in them.
    """

    interaction: InteractionRecord
    posted: list[Message] = field(default_factory=list)
    refusals: list[RequestRecord] = field(default_factory=list)

    @property
    def message(self) -> Message | None:
        """The message of the initial response (or the updated component message)."""
        return self.interaction.original

    @property
    def followups(self) -> list[Message]:
        """Follow-up messages, in the order the bot sent them."""
        return list(self.interaction.followups)

    @property
    def messages(self) -> list[Message]:
        """The response message (if any) and then the follow-ups."""
        first = [] if self.message is None else [self.message]
        return first + self.followups

    @property
    def response_type(self) -> int | None:
        """The interaction callback type the bot answered with (4, 5, 6, 7, 8 or 9)."""
        return self.interaction.response_type

    @property
    def content(self) -> str:
        """The response message's text ("" if there is no message)."""
        return "" if self.message is None else self.message.content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """The response message's embeds."""
        return [] if self.message is None else self.message.embeds

    @property
    def components(self) -> list[dict[str, Any]]:
        """The response message's components (action rows, or a v2 layout)."""
        return [] if self.message is None else self.message.components

    @property
    def custom_ids(self) -> list[str]:
        """The custom ids of the response message's interactive components."""
        return [] if self.message is None else self.message.custom_ids

    @property
    def attachments(self) -> list[Attachment]:
        """The response message's files, with their bytes."""
        return [] if self.message is None else self.message.attachments

    @property
    def ephemeral(self) -> bool:
        """Whether only the user who acted can see the response."""
        return self.message is not None and self.message.ephemeral

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened, if it answered with one."""
        return self.interaction.modal


async def slash(
    emulator: DiscordEmulator, user: User, channel: Channel, name: str, options: dict[str, Any]
) -> Reply:
    """Run `/name` (words separate group and subcommand) with `options` as `user`."""
    command, path = await find_command(emulator, user, channel, name)
    resolved: dict[str, dict[str, Any]] = {}
    uploads: list[Attachment] = []
    leaf = path[-1] if path else command
    values = build_options(emulator, user, channel, leaf, options, resolved, uploads)
    data = command_data(command, path, values, resolved)
    start = len(emulator.requests)
    record = start_interaction(emulator, APPLICATION_COMMAND, user, channel, data)
    record.uploads = uploads
    return await await_reply(emulator, record, start, f"/{name}")


async def send_slash(
    emulator: DiscordEmulator, user: User, channel: Channel, name: str, options: dict[str, Any]
) -> InteractionRecord:
    """Send `/name` like `slash`, without waiting: the caller awaits `record.answered`.

    For drivers of many channels at once (a load benchmark), where the bot never goes
    quiet: the record stamps when it was acknowledged and when its answer was whole.
    """
    command, path = await find_command(emulator, user, channel, name)
    resolved: dict[str, dict[str, Any]] = {}
    leaf = path[-1] if path else command
    values = build_options(emulator, user, channel, leaf, options, resolved, [])
    data = command_data(command, path, values, resolved)
    return start_interaction(emulator, APPLICATION_COMMAND, user, channel, data)


async def send_autocomplete(
    emulator: DiscordEmulator, user: User, channel: Channel, name: str, option: str, typed: str
) -> InteractionRecord:
    """Ask for the choices of `option` of `/name` like `autocomplete`, without waiting."""
    command, path = await find_command(emulator, user, channel, name)
    leaf = path[-1] if path else command
    definition = next((item for item in leaf.get("options") or [] if item["name"] == option), None)
    if definition is None or not definition.get("autocomplete"):
        raise ValueError(f"/{name} has no autocomplete option {option!r}")
    values = [{"name": option, "type": definition["type"], "value": typed, "focused": True}]
    data = command_data(command, path, values, {})
    return start_interaction(emulator, AUTOCOMPLETE, user, channel, data)


async def autocomplete(
    emulator: DiscordEmulator,
    user: User,
    channel: Channel,
    name: str,
    option: str,
    typed: str,
    options: dict[str, Any],
) -> list[dict[str, Any]]:
    """The choices the bot offers while `user` types `typed` into `option` of `/name`."""
    command, path = await find_command(emulator, user, channel, name)
    leaf = path[-1] if path else command
    definition = next((item for item in leaf.get("options") or [] if item["name"] == option), None)
    if definition is None or not definition.get("autocomplete"):
        raise ValueError(f"/{name} has no autocomplete option {option!r}")
    resolved: dict[str, dict[str, Any]] = {}
    values = build_options(emulator, user, channel, leaf, options, resolved, [], focused=option)
    values.append({"name": option, "type": definition["type"], "value": typed, "focused": True})
    data = command_data(command, path, values, resolved)
    start = len(emulator.requests)
    record = start_interaction(emulator, AUTOCOMPLETE, user, channel, data)
    await wait_for_ack(emulator, record, f"autocomplete of {option} in /{name}", start)
    return list(record.choices or [])


async def click(emulator: DiscordEmulator, user: User, message: Message, custom_id: str) -> Reply:
    """Click a button on a message the bot posted."""
    component = usable_component(user, message, custom_id, {BUTTON})
    if component.get("style") in (LINK_STYLE, PREMIUM_STYLE):
        raise ComponentUnavailable(
            f"{custom_id!r} is a link button; Discord handles it, not the bot"
        )
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": BUTTON}
    if "id" in component:
        data["id"] = component["id"]
    start = len(emulator.requests)
    record = start_interaction(emulator, MESSAGE_COMPONENT, user, message.channel, data, message)
    return await await_reply(emulator, record, start, f"button {custom_id!r}")


async def select(
    emulator: DiscordEmulator, user: User, message: Message, custom_id: str, values: list[Any]
) -> Reply:
    """Choose `values` in a select menu of a message the bot posted."""
    component = usable_component(user, message, custom_id, SELECTS)
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    if not low <= len(values) <= high:
        raise ValueError(f"{custom_id!r} takes {low} to {high} values, not {len(values)}")
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
    if "id" in component:
        data["id"] = component["id"]
    if component["type"] == STRING_SELECT:
        allowed = [option["value"] for option in component.get("options") or []]
        unknown = [value for value in values if value not in allowed]
        if unknown:
            raise ValueError(f"{custom_id!r} offers {allowed}, not {unknown}")
        data["values"] = list(values)
    else:
        resolved: dict[str, dict[str, Any]] = {}
        data["values"] = [resolve(user, message.channel, value, resolved) for value in values]
        data["resolved"] = resolved
    start = len(emulator.requests)
    record = start_interaction(emulator, MESSAGE_COMPONENT, user, message.channel, data, message)
    return await await_reply(emulator, record, start, f"select {custom_id!r}")


async def submit(
    emulator: DiscordEmulator, user: User, reply: Reply, values: dict[str, Any]
) -> Reply:
    """Submit the modal the bot opened in `reply`, with text (or select values) per custom id."""
    modal = reply.modal
    if modal is None:
        raise ValueError("the bot did not open a modal in that reply")
    if user is not reply.interaction.user:
        raise ComponentUnavailable(f"only {reply.interaction.user.name} sees that modal")
    components = [submitted(item, values) for item in modal.get("components") or []]
    data = {"custom_id": modal["custom_id"], "components": components}
    origin = reply.interaction
    start = len(emulator.requests)
    record = start_interaction(emulator, MODAL_SUBMIT, user, origin.channel, data, origin.message)
    return await await_reply(emulator, record, start, f"modal {modal['custom_id']!r}")


def submitted(item: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The submitted form of one modal component, filled from `values`."""
    kind = item.get("type")
    if kind == LABEL:
        return {"type": LABEL, "component": submitted(item["component"], values)}
    if "components" in item:
        return {
            "type": kind,
            "components": [submitted(child, values) for child in item["components"]],
        }
    custom_id = str(item.get("custom_id"))
    answer: dict[str, Any] = {"type": kind, "custom_id": custom_id}
    if kind == TEXT_INPUT:
        answer["value"] = str(values.get(custom_id, item.get("value") or ""))
    else:
        answer["values"] = list(values.get(custom_id, []))
    return answer


# Building interactions.


def start_interaction(
    emulator: DiscordEmulator,
    kind: int,
    user: User,
    channel: Channel,
    data: dict[str, Any],
    message: Message | None = None,
) -> InteractionRecord:
    """Create an interaction as Discord would, and dispatch INTERACTION_CREATE."""
    interaction_id = emulator.ids.next()
    token = secrets.token_urlsafe(48)
    guild = channel.guild
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(emulator.application_id),
        "type": kind,
        "data": data,
        "token": token,
        "version": 1,
        "channel": channel.payload(with_guild_id=True),
        "channel_id": str(channel.id),
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": MAX_FILE_BYTES,
    }
    if guild is not None:
        member = guild.member(user)
        assert member is not None
        payload.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": "en-US", "features": []},
            guild_locale="en-US",
            member=member.payload(permissions=guild.permissions(user, channel)),
            app_permissions=str(guild.permissions(emulator.bot, channel)),
            authorizing_integration_owners={"0": str(guild.id)},
            context=0,
        )
    else:
        payload.update(
            user=user.payload(),
            app_permissions=str(USE_APPLICATION_COMMANDS),
            authorizing_integration_owners={"0": str(emulator.owner.id)},
            context=1,
        )
    if message is not None:
        payload["message"] = message.payload()
    now = asyncio.get_running_loop().time()
    record = InteractionRecord(
        id=interaction_id,
        token=token,
        kind=kind,
        user=user,
        channel=channel,
        payload=payload,
        created=now,
        deadline=now + emulator.ack_timeout,
        message=message,
    )
    emulator.interactions[interaction_id] = record
    emulator.interactions_by_token[token] = record
    emulator.gateway.dispatch("INTERACTION_CREATE", payload)
    return record


def command_data(
    command: dict[str, Any],
    path: list[dict[str, Any]],
    values: list[dict[str, Any]],
    resolved: dict[str, dict[str, Any]],
) -> dict[str, Any]:
    """The `data` of an APPLICATION_COMMAND interaction, nesting subcommands as Discord does."""
    options = values
    for level in reversed(path):
        options = [{"name": level["name"], "type": level["type"], "options": options}]
    data: dict[str, Any] = {
        "id": command["id"],
        "name": command["name"],
        "type": command["type"],
        "options": options,
    }
    if resolved:
        data["resolved"] = resolved
    if "guild_id" in command:
        data["guild_id"] = command["guild_id"]
    return data


async def find_command(
    emulator: DiscordEmulator, user: User, channel: Channel, name: str
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The registered command `/name` this user can run here, and its group/subcommand path.

    Waits briefly for the command to be registered (a bot may sync after connecting).
    """
    words = name.removeprefix("/").split()
    if not words:
        raise ValueError("empty command name")

    def registered() -> list[dict[str, Any]]:
        scopes = [] if channel.guild is None else emulator.commands.scope(channel.guild.id)
        return [
            command
            for command in [*scopes, *emulator.commands.global_commands]
            if command["name"] == words[0] and command["type"] == 1
        ]

    try:
        await emulator.wait_until(lambda: bool(registered()), COMMAND_WAIT, f"/{words[0]}")
    except TimeoutError:
        known = sorted(
            {command["name"] for command in emulator.commands.global_commands}
            | {c["name"] for scope in emulator.commands.guild_commands.values() for c in scope}
        )
        raise CommandUnavailable(
            f"/{words[0]} is not registered; the bot registered {known}"
        ) from None
    command = registered()[0]
    check_visible(emulator, user, channel, command)
    path: list[dict[str, Any]] = []
    options = command.get("options") or []
    for word in words[1:]:
        nested = [item for item in options if item["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        found = next((item for item in nested if item["name"] == word), None)
        if found is None:
            raise CommandUnavailable(
                f"/{name}: no subcommand {word!r}; there are {[item['name'] for item in nested]}"
            )
        path.append(found)
        options = found.get("options") or []
    pending = [item["name"] for item in options if item["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if pending:
        raise CommandUnavailable(f"/{name} needs one of its subcommands: {pending}")
    return command, path


def check_visible(
    emulator: DiscordEmulator, user: User, channel: Channel, command: dict[str, Any]
) -> None:
    """Refuse a command that Discord would not show this user in this channel."""
    contexts = command.get("contexts")
    guild = channel.guild
    if guild is None:
        allowed = (1 in contexts) if contexts is not None else command.get("dm_permission", True)
        if "guild_id" in command or not allowed:
            raise CommandUnavailable(f"/{command['name']} cannot be used in DMs")
        return
    if contexts is not None and 0 not in contexts:
        raise CommandUnavailable(f"/{command['name']} cannot be used in servers")
    if guild.member(user) is None:
        raise CommandUnavailable(f"{user.name} is not a member of {guild.name}")
    granted = guild.permissions(user, channel)
    if not granted & USE_APPLICATION_COMMANDS:
        raise CommandUnavailable(f"{user.name} may not use application commands in #{channel.name}")
    required = command.get("default_member_permissions")
    if required is None:
        return
    needed = int(required)
    if granted & ADMINISTRATOR or (needed and granted & needed == needed):
        return
    raise CommandUnavailable(
        f"{user.name} lacks the permissions /{command['name']} requires ({needed})"
    )


def build_options(
    emulator: DiscordEmulator,
    user: User,
    channel: Channel,
    leaf: dict[str, Any],
    given: dict[str, Any],
    resolved: dict[str, dict[str, Any]],
    uploads: list[Attachment],
    *,
    focused: str | None = None,
) -> list[dict[str, Any]]:
    """The option values of a command, checked as a Discord client checks them."""
    definitions = {item["name"]: item for item in leaf.get("options") or []}
    chosen: dict[str, Any] = {}
    for key, value in given.items():
        name = key if key in definitions else key.replace("_", "-")
        if name not in definitions:
            raise TypeError(f"/{leaf['name']} has no option {key!r}; it has {list(definitions)}")
        chosen[name] = value
    values: list[dict[str, Any]] = []
    for name, definition in definitions.items():
        if name == focused:
            continue
        if name not in chosen:
            if definition.get("required") and focused is None:
                raise TypeError(f"/{leaf['name']} needs option {name!r}")
            continue
        value = option_value(emulator, user, channel, definition, chosen[name], resolved, uploads)
        values.append({"name": name, "type": definition["type"], "value": value})
    return values


def option_value(
    emulator: DiscordEmulator,
    user: User,
    channel: Channel,
    definition: dict[str, Any],
    value: Any,
    resolved: dict[str, dict[str, Any]],
    uploads: list[Attachment],
) -> Any:
    """One option's wire value; users, channels, roles and files also go into `resolved`."""
    kind = definition["type"]
    name = definition["name"]
    if kind in (STRING, INTEGER, NUMBER):
        expected: tuple[type, ...] = {STRING: (str,), INTEGER: (int,), NUMBER: (int, float)}[kind]
        if isinstance(value, bool) or not isinstance(value, expected):
            raise TypeError(f"option {name!r} takes {expected[0].__name__}, not {value!r}")
        choices = [choice["value"] for choice in definition.get("choices") or []]
        if choices and value not in choices:
            raise ValueError(f"option {name!r} offers only {choices}, not {value!r}")
        check_bounds(definition, value)
        return float(value) if isinstance(value, int) and kind == NUMBER else value
    if kind == BOOLEAN:
        if not isinstance(value, bool):
            raise TypeError(f"option {name!r} takes a bool, not {value!r}")
        return value
    if kind == ATTACHMENT:
        if not isinstance(value, Upload):
            raise TypeError(f"option {name!r} takes an Upload, not {value!r}")
        attachment = emulator.store_attachment(channel, value.filename, value.data)
        uploads.append(attachment)
        resolved.setdefault("attachments", {})[str(attachment.id)] = attachment.payload()
        return str(attachment.id)
    wanted: tuple[type, ...] = {
        USER: (User,),
        CHANNEL: (Channel,),
        ROLE: (Role,),
        MENTIONABLE: (User, Role),
    }[kind]
    if not isinstance(value, wanted) or not isinstance(value, User | Channel | Role):
        raise TypeError(
            f"option {name!r} takes {' or '.join(w.__name__ for w in wanted)}, not {value!r}"
        )
    return resolve(user, channel, value, resolved)


def check_bounds(definition: dict[str, Any], value: Any) -> None:
    """Refuse a value outside the option's min/max value or length."""
    name = definition["name"]
    if isinstance(value, str):
        low, high = definition.get("min_length", 0), definition.get("max_length", 6000)
        if not low <= len(value) <= high:
            raise ValueError(f"option {name!r} takes {low} to {high} characters")
        return
    low = definition.get("min_value")
    high = definition.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"option {name!r} takes values from {low} to {high}")


def resolve(
    user: User, channel: Channel, value: User | Channel | Role, resolved: dict[str, dict[str, Any]]
) -> str:
    """Add a user, channel or role to the interaction's `resolved` data; return its id."""
    guild = channel.guild
    if isinstance(value, User):
        resolved.setdefault("users", {})[str(value.id)] = value.payload()
        member = None if guild is None else guild.member(value)
        if member is not None and guild is not None:
            permissions = guild.permissions(value, channel)
            member_data = member.payload(with_user=False, permissions=permissions)
            resolved.setdefault("members", {})[str(value.id)] = member_data
    elif isinstance(value, Channel):
        data = value.payload(with_guild_id=True)
        if value.guild is not None:
            data["permissions"] = str(value.guild.permissions(user, value))
        resolved.setdefault("channels", {})[str(value.id)] = data
    else:
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
    return str(value.id)


def usable_component(
    user: User, message: Message, custom_id: str, kinds: set[int]
) -> dict[str, Any]:
    """The component a user can operate, or `ComponentUnavailable` saying why not."""
    if message.deleted:
        raise ComponentUnavailable("the message was deleted")
    if message.ephemeral and message.interaction_user is not user:
        raise ComponentUnavailable(f"{user.name} cannot see that ephemeral message")
    channel = message.channel
    if channel.kind == DM and channel.recipient is not user:
        raise ComponentUnavailable(f"{user.name} cannot see that DM")
    if channel.guild is not None and channel.guild.member(user) is None:
        raise ComponentUnavailable(f"{user.name} is not a member of {channel.guild.name}")
    component = message.component(custom_id)
    if component is None or component.get("type") not in kinds:
        raise ComponentUnavailable(
            f"no such component {custom_id!r}; the message has {message.custom_ids}"
        )
    if component.get("disabled"):
        raise ComponentUnavailable(f"{custom_id!r} is disabled")
    return component


# Waiting for the bot.


async def wait_for_ack(
    emulator: DiscordEmulator, record: InteractionRecord, what: str, start: int
) -> None:
    """Wait for the initial response; past the deadline the interaction has failed."""
    loop = asyncio.get_running_loop()
    while not record.acknowledged:
        if loop.time() > record.deadline:
            record.failed = True
            refused = [str(item) for item in refusals(emulator, start)]
            detail = f" Refused requests meanwhile: {refused}" if refused else ""
            raise InteractionFailed(
                f"This interaction failed: the bot did not acknowledge {what} within "
                f"{emulator.ack_timeout} s.{detail}"
            )
        await asyncio.sleep(0.005)


async def await_reply(
    emulator: DiscordEmulator, record: InteractionRecord, start: int, what: str
) -> Reply:
    """Wait for the answer to be complete: acknowledged, not still thinking, then `settle`."""
    await wait_for_ack(emulator, record, what, start)
    loop = asyncio.get_running_loop()
    original = record.original
    while original is not None and original.loading:
        if loop.time() > record.created + emulator.deferred_timeout:
            raise InteractionFailed(
                f"The bot deferred {what} but did not follow up within "
                f"{emulator.deferred_timeout} s (users keep seeing 'thinking...')."
            )
        await asyncio.sleep(0.01)
    await emulator.settle()
    posted = [
        message
        for message in emulator.messages.values()
        if message.id > record.id and message.interaction_id is None and not message.ephemeral
    ]
    return Reply(record, sorted(posted, key=lambda m: m.id), refusals(emulator, start))


def refusals(emulator: DiscordEmulator, start: int) -> list[RequestRecord]:
    """Requests refused since request number `start` (injected faults excluded)."""
    return [item for item in emulator.requests[start:] if item.status >= 400 and not item.fault]
