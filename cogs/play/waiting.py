"""`/game mine`: every match waiting on the person who asks, oldest first,
each with its **▶️ Your move** button and how long it has waited.

In a server, that server's matches; from a DM, those of every server (the
buttons open the player's own panel there too, see Tables.load_seated).
Whose decision it is comes from the engine (`humans_owing`), not from the
stored metadata. A paused match is listed, marked paused, without a button:
its player should know it waits on them, but cannot move yet.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import discord
from babel.dates import format_timedelta

from cogs.clock import Clock
from cogs.i18n import N_, _, current, ngettext
from cogs.play.buttons import TurnButton
from cogs.play.turns import humans_owing
from cogs.presenters import presenter_for
from cogs.replies import say
from storage import CorruptMatch, MatchInfo, Status, Store, UnknownMatch

log = logging.getLogger(__name__)

#: Discord's limits: 25 buttons a message (5 rows of 5), 4096 characters an
#: embed's description
MAX_LISTED = 25
DESCRIPTION_LIMIT = 4096
COLOUR = 0x5865F2

NOTHING_WAITING = N_(
    "No match is waiting on your move right now. "
    "`/game list` shows a server's open matches, and `/game new` starts one."
)


#: a match waiting on someone, and since when
Waiting = tuple[MatchInfo, datetime]


async def waiting_on(store: Store, user_id: int, guild_id: int | None) -> list[Waiting]:
    """The active matches in which `user_id` owes a decision now, in one
    server (or in all when `guild_id` is None), longest waiting first. A
    match that cannot be loaded is left out: the list is still useful."""
    found: list[Waiting] = []
    for info in await store.live_matches(guild_id=guild_id, user_id=user_id, departed=False):
        if info.learn:  # a lesson (`/game learn`) is practice, not a match waiting
            continue
        if info.status != Status.ACTIVE:
            continue
        try:
            loaded = await store.load(info.id)
            if user_id in humans_owing(loaded):
                found.append((loaded, await waiting_since(store, loaded)))
        except (CorruptMatch, UnknownMatch) as exc:
            log.warning("not listing match %s as waiting: %s", info.id, exc)
    return sorted(found, key=lambda waiting: (waiting[1], waiting[0].id))


async def waiting_since(store: Store, info: MatchInfo) -> datetime:
    """When the match's last move was made (its start, before any): the
    match's `updated_at` also moves when a host sets its timer or pauses
    it, which is no move of anyone's."""
    last = await store.story(info.id, since=info.seq - 1, until=info.seq) if info.seq else []
    if last:
        return last[-1].at
    return info.started_at or info.updated_at


def waited(since: datetime, now: datetime) -> str:
    """How long since `since`, in a few words of the current language ("3 hr")."""
    return format_timedelta(
        max(now - since, timedelta(0)), format="short", threshold=1, locale=current()
    )


def line(info: MatchInfo, since: datetime, now: datetime) -> str:
    game = _(presenter_for(info.game).title)
    link = f"[#{info.id}](https://discord.com/channels/{info.guild_id}/{info.place_id})"
    if info.paused:
        return _("**{game}** {match} — ⏸ paused by a host", game=game, match=link)
    return _(
        "**{game}** {match} — waiting for {time}",
        game=game,
        match=link,
        time=waited(since, now),
    )


def render(matches: list[Waiting], now: datetime) -> tuple[discord.Embed, discord.ui.View]:
    """The list (at most MAX_LISTED lines, within the description's limit)
    with a Your move button per listed match not paused, and how many more."""
    lines: list[str] = []
    budget = DESCRIPTION_LIMIT - 100  # room for the "more" line
    for info, since in matches[:MAX_LISTED]:
        text = line(info, since, now)
        if sum(len(t) + 1 for t in lines) + len(text) > budget:
            break
        lines.append(text)
    shown = matches[: len(lines)]
    if len(matches) > len(shown):
        more = len(matches) - len(shown)
        lines.append(ngettext("…and {n} more match.", "…and {n} more matches.", more))
    view = discord.ui.View(timeout=None)
    for info, _since in shown:
        if not info.paused:
            label = _("#{match} {game}", match=info.id, game=_(presenter_for(info.game).title))
            view.add_item(TurnButton(info.id, label=label[:80]))
    embed = discord.Embed(title=_("Waiting on you"), description="\n".join(lines), colour=COLOUR)
    return embed, view


async def show_waiting(interaction: discord.Interaction, store: Store, clock: Clock) -> None:
    """Answer `/game mine` privately (deferred first: each match is loaded)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    matches = await waiting_on(store, interaction.user.id, interaction.guild_id)
    if not matches:
        await say(interaction, NOTHING_WAITING)
        return
    embed, view = render(matches, clock.now())
    await interaction.followup.send(embed=embed, view=view, ephemeral=True)
