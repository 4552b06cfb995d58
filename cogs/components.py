"""Restart-proof components.

Every button and select is a `DynamicItem` whose custom_id carries all it
needs (match id, seq, action key); nothing lives in memory, so a click on a
message sent before a restart still works. The callbacks only hand over to
the services the extensions put on the bot (`bot.clicks`, `bot.lobbies`...), which answer every
interaction, politely when the click is stale or forged.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

import discord

from cogs import replies
from cogs.i18n import N_, _
from cogs.presenters.seats import BOT_LABELS
from cogs.replies import guarded, say

if TYPE_CHECKING:
    from cogs.app import GameHost

log = logging.getLogger(__name__)

ACTION = "g"  # g:<match>:<seq>:<action key>  -> apply that action
CHOICE = "gs"  # gs:<match>:<seq>              -> a select whose values are action keys
GROUP = "gg"  # gg:<match>:<seq>              -> a select whose values are groups (e.g. cards)
HAND = "hand"  # hand:<match>                  -> a new ephemeral panel for the clicker
PANEL = "panel"  # panel:<match>                 -> redraw the clicker's panel in place
LOBBY = "lobby"  # lobby:<match>:<op>            -> join / leave / bot / start / cancel
LOG = "log"  # log:<match>:<op>:<page>       -> a page of the match's log
REPLAY = "rp"  # rp:<match>:<op>:<step>        -> a step of a finished match's replay
TURN = "turn"  # turn:<match>                  -> the clicker's panel, from a ping or a DM
TOGGLE = "dt"  # dt:<match>:<seq>:<mask>:<die> -> mark or unmark one die for a reroll
CONCEDE = "cq"  # cq:<match>:<yes|no>           -> the answer to "concede, really?"
#: paging buttons: first, previous, next, last (the op keeps ids unique per message)
PAGE_OPS = {"f": "⏮", "p": "◀", "n": "▶", "l": "⏭"}

#: a lobby's "add a bot" buttons, by the bot's level (rules/bots)
BOT_OPS = {"botrandom": "random", "botgreedy": "greedy", "botexpert": "expert"}
LOBBY_OPS = ("join", "leave", "start", "cancel", *BOT_OPS)


def host(interaction: discord.Interaction) -> GameHost:
    """The bot, whose services answer the clicks (set up by the extensions)."""
    return cast("GameHost", interaction.client)


async def hand_over(item, interaction: discord.Interaction, work) -> None:
    """Run a service call for a click, unless the click came on the wrong kind
    of component (a select's id sent as a button, or the reverse): that is a
    forged click, answered politely and never handed on."""
    if getattr(item, "misfit", False):
        work.close()
        await guarded(interaction, say(interaction, replies.INVALID_BUTTON), log)
        return
    await guarded(interaction, work, log)


def _fit(made, item, kind):
    """`made`, marked as a misfit when discord.py rebuilt it from a component
    of another kind than its template expects."""
    made.misfit = not isinstance(item, kind)
    return made


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"g:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9}):(?P<key>[!-~]{1,60})",
):
    def __init__(
        self,
        match_id: int,
        seq: int,
        key: str,
        *,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ):
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=style, row=row, custom_id=f"{ACTION}:{match_id}:{seq}:{key}"
            )
        )
        self.match_id, self.seq, self.key = match_id, seq, key

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return _fit(
            cls(
                int(match["mid"]),
                int(match["seq"]),
                match["key"],
                label=getattr(item, "label", None) or "…",
            ),
            item,
            discord.ui.Button,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        work = host(interaction).clicks.on_action(interaction, self.match_id, self.seq, self.key)
        await hand_over(self, interaction, work)


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"gs:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9})(?::(?P<part>[0-9]))?",
):
    def __init__(
        self,
        match_id: int,
        seq: int,
        options: list[discord.SelectOption],
        *,
        placeholder: str = "Choose…",
        part: int = 0,
        row: int | None = None,
    ):
        super().__init__(
            discord.ui.Select(
                custom_id=f"{CHOICE}:{match_id}:{seq}:{part}",
                options=options or [discord.SelectOption(label="—")],
                placeholder=placeholder,
                row=row,
            )
        )
        self.match_id, self.seq = match_id, seq

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return _fit(
            cls(
                int(match["mid"]),
                int(match["seq"]),
                list(getattr(item, "options", ())),
                part=int(match["part"] or 0),
            ),
            item,
            discord.ui.Select,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        key = _first(self.item.values)
        work = host(interaction).clicks.on_action(interaction, self.match_id, self.seq, key)
        await hand_over(self, interaction, work)


class GroupSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"gg:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9})",
):
    def __init__(
        self,
        match_id: int,
        seq: int,
        options: list[discord.SelectOption],
        *,
        placeholder: str = "Choose a card…",
        row: int | None = None,
    ):
        super().__init__(
            discord.ui.Select(
                custom_id=f"{GROUP}:{match_id}:{seq}",
                options=options or [discord.SelectOption(label="—")],
                placeholder=placeholder,
                row=row,
            )
        )
        self.match_id, self.seq = match_id, seq

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return _fit(
            cls(int(match["mid"]), int(match["seq"]), list(getattr(item, "options", ()))),
            item,
            discord.ui.Select,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        group = _first(self.item.values)
        work = host(interaction).clicks.on_group(interaction, self.match_id, self.seq, group)
        await hand_over(self, interaction, work)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hand:(?P<mid>[0-9]{1,18})"):
    def __init__(self, match_id: int, *, label: str | None = None, row: int | None = None):
        super().__init__(
            discord.ui.Button(
                label=label or _("My hand"),
                emoji="🂠",
                style=discord.ButtonStyle.success,
                row=row,
                custom_id=f"{HAND}:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return _fit(
            cls(int(match["mid"]), label=getattr(item, "label", None) or _("My hand")),
            item,
            discord.ui.Button,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        service = host(interaction).clicks
        await hand_over(
            self, interaction, service.open_panel(interaction, self.match_id, edit=False)
        )


class TurnButton(discord.ui.DynamicItem[discord.ui.Button], template=r"turn:(?P<mid>[0-9]{1,18})"):
    """On a turn ping, a reminder or a DM: opens the player's own panel at
    once (also from a DM, where the match's server is not the click's)."""

    def __init__(self, match_id: int, *, label: str | None = None):
        super().__init__(
            discord.ui.Button(
                label=label or _("Your move"),
                emoji="▶️",
                style=discord.ButtonStyle.success,
                custom_id=f"{TURN}:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return _fit(cls(int(match["mid"])), item, discord.ui.Button)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = host(interaction).clicks
        await hand_over(
            self,
            interaction,
            service.open_panel(interaction, self.match_id, edit=False, from_dm=True),
        )


class DieToggle(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"dt:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9}):(?P<mask>[0-9]{1,3}):(?P<die>[0-9])",
):
    """One die of the dice game, marked (to reroll) or not; a click flips it
    and redraws the buttons, changing nothing in the match."""

    def __init__(
        self,
        match_id: int,
        seq: int,
        mask: int,
        die: int,
        *,
        label: str,
        marked: bool,
        row: int | None = None,
    ):
        super().__init__(
            discord.ui.Button(
                label=label,
                row=row,
                style=discord.ButtonStyle.danger if marked else discord.ButtonStyle.secondary,
                custom_id=f"{TOGGLE}:{match_id}:{seq}:{mask}:{die}",
            )
        )
        self.match_id, self.seq, self.mask, self.die = match_id, seq, mask, die

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return _fit(
            cls(
                int(match["mid"]),
                int(match["seq"]),
                int(match["mask"]),
                int(match["die"]),
                label=getattr(item, "label", None) or "…",
                marked=False,
            ),
            item,
            discord.ui.Button,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        service = host(interaction).clicks
        await hand_over(
            self,
            interaction,
            service.on_toggle(interaction, self.match_id, self.seq, self.mask ^ (1 << self.die)),
        )


class ConcedeButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cq:(?P<mid>[0-9]{1,18}):(?P<answer>yes|no)",
):
    """Yes or No to "give up this match?"."""

    LABELS = {"yes": N_("Yes, give up"), "no": N_("No, play on")}

    def __init__(self, match_id: int, answer: str):
        super().__init__(
            discord.ui.Button(
                label=_(self.LABELS[answer]),
                style=discord.ButtonStyle.danger
                if answer == "yes"
                else discord.ButtonStyle.secondary,
                custom_id=f"{CONCEDE}:{match_id}:{answer}",
            )
        )
        self.match_id, self.answer = match_id, answer

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return _fit(cls(int(match["mid"]), match["answer"]), item, discord.ui.Button)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = host(interaction).concessions
        await hand_over(
            self, interaction, service.answer(interaction, self.match_id, self.answer == "yes")
        )


class PanelButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"panel:(?P<mid>[0-9]{1,18})"
):
    def __init__(self, match_id: int, *, label: str | None = None, row: int | None = None):
        super().__init__(
            discord.ui.Button(
                label=label or _("Refresh"),
                style=discord.ButtonStyle.secondary,
                row=row,
                custom_id=f"{PANEL}:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return _fit(
            cls(int(match["mid"]), label=getattr(item, "label", None) or _("Refresh")),
            item,
            discord.ui.Button,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        service = host(interaction).clicks
        await hand_over(
            self, interaction, service.open_panel(interaction, self.match_id, edit=True)
        )


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"lobby:(?P<mid>[0-9]{1,18}):(?P<op>[a-z]{1,10})",
):
    STYLES = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }
    LABELS = {
        "join": N_("Join"),
        "leave": N_("Leave"),
        "bot": N_("Add bot"),
        "start": N_("Start"),
        "cancel": N_("Cancel"),
        **{op: BOT_LABELS[level] for op, level in BOT_OPS.items()},
    }

    def __init__(self, match_id: int, op: str, *, disabled: bool = False):
        super().__init__(
            discord.ui.Button(
                label=(("🤖 " if op in BOT_OPS else "") + _(self.LABELS.get(op, op)))[:80],
                style=self.STYLES.get(op, discord.ButtonStyle.secondary),
                disabled=disabled,
                row=1 if op in BOT_OPS else 0,
                custom_id=f"{LOBBY}:{match_id}:{op}",
            )
        )
        self.match_id, self.op = match_id, op

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return _fit(cls(int(match["mid"]), match["op"]), item, discord.ui.Button)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = host(interaction).lobbies
        await hand_over(self, interaction, service.on_button(interaction, self.match_id, self.op))


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
        return _fit(
            cls(int(match["mid"]), match["op"], int(match["page"])), item, discord.ui.Button
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        service = host(interaction).logbook
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
        return _fit(
            cls(int(match["mid"]), match["op"], int(match["step"])), item, discord.ui.Button
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        service = host(interaction).logbook
        await hand_over(
            self, interaction, service.show_replay(interaction, self.match_id, self.step)
        )


DYNAMIC_ITEMS = (
    ActionButton,
    ActionSelect,
    GroupSelect,
    HandButton,
    PanelButton,
    LobbyButton,
    LogButton,
    ReplayButton,
    TurnButton,
    DieToggle,
    ConcedeButton,
)


def _first(values) -> str:
    """The chosen value of a select, as text ("" when none came)."""
    return str(values[0]) if values else ""


def is_ours(custom_id: str, items=DYNAMIC_ITEMS) -> bool:
    """Does any of our templates (of `items`) claim this custom_id?"""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items)


def carried(message, component_type, custom_id: str) -> bool:
    """Does the clicked message carry a component of this type with this id?"""
    stack = list(getattr(message, "components", None) or ())
    while stack:
        component = stack.pop()
        stack.extend(getattr(component, "children", None) or ())
        kind = getattr(getattr(component, "type", None), "value", None)
        if kind == component_type and getattr(component, "custom_id", None) == custom_id:
            return True
    return False


def will_dispatch(interaction: discord.Interaction, items=DYNAMIC_ITEMS) -> bool:
    """Will discord.py hand this click to one of our items? Only when one of
    our templates claims the id and the clicked message carries a component
    of the clicked type with that id; every other click (old, forged, on the
    wrong message) is dropped without an answer, so a listener answers it."""
    data: Mapping[str, object] = interaction.data or {}
    custom_id = data.get("custom_id", "")
    return (
        isinstance(custom_id, str)
        and is_ours(custom_id, items)
        and interaction.message is not None
        and carried(interaction.message, data.get("component_type"), custom_id)
    )
