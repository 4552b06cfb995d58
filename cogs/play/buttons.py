"""The play extension's components: moves (buttons and selects), a card's
moves, a die marked, a player's panel opened or redrawn (from the table, a
ping or a DM), and the answer to "concede, really?". Their custom_ids carry
all they need (see cogs/components.py); they are the rows of one table
(cogs/component_table.py), each click going to the services' `clicks` or
`concessions` (`PlayDesk`).
"""

from __future__ import annotations

from typing import Protocol

import discord

from cogs.component_table import Spec, components, matching, number, one_of
from cogs.components import first_value, served
from cogs.i18n import N_, _

#: the hint button's label (cogs/play/hints.py words the hint)
HINT_LABEL = N_("💡 Hint")
#: the hint's button that plays the choice it names
PLAY_HINT_LABEL = N_("▶ Play it")


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

    async def on_play_hint(
        self, interaction: discord.Interaction, match_id: int, seq: int, key: str
    ) -> None: ...


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
PLAY_HINT = "hp"  # hp:<match>:<seq>:<key(s)>    -> play the choice a hint named (keys joined by +)


MATCH = number("match_id", 18)
SEQ = number("seq", 9)
NO_OPTIONS = [discord.SelectOption(label="—")]  # a select must offer something


def _button(
    custom_id: str,
    carried: dict,
    *,
    label: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    row: int | None = None,
    emoji: str | None = None,
) -> discord.ui.Button:
    return discord.ui.Button(label=label, style=style, row=row, emoji=emoji, custom_id=custom_id)


def _move(custom_id: str, carried: dict, *, label: str = "…", **looks) -> discord.ui.Button:
    looks.setdefault("style", discord.ButtonStyle.primary)
    return _button(custom_id, carried, label=label[:80], **looks)


def _choice(
    custom_id: str,
    carried: dict,
    *,
    options: list[discord.SelectOption],
    placeholder: str,
    row: int | None = None,
    min_values: int = 1,
    max_values: int = 1,
) -> discord.ui.Select:
    return discord.ui.Select(
        custom_id=custom_id,
        options=options or NO_OPTIONS,
        placeholder=placeholder,
        row=row,
        min_values=min_values,
        max_values=max_values,
    )


def _action_choice(custom_id: str, carried: dict, *, placeholder: str = "Choose…", **looks):
    return _choice(custom_id, carried, placeholder=placeholder, **looks)


def _group_choice(custom_id: str, carried: dict, *, placeholder: str = "Choose a card…", **looks):
    return _choice(custom_id, carried, placeholder=placeholder, **looks)


def _marks(custom_id: str, carried: dict, *, options, placeholder: str = "…", **looks):
    """Any number of the items (the dice to reroll), at least one."""
    return _choice(
        custom_id,
        carried,
        options=options,
        placeholder=placeholder,
        min_values=1,
        max_values=max(1, len(options)),
        **looks,
    )


def _hand(custom_id: str, carried: dict, *, label: str | None = None, **looks):
    style = discord.ButtonStyle.success
    return _button(custom_id, carried, label=label or _("My hand"), emoji="🂠", style=style, **looks)


def _turn(custom_id: str, carried: dict, *, label: str | None = None):
    """On a turn ping, a reminder or a DM: opens the player's own panel at
    once (also from a DM, where the match's server is not the click's)."""
    style = discord.ButtonStyle.success
    return _button(custom_id, carried, label=label or _("Your move"), emoji="▶️", style=style)


def _die(custom_id: str, carried: dict, *, label: str, marked: bool, row: int | None = None):
    """One die of the dice game, marked (to reroll) or not; a click flips it
    and redraws the buttons, changing nothing in the match."""
    style = discord.ButtonStyle.danger if marked else discord.ButtonStyle.secondary
    return _button(custom_id, carried, label=label, style=style, row=row)


#: Yes or No to "give up this match?"
CONCEDE_LABELS = {"yes": N_("Yes, give up"), "no": N_("No, play on")}


def _concede(custom_id: str, carried: dict):
    answer = carried["answer"]
    style = discord.ButtonStyle.danger if answer == "yes" else discord.ButtonStyle.secondary
    return _button(custom_id, carried, label=_(CONCEDE_LABELS[answer]), style=style)


