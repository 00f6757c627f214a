"""Interactions: the initial response (callback) and the webhook follow-ups and edits.

Discord's rules enforced here: the initial response must arrive within the emulator's
`ack_timeout` (3 seconds on Discord), or the interaction is unknown (10062) and the
user saw "This interaction failed"; only one initial response is accepted (40060);
the response type must suit the interaction (no update of a slash command, only
choices for an autocomplete); follow-ups need an acknowledged interaction and a token
younger than 15 minutes. The first follow-up after a deferred reply fills the
"thinking..." placeholder, as on Discord.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .bodies import integer, json_response, read_body
from .errors import (
    ALREADY_ACKNOWLEDGED,
    INVALID_WEBHOOK_TOKEN,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    DiscordError,
    Problems,
    not_found,
)
from .limits import check_choices, check_modal
from .messages import create_message, delete_message, edit_message
from .model import EPHEMERAL, LOADING, Attachment, Channel, Message, User

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from .emulator import DiscordEmulator

# Interaction types.
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

# Callback (response) types.
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9

ALLOWED_RESPONSES = {
    PING: {PONG},
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE,
        UPDATE_MESSAGE,
        MODAL,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}
MESSAGE_RESPONSES = {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE}
TOKEN_LIFETIME = 15 * 60.0


@dataclass(eq=False)
class InteractionRecord:
    """One interaction a driven user started, and everything the bot did about it."""

    id: int
    token: str
    kind: int
    user: User
    channel: Channel
    payload: dict[str, Any]
    created: float
    deadline: float
    message: Message | None = None
    response_type: int | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    uploads: list[Attachment] = field(default_factory=list)
    failed: bool = False
    # Event-loop times of the initial response and of the answer being whole (a deferred
    # reply filled in); `answered` is set at the latter (or on a late response, which
    # failed), for drivers that await many.
    acknowledged_at: float | None = None
    completed_at: float | None = None
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def acknowledged(self) -> bool:
        """Whether the bot sent an initial response in time."""
        return self.response_type is not None

    def complete(self) -> None:
        """Note that the answer is whole now (the first time only)."""
        if self.completed_at is None:
            self.completed_at = asyncio.get_running_loop().time()
            self.answered.set()


def routes(
    emulator: DiscordEmulator,
) -> list[tuple[str, str, Callable[[web.Request], Awaitable[web.StreamResponse]]]]:
    """The interaction and webhook routes, relative to the API base."""
    handlers = InteractionRoutes(emulator)
    message = r"/webhooks/{application_id:\d+}/{token}/messages/{message_id:\d+|@original}"
    return [
        ("POST", r"/interactions/{interaction_id:\d+}/{token}/callback", handlers.callback),
        ("POST", r"/webhooks/{application_id:\d+}/{token}", handlers.follow_up),
        ("GET", message, handlers.get_message),
        ("PATCH", message, handlers.edit_message),
        ("DELETE", message, handlers.delete_message),
    ]


class InteractionRoutes:
    """Handlers for interaction callbacks and interaction webhooks."""

    def __init__(self, emulator: DiscordEmulator) -> None:
        self.emulator = emulator

    async def callback(self, request: web.Request) -> web.StreamResponse:
        """`POST /interactions/{id}/{token}/callback`: the one initial response."""
        payload, uploads = await read_body(request)
        record = self.emulator.interactions.get(int(request.match_info["interaction_id"]))
        if record is None or record.token != request.match_info["token"]:
            raise not_found(UNKNOWN_INTERACTION, "interaction")
        if record.acknowledged:
            raise DiscordError(
                400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
            )
        if asyncio.get_running_loop().time() > record.deadline:
            record.failed = True
            record.answered.set()  # never to be answered: waiters look at `failed`
            raise not_found(UNKNOWN_INTERACTION, "interaction")
        kind = integer(payload.get("type"), "type")
        data = payload.get("data") or {}
        if kind not in ALLOWED_RESPONSES[record.kind]:
            problems = Problems()
            problems.add(
                ("type",),
                "INTERACTION_RESPONSE_TYPE_INVALID",
                f"Response type {kind} does not suit interaction type {record.kind}.",
            )
            problems.raise_if_any()
        self._respond(record, kind, data, uploads)
        record.response_type = kind
        record.acknowledged_at = asyncio.get_running_loop().time()
        if kind != DEFERRED_CHANNEL_MESSAGE:
            record.complete()
        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return web.Response(status=204)
        return json_response(self._callback_response(record))

    def _respond(
        self, record: InteractionRecord, kind: int, data: dict[str, Any], uploads: list[Any]
    ) -> None:
        emulator = self.emulator
        if kind == CHANNEL_MESSAGE:
            record.original = create_message(
                emulator, record.channel, data, uploads, interaction=record
            )
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = LOADING | (integer(data.get("flags"), "data.flags") & EPHEMERAL)
            record.original = create_message(
                emulator, record.channel, {"flags": flags}, [], interaction=record
            )
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if record.message is None:
                raise not_found(UNKNOWN_MESSAGE, "Message")
            if kind == UPDATE_MESSAGE:
                edit_message(emulator, record.message, data, uploads)
            record.original = record.message
        elif kind == AUTOCOMPLETE_RESULT:
            check_choices(data)
            record.choices = list(data["choices"])
        elif kind == MODAL:
            check_modal(data)
            record.modal = data

    def _callback_response(self, record: InteractionRecord) -> dict[str, Any]:
        """The `with_response` body: the interaction and the message it produced."""
        interaction: dict[str, Any] = {"id": str(record.id), "type": record.kind}
        body: dict[str, Any] = {"interaction": interaction}
        original = record.original
        if original is not None and record.response_type in MESSAGE_RESPONSES:
            interaction.update(
                response_message_id=str(original.id),
                response_message_loading=original.loading,
                response_message_ephemeral=original.ephemeral,
            )
            body["resource"] = {"type": record.response_type, "message": original.payload()}
        return body

    def _record(self, request: web.Request) -> InteractionRecord:
        """The interaction behind a webhook URL, if its token is still valid."""
        emulator = self.emulator
        record = emulator.interactions_by_token.get(request.match_info["token"])
        if record is None or request.match_info["application_id"] != str(emulator.application_id):
            raise not_found(UNKNOWN_WEBHOOK, "Webhook")
        if asyncio.get_running_loop().time() > record.created + TOKEN_LIFETIME:
            raise DiscordError(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        return record

    def _message(self, record: InteractionRecord, message_id: str) -> Message:
        if message_id == "@original":
            found = record.original
        else:
            found = next(
                (
                    message
                    for message in [record.original, *record.followups]
                    if message is not None and str(message.id) == message_id
                ),
                None,
            )
        if found is None or found.deleted:
            raise not_found(UNKNOWN_MESSAGE, "Message")
        return found

    async def follow_up(self, request: web.Request) -> web.StreamResponse:
        """`POST /webhooks/{application}/{token}`: a follow-up message."""
        payload, uploads = await read_body(request)
        record = self._record(request)
        if record.response_type not in MESSAGE_RESPONSES:
            raise not_found(UNKNOWN_WEBHOOK, "Webhook")
        original = record.original
        if (
            record.response_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
        ):
            edit = {key: value for key, value in payload.items() if key != "flags"}
            message = edit_message(self.emulator, original, edit, uploads)
            record.complete()
        else:
            message = create_message(
                self.emulator, record.channel, payload, uploads, interaction=record
            )
            record.followups.append(message)
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(message.payload())
        return web.Response(status=204)

    async def get_message(self, request: web.Request) -> web.StreamResponse:
        """`GET .../messages/{id|@original}`."""
        record = self._record(request)
        return json_response(self._message(record, request.match_info["message_id"]).payload())

    async def edit_message(self, request: web.Request) -> web.StreamResponse:
        """`PATCH .../messages/{id|@original}`: edit the response or a follow-up."""
        payload, uploads = await read_body(request)
        record = self._record(request)
        message = self._message(record, request.match_info["message_id"])
        filling = message is record.original and message.loading
        edit_message(self.emulator, message, payload, uploads)
        if filling:
            record.complete()
        return json_response(message.payload())

    async def delete_message(self, request: web.Request) -> web.StreamResponse:
        """`DELETE .../messages/{id|@original}`."""
        record = self._record(request)
        message = self._message(record, request.match_info["message_id"])
        delete_message(self.emulator, message)
        return web.Response(status=204)
