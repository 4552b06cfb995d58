"""Hints in a match's record (issue 32): whether the match's creator allowed
them (a match setting fixed at `/game new`, carried to a rematch), and who
used how many, in words, wherever the record is told: the table (running:
"💡 Hints allowed"; finished: the count), `/game log`, and the ratings told
at the end, which mark a rated match played with hints. The counts come
from the stored hints (Store.hints), never kept anywhere else.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.i18n import N_, _, ngettext
from storage import HintUse, MatchInfo, Status, Store, hint_counts

#: the match setting that allows hints (Store.set_match_settings)
HINTS = "hints"

ALLOWED = N_("💡 Hints allowed")
#: the field of a finished table and of `/game log` that counts them
FIELD = N_("💡 Hints")
NONE_USED = N_("Hints were allowed; nobody used one.")
#: the mark of a rated match with hints, under its rating changes
RATED_WITH_HINTS = N_("💡 Played with hints allowed: {counts}.")
NOBODY = N_("nobody used one")


def allowed(info: MatchInfo) -> bool:
    """Did the match's creator allow hints?"""
    return info.settings.get(HINTS) is True


def who(info: MatchInfo, user_id: int) -> str:
    """A person of the record by their seat's name, else as a mention."""
    for seat in info.seats:
        if seat.user_id == user_id and seat.name:
            return seat.name
    return f"<@{user_id}>"


def used_lines(info: MatchInfo, uses: Sequence[HintUse]) -> list[str]:
    """ "alice used 3 hints", one line per person who used any."""
    return [
        ngettext("{player} used {n} hint", "{player} used {n} hints", n, player=who(info, user))
        for user, n in hint_counts(list(uses)).items()
    ]


def used_text(info: MatchInfo, uses: Sequence[HintUse]) -> str:
    """Who used how many hints, in one text (lines), or that nobody did."""
    return "\n".join(used_lines(info, uses)) or _(NONE_USED)


async def record_field(store: Store, info: MatchInfo) -> tuple[str, str] | None:
    """The record's field on hints, (name, value): None for a match without them."""
    if not allowed(info):
        return None
    return _(FIELD), used_text(info, await store.hints(info.id))


async def rated_mark(store: Store, info: MatchInfo) -> str | None:
    """The line marking a rated match played with hints (None: without)."""
    if not allowed(info):
        return None
    lines = used_lines(info, await store.hints(info.id))
    return _(RATED_WITH_HINTS, counts=_(", ").join(lines) if lines else _(NOBODY))


async def mark_table(store: Store, info: MatchInfo, embed: discord.Embed) -> None:
    """The public table of a match with hints says so while it runs, and
    counts them once it is finished (one read, then only)."""
    if not allowed(info):
        return
    if info.status == Status.ACTIVE:
        embed.description = f"{embed.description or ''}\n{_(ALLOWED)}".strip()
    elif info.status == Status.FINISHED:
        field = await record_field(store, info)
        if field is not None:
            embed.add_field(name=field[0], value=field[1], inline=False)