def _panel(custom_id: str, carried: dict, *, label: str | None = None, **looks):
    return _button(custom_id, carried, label=label or _("Refresh"), **looks)


def _hint(custom_id: str, carried: dict, *, label: str | None = None, **looks):
    """💡 Hint, on a player's panel in a match that allows hints, while
    their decision is owed at move `seq`: what the expert would do, told to
    them alone (cogs/play/hints.py)."""
    return _button(custom_id, carried, label=label or _(HINT_LABEL), **looks)


def _play_hint(custom_id: str, carried: dict, *, label: str | None = None, **looks):
    """▶ Play it, on a hint's message: plays the choice the hint named (its
    keys, joined as the panel joins a whole turn), through the same move
    path as a panel click (cogs/play/clicks.py, `Clicks.on_play_hint`)."""
    style = discord.ButtonStyle.success
    return _button(custom_id, carried, label=label or _(PLAY_HINT_LABEL), style=style, **looks)


#: the components whose clicks this extension answers: name, prefix, the
#: fields of the custom_id, kind, what a click does, how it looks
TABLE = (
    Spec(
        "ActionButton",
        ACTION,
        (MATCH, SEQ, matching("key", r"[!-~]{1,60}")),
        discord.ui.Button,
        lambda i, c: desk(i).clicks.on_action(i, c.match_id, c.seq, c.key),
        _move,
    ),
    Spec(
        "ActionSelect",
        CHOICE,
        (MATCH, SEQ, number("part", 1, default=0)),
        discord.ui.Select,
        lambda i, c: desk(i).clicks.on_action(i, c.match_id, c.seq, first_value(c.item.values)),
        _action_choice,
    ),
    Spec(
        "GroupSelect",
        GROUP,
        (MATCH, SEQ),
        discord.ui.Select,
        lambda i, c: desk(i).clicks.on_group(i, c.match_id, c.seq, first_value(c.item.values)),
        _group_choice,
    ),
    Spec(
        "HandButton",
        HAND,
        (MATCH,),
        discord.ui.Button,
        lambda i, c: desk(i).clicks.open_panel(i, c.match_id, edit=False),
        _hand,
    ),
    Spec(
        "PanelButton",
        PANEL,
        (MATCH,),
        discord.ui.Button,
        lambda i, c: desk(i).clicks.open_panel(i, c.match_id, edit=True),
        _panel,
    ),
    Spec(
        "TurnButton",
        TURN,
        (MATCH,),
        discord.ui.Button,
        lambda i, c: desk(i).clicks.open_panel(i, c.match_id, edit=False, turn=True),
        _turn,
    ),
    Spec(
        "DieToggle",
        TOGGLE,
        (MATCH, SEQ, number("mask", 3), number("die", 1)),
        discord.ui.Button,
        lambda i, c: desk(i).clicks.on_toggle(i, c.match_id, c.seq, c.mask ^ (1 << c.die)),
        _die,
    ),
    Spec(
        "MarkSelect",
        MARKS,
        (MATCH, SEQ),
        discord.ui.Select,
        lambda i, c: desk(i).clicks.on_marks(i, c.match_id, c.seq, [str(v) for v in c.item.values]),
        _marks,
    ),
    Spec(
        "ConcedeButton",
        CONCEDE,
        (MATCH, one_of("answer", "yes", "no")),
        discord.ui.Button,
        lambda i, c: desk(i).concessions.answer(i, c.match_id, c.answer == "yes"),
        _concede,
    ),
    Spec(
        "HintButton",
        HINT,
        (MATCH, SEQ),
        discord.ui.Button,
        lambda i, c: desk(i).clicks.on_hint(i, c.match_id, c.seq),
        _hint,
    ),
    Spec(
        "PlayHintButton",
        PLAY_HINT,
        (MATCH, SEQ, matching("key", r"[!-~]{1,60}")),
        discord.ui.Button,
        lambda i, c: desk(i).clicks.on_play_hint(i, c.match_id, c.seq, c.key),
        _play_hint,
    ),
)
ITEMS = components(TABLE, __name__)
(
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
    PlayHintButton,
) = ITEMS
