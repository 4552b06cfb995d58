"""The aiohttp application: route table, bot-token check, request log, error rendering."""

from __future__ import annotations

import logging
import traceback

from aiohttp import web

from . import errors
from .gateway import Gateway
from .rest import RestRoutes
from .state import RequestRecord, State
from .web_util import json_response
from .webhooks import WebhookRoutes

log = logging.getLogger(__name__)
API = "/api/v10"
UNAUTHENTICATED = (
    f"{API}/interactions/",
    f"{API}/webhooks/",
)  # the interaction token is the credential


def build_app(
    state: State, gateway: Gateway, rest: RestRoutes, webhooks: WebhookRoutes
) -> web.Application:
    app = web.Application(middlewares=[_middleware(state)], client_max_size=64 * 1024 * 1024)
    for method, path, handler in rest.routes() + webhooks.routes():
        app.router.add_route(method, API + path, handler)
    app.router.add_get("/gateway", gateway.handle)
    app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", _attachments(state))
    app.router.add_route(
        "*", "/{tail:.*}", _unknown_route(state)
    )  # last: catches what nothing else matched
    return app


def _middleware(state: State):
    @web.middleware
    async def middleware(request: web.Request, handler) -> web.StreamResponse:
        path = request.path
        if path == "/gateway":
            return await handler(request)
        try:
            if (
                path.startswith(API)
                and not path.startswith(UNAUTHENTICATED)
                and request.headers.get("Authorization") != f"Bot {state.token}"
            ):
                raise errors.unauthorized()
            response = await handler(request)
        except errors.DiscordError as exc:
            state.requests.append(
                RequestRecord(request.method, path, exc.status, exc.code, exc.message)
            )
            return json_response(exc.body(), exc.status)
        except web.HTTPException:
            raise
        except (
            Exception
        ) as exc:  # a bug in the fake: answer 400, since a 5xx makes discord.py retry for ~25 s
            log.exception("fake discord failed on %s %s", request.method, path)
            state.internal_errors.append(traceback.format_exc())
            state.requests.append(RequestRecord(request.method, path, 400, 0, repr(exc)))
            return json_response({"message": f"fake discord bug: {exc!r}", "code": 0}, 400)
        state.requests.append(RequestRecord(request.method, path, response.status))
        return response

    return middleware


def _unknown_route(state: State):
    async def unknown_route(request: web.Request) -> web.Response:
        state.unknown_routes.append(f"{request.method} {request.path}")
        state.touch()
        raise errors.not_found_route()

    return unknown_route


def _attachments(state: State):
    async def attachment(request: web.Request) -> web.Response:
        wanted = int(request.match_info["attachment_id"])
        for msg in state.messages:
            for att in msg.attachments:
                if att.id == wanted:
                    return web.Response(
                        body=att.data, content_type=att.content_type or "application/octet-stream"
                    )
        raise errors.DiscordError(404, 0, "404: Not Found")

    return attachment
