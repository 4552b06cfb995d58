"""Restart-proof components.

Every button and select is a `DynamicItem` whose custom_id carries all it
needs (match id, seq, action key); nothing lives in memory, so a click on a
message sent before a restart still works. The callbacks only hand over to
the services on the bot (`bot.tables`, `bot.lobbies`), which answer every
interaction, politely when the click is stale or forged.
"""
from __future__ import annotations

import logging
import re

import discord

from cogs.replies import guarded

log = logging.getLogger(__name__)

ACTION = "g"      # g:<match>:<seq>:<action key>  -> apply that action
CHOICE = "gs"     # gs:<match>:<seq>              -> a select whose values are action keys
GROUP = "gg"      # gg:<match>:<seq>              -> a select whose values are groups (e.g. cards)
HAND = "hand"     # hand:<match>                  -> a new ephemeral panel for the clicker
PANEL = "panel"   # panel:<match>                 -> redraw the clicker's panel in place
LOBBY = "lobby"   # lobby:<match>:<op>            -> join / leave / bot / start / cancel
LOG = "log"       # log:<match>:<op>:<page>       -> a page of the match's log
REPLAY = "rp"     # rp:<match>:<op>:<step>        -> a step of a finished match's replay
#: paging buttons: first, previous, next, last (the op keeps ids unique per message)
PAGE_OPS = {"f": "⏮", "p": "◀", "n": "▶", "l": "⏭"}

LOBBY_OPS = ("join", "leave", "bot", "start", "cancel")


class ActionButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"g:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9}):(?P<key>[!-~]{1,60})"):
    def __init__(self, match_id: int, seq: int, key: str, *, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary,
                 row: int | None = None):
        super().__init__(discord.ui.Button(
            label=label[:80], style=style, row=row, custom_id=f"{ACTION}:{match_id}:{seq}:{key}"))
        self.match_id, self.seq, self.key = match_id, seq, key

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["mid"]), int(match["seq"]), match["key"], label=item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        work = interaction.client.tables.on_action(interaction, self.match_id, self.seq, self.key)
        await guarded(interaction, work, log)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"gs:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9})(?::(?P<part>[0-9]))?"):
    def __init__(self, match_id: int, seq: int, options: list[discord.SelectOption], *,
                 placeholder: str = "Choose…", part: int = 0, row: int | None = None):
        super().__init__(discord.ui.Select(
            custom_id=f"{CHOICE}:{match_id}:{seq}:{part}", options=options or [
                discord.SelectOption(label="—")], placeholder=placeholder, row=row))
        self.match_id, self.seq = match_id, seq

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["mid"]), int(match["seq"]), list(item.options),
                   part=int(match["part"] or 0))

    async def callback(self, interaction: discord.Interaction) -> None:
        key = self.item.values[0] if self.item.values else ""
        work = interaction.client.tables.on_action(interaction, self.match_id, self.seq, key)
        await guarded(interaction, work, log)


class GroupSelect(discord.ui.DynamicItem[discord.ui.Select],
                  template=r"gg:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9})"):
    def __init__(self, match_id: int, seq: int, options: list[discord.SelectOption], *,
                 placeholder: str = "Choose a card…", row: int | None = None):
        super().__init__(discord.ui.Select(
            custom_id=f"{GROUP}:{match_id}:{seq}", options=options or [
                discord.SelectOption(label="—")], placeholder=placeholder, row=row))
        self.match_id, self.seq = match_id, seq

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["mid"]), int(match["seq"]), list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        group = self.item.values[0] if self.item.values else ""
        work = interaction.client.tables.on_group(interaction, self.match_id, self.seq, group)
        await guarded(interaction, work, log)


class HandButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"hand:(?P<mid>[0-9]{1,18})"):
    def __init__(self, match_id: int, *, label: str = "My hand", row: int | None = None):
        super().__init__(discord.ui.Button(
            label=label, emoji="🂠", style=discord.ButtonStyle.success, row=row,
            custom_id=f"{HAND}:{match_id}"))
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["mid"]), label=item.label or "My hand")

    async def callback(self, interaction: discord.Interaction) -> None:
        service = interaction.client.tables
        await guarded(interaction, service.open_panel(interaction, self.match_id, edit=False), log)


class PanelButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"panel:(?P<mid>[0-9]{1,18})"):
    def __init__(self, match_id: int, *, label: str = "Refresh", row: int | None = None):
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, row=row,
            custom_id=f"{PANEL}:{match_id}"))
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["mid"]), label=item.label or "Refresh")

    async def callback(self, interaction: discord.Interaction) -> None:
        service = interaction.client.tables
        await guarded(interaction, service.open_panel(interaction, self.match_id, edit=True), log)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"lobby:(?P<mid>[0-9]{1,18}):(?P<op>[a-z]{1,10})"):
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "bot": discord.ButtonStyle.secondary, "start": discord.ButtonStyle.primary,
              "cancel": discord.ButtonStyle.danger}
    LABELS = {"join": "Join", "leave": "Leave", "bot": "Add bot", "start": "Start",
              "cancel": "Cancel"}

    def __init__(self, match_id: int, op: str, *, disabled: bool = False):
        super().__init__(discord.ui.Button(
            label=self.LABELS.get(op, op), style=self.STYLES.get(op, discord.ButtonStyle.secondary),
            disabled=disabled, custom_id=f"{LOBBY}:{match_id}:{op}"))
        self.match_id, self.op = match_id, op

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["mid"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        service = interaction.client.lobbies
        await guarded(interaction, service.on_button(interaction, self.match_id, self.op), log)


class LogButton(discord.ui.DynamicItem[discord.ui.Button],
                template=r"log:(?P<mid>[0-9]{1,18}):(?P<op>[fpnlo]):(?P<page>[0-9]{1,6})"):
    """A page of a match's log (op `o`: open it, from the table)."""

    def __init__(self, match_id: int, op: str, page: int, *, label: str | None = None,
                 disabled: bool = False, row: int | None = None):
        super().__init__(discord.ui.Button(
            label=label or PAGE_OPS.get(op, "📜 Log"), style=discord.ButtonStyle.secondary,
            disabled=disabled, row=row, custom_id=f"{LOG}:{match_id}:{op}:{page}"))
        self.match_id, self.op, self.page = match_id, op, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["mid"]), match["op"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        service = interaction.client.logbook
        page = None if self.op == "o" else self.page
        await guarded(interaction, service.show_log(interaction, self.match_id, page), log)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"rp:(?P<mid>[0-9]{1,18}):(?P<op>[fpnl]):(?P<step>[0-9]{1,6})"):
    """A step of a finished match's replay."""

    def __init__(self, match_id: int, op: str, step: int, *, label: str | None = None,
                 disabled: bool = False, row: int | None = None):
        super().__init__(discord.ui.Button(
            label=label or PAGE_OPS[op], style=discord.ButtonStyle.secondary,
            disabled=disabled, row=row,
            custom_id=f"{REPLAY}:{match_id}:{op}:{step}"))
        self.match_id, self.op, self.step = match_id, op, step

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["mid"]), match["op"], int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        service = interaction.client.logbook
        await guarded(interaction, service.show_replay(interaction, self.match_id, self.step), log)


DYNAMIC_ITEMS = (ActionButton, ActionSelect, GroupSelect, HandButton, PanelButton, LobbyButton,
                 LogButton, ReplayButton)


def is_ours(custom_id: str) -> bool:
    """Does any of our templates claim this custom_id? (Unclaimed clicks are
    answered by a listener instead of being left to fail.)"""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id)
               for item in DYNAMIC_ITEMS)
