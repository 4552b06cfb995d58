"""Who may host and moderate, and the settings hosts choose: per server
(defaults) and per match (overrides).

Settings (all optional): `threads` (bool: a thread per match), `reminder`
and `timeout` (seconds, or None for never), `policy` on timeout ("wait",
"bot": a bot makes that decision, "forfeit": a bot takes the seat for good),
`host_role` (a role id whose members may host and moderate; when set, only
they and moderators may open matches), `language` (of the tables and pings;
None: the server's preferred locale, see cogs/language.py).
"""

from __future__ import annotations

import re

from cogs.i18n import _

POLICIES = ("wait", "bot", "forfeit")
DEFAULTS: dict = {
    "threads": True,
    "reminder": 24 * 3600,
    "timeout": None,
    "policy": "wait",
    "host_role": None,
    "language": None,
    "stand_in": "expert",  # the bot level that takes a seat a person leaves
}
SERVER_KEYS = tuple(DEFAULTS)
MATCH_KEYS = ("reminder", "timeout", "policy")

_DURATION = re.compile(r"(\d+)\s*(minutes?|mins?|m|hours?|h|days?|d)")
_UNIT = {"m": 60, "h": 3600, "d": 86400}
MIN_DURATION, MAX_DURATION = 60, 60 * 86400


def parse_duration(text: str) -> int | None:
    """'90m', '12h', '2d', '1d 6h' -> seconds; 'never'/'off' -> None.
    Raises ValueError with a message a player can act on."""
    if not isinstance(text, str):  # never from a client; the option gate refuses it first
        raise ValueError(_("'{shown}' is not a duration like 30m, 12h, 2d or never", shown="?"))
    text = text.strip().lower()
    if text in ("never", "off", "none", "0"):
        return None
    parts = _DURATION.findall(text)
    if not parts or _DURATION.sub("", text).strip():
        shown = text if len(text) <= 20 else text[:19] + "…"  # the answer stays short
        raise ValueError(_("'{shown}' is not a duration like 30m, 12h, 2d or never", shown=shown))
    seconds = sum(int(n) * _UNIT[unit[0]] for n, unit in parts)
    if not MIN_DURATION <= seconds <= MAX_DURATION:
        raise ValueError(_("a duration must be between 1 minute and 60 days"))
    return seconds


def describe_duration(seconds: int | None) -> str:
    if seconds is None:
        return _("never")
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [
        f"{days}d" if days else "",
        f"{hours}h" if hours else "",
        f"{minutes}m" if minutes else "",
    ]
    return " ".join(p for p in parts if p)


async def server_settings(store, guild_id: int) -> dict:
    return await store.settings(guild_id, DEFAULTS)


async def match_settings(store, info) -> dict:
    """The server's defaults overridden by the match's own settings."""
    settings = await server_settings(store, info.guild_id)
    settings.update({k: v for k, v in info.settings.items() if k in MATCH_KEYS})
    return settings


def _is_moderator(member) -> bool:
    perms = getattr(member, "guild_permissions", None)
    return bool(perms and (perms.manage_guild or perms.administrator))


async def is_host(store, member) -> bool:
    """A moderator (Manage Server) or a member of the configured host role."""
    if _is_moderator(member):
        return True
    role = await store.get_setting(member.guild.id, "host_role") if member.guild else None
    return role is not None and any(r.id == role for r in getattr(member, "roles", ()))


async def may_host_new(store, member) -> bool:
    """With a host role set, only hosts may open matches; otherwise anyone."""
    role = await store.get_setting(member.guild.id, "host_role") if member.guild else None
    return role is None or await is_host(store, member)


async def may_manage(store, info, member) -> bool:
    """The match's creator, or a host — always as a member of the match's own
    server: rights held in another server count for nothing here."""
    guild = getattr(member, "guild", None)
    if guild is None or guild.id != info.guild_id:
        return False
    return member.id == info.creator_id or await is_host(store, member)
