"""The history extension's components: the pages of a match's log and the
steps of a finished match's replay (the table shows their first buttons).
Their custom_ids carry all they need (see cogs/components.py); each click
goes to the services' `logbook`.
"""

from __future__ import annotations

from typing import Protocol

import discord

from cogs.component_table import Spec, components, matching, number
from cogs.components import served
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


def _page(
    custom_id: str,
    carried: dict,
    *,
    label: str | None = None,
    disabled: bool = False,
    row: int | None = None,
) -> discord.ui.Button:
    """A paging button (op `o`: the log's own button, on the table)."""
    return discord.ui.Button(
        label=label or PAGE_OPS.get(carried["op"]) or _("📜 Log"),
        style=discord.ButtonStyle.secondary,
        disabled=disabled,
        row=row,
        custom_id=custom_id,
    )


MATCH = number("match_id", 18)
#: the components whose clicks this extension answers: name, prefix, the
#: fields of the custom_id, kind, what a click does, how it looks
TABLE = (
    Spec(  # a page of a match's log (op `o`: open it, from the table)
        "LogButton",
        LOG,
        (MATCH, matching("op", "[fpnlo]"), number("page", 6)),
        discord.ui.Button,
        lambda i, c: desk(i).logbook.show_log(i, c.match_id, None if c.op == "o" else c.page),
        _page,
    ),
    Spec(  # a step of a finished match's replay
        "ReplayButton",
        REPLAY,
        (MATCH, matching("op", "[fpnl]"), number("step", 6)),
        discord.ui.Button,
        lambda i, c: desk(i).logbook.show_replay(i, c.match_id, c.step),
        _page,
    ),
)
ITEMS = components(TABLE, __name__)
LogButton, ReplayButton = ITEMS
