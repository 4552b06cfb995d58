"""The history extension's components: the pages of a match's log and the
steps of a finished match's replay (the table shows their first buttons).
Their custom_ids carry all they need (see cogs/components.py); each click
goes to the services' `logbook`.
"""

from __future__ import annotations

import re
from typing import Protocol

import discord

from cogs.components import fit, hand_over, served
from cogs.i18n import _


class LogPages(Protocol):
    """The logbook (cogs/history/logbook.py), as its buttons use it."""

    async def show_log(
        self, interaction: discord.Interaction, match_id: int, page: int | None = None
    ) -> None: ...

    async def show_replay(
        self, interaction: discord.Interaction, match_id: int, step: int | None = None
    ) -> None: ...


class LogDesk(Protocol):
    @property
    def logbook(self) -> LogPages: ...


def desk(interaction: discord.Interaction) -> LogDesk:
    return served(interaction)


LOG = "log"  # log:<match>:<op>:<page>       -> a page of the match's log
REPLAY = "rp"  # rp:<match>:<op>:<step>        -> a step of a finished match's replay
#: paging buttons: first, previous, next, last (the op keeps ids unique per message)
PAGE_OPS = {"f": "⏮", "p": "◀", "n": "▶", "l": "⏭"}


class LogButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"log:(?P<mid>[0-9]{1,18}):(?P<op>[fpnlo]):(?P<page>[0-9]{1,6})",
):
    """A page of a match's log (op `o`: open it, from the table)."""

    def __init__(
        self,
        match_id: int,
        op: str,
        page: int,
        *,
        label: str | None = None,
        disabled: bool = False,
        row: int | None = None,
    ):
        super().__init__(
            discord.ui.Button(
                label=label or PAGE_OPS.get(op) or _("📜 Log"),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                row=row,
                custom_id=f"{LOG}:{match_id}:{op}:{page}",
            )
        )
        self.match_id, self.op, self.page = match_id, op, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return fit(cls(int(match["mid"]), match["op"], int(match["page"])), item, discord.ui.Button)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = desk(interaction).logbook
        page = None if self.op == "o" else self.page
        await hand_over(self, interaction, service.show_log(interaction, self.match_id, page))


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"rp:(?P<mid>[0-9]{1,18}):(?P<op>[fpnl]):(?P<step>[0-9]{1,6})",
):
    """A step of a finished match's replay."""

    def __init__(
        self,
        match_id: int,
        op: str,
        step: int,
        *,
        label: str | None = None,
        disabled: bool = False,
        row: int | None = None,
    ):
        super().__init__(
            discord.ui.Button(
                label=label or PAGE_OPS[op],
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                row=row,
                custom_id=f"{REPLAY}:{match_id}:{op}:{step}",
            )
        )
        self.match_id, self.op, self.step = match_id, op, step

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return fit(cls(int(match["mid"]), match["op"], int(match["step"])), item, discord.ui.Button)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = desk(interaction).logbook
        await hand_over(
            self, interaction, service.show_replay(interaction, self.match_id, self.step)
        )
