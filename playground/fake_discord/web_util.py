"""HTTP helpers: Discord-exact JSON responses and message bodies (JSON or multipart)."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .message_bodies import UploadedFile


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON with Content-Type exactly ``application/json``.

    discord.py's ``json_or_text`` compares the header for equality, so
    aiohttp's ``json_response`` (which appends ``; charset=utf-8``) would make
    every body a string and break login.
    """
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[UploadedFile]]:
    """The JSON payload and uploaded files of a create/edit request.

    discord.py sends files as ``multipart/form-data`` with a ``payload_json``
    field and ``files[n]`` parts; everything else is plain JSON.
    """
    if request.content_type == "multipart/form-data":
        form = await request.post()
        payload: dict[str, Any] = {}
        files = []
        for name, value in form.items():
            if isinstance(value, web.FileField):
                files.append(UploadedFile(name, value.filename, value.file.read()))
            elif name == "payload_json":
                payload = json.loads(value)
        return payload, files
    if not request.can_read_body:
        return {}, []
    text = await request.text()
    return (json.loads(text) if text.strip() else {}), []


def wants(request: web.Request, flag: str) -> bool:
    return request.query.get(flag, "").lower() in ("1", "true")
