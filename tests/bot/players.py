"""Playing the humans in a Lords of Vegas game through the emulator.

Who is asked to act is read from the bot's mentions, as a player would.
"""

from __future__ import annotations

import re

from tests.discord_emulator import Channel, DiscordEmulator, Reply, User

MENTION = re.compile(r"<@(\d+)>")
COMPANIES = ("sphinx", "vega", "tivoli", "pioneer", "albion")


def mentioned(reply: Reply, users: list[User]) -> list[User]:
    """The players the bot mentioned in its answer, in order."""
    by_id = {user.id: user for user in users}
    return [by_id[int(found)] for found in MENTION.findall(reply.content) if int(found) in by_id]


async def answer_decision(
    emu: DiscordEmulator, reply: Reply, user: User, channel: Channel
) -> Reply:
    """Answer whatever the bot asked `user` to decide, with the first suggested choice."""
    line = next(line for line in reply.content.splitlines() if f"<@{user.id}>" in line)
    if "must place" in line:
        options = await emu.autocomplete(user, channel, "lov place", "assignment")
        return await emu.slash(user, channel, "lov place", assignment=options[0]["value"])
    what = "die" if "no dice left" in line else "marker"
    options = await emu.autocomplete(user, channel, "lov take", "lot", what=what)
    return await emu.slash(user, channel, "lov take", what=what, lot=options[0]["value"])


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
