"""A learn match's buttons (`/game learn`, issue 45): **Why?** on the
learner's panel (the current decision's lesson again, privately) and, at
the end, the button that opens a real match's lobby. Their custom_ids carry
the match (and the decision's move), so they work after a restart; the
clicks go to the services' `learning` (cogs/hosting/learn.py)."""

from __future__ import annotations

from typing import Protocol

import discord

from cogs.component_table import Spec, components, matching, number
from cogs.components import served
from cogs.i18n import N_, _

WHY = "lw"  # lw:<match>:<seq>  -> the lesson of the clicker's decision at move seq
REAL = "lr"  # lr:<match>        -> a /game new lobby of the learn match's game
GUIDE_PLAY = "lp"  # lp:<match>:<seq>:<key(s)> -> the guide's hint played, as a panel click

#: the Why? button's label
WHY_LABEL = N_("❓ Why?")
#: the end's button
REAL_LABEL = N_("🎲 Play a real match")


class LearnClicks(Protocol):
    """A learn match's clicks (cogs/hosting/learn.py)."""

    async def why(self, interaction: discord.Interaction, match_id: int, seq: int) -> None: ...

    async def real_match(self, interaction: discord.Interaction, match_id: int) -> None: ...


class PanelMoves(Protocol):
    """A panel's move clicks (cogs/play/clicks.py)."""

    async def on_action(
        self, interaction: discord.Interaction, match_id: int, seq: int, key: str
    ) -> None: ...


class LearnDesk(Protocol):
    @property
    def learning(self) -> LearnClicks: ...

    @property
    def clicks(self) -> PanelMoves: ...


def _desk(interaction: discord.Interaction) -> LearnDesk:
    return served(interaction)


def _why(custom_id: str, carried: dict, *, row: int | None = None) -> discord.ui.Button:
    return discord.ui.Button(
        label=_(WHY_LABEL), style=discord.ButtonStyle.secondary, row=row, custom_id=custom_id
    )


def _real(custom_id: str, carried: dict, *, row: int | None = None) -> discord.ui.Button:
    return discord.ui.Button(
        label=_(REAL_LABEL), style=discord.ButtonStyle.primary, row=row, custom_id=custom_id
    )


def _guide_play(
    custom_id: str, carried: dict, *, label: str, row: int | None = None
) -> discord.ui.Button:
    """▶ Play it, on a learn match's panel: the guide's hint played as a
    click on that choice in the panel (an id of its own: the panel may
    offer the same move under its own button)."""
    return discord.ui.Button(
        label=label[:80], style=discord.ButtonStyle.success, row=row, custom_id=custom_id
    )


#: name, prefix, the fields of the custom_id, kind, what a click does, how it looks
TABLE = (
    Spec(
        "WhyButton",
        WHY,
        (number("match_id", 18), number("seq", 9)),
        discord.ui.Button,
        lambda i, c: _desk(i).learning.why(i, c.match_id, c.seq),
        _why,
    ),
    Spec(
        "GuidePlayButton",
        GUIDE_PLAY,
        (number("match_id", 18), number("seq", 9), matching("key", r"[!-~]{1,60}")),
        discord.ui.Button,
        lambda i, c: _desk(i).clicks.on_action(i, c.match_id, c.seq, c.key),
        _guide_play,
    ),
    Spec(
        "RealMatchButton",
        REAL,
        (number("match_id", 18),),
        discord.ui.Button,
        lambda i, c: _desk(i).learning.real_match(i, c.match_id),
        _real,
    ),
)
ITEMS = components(TABLE, __name__)
WhyButton, GuidePlayButton, RealMatchButton = ITEMS
