"""Stored messages: content, components, attachments, edit history and helpers tests
read them with."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from .ids import iso, now, snowflake
from .models import User

EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None
    width: int | None = None
    height: int | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        data = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "description": self.description,
        }
        if self.width is not None:
            data.update(width=self.width, height=self.height)
        return data


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first (rows, containers, sections, labels)."""
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components", []))
        for key in ("component", "accessory"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(eq=False)
class Revision:
    """A message's state before one of its edits."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[Attachment]
    flags: int
    replaced_at: datetime


@dataclass(eq=False)
class Message:
    """A stored message (sent by the bot, or said by a fake user).

    ``history`` holds one :class:`Revision` per edit, oldest first;
    ``interaction`` is the interaction whose token created it, if any.
    """

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    created_at: datetime = field(default_factory=now)
    edited_at: datetime | None = None
    visible_to: int | None = None
    interaction: Any = None
    via: str = "channel"
    reference: dict[str, Any] | None = None
    thread_id: int | None = None
    deleted: bool = False
    history: list[Revision] = field(default_factory=list)
    aliases: list[int] = field(default_factory=list)

    # -- reading -----------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def edits(self) -> int:
        return len(self.history)

    @property
    def mentioned_ids(self) -> list[int]:
        """User ids pinged in the content (``<@id>``)."""
        return [int(m) for m in _MENTION.findall(self.content)]

    @property
    def text(self) -> str:
        """Content plus embed titles, descriptions, fields and footers: handy for ``in`` checks."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for f in embed.get("fields", []):
                parts += [f.get("name", ""), f.get("value", "")]
            parts.append((embed.get("footer") or {}).get("text", ""))
        for comp in walk_components(self.components):
            if comp.get("type") == 10:
                parts.append(comp.get("content", ""))
        return "\n".join(p for p in parts if p)

    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") in (3, 5, 6, 7, 8)]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def button(self, label: str | None = None, *, custom_id: str | None = None) -> dict[str, Any]:
        """The one button with this label (or custom_id, or custom_id prefix ending in ':')."""
        return _one(self.buttons(), label, custom_id, "button", self)

    def select(
        self, placeholder: str | None = None, *, custom_id: str | None = None
    ) -> dict[str, Any]:
        return _one(self.selects(), placeholder, custom_id, "select", self, label_key="placeholder")

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next(
            (c for c in walk_components(self.components) if c.get("custom_id") == custom_id), None
        )

    # -- test controls -----------------------------------------------------
    def make_old(self, *, hours: float = 2.0) -> None:
        """Pretend the message was posted ``hours`` ago.

        discord.py reads ``Message.created_at`` from the id, so the message
        gets an older snowflake; the old id stays an alias, so REST calls and
        clicks that use it keep working.
        """
        at = now() - timedelta(hours=hours)
        self.aliases.append(self.id)
        self.id = snowflake(at)
        self.created_at = at

    # -- internals ---------------------------------------------------------
    def snapshot(self) -> Revision:
        return Revision(
            self.content,
            copy.deepcopy(self.embeds),
            copy.deepcopy(self.components),
            list(self.attachments),
            self.flags,
            now(),
        )

    def payload(self, *, application_id: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at),
            "tts": False,
            "mention_everyone": False,
            "mention_roles": [],
            "pinned": False,
            "type": self.type,
            "mentions": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.reference is not None:
            data["message_reference"] = self.reference
        inter = self.interaction
        if inter is not None:
            data["webhook_id"] = data["application_id"] = str(application_id or self.author.id)
            data["interaction_metadata"] = inter.metadata()
        return data

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        shown = f"{self.text[:60]!r} {self.custom_ids()}"
        return f"<Message {self.id} in {self.channel_id}{flags} {shown}>"


def _one(items, label, custom_id, kind, message, *, label_key="label"):
    if custom_id is not None and custom_id.endswith(":"):
        found = [c for c in items if c.get("custom_id", "").startswith(custom_id)]
    elif custom_id is not None:
        found = [c for c in items if c.get("custom_id") == custom_id]
    else:
        found = [c for c in items if c.get(label_key) == label]
    if len(found) != 1:
        have = [(c.get(label_key), c.get("custom_id")) for c in items]
        raise LookupError(
            f"{len(found)} {kind}s match {label or custom_id!r} in {message!r}; it has {have}"
        )
    return found[0]
