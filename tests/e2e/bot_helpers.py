"""Small helpers the end-to-end tests of the real bot share."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def current_table(fake, place):
    """The match's table in `place`: the newest public message with the
    panel button, or the final one (which has no buttons)."""
    found = [m for m in fake.messages(place, ephemeral=False)
             if any(c.get("custom_id", "").startswith("hand:") for c in m.buttons())
             or "Game over" in m.text]
    return found[-1] if found else None


async def answered(inter):
    """The interaction, once the bot has answered it (Discord allows 3 s)."""
    await inter.wait_answered(3.0)
    return inter


async def reply(inter):
    """The message the bot answered the interaction with."""
    await inter.wait_answered(3.0)
    return await inter.wait_reply()


def move_ids(message) -> list[str]:
    """The custom_ids of a message's components that play or open a hand
    (a finished table keeps only its log and replay buttons)."""
    return [c for c in message.custom_ids() if not c.startswith(("log:", "rp:"))]


async def walk_pages(fake, user, message, op: str, limit: int = 1000) -> list:
    """Press the pager button `op` ("n" next, "p" previous) of a private log
    or replay until it is disabled; the message's revisions as it changed."""
    seen = [copy_of(message)]
    for _ in range(limit):
        button = next(b for b in message.buttons() if b["custom_id"].split(":")[2] == op)
        if button.get("disabled"):
            return seen
        inter = await answered(await fake.click(user, message, custom_id=button["custom_id"]))
        await inter.wait_reply()
        seen.append(copy_of(message))
    raise AssertionError(f"still a {op!r} page after {limit} presses")


def copy_of(message) -> dict:
    return {"content": message.content, "embeds": [dict(e) for e in message.embeds],
            "text": message.text}
