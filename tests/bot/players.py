"""Playing the humans in a Lords of Vegas game through the emulator.

Who is asked to act is read from the bot's messages, as a player would: the turn post
mentions the current player; a decision prompt (a message with menus or buttons)
mentions the player it waits for.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.discord_emulator import Channel, DiscordEmulator, Message, Reply, User

MENTION = re.compile(r"<@(\d+)>")
COMPANIES = ("sphinx", "vega", "tivoli", "pioneer", "albion")


def mentioned(reply: Reply | Message, users: list[User]) -> list[User]:
    """The players the bot mentioned in its answer (or a message), in order."""
    by_id = {user.id: user for user in users}
    return [by_id[int(found)] for found in MENTION.findall(reply.content) if int(found) in by_id]


def decision_prompts(messages: list[Message]) -> list[Message]:
    """Messages asking a player for a decision that still carry their menus or buttons."""
    return [m for m in messages if any(c.startswith("lov:decide:") for c in m.custom_ids)]


def offer_prompt(messages: list[Message], number: int) -> Message:
    """The message showing offer #`number` with its buttons."""
    return next(m for m in messages if f"offers trade #{number}" in m.content)


def button(message: Message, suffix: str) -> str:
    """The custom id of the message's component ending with `suffix`."""
    return next(c for c in message.custom_ids if c.endswith(suffix))


def prompted_user(prompt: Message, users: list[User]) -> User:
    """The player a prompt mentions."""
    [found] = [u for u in users if f"<@{u.id}>" in prompt.content]
    return found


async def answer_prompt(emu: DiscordEmulator, prompt: Message, user: User) -> Reply:
    """Answer a decision prompt with its first choice (or its first button)."""
    for custom_id in prompt.custom_ids:
        if custom_id.endswith(":pick"):
            menu = prompt.component(custom_id)
            assert menu is not None
            return await emu.select(user, prompt, custom_id, [menu["options"][0]["value"]])
    return await emu.click(user, prompt, prompt.custom_ids[-1])


async def build_something(emu: DiscordEmulator, user: User, channel: Channel) -> Reply | None:
    """Build on the first parking lot the bot suggests, trying companies until one works."""
    lots = await emu.autocomplete(user, channel, "lov build", "lot")
    if not lots:
        return None
    for company in COMPANIES:
        reply = await emu.slash(user, channel, "lov build", lot=lots[0]["value"], company=company)
        if not reply.ephemeral:
            return reply
    return None


async def next_message(
    emu: DiscordEmulator, channel: Channel, check: Callable[[Message], bool], seen: int
) -> tuple[Message, int]:
    """The first message after the first `seen` ones in the channel that passes `check`."""
    found: list[Message] = []

    def arrived() -> bool:
        history = emu.history(channel)
        found[:] = [m for m in history[seen:] if check(m)]
        return bool(found)

    await emu.wait_until(arrived, 20.0, "the next matching message")
    history = emu.history(channel)
    return found[0], history.index(found[0]) + 1


async def prompt_shows(emu: DiscordEmulator, prompt: Message, text: str) -> None:
    """Wait until the bot has edited `prompt` to show `text`.

    A click is answered first and its prompt edited just after, so the edit can land
    after the emulator has judged the bot quiet on a busy machine.
    """
    await emu.wait_until(lambda: text in prompt.content, 10.0, f"the prompt to show {text!r}")


async def prompt_closed(emu: DiscordEmulator, prompt: Message) -> None:
    """Wait until the bot has taken the decision buttons off `prompt` (see `prompt_shows`)."""
    await emu.wait_until(
        lambda: not decision_prompts([prompt]), 10.0, "the prompt to lose its buttons"
    )
