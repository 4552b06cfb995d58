"""Applying a message create/edit body (JSON or multipart) to a stored message.

Shared by channel messages, interaction callbacks and webhook followups so
they all validate Discord's limits the same way: a bot that overflows a limit
gets Discord's 400 here instead of a surprise in production.
"""

from __future__ import annotations

import io
import mimetypes
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import FormErrors, empty_message
from .ids import now, snowflake
from .messages import COMPONENTS_V2, EPHEMERAL, Attachment, Message, walk_components

SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
SETTABLE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2
#: an attachment's description (its alt text), at most
MAX_DESCRIPTION = 1024


@dataclass
class UploadedFile:
    """One ``files[n]`` part of a multipart body."""

    field: str
    filename: str
    data: bytes

    @property
    def index(self) -> int | None:
        name = self.field
        if name.startswith("files[") and name.endswith("]") and name[6:-1].isdigit():
            return int(name[6:-1])
        return None


def validate(body: dict[str, Any]) -> None:
    """Discord's message limits; raises 400/50035 like Discord."""
    errors = FormErrors()
    content = body.get("content")
    if content is not None and len(str(content)) > 2000:
        errors.add(("content",), "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        errors.add(("embeds",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    if sum(_embed_size(e) for e in embeds) > 6000:
        errors.add(
            ("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )
    _validate_components(
        body.get("components") or [], bool((body.get("flags") or 0) & COMPONENTS_V2), errors
    )
    for n, attachment in enumerate(body.get("attachments") or []):
        description = attachment.get("description")
        if description is not None and len(str(description)) > MAX_DESCRIPTION:
            errors.add(
                ("attachments", str(n), "description"),
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {MAX_DESCRIPTION} or fewer in length.",
            )
    errors.raise_if_any()


def _embed_size(embed: dict[str, Any]) -> int:
    size = len(embed.get("title") or "") + len(embed.get("description") or "")
    size += len((embed.get("footer") or {}).get("text") or "") + len(
        (embed.get("author") or {}).get("name") or ""
    )
    return size + sum(
        len(f.get("name", "")) + len(f.get("value", "")) for f in embed.get("fields", [])
    )


def _validate_components(rows: list[dict[str, Any]], v2: bool, errors: FormErrors) -> None:
    seen: set[str] = set()
    for comp in walk_components(rows):
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            if not 1 <= len(custom_id) <= 100:
                errors.add(
                    ("components", custom_id),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            if custom_id in seen:
                errors.add(
                    ("components", custom_id),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            seen.add(custom_id)
        if comp.get("type") == 2 and len(comp.get("label") or "") > 80:
            errors.add(
                ("components", custom_id), "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length."
            )
        if comp.get("type") == 3 and len(comp.get("options", [])) > 25:
            errors.add(
                ("components", custom_id), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
            )
    if v2:
        if sum(1 for _ in walk_components(rows)) > 40:
            errors.add(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer in total.")
        return
    if len(rows) > 5:
        errors.add(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for i, row in enumerate(rows):
        children = row.get("components", [])
        if row.get("type") != 1:
            errors.add(
                ("components", i),
                "COMPONENT_LAYOUT_INVALID",
                "Top-level components must be action rows.",
            )
        elif len(children) > 5:
            errors.add(
                ("components", i, "components"),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 5 or fewer in length.",
            )
        elif any(c.get("type") != 2 for c in children) and len(children) > 1:
            errors.add(
                ("components", i),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "A select menu must be alone in its row.",
            )


def number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Give every component a numeric ``id`` as Discord does when it stores a message."""
    used = {c["id"] for c in walk_components(components) if isinstance(c.get("id"), int)}
    counter = 0
    for comp in walk_components(components):
        if "id" not in comp:
            counter += 1
            while counter in used:
                counter += 1
            comp["id"] = counter
    return components


def is_empty(msg: Message) -> bool:
    return not (msg.content or msg.embeds or msg.components or msg.attachments)


class BodyApplier:
    """Turns bodies + uploads into message changes; ``make_url`` builds attachment URLs."""

    def __init__(self, make_url: Callable[[int, int, str], str]):
        self.make_url = make_url

    def apply(
        self, msg: Message, body: dict[str, Any], files: list[UploadedFile], *, creating: bool
    ) -> None:
        validate(body)
        if "content" in body:
            msg.content = "" if body["content"] is None else str(body["content"])
        if "embeds" in body:
            msg.embeds = [dict(e, type=e.get("type", "rich")) for e in body["embeds"] or []]
        if "components" in body:
            msg.components = number_components(body["components"] or [])
        flags = body.get("flags")
        if creating:
            msg.flags = (flags or 0) & SETTABLE_FLAGS | msg.flags
        elif flags is not None:
            keep = msg.flags & ~(SUPPRESS_EMBEDS | COMPONENTS_V2)
            msg.flags = keep | (flags & (SUPPRESS_EMBEDS | COMPONENTS_V2))
        if "message_reference" in body and creating:
            msg.reference = body["message_reference"]
            msg.type = 19
        self._apply_attachments(msg, body, files, creating)
        self._resolve_attachment_urls(msg)
        if creating and is_empty(msg):
            raise empty_message()
        if not creating:
            msg.edited_at = now()

    def _apply_attachments(
        self, msg: Message, body: dict[str, Any], files: list[UploadedFile], creating: bool
    ) -> None:
        by_index = {f.index if f.index is not None else i: f for i, f in enumerate(files)}
        if "attachments" not in body:
            if files:
                msg.attachments = ([] if creating else msg.attachments) + [
                    self._new(msg, f, None, None) for f in files
                ]
            return
        existing = {a.id: a for a in msg.attachments}
        result = []
        for entry in body["attachments"] or []:
            att_id = int(entry["id"])
            if att_id in existing:
                result.append(existing[att_id])
            elif att_id in by_index:
                result.append(
                    self._new(
                        msg, by_index[att_id], entry.get("filename"), entry.get("description")
                    )
                )
        msg.attachments = result

    def _new(
        self, msg: Message, upload: UploadedFile, filename: str | None, description: str | None
    ) -> Attachment:
        att_id = snowflake()
        name = filename or upload.filename
        content_type = mimetypes.guess_type(name)[0]
        att = Attachment(
            att_id,
            name,
            upload.data,
            self.make_url(msg.channel_id, att_id, name),
            content_type,
            description,
        )
        if content_type and content_type.startswith("image/"):
            att.width, att.height = _image_size(upload.data)
        return att

    @staticmethod
    def _resolve_attachment_urls(msg: Message) -> None:
        """``attachment://x.png`` in embeds becomes the attachment's URL, as on Discord."""
        urls = {a.filename: a.url for a in msg.attachments}
        for embed in msg.embeds:
            for key in ("image", "thumbnail"):
                ref = (embed.get(key) or {}).get("url", "")
                if ref.startswith("attachment://") and ref[13:] in urls:
                    embed[key] = dict(embed[key], url=urls[ref[13:]], proxy_url=urls[ref[13:]])


def _image_size(data: bytes) -> tuple[int | None, int | None]:
    try:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as img:
            return img.size
    except Exception:  # not an image Pillow can read: Discord would just omit the size
        return None, None
