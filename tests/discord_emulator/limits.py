"""Discord's limits on what a bot may send, enforced so our mistakes fail as they would live.

Each `check_*` function looks at a JSON payload and raises `DiscordError` 50035
("Invalid Form Body", with Discord's nested `errors` object) when Discord would refuse
it. The numbers are Discord's documented limits for API v10.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import CANNOT_SEND_EMPTY_MESSAGE, REQUEST_TOO_LARGE, DiscordError, Problems
from .model import (
    ACTION_ROW,
    BUTTON,
    COMPONENTS_V2,
    CONTAINER,
    FILE,
    INTEGER,
    LINK_STYLE,
    MEDIA_GALLERY,
    NUMBER,
    PREMIUM_STYLE,
    SECTION,
    SELECTS,
    SEPARATOR,
    STRING,
    STRING_SELECT,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    TEXT_DISPLAY,
)

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_FILES = 10
MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_ACTION_ROWS = 5
MAX_ROW_WIDTH = 5
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_CHOICES = 25
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000
MAX_COMMANDS = 100
MAX_CONTEXT_MENUS = 5
MAX_OPTIONS = 25
MAX_COMMAND_SIZE = 4000

V2_TOP_LEVEL = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
CHAT_INPUT = 1
COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")


def check_message(payload: dict[str, Any], *, file_sizes: list[int], creating: bool) -> None:
    """Refuse a message (new, or as it would look after an edit) that Discord would refuse.

    `payload` holds the message's content, embeds, components, flags and attachments as
    they will be; `file_sizes` are the sizes of newly uploaded files. `creating` also
    refuses a message with nothing in it (edits cannot empty a message either).
    """
    for size in file_sizes:
        if size > MAX_FILE_BYTES:
            raise DiscordError(413, REQUEST_TOO_LARGE, "Request entity too large")
    problems = Problems()
    content = payload.get("content") or ""
    embeds = payload.get("embeds") or []
    components = payload.get("components") or []
    flags = int(payload.get("flags") or 0)
    attachments = payload.get("attachments") or []
    problems.length(("content",), content, 0, MAX_CONTENT)
    problems.length(("attachments",), attachments, 0, MAX_FILES)
    check_embeds(problems, embeds)
    if flags & COMPONENTS_V2:
        if content or embeds:
            problems.add(
                ("content" if content else "embeds",),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used when using components v2.",
            )
        check_v2_components(problems, components)
    else:
        check_action_rows(problems, ("components",), components)
    problems.raise_if_any()
    if creating and not (content.strip() or embeds or components or attachments):
        raise DiscordError(400, CANNOT_SEND_EMPTY_MESSAGE, "Cannot send an empty message")


def check_embeds(problems: Problems, embeds: list[dict[str, Any]]) -> None:
    """Embed count, per-field lengths and the 6000-character total."""
    problems.length(("embeds",), embeds, 0, MAX_EMBEDS)
    total = 0
    for index, embed in enumerate(embeds):
        path: tuple[str | int, ...] = ("embeds", index)
        for key, limit in (("title", 256), ("description", 4096)):
            value = embed.get(key) or ""
            problems.length((*path, key), value, 0, limit)
            total += len(value)
        for key, inner, limit in (("footer", "text", 2048), ("author", "name", 256)):
            value = (embed.get(key) or {}).get(inner) or ""
            problems.length((*path, key, inner), value, 0, limit)
            total += len(value)
        fields = embed.get("fields") or []
        problems.length((*path, "fields"), fields, 0, 25)
        for number, item in enumerate(fields):
            problems.length((*path, "fields", number, "name"), item.get("name") or "", 1, 256)
            problems.length((*path, "fields", number, "value"), item.get("value") or "", 1, 1024)
            total += len(item.get("name") or "") + len(item.get("value") or "")
    if total > MAX_EMBED_TOTAL:
        problems.add(("embeds",), "BASE_TYPE_MAX_LENGTH", "Embed size exceeds maximum size of 6000")


def check_action_rows(
    problems: Problems, path: tuple[str | int, ...], rows: list[dict[str, Any]]
) -> None:
    """Classic components: at most 5 action rows, each 5 buttons or one select."""
    problems.length(path, rows, 0, MAX_ACTION_ROWS)
    seen: set[str] = set()
    for index, row in enumerate(rows):
        if row.get("type") != ACTION_ROW:
            problems.add((*path, index, "type"), "UNION_TYPE_CHOICES", "Must be an action row.")
            continue
        check_action_row(problems, (*path, index), row, seen)


def check_action_row(
    problems: Problems, path: tuple[str | int, ...], row: dict[str, Any], seen: set[str]
) -> None:
    """One action row: 1 to 5 buttons, or exactly one select, with unique custom ids."""
    items = row.get("components") or []
    problems.length((*path, "components"), items, 1, MAX_ROW_WIDTH)
    width = sum(MAX_ROW_WIDTH if item.get("type") in SELECTS else 1 for item in items)
    if items and width > MAX_ROW_WIDTH:
        problems.add(
            (*path, "components"),
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )
    for number, item in enumerate(items):
        where = (*path, "components", number)
        kind = item.get("type")
        if kind == BUTTON:
            check_button(problems, where, item)
        elif kind in SELECTS:
            check_select(problems, where, item)
        else:
            problems.add((*where, "type"), "UNION_TYPE_CHOICES", "Not allowed in an action row.")
        custom_id = item.get("custom_id")
        if custom_id is not None:
            if custom_id in seen:
                problems.add(
                    (*where, "custom_id"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            seen.add(custom_id)


def check_button(problems: Problems, path: tuple[str | int, ...], button: dict[str, Any]) -> None:
    """A button: label up to 80, a custom id (1-100) unless it is a link or premium button."""
    style = button.get("style")
    if style not in range(1, 7):
        problems.add(
            (*path, "style"), "BASE_TYPE_CHOICES", f"Value must be one of 1-6, not {style}."
        )
    problems.length((*path, "label"), button.get("label") or "", 0, MAX_BUTTON_LABEL)
    if style == LINK_STYLE:
        if not button.get("url"):
            problems.add((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
        if "custom_id" in button:
            problems.add(
                (*path, "custom_id"),
                "BUTTON_CANNOT_HAVE_CUSTOM_ID",
                "Link buttons cannot have a custom id.",
            )
    elif style != PREMIUM_STYLE:
        if "custom_id" not in button:
            problems.add((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
        else:
            problems.length((*path, "custom_id"), button["custom_id"], 1, MAX_CUSTOM_ID)
        if not button.get("label") and not button.get("emoji"):
            problems.add(
                (*path, "label"), "BUTTON_LABEL_OR_EMOJI_REQUIRED", "A label or emoji is required."
            )


def check_select(problems: Problems, path: tuple[str | int, ...], select: dict[str, Any]) -> None:
    """A select menu: custom id, placeholder, value counts and (string selects) its options."""
    problems.length((*path, "custom_id"), select.get("custom_id") or "", 1, MAX_CUSTOM_ID)
    problems.length((*path, "placeholder"), select.get("placeholder") or "", 0, 150)
    low = select.get("min_values", 1)
    high = select.get("max_values", 1)
    if not 0 <= low <= 25:
        problems.add((*path, "min_values"), "NUMBER_TYPE_MAX", "Must be between 0 and 25.")
    if not 1 <= high <= 25:
        problems.add((*path, "max_values"), "NUMBER_TYPE_MAX", "Must be between 1 and 25.")
    if low > high:
        problems.add(
            (*path, "min_values"),
            "SELECT_COMPONENT_MIN_VALUES_TOO_HIGH",
            "min_values exceeds max_values.",
        )
    if select.get("type") != STRING_SELECT:
        return
    options = select.get("options") or []
    problems.length((*path, "options"), options, 1, MAX_SELECT_OPTIONS)
    if options and high > len(options):
        problems.add(
            (*path, "max_values"),
            "SELECT_COMPONENT_MAX_VALUES_TOO_HIGH",
            "max_values exceeds the number of options.",
        )
    values: set[str] = set()
    for number, option in enumerate(options):
        where = (*path, "options", number)
        problems.length((*where, "label"), option.get("label") or "", 1, 100)
        problems.length((*where, "value"), option.get("value") or "", 1, 100)
        problems.length((*where, "description"), option.get("description") or "", 0, 100)
        if option.get("value") in values:
            problems.add(
                (*where, "value"),
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Option values must be unique.",
            )
        values.add(option.get("value") or "")


def check_v2_components(problems: Problems, components: list[dict[str, Any]]) -> None:
    """Components v2 layouts: allowed top-level types, 40 components, 4000 characters of text."""
    problems.length(("components",), components, 1, MAX_V2_COMPONENTS)
    count = 0
    text = 0
    seen: set[str] = set()

    def visit(items: list[dict[str, Any]], path: tuple[str | int, ...]) -> None:
        nonlocal count, text
        for index, item in enumerate(items):
            count += 1
            where = (*path, index)
            if item.get("type") == TEXT_DISPLAY:
                text += len(item.get("content") or "")
            if item.get("type") == ACTION_ROW:
                check_action_row(problems, where, item, seen)
                count += len(item.get("components") or [])
                continue
            visit(item.get("components") or [], (*where, "components"))
            if "accessory" in item:
                visit([item["accessory"]], (*where, "accessory"))

    for index, item in enumerate(components):
        if item.get("type") not in V2_TOP_LEVEL:
            problems.add(
                ("components", index, "type"), "UNION_TYPE_CHOICES", "Not allowed at the top level."
            )
    visit(components, ("components",))
    if count > MAX_V2_COMPONENTS:
        problems.add(
            ("components",), "COMPONENTS_TOO_MANY", "Must be 40 or fewer components in total."
        )
    if text > MAX_V2_TEXT:
        problems.add(
            ("components",), "TEXT_TOO_LONG", "Text displays must total 4000 or fewer characters."
        )


def check_choices(data: dict[str, Any]) -> None:
    """An autocomplete answer: at most 25 choices, names 1-100, string values up to 100."""
    problems = Problems()
    choices = data.get("choices")
    if not isinstance(choices, list):
        problems.add(("data", "choices"), "BASE_TYPE_REQUIRED", "This field is required")
        problems.raise_if_any()
        return
    problems.length(("data", "choices"), choices, 0, MAX_CHOICES)
    for index, choice in enumerate(choices):
        problems.length(("data", "choices", index, "name"), choice.get("name") or "", 1, 100)
        value = choice.get("value")
        if isinstance(value, str):
            problems.length(("data", "choices", index, "value"), value, 0, 100)
    problems.raise_if_any()


def check_modal(data: dict[str, Any]) -> None:
    """A modal: a title up to 45, a custom id up to 100, one to five components."""
    problems = Problems()
    problems.length(("data", "title"), data.get("title") or "", 1, 45)
    problems.length(("data", "custom_id"), data.get("custom_id") or "", 1, MAX_CUSTOM_ID)
    problems.length(("data", "components"), data.get("components") or [], 1, 5)
    problems.raise_if_any()


def check_commands(commands: list[dict[str, Any]]) -> None:
    """A full command list (bulk overwrite): each command valid, counts and names unique."""
    problems = Problems()
    counts: dict[int, int] = {}
    names: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        check_command_into(problems, (index,), command)
        kind = command.get("type", CHAT_INPUT)
        counts[kind] = counts.get(kind, 0) + 1
        key = (kind, command.get("name", ""))
        if key in names:
            problems.add(
                (index, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Application command names must be unique",
            )
        names.add(key)
    if counts.get(CHAT_INPUT, 0) > MAX_COMMANDS:
        problems.add((), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
    if any(counts.get(kind, 0) > MAX_CONTEXT_MENUS for kind in (2, 3)):
        problems.add((), "BASE_TYPE_MAX_LENGTH", "At most 5 user and 5 message commands.")
    problems.raise_if_any()


def check_command(command: dict[str, Any]) -> None:
    """One command (create or edit)."""
    problems = Problems()
    check_command_into(problems, (), command)
    problems.raise_if_any()


def check_command_into(
    problems: Problems, path: tuple[str | int, ...], command: dict[str, Any]
) -> None:
    """Name, description, options and total size of one command."""
    kind = command.get("type", CHAT_INPUT)
    if kind not in (1, 2, 3):
        problems.add((*path, "type"), "BASE_TYPE_CHOICES", "Value must be one of (1, 2, 3).")
        return
    name = command.get("name") or ""
    if kind == CHAT_INPUT:
        check_name(problems, (*path, "name"), name)
        problems.length((*path, "description"), command.get("description") or "", 1, 100)
        check_options(problems, (*path, "options"), command.get("options") or [], depth=0)
        if command_size(command) > MAX_COMMAND_SIZE:
            problems.add(
                path, "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (4000)"
            )
    else:
        problems.length((*path, "name"), name, 1, 32)
        if command.get("description"):
            problems.add(
                (*path, "description"), "BASE_TYPE_MAX_LENGTH", "Must be 0 or fewer in length."
            )
        if command.get("options"):
            problems.add(
                (*path, "options"), "BASE_TYPE_MAX_LENGTH", "Must be 0 or fewer in length."
            )


def check_name(problems: Problems, path: tuple[str | int, ...], name: str) -> None:
    """A slash command or option name: 1-32 word characters or dashes, lower case."""
    if not COMMAND_NAME.match(name):
        problems.add(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")
    elif name != name.lower():
        problems.add(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name must be lower case.")


def check_options(
    problems: Problems, path: tuple[str | int, ...], options: list[dict[str, Any]], *, depth: int
) -> None:
    """Options of a command (depth 0), a group (1) or a subcommand (2)."""
    problems.length(path, options, 0, MAX_OPTIONS)
    kinds = [option.get("type") for option in options]
    nested = [kind in (SUB_COMMAND, SUB_COMMAND_GROUP) for kind in kinds]
    if any(nested) and not all(nested):
        problems.add(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands cannot be mixed with other options.",
        )
    seen: set[str] = set()
    optional_seen = False
    for index, option in enumerate(options):
        where = (*path, index)
        kind = option.get("type")
        name = option.get("name") or ""
        check_name(problems, (*where, "name"), name)
        problems.length((*where, "description"), option.get("description") or "", 1, 100)
        if name in seen:
            problems.add(
                (*where, "name"),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique.",
            )
        seen.add(name)
        if kind == SUB_COMMAND_GROUP:
            if depth != 0:
                problems.add(
                    (*where, "type"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Groups only at the top level.",
                )
            inner = option.get("options") or []
            if not inner or any(item.get("type") != SUB_COMMAND for item in inner):
                problems.add(
                    (*where, "options"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "A group holds 1 to 25 subcommands.",
                )
            check_options(problems, (*where, "options"), inner, depth=1)
        elif kind == SUB_COMMAND:
            if depth > 1:
                problems.add(
                    (*where, "type"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Subcommands cannot nest.",
                )
            check_options(problems, (*where, "options"), option.get("options") or [], depth=2)
        elif kind in range(3, 12):
            if option.get("required"):
                if optional_seen:
                    problems.add(
                        (*where, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
            else:
                optional_seen = True
            check_option_values(problems, where, option)
        else:
            problems.add((*where, "type"), "BASE_TYPE_CHOICES", f"Unknown option type {kind}.")


def check_option_values(
    problems: Problems, path: tuple[str | int, ...], option: dict[str, Any]
) -> None:
    """Choices, autocomplete and value bounds of a plain option."""
    kind = option.get("type")
    choices = option.get("choices") or []
    if choices:
        if kind not in (STRING, INTEGER, NUMBER):
            problems.add(
                (*path, "choices"),
                "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
                "Only string, integer and number options have choices.",
            )
        if option.get("autocomplete"):
            problems.add(
                (*path, "autocomplete"),
                "APPLICATION_COMMAND_AUTOCOMPLETE_AND_CHOICES",
                "Autocomplete and choices cannot be combined.",
            )
        problems.length((*path, "choices"), choices, 0, MAX_CHOICES)
        for index, choice in enumerate(choices):
            problems.length((*path, "choices", index, "name"), choice.get("name") or "", 1, 100)
            value = choice.get("value")
            if kind == STRING and not (isinstance(value, str) and 1 <= len(value) <= 100):
                problems.add(
                    (*path, "choices", index, "value"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            if kind == INTEGER and not isinstance(value, int):
                problems.add(
                    (*path, "choices", index, "value"), "NUMBER_TYPE_COERCE", "Value is not int."
                )
    if ("min_value" in option or "max_value" in option) and kind not in (INTEGER, NUMBER):
        problems.add(
            (*path, "min_value"), "APPLICATION_COMMAND_OPTION_INVALID", "Only numbers have bounds."
        )
    if ("min_length" in option or "max_length" in option) and kind != STRING:
        problems.add(
            (*path, "min_length"),
            "APPLICATION_COMMAND_OPTION_INVALID",
            "Only strings have lengths.",
        )
    if not 0 <= option.get("min_length", 0) <= 6000:
        problems.add((*path, "min_length"), "NUMBER_TYPE_MAX", "Must be between 0 and 6000.")
    if not 1 <= option.get("max_length", 1) <= 6000:
        problems.add((*path, "max_length"), "NUMBER_TYPE_MAX", "Must be between 1 and 6000.")


def command_size(command: dict[str, Any]) -> int:
    """Characters counted towards the 4000 limit: names, descriptions, choices, recursively."""
    size = len(command.get("name") or "") + len(command.get("description") or "")
    for choice in command.get("choices") or []:
        size += len(choice.get("name") or "") + len(str(choice.get("value", "")))
    for option in command.get("options") or []:
        size += command_size(option)
    return size
