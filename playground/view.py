"""What one person sees, as JSON for the page: the server, their DMs, one channel.

Everything is read from the fake's state on each request; nothing is kept
here. The one rule that matters is Discord's: an ephemeral message is shown
only to the person it was shown to (``fake.messages(visible_to=...)``), so
switching person in the page really shows another person's screen.
"""

from __future__ import annotations

from typing import Any

from .fake_discord import Channel, Message, User
from .world import MODERATORS, Playground

ATTACHMENTS = "/attachments"


def people(pg: Playground) -> list[dict[str, Any]]:
    return [{"id": str(u.id), "name": u.name, "moderator": u.name in MODERATORS} for u in pg.people]


def attention(pg: Playground) -> dict[str, str]:
    """Each person's newest message calling for them (a mention, a DM), by user id:
    the page marks a person whose number grew while someone else was being played."""
    dms = {c.id: c.recipient.id for c in pg.fake.state.channels.values() if c.is_dm and c.recipient}
    newest: dict[str, str] = {}
    for m in pg.fake.state.messages:
        if m.deleted or m.author.id != pg.fake.bot.id:
            continue
        called = {dms[m.channel_id]} if m.channel_id in dms else set(m.mentioned_ids)
        if m.ephemeral:
            called = {m.visible_to} if m.visible_to in called else set()
        for user_id in called:
            newest[str(user_id)] = str(m.id)
    return {str(u.id): newest.get(str(u.id), "0") for u in pg.people}


def sidebar(pg: Playground, me: User) -> dict[str, Any]:
    """The server's channels with their threads (newest first), and my DMs with the bot."""
    fake = pg.fake
    channels = [
        c
        for c in fake.state.channels.values()
        if c.guild_id == pg.guild.id and not c.is_thread and not c.deleted
    ]
    dm = fake.dm_channel(me)
    return {
        "server": pg.guild.name,
        "channels": [
            {
                "id": str(c.id),
                "name": c.name,
                "threads": [
                    {"id": str(t.id), "name": t.name, "archived": t.archived}
                    for t in reversed(fake.threads(c))
                ],
            }
            for c in sorted(channels, key=lambda c: c.position)
        ],
        "dm": None if dm is None else {"id": str(dm.id), "name": fake.bot.name},
    }


def names(pg: Playground) -> dict[str, dict[str, str]]:
    """Ids the page turns back into names in mentions (<@id>, <#id>)."""
    state = pg.fake.state
    return {
        "users": {str(u.id): u.name for u in state.users.values()},
        "channels": {
            str(c.id): c.name or f"@{c.recipient.name if c.recipient else '?'}"
            for c in state.channels.values()
        },
    }


def channel_title(pg: Playground, channel: Channel) -> str:
    if channel.is_dm:
        return f"@{pg.fake.bot.name}"
    return channel.name


def messages(pg: Playground, channel: Channel, me: User) -> list[dict[str, Any]]:
    return [message(m) for m in pg.fake.messages(channel, visible_to=me)]


def message(m: Message) -> dict[str, Any]:
    """A message as the page draws it; ``rev`` changes with every edit, so the
    page redraws only what changed. Attachment URLs point at this server."""
    urls = {a.url: f"{ATTACHMENTS}/{m.id}/{a.id}" for a in m.attachments}
    embeds = [_embed(e, urls) for e in m.embeds]
    in_embeds = {e[k]["url"] for e in embeds for k in ("image", "thumbnail") if k in e}
    inter = m.interaction
    return {
        "id": str(m.id),
        "rev": f"{m.edits}",
        "author": {"name": m.author.name, "bot": m.author.bot},
        "content": m.content,
        "ephemeral": m.ephemeral,
        "loading": m.loading,
        "edited": m.edits > 0,
        "time": m.created_at.isoformat(),
        "used": (
            {"user": inter.user.name, "command": inter.name}
            if inter is not None and inter.name and m.via == "response"
            else None
        ),
        "embeds": embeds,
        "attachments": [
            {
                "url": urls[a.url],
                "filename": a.filename,
                "image": (a.content_type or "").startswith("image/"),
                "description": a.description,
            }
            for a in m.attachments
            if urls[a.url] not in in_embeds  # Discord shows those only inside the embed
        ],
        "components": m.components,
        "thread": None if m.thread_id is None else str(m.thread_id),
    }


def _embed(embed: dict[str, Any], urls: dict[str, str]) -> dict[str, Any]:
    shown = dict(embed)
    for key in ("image", "thumbnail"):
        if isinstance(shown.get(key), dict) and shown[key].get("url") in urls:
            shown[key] = dict(shown[key], url=urls[shown[key]["url"]])
    return shown


def commands(pg: Playground, me: User) -> list[dict[str, Any]]:
    """The slash commands this person may use in the server, as synced by the bot
    (Discord's client hides those whose default_member_permissions they lack)."""
    member = pg.guild.members.get(me.id)
    found = []
    for command in pg.fake.synced_commands(pg.guild) + pg.fake.synced_commands(None):
        required = command.get("default_member_permissions")
        if required is not None and member is not None:
            have = member.permissions()
            if have & int(required) != int(required):
                continue
        found.append(command)
    return found
