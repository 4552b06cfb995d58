"""The play extension's components: moves (buttons and selects), a card's
moves, a die marked, a player's panel opened or redrawn (from the table, a
ping or a DM), and the answer to "concede, really?". Their custom_ids carry
all they need (see cogs/components.py); each click goes to the services'
`clicks` or `concessions` (`PlayDesk`).
"""

from __future__ import annotations

import re
from typing import Protocol

import discord

from cogs.components import first_value, fit, hand_over, served
from cogs.i18n import N_, _

#: the hint button's label (cogs/play/hints.py words the hint)
HINT_LABEL = N_("💡 Hint")


class MoveClicks(Protocol):
    """Clicks on a match's components (cogs/play/clicks.py)."""

    async def on_action(
        self, interaction: discord.Interaction, match_id: int, seq: int, key: str
    ) -> None: ...

    async def on_group(
        self, interaction: discord.Interaction, match_id: int, seq: int, group: str
    ) -> None: ...

    async def on_toggle(
        self, interaction: discord.Interaction, match_id: int, seq: int, mask: int
    ) -> None: ...

    async def on_marks(
        self, interaction: discord.Interaction, match_id: int, seq: int, values: list[str]
    ) -> None: ...

    async def open_panel(
        self, interaction: discord.Interaction, match_id: int, *, edit: bool, turn: bool = False
    ) -> None: ...

    async def on_hint(self, interaction: discord.Interaction, match_id: int, seq: int) -> None: ...


class ConcedeAnswers(Protocol):
    """Yes or No to "concede, really?" (cogs/play/concede.py)."""

    async def answer(self, interaction: discord.Interaction, match_id: int, yes: bool) -> None: ...


class PlayDesk(Protocol):
    """The services these components hand their clicks to."""

    @property
    def clicks(self) -> MoveClicks: ...

    @property
    def concessions(self) -> ConcedeAnswers: ...


def desk(interaction: discord.Interaction) -> PlayDesk:
    return served(interaction)


ACTION = "g"  # g:<match>:<seq>:<action key>  -> apply that action
CHOICE = "gs"  # gs:<match>:<seq>              -> a select whose values are action keys
GROUP = "gg"  # gg:<match>:<seq>              -> a select whose values are groups (e.g. cards)
HAND = "hand"  # hand:<match>                  -> a new ephemeral panel for the clicker
PANEL = "panel"  # panel:<match>                 -> redraw the clicker's panel in place
TURN = "turn"  # turn:<match>                  -> the clicker's panel, from a ping or a DM
TOGGLE = "dt"  # dt:<match>:<seq>:<mask>:<die> -> mark or unmark one die for a reroll
MARKS = "mk"  # mk:<match>:<seq>                -> a select whose values are the dice to reroll
CONCEDE = "cq"  # cq:<match>:<yes|no>           -> the answer to "concede, really?"
HINT = "hint"  # hint:<match>:<seq>            -> the expert's move for the clicker, privately


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
        return fit(
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
        work = desk(interaction).clicks.on_action(interaction, self.match_id, self.seq, self.key)
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
        return fit(
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
        key = first_value(self.item.values)
        work = desk(interaction).clicks.on_action(interaction, self.match_id, self.seq, key)
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
        return fit(
            cls(int(match["mid"]), int(match["seq"]), list(getattr(item, "options", ()))),
            item,
            discord.ui.Select,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        group = first_value(self.item.values)
        work = desk(interaction).clicks.on_group(interaction, self.match_id, self.seq, group)
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
        return fit(
            cls(int(match["mid"]), label=getattr(item, "label", None) or _("My hand")),
            item,
            discord.ui.Button,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        service = desk(interaction).clicks
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
        return fit(cls(int(match["mid"])), item, discord.ui.Button)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = desk(interaction).clicks
        await hand_over(
            self,
            interaction,
            service.open_panel(interaction, self.match_id, edit=False, turn=True),
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
        return fit(
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
        service = desk(interaction).clicks
        await hand_over(
            self,
            interaction,
            service.on_toggle(interaction, self.match_id, self.seq, self.mask ^ (1 << self.die)),
        )


class MarkSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"mk:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9})",
):
    """A decision made by marking items (the dice to reroll), in one
    interaction: the values are the items' positions, and choosing them is
    the move the marks give (`Presenter.toggle_moves`)."""

    def __init__(
        self,
        match_id: int,
        seq: int,
        options: list[discord.SelectOption],
        *,
        placeholder: str = "…",
        row: int | None = None,
    ):
        super().__init__(
            discord.ui.Select(
                custom_id=f"{MARKS}:{match_id}:{seq}",
                options=options or [discord.SelectOption(label="—")],
                placeholder=placeholder,
                min_values=1,
                max_values=max(1, len(options)),
                row=row,
            )
        )
        self.match_id, self.seq = match_id, seq

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return fit(
            cls(int(match["mid"]), int(match["seq"]), list(getattr(item, "options", ()))),
            item,
            discord.ui.Select,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        work = desk(interaction).clicks.on_marks(
            interaction, self.match_id, self.seq, [str(v) for v in self.item.values]
        )
        await hand_over(self, interaction, work)


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
        return fit(cls(int(match["mid"]), match["answer"]), item, discord.ui.Button)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = desk(interaction).concessions
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
        return fit(
            cls(int(match["mid"]), label=getattr(item, "label", None) or _("Refresh")),
            item,
            discord.ui.Button,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        service = desk(interaction).clicks
        await hand_over(
            self, interaction, service.open_panel(interaction, self.match_id, edit=True)
        )


class HintButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"hint:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9})",
):
    """💡 Hint, on a player's panel in a match that allows hints, while
    their decision is owed at move `seq`: what the expert would do, told to
    them alone (cogs/play/hints.py)."""

    def __init__(
        self, match_id: int, seq: int, *, label: str | None = None, row: int | None = None
    ):
        super().__init__(
            discord.ui.Button(
                label=label or _(HINT_LABEL),
                style=discord.ButtonStyle.secondary,
                row=row,
                custom_id=f"{HINT}:{match_id}:{seq}",
            )
        )
        self.match_id, self.seq = match_id, seq

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return fit(
            cls(int(match["mid"]), int(match["seq"]), label=getattr(item, "label", None)),
            item,
            discord.ui.Button,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        work = desk(interaction).clicks.on_hint(interaction, self.match_id, self.seq)
        await hand_over(self, interaction, work)


#: the components whose clicks this extension answers
ITEMS = (
    ActionButton,
    ActionSelect,
    GroupSelect,
    HandButton,
    PanelButton,
    TurnButton,
    DieToggle,
    MarkSelect,
    ConcedeButton,
    HintButton,
)
