"""The sign-up's buttons: join, leave, add a bot (hosts), start (hosts).
Their custom_ids carry the tournament and the operation, so a click works
after any restart; each goes to the services' `signups`."""

from __future__ import annotations

from typing import Protocol

import discord

from cogs.component_table import Spec, components, matching, number
from cogs.components import served
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


def _signup(custom_id: str, carried: dict) -> discord.ui.Button:
    op = carried["op"]
    return discord.ui.Button(
        label=_(LABELS.get(op, op))[:80],
        style=STYLES.get(op, discord.ButtonStyle.secondary),
        custom_id=custom_id,
    )


def desk(interaction: discord.Interaction) -> SignupDesk:
    return served(interaction)


#: the sign-up's buttons: name, prefix, the fields of the custom_id, kind,
#: what a click does, how it looks
TABLE = (
    Spec(
        "TournamentButton",
        TOURNAMENT,
        (number("tournament_id", 18), matching("op", "[a-z]{1,10}")),
        discord.ui.Button,
        lambda i, c: desk(i).signups.on_button(i, c.tournament_id, c.op),
        _signup,
    ),
)
(TournamentButton,) = components(TABLE, __name__)
