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


async def move_button(fake, place, users):
    """(user, panel, custom_id) of a move one of `users` can make now in the
    match shown in `place` (choosing a card in a group select first)."""
    for user in users:
        panel = await reply(await fake.click(user, current_table(fake, place), custom_id="hand:"))
        selects = [s for s in panel.selects() if s["custom_id"].startswith("gg:")]
        if selects:
            await answered(await fake.select(user, panel, [selects[0]["options"][0]["value"]],
                                             custom_id=selects[0]["custom_id"]))
        buttons = [b for b in panel.buttons() if b["custom_id"].startswith("g:")]
        if buttons:
            return user, panel, buttons[0]["custom_id"]
    raise AssertionError("nobody has a move")
