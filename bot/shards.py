"""Discord shards: which guilds a bot process looks after.

Discord splits a bot's guilds into `count` shards, a guild belonging to shard
`(guild_id >> 22) % count`; each gateway connection carries one shard's guilds (direct
messages come on shard 0). A large bot runs several processes, each connecting some of
the shards (`SHARD_COUNT`, `SHARD_IDS`) against one database. Every interaction of a
guild then reaches one process only, and whatever a process does on its own initiative
(timers, news left over, computer players, start-up recovery) it does for its own
guilds only: `Shards` is what it asks the store with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

# Discord ids carry their creation time above bit 22; the shard is taken from that time.
SHARD_SHIFT: Final = 22
_RANGE: Final = re.compile(r"(\d+)\s*-\s*(\d+)")


@dataclass(frozen=True)
class Shards:
    """The shards `ids` (ascending) out of `count` that this process connects."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("there must be at least one shard")
        if not self.ids:
            raise ValueError("a process must connect at least one shard")
        outside = [shard for shard in self.ids if not 0 <= shard < self.count]
        if outside:
            raise ValueError(
                f"there is no shard {outside[0]} of {self.count}: they are numbered "
                f"0 to {self.count - 1}"
            )

    @classmethod
    def every(cls, count: int) -> Shards:
        """All `count` shards, in one process."""
        return cls(count, tuple(range(count)))

    def of_guild(self, guild_id: int | None) -> int:
        """The shard a guild belongs to (direct messages, without a guild: shard 0)."""
        return 0 if guild_id is None else (guild_id >> SHARD_SHIFT) % self.count

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process looks after the guild."""
        return self.of_guild(guild_id) in self.ids

    @property
    def syncs_commands(self) -> bool:
        """Whether this process registers the slash commands (the one holding shard 0)."""
        return 0 in self.ids

    def __str__(self) -> str:
        return f"shards {', '.join(map(str, self.ids))} of {self.count}"


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """The shard numbers of a setting like `0,1`, `0-3` or `0-1,4` (ascending, no repeats).

    Raises ValueError for anything else.
    """
    found: set[int] = set()
    for given in text.split(","):
        part = given.strip()
        if part.isdigit():
            found.add(int(part))
        elif (span := _RANGE.fullmatch(part)) is not None:
            first, last = int(span[1]), int(span[2])
            if first > last:
                raise ValueError(f"the range {part} runs backwards")
            found.update(range(first, last + 1))
        else:
            raise ValueError(f"{part!r} is not a shard number, nor a range such as 0-3")
    return tuple(sorted(found))
