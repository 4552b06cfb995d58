"""Interaction callbacks and the interaction webhook (followups, @original edits).

These routes carry no bot token (discord.py sends none: the interaction
token is the credential), so they sit outside the auth check.
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from . import errors
from .interactions import AUTOCOMPLETE, COMMAND, COMPONENT, MODAL_SUBMIT, Interaction
from .messages import EPHEMERAL, LOADING, Message
from .state import State
from .web_util import json_response, no_content, read_body, wants

MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, AUTOCOMPLETE_RESULT, MODAL = 4, 5, 6, 7, 8, 9
ALLOWED = {
    COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE},
}


class WebhookRoutes:
    def __init__(self, state: State, callback_deadline: float | None):
        self.state = state
        self.callback_deadline = callback_deadline

    def routes(self) -> list[tuple[str, str, Any]]:
        return [
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback),
            ("POST", "/webhooks/{app_id}/{token}", self.followup),
            ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self.get_message),
            ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", self.edit_message),
            ("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", self.delete_message),
        ]

    # -- lookups ----------------------------------------------------------------
    def _by_callback(self, request: web.Request) -> Interaction:
        wanted, token = request.match_info["interaction_id"], request.match_info["token"]
        for inter in reversed(self.state.interactions):
            if str(inter.id) == wanted and inter.token == token and not inter.expired:
                return inter
        raise errors.unknown("interaction")

    def _by_webhook(self, request: web.Request) -> Interaction:
        if request.match_info["app_id"] != str(self.state.application_id):
            raise errors.unknown("Webhook")
        for inter in reversed(self.state.interactions):
            if inter.token == request.match_info["token"]:
                if inter.expired:
                    raise errors.invalid_webhook_token()
                if not inter.answered:
                    raise errors.unknown("Webhook")
                return inter
        raise errors.unknown("Webhook")

    def _target(self, inter: Interaction, raw_id: str) -> Message:
        if raw_id == "@original":
            found = inter.original
        else:
            known = [inter.original, *inter.followups, *inter.touched]
            found = next(
                (m for m in known if m is not None and raw_id in (str(m.id), *map(str, m.aliases))),
                None,
            )
        if found is None or found.deleted:
            raise errors.unknown("Message")
        return found

    # -- callback ------------------------------------------------------------------
    async def callback(self, request: web.Request) -> web.Response:
        arrived = asyncio.get_running_loop().time()
        inter = self._by_callback(request)
        assert inter.dispatched_at is not None  # a callback comes for a dispatched one
        waited = arrived - inter.dispatched_at
        late = self.callback_deadline is not None and waited > self.callback_deadline
        if late:
            inter.refused.append(f"callback after {waited:.2f}s: Unknown interaction")
            self.state.touch()
            raise errors.unknown("interaction")
        body, files = await read_body(request)
        if inter.answered:  # checked after the await, so two racing callbacks cannot both pass
            inter.refused.append("answered twice")
            self.state.touch()
            raise errors.already_acknowledged()
        kind, data = body.get("type"), body.get("data") or {}
        if kind not in ALLOWED[inter.type]:
            raise errors.DiscordError(
                400, 50035, f"Invalid response type {kind} for interaction type {inter.type}"
            )
        msg = self._respond(inter, kind, data, files)
        inter.answered_at, inter.response_type, inter.response = arrived, kind, data
        self.state.touch()
        if not wants(request, "with_response"):
            return no_content()
        info: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        result: dict[str, Any] = {"interaction": info, "resource": {"type": kind}}
        if msg is not None:
            info.update(
                response_message_id=str(msg.id),
                response_message_loading=msg.loading,
                response_message_ephemeral=msg.ephemeral,
            )
            result["resource"]["message"] = self.state.render(msg)
        return json_response(result)

    def _respond(
        self, inter: Interaction, kind: int, data: dict[str, Any], files
    ) -> Message | None:
        state = self.state
        if kind == MESSAGE:
            inter.original = state.create_message(
                inter.channel, state.bot, data, files, interaction=inter, via="response"
            )
        elif kind == DEFERRED_MESSAGE:
            flags = LOADING | (data.get("flags", 0) & EPHEMERAL)
            inter.original = state.create_loading_message(inter, flags)
        elif kind in (DEFERRED_UPDATE, UPDATE):
            if inter.message is None:
                raise errors.DiscordError(400, 50035, "This interaction has no message to update")
            inter.original = inter.message
            if kind == UPDATE:
                state.edit_message(inter.message, data, files)
        elif kind == MODAL and not {"custom_id", "title", "components"} <= set(data):
            raise errors.DiscordError(400, 50035, "A modal needs custom_id, title and components")
        if kind in (MESSAGE, DEFERRED_MESSAGE, UPDATE):
            assert inter.original is not None  # set just above for these kinds
            inter.touch(inter.original)
        return (
            inter.original if kind in (MESSAGE, DEFERRED_MESSAGE, UPDATE, DEFERRED_UPDATE) else None
        )

    # -- webhook -------------------------------------------------------------------
    async def followup(self, request: web.Request) -> web.Response:
        inter = self._by_webhook(request)
        body, files = await read_body(request)
        original = inter.original
        if inter.response_type == DEFERRED_MESSAGE and original is not None and original.loading:
            # Discord: a followup while the defer is still "thinking" resolves the
            # loading message (keeping the defer's ephemerality) instead of adding one.
            msg = self._resolve_loading(original, body, files)
        else:
            msg = self.state.create_message(
                inter.channel, self.state.bot, body, files, interaction=inter, via="followup"
            )
        inter.followups.append(msg)
        inter.touch(msg)
        self.state.touch()
        return json_response(self.state.render(msg)) if wants(request, "wait") else no_content()

    def _resolve_loading(self, msg: Message, body: dict[str, Any], files) -> Message:
        body = {k: v for k, v in body.items() if k != "flags"}
        self.state.edit_message(msg, body, files)
        msg.flags &= ~LOADING
        msg.history.pop()  # resolving "thinking" is not an edit a user sees
        msg.edited_at = None
        return msg

    async def get_message(self, request: web.Request) -> web.Response:
        inter = self._by_webhook(request)
        return json_response(
            self.state.render(self._target(inter, request.match_info["message_id"]))
        )

    async def edit_message(self, request: web.Request) -> web.Response:
        inter = self._by_webhook(request)
        msg = self._target(inter, request.match_info["message_id"])
        body, files = await read_body(request)
        if msg.loading:
            self._resolve_loading(msg, body, files)
        else:
            self.state.edit_message(msg, body, files)
        inter.touch(msg)
        self.state.touch()
        return json_response(self.state.render(msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        inter = self._by_webhook(request)
        self.state.delete_message(self._target(inter, request.match_info["message_id"]))
        return no_content()
