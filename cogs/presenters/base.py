"""What every presenter provides, with a plain fallback for any game.

A presenter turns an engine view (a JSON dict) and action keys into words and
embeds. It decides nothing: what is legal, whose turn it is and who won all
come from the engine. Presenters are pure (no I/O), so they are unit-tested
directly; the components are built generically in `cogs/panels.py`.
"""
from __future__ import annotations

import discord

from rules import Action, UnknownAction
from rules.core.match import CONCEDE

EMBED_COLOUR = 0x2F855A
MAX_FIELD = 1024


def clip(text: str, limit: int = MAX_FIELD) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Presenter:
    game_id: str | None = None
    title: str = "Game"
    colour: int = EMBED_COLOUR
    rules_summary: str = "No summary yet for this game."
    #: the table's button that opens a player's private panel
    hand_label: str = "My hand"
    #: placeholder of the select that picks a group (e.g. a card) in the panel
    group_placeholder: str = "Choose a card…"

    # -- actions --------------------------------------------------------------
    def label(self, action: Action, view: dict) -> str:
        """Button text for an action (max 80 chars)."""
        return action.key()

    def group(self, action: Action) -> str | None:
        """Actions of one group are offered together after the player picks
        the group (e.g. a card, then what to do with it). None: offered
        directly."""
        return action.args[0] if len(action.args) > 1 else None

    def group_label(self, group: str, view: dict) -> str:
        return group

    def is_public(self, action: Action) -> bool:
        """Public decisions also get buttons on the table message."""
        return False

    def describe(self, name: str, key: str) -> str:
        """One line of the table's recent moves for a logged action key
        (public: keys reveal only what everybody saw)."""
        try:
            action = Action.parse(key)
        except UnknownAction:
            return f"{name}: {key}"
        if action.verb == CONCEDE:
            return f"{name} conceded"
        return self.describe_action(name, action) or f"{name}: {key}"

    def describe_action(self, name: str, action: Action) -> str | None:
        """The game's own wording for a logged action (None: show the key)."""
        return None

    # -- images ---------------------------------------------------------------
    def table_image(self, view: dict, names: list[str]) -> bytes | None:
        """A PNG shown in the table embed, or None. Called in a worker thread
        (rendering must not block the event loop), so it must be pure."""
        return None

    # -- embeds ---------------------------------------------------------------
    def status_line(self, view: dict, names: list[str], to_act: tuple[int, ...]) -> str:
        if not to_act:
            return "The game is over."
        who = ", ".join(f"**{names[s]}**" for s in to_act)
        return f"Waiting for {who}."

    def public_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """(name, value) embed fields showing the public view."""
        return [("Table", clip(f"```{view}```"))]

    def private_fields(self, view: dict) -> list[tuple[str, str]]:
        """(name, value) fields only the seat's owner may see (their hand)."""
        if "hand" in view:
            return [("Your hand", clip(", ".join(map(str, view["hand"])) or "(empty)"))]
        return []

    def outcome_lines(self, outcome: dict, names: list[str]) -> list[str]:
        lines = []
        for seat, score in sorted(enumerate(outcome["scores"]), key=lambda p: -p[1]):
            crown = "🏆 " if seat in outcome["winners"] else ""
            lines.append(f"{crown}**{names[seat]}**: {score}")
        return lines

    def table_embed(self, *, match_id: int, view: dict, names: list[str],
                    to_act: tuple[int, ...], recent: list[tuple[int, str]],
                    outcome: dict | None, seq: int) -> discord.Embed:
        embed = discord.Embed(title=f"{self.title} · match #{match_id}", colour=self.colour)
        if outcome is not None:
            embed.description = "**Game over.**\n" + "\n".join(self.outcome_lines(outcome, names))
        else:
            embed.description = self.status_line(view, names, to_act)
        for name, value in self.public_fields(view, names):
            embed.add_field(name=name, value=value or "—", inline=False)
        if recent:
            lines = [self.describe(names[seat], key) for seat, key in recent]
            embed.add_field(name="Recent moves", value=clip("\n".join(lines)), inline=False)
        embed.set_footer(text=f"move {seq}")
        return embed

    def panel_embed(self, *, match_id: int, view: dict, names: list[str], seat: int,
                    to_act: tuple[int, ...], seq: int, note: str | None = None) -> discord.Embed:
        embed = discord.Embed(title=f"{self.title} · match #{match_id} · your seat",
                              colour=self.colour)
        if not to_act:
            embed.description = "The game is over."
        elif seat in to_act:
            embed.description = "**Your decision.** " + (note or "")
        else:
            embed.description = self.status_line(view, names, to_act)
        for name, value in self.private_fields(view):
            embed.add_field(name=name, value=value or "—", inline=False)
        embed.set_footer(text=f"move {seq}")
        return embed
