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
