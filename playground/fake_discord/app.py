"""The aiohttp application: route table, bot-token check, request log, error rendering."""

from __future__ import annotations

import asyncio
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
        response = await answer(request, handler)
        if path.startswith(API) and state.latency:
            # Discord's servers are far away: the answer comes back late (the
            # request itself arrived at once, so a callback was timed on arrival)
            await asyncio.sleep(state.latency)
        return response

    async def answer(request: web.Request, handler) -> web.StreamResponse:
        path = request.path
        headers: dict[str, str] = {}
        try:
            if path.startswith(API):
                if (
                    not path.startswith(UNAUTHENTICATED)
                    and request.headers.get("Authorization") != f"Bot {state.token}"
                ):
                    raise errors.unauthorized()
                headers = _rate_limit(state, request)
            response = await handler(request)
        except errors.DiscordError as exc:
            state.requests.append(
                RequestRecord(request.method, path, exc.status, exc.code, exc.message, exc.scope)
            )
            return _with_headers(json_response(exc.body(), exc.status), headers, exc.headers)
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
        if path.startswith(API) and isinstance(response, web.Response):
            _with_headers(response, headers)
        return response

    return middleware


def _rate_limit(state: State, request: web.Request) -> dict[str, str]:
    """The rate-limit headers for this request's answer (empty while limits are off);
    raises the 429 when a limit is hit."""
    resource = request.match_info.route.resource
    template = resource.canonical if resource is not None else ""
    if not template.startswith(API):
        return {}
    return state.limits.check(request.method, template.removeprefix(API), dict(request.match_info))


def _with_headers(response: web.Response, *extra: dict[str, str]) -> web.Response:
    """Every API answer says it passed Discord's proxy (discord.py honours a 429 only with
    ``Via``), plus rate-limit headers where a limit applies."""
    response.headers["Via"] = "1.1 google"
    for headers in extra:
        response.headers.update(headers)
    return response


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
