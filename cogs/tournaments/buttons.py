"""The sign-up's buttons: join, leave, add a bot (hosts), start (hosts).
Their custom_ids carry the tournament and the operation, so a click works
after any restart; each goes to the services' `signups`."""

from __future__ import annotations

import re
from typing import Protocol

import discord

from cogs.components import fit, hand_over, served
from cogs.i18n import N_, _

TOURNAMENT = "tour"  # tour:<tournament>:<op>
SIGNUP_OPS = ("join", "leave", "bot", "start")


class SignupClicks(Protocol):
    async def on_button(
        self, interaction: discord.Interaction, tournament_id: int, op: str
    ) -> None: ...


class SignupDesk(Protocol):
    @property
    def signups(self) -> SignupClicks: ...


class TournamentButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tour:(?P<tid>[0-9]{1,18}):(?P<op>[a-z]{1,10})",
):
    STYLES = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "bot": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }
    LABELS = {
        "join": N_("Join"),
        "leave": N_("Leave"),
        "bot": N_("🤖 Add bot"),
        "start": N_("Start"),
    }

    def __init__(self, tournament_id: int, op: str):
        super().__init__(
            discord.ui.Button(
                label=_(self.LABELS.get(op, op))[:80],
                style=self.STYLES.get(op, discord.ButtonStyle.secondary),
                custom_id=f"{TOURNAMENT}:{tournament_id}:{op}",
            )
        )
        self.tournament_id, self.op = tournament_id, op

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return fit(cls(int(match["tid"]), match["op"]), item, discord.ui.Button)

    async def callback(self, interaction: discord.Interaction) -> None:
        desk: SignupDesk = served(interaction)
        work = desk.signups.on_button(interaction, self.tournament_id, self.op)
        await hand_over(self, interaction, work)
