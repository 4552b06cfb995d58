"""A match's history for players: `/game log` (the whole story, paged) and
`/game replay` (a finished match step by step, as its table looked).

Both are private (ephemeral) and restart-proof: their ◀ ▶ buttons carry the
match and the page or step, and every click reloads from the store. The
log shows the reader's own private events (their draws) and nothing else
hidden; the replay shows public tables only, and only of finished matches,
so it can leak nothing a running match hides.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Protocol

import discord

from cogs import replies
from cogs.history.buttons import LogButton, ReplayButton
from cogs.history.hints import record_field
from cogs.history.story import Line, NamesAt, recent_start, tell
from cogs.i18n import _
from cogs.presenters import board_pool, presenter_for
from cogs.presenters.base import board_files
from cogs.replies import own_panel, say
from rules import Match
from storage import LoadedMatch, Status, UnknownMatch

log = logging.getLogger(__name__)

#: room for one page of the log in an embed's description (limit 4096)
PAGE_CHARS = 3800
IMAGE_NAME = "table.png"


@dataclass(frozen=True, slots=True)
class Page:
    text: str
    number: int  # from 0
    count: int


def paginate(lines: list[Line], limit: int = PAGE_CHARS) -> list[str]:
    """Lines numbered by move, packed into pages of at most `limit` chars."""
    pages: list[str] = []
    current = ""
    for line in lines:
        entry = f"`{line.seq + 1:>3}` {line.text}"[:limit]
        if current and len(current) + 1 + len(entry) > limit:
            pages.append(current)
            current = entry
        else:
            current = f"{current}\n{entry}" if current else entry
    if current or not pages:
        pages.append(current)
    return pages


def pick(count: int, wanted: int | None) -> int:
    """The page (or step) to show: the last when none is asked for, else
    the one asked for, kept in range (an old button may point past it)."""
    return count - 1 if wanted is None else max(0, min(wanted, count - 1))


def pager(make, current: int, count: int, row: int = 0) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ for `current` of `count`; `make(op, target, disabled)` builds one."""
    view = discord.ui.View(timeout=None)
    last = count - 1
    for op, target, off in (
        ("f", 0, current == 0),
        ("p", max(current - 1, 0), current == 0),
        ("n", min(current + 1, last), current >= last),
        ("l", last, current >= last),
    ):
        view.add_item(make(op, target, off))
    return view


class HistoryNames(Protocol):
    """Seat names as they were at each move (the play extension's SeatNames)."""

    async def history_names(self, loaded: LoadedMatch) -> NamesAt: ...


class Logbook:
    def __init__(self, store, names: HistoryNames):
        self.store = store
        self.names = names

    async def _load(
        self,
        interaction: discord.Interaction,
        match_id: int,
    ) -> LoadedMatch | None:
        """The started match of this server, or None after saying why not."""
        try:
            loaded = await self.store.load(match_id)
        except UnknownMatch:
            loaded = None
        if loaded is None or loaded.guild_id != interaction.guild_id:
            await say(interaction, replies.UNKNOWN_MATCH)
            return None
        if loaded.match is None:
            await say(interaction, replies.NOT_STARTED)
            return None
        return loaded

    async def _answer(
        self,
        interaction: discord.Interaction,
        *,
        content: str | None = None,
        embed: discord.Embed,
        view: discord.ui.View,
        image: bytes | None = None,
        alt: str | None = None,
    ) -> None:
        """Turn the page in place when the click came from the reader's own
        private message; anything else gets a new private message."""
        files = board_files(image, alt, IMAGE_NAME)
        if interaction.type == discord.InteractionType.component and own_panel(interaction):
            await interaction.response.edit_message(
                content=content, embed=embed, view=view, attachments=files
            )
        else:
            await interaction.response.send_message(
                content=content, embed=embed, view=view, files=files, ephemeral=True
            )

    # -- /game log ---------------------------------------------------------------
    async def log_pages(self, loaded: LoadedMatch, viewer: int | None) -> list[str]:
        actions = await self.store.story(loaded.id)
        names_at = await self.names.history_names(loaded)
        return paginate(tell(presenter_for(loaded.game), actions, names_at, viewer))

    async def show_log(
        self, interaction: discord.Interaction, match_id: int, page: int | None = None
    ) -> None:
        loaded = await self._load(interaction, match_id)
        if loaded is None:
            return
        viewer = loaded.seat_of(interaction.user.id)
        pages = await self.log_pages(loaded, viewer)
        number = pick(len(pages), page)
        title = _(presenter_for(loaded.game).title)
        embed = discord.Embed(
            title=_("{game} · match #{match} · log", game=title, match=loaded.id),
            description=pages[number] or _("No moves yet."),
        )
        footer = _("page {page} of {pages}", page=number + 1, pages=len(pages))
        if viewer is not None:
            footer = _("{footer} · your own draws included", footer=footer)
        embed.set_footer(text=footer)
        hints = await record_field(self.store, loaded)  # a match with hints says who used them
        if hints is not None:
            embed.add_field(name=hints[0], value=hints[1], inline=False)
        view = pager(
            lambda op, target, off: LogButton(loaded.id, op, target, disabled=off),
            number,
            len(pages),
        )
        await self._answer(interaction, embed=embed, view=view)

    # -- /game replay --------------------------------------------------------------
    async def show_replay(
        self, interaction: discord.Interaction, match_id: int, step: int | None = None
    ) -> None:
        loaded = await self._load(interaction, match_id)
        if loaded is None:
            return
        if loaded.status != Status.FINISHED:
            await say(
                interaction,
                replies.REPLAY_RUNNING
                if loaded.status == Status.ACTIVE
                else replies.REPLAY_CANCELLED,
            )
            return
        full = loaded.match
        assert full is not None  # _load refuses a match not started
        step = pick(full.seq + 1, step)
        embed, image, alt = await self.frame(loaded, step)
        view = pager(
            lambda op, target, off: ReplayButton(loaded.id, op, target, disabled=off),
            step,
            full.seq + 1,
        )
        content = _(
            "Replay of match #{match} — move {step} of {moves}",
            match=loaded.id,
            step=step,
            moves=full.seq,
        )
        await self._answer(
            interaction, content=content, embed=embed, view=view, image=image, alt=alt
        )

    async def frame(
        self, loaded: LoadedMatch, step: int
    ) -> tuple[discord.Embed, bytes | None, str | None]:
        """The public table as it stood after `step` actions: the same embed
        the table showed then, so the last frame is the final table."""
        full = loaded.match
        assert full is not None  # a finished match
        record = full.to_record()
        at = Match.replay({**record, "log": record["log"][:step]})
        over = step == full.seq
        to_act = () if over else at.to_act()
        names_at = await self.names.history_names(loaded)
        presenter = presenter_for(loaded.game)
        since = recent_start(at.log, to_act, presenter)
        actions = await self.store.story(loaded.id, since=since, until=step)
        recent = [line.text for line in tell(presenter, actions, names_at)]
        names = names_at(step)
        view = at.view(None)
        outcome = (full.outcome() or loaded.outcome) if over else None
        embed = presenter.table_embed(
            match_id=loaded.id,
            view=view,
            names=names,
            to_act=to_act,
            recent=recent,
            outcome=outcome,
            seq=step,
        )
        image = await board_pool.board_image(presenter, view, names, outcome)
        alt = None
        if image:
            embed.set_image(url=f"attachment://{IMAGE_NAME}")
            alt = presenter.board_alt(view, names, outcome)
        return embed, image, alt
