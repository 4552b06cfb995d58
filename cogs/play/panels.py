"""Lay out legal actions as Discord components within Discord's limits.

5 rows of up to 5 buttons, or one select (25 options) per row; labels up to
80 characters; custom_ids up to 100. A presenter groups actions (a card and
what to do with it); when a decision offers more buttons than fit, it falls
back to selects, so no legal action is ever left out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord

from cogs.history.buttons import LogButton, ReplayButton
from cogs.i18n import N_, _
from cogs.play.buttons import (
    ActionButton,
    ActionSelect,
    DieToggle,
    GroupSelect,
    HandButton,
    HintButton,
    MarkSelect,
    PanelButton,
)
from cogs.play.rematch_button import RematchButton
from cogs.presenters import Presenter
from rules import Action

BUTTONS_PER_ROW = 5
OPTIONS_PER_SELECT = 25
MAX_ROWS = 5
#: a private panel's move buttons at most (one row): more moves are a select
PANEL_BUTTONS = 5


def _select_options(items: list[tuple[str, str]]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=label[:100], value=value) for value, label in items]


def _add_actions(
    view: discord.ui.View,
    match_id: int,
    seq: int,
    presenter: Presenter,
    actions: list[Action],
    state: dict,
    first_row: int,
    last_row: int,
    extra: Sequence[tuple[str, str]] = (),
) -> None:
    """Buttons when they fit in rows first_row..last_row, else selects;
    `extra` are further (key, label) moves (several decisions in one
    click: whole ordinary turns), offered first."""
    items = list(extra) + [(a.key(), presenter.label(a, state)) for a in actions]
    rows = last_row - first_row + 1
    if len(items) <= rows * BUTTONS_PER_ROW:
        for i, (key, label) in enumerate(items):
            view.add_item(
                ActionButton(match_id, seq, key, label=label, row=first_row + i // BUTTONS_PER_ROW)
            )
        return
    chunks = [items[i : i + OPTIONS_PER_SELECT] for i in range(0, len(items), OPTIONS_PER_SELECT)]
    if len(chunks) > rows:
        raise ValueError(f"{len(items)} actions do not fit in {rows} rows")
    for part, chunk in enumerate(chunks):
        view.add_item(
            ActionSelect(
                match_id,
                seq,
                options=_select_options(chunk),
                part=part,
                placeholder=_("Choose a move…"),
                row=first_row + part,
            )
        )


def _add_toggles(
    view: discord.ui.View,
    match_id: int,
    seq: int,
    presenter: Presenter,
    state: dict,
    labels: list[str],
    mask: int,
) -> None:
    """A decision made by marking items: one toggle per item (row 0), then
    the moves the marks give (rows 1-3), each one click."""
    for i, label in enumerate(labels):
        marked = bool(mask >> i & 1)
        view.add_item(
            DieToggle(
                match_id,
                seq,
                mask,
                i,
                row=0,
                marked=marked,
                label=f"{label} {'🎲' if marked else '✋'}",
            )
        )
    _add_marked_moves(view, match_id, seq, presenter, state, mask)


def _add_marking(
    view: discord.ui.View,
    match_id: int,
    seq: int,
    presenter: Presenter,
    state: dict,
    labels: list[str],
) -> None:
    """A decision made by marking items, in a private panel: one select
    whose chosen items are the move (row 0; no toggling click by click),
    then the moves with nothing marked (rows 1-3), each one click."""
    options = [
        discord.SelectOption(label=f"{label} #{i + 1}", value=str(i))
        for i, label in enumerate(labels)
    ]
    view.add_item(
        MarkSelect(
            match_id, seq, options=options, placeholder=_(presenter.marking_placeholder), row=0
        )
    )
    _add_marked_moves(view, match_id, seq, presenter, state, 0)


def _add_marked_moves(
    view: discord.ui.View, match_id: int, seq: int, presenter: Presenter, state: dict, mask: int
) -> None:
    """The moves the items marked in `mask` give (rows 1-3), each one click."""
    for i, (key, label) in enumerate(presenter.toggle_moves(state, mask)):
        view.add_item(ActionButton(match_id, seq, key, label=label, row=1 + i // BUTTONS_PER_ROW))


def _add_list(
    view: discord.ui.View,
    match_id: int,
    seq: int,
    items: list[tuple[str, str]],
    row: int,
    placeholder: str,
    part: int,
    more: str | None = None,
) -> tuple[int, int]:
    """Moves as one select per 25 (from `row`, parts numbered from `part`;
    the selects after the first with the placeholder `more`, if given);
    returns the next free row and part."""
    for start in range(0, len(items), OPTIONS_PER_SELECT):
        chunk = items[start : start + OPTIONS_PER_SELECT]
        view.add_item(
            ActionSelect(
                match_id,
                seq,
                options=_select_options(chunk),
                part=part,
                placeholder=placeholder if start == 0 or more is None else more,
                row=row,
            )
        )
        row, part = row + 1, part + 1
    return row, part


def _rows(lists: Sequence[Sequence[object]], groups: bool) -> int:
    """Rows the lists of moves take, laid out as `panel_view` does, plus the
    select of the groups."""
    rows, buttons = int(groups), 0
    for items in filter(None, lists):
        if buttons + len(items) <= PANEL_BUTTONS:
            rows += not buttons
            buttons += len(items)
        else:
            rows += -(-len(items) // OPTIONS_PER_SELECT)
    return rows


def panel_view(
    presenter: Presenter,
    match_id: int,
    seq: int,
    legal: list[Action],
    state: dict,
    group: str | None = None,
    mask: int = 0,
    combos: Sequence[tuple[str, str | Callable[[], str]]] = (),
    hint: bool = False,
) -> discord.ui.View:
    """The private panel: the seat's legal actions, optionally narrowed to one
    group. Not a wall of buttons: at most one row of PANEL_BUTTONS, and a
    longer list is a select, each of its options one click.

    `combos` are whole ordinary turns in one click (cogs/play/hand_panels.py
    finds them with the engine), offered first; the single decisions stay:
    grouped ones (a card's uses) behind a select of the groups, one click
    further, the others in a list of their own. When there are no whole
    turns and every action fits in one select, that select lists them all.
    A decision made by marking items is one select of the items (`mask`:
    what an older panel's toggles had marked, kept as toggles). `hint`: a
    💡 Hint button beside Refresh (or Back), in a match that allows hints
    while the seat owes its decision (cogs/play/hints.py)."""
    view = discord.ui.View(timeout=None)
    if hint and legal:
        view.add_item(HintButton(match_id, seq, row=MAX_ROWS - 1))
    labels = presenter.toggles(state) if legal else None
    if labels:
        if mask:
            _add_toggles(view, match_id, seq, presenter, state, labels, mask)
        else:
            _add_marking(view, match_id, seq, presenter, state, labels)
        view.add_item(PanelButton(match_id, label=_("Refresh"), row=MAX_ROWS - 1))
        return view
    if group is not None:
        chosen = [a for a in legal if presenter.group(a) == group]
        if combos:  # the card's whole turns (every tier), then its single uses
            singles = [(a.key(), presenter.label(a, state)) for a in chosen]
            _lay_out(view, match_id, seq, presenter, combos, singles, {}, state)
        else:
            _add_actions(view, match_id, seq, presenter, chosen, state, 0, MAX_ROWS - 2)
        view.add_item(PanelButton(match_id, label=_("Back"), row=MAX_ROWS - 1))
        return view
    groups: dict[str, None] = {}
    direct = []
    for action in legal:
        g = presenter.group(action)
        if g is None:
            direct.append(action)
        else:
            groups.setdefault(g)
    if len(groups) > OPTIONS_PER_SELECT or (
        groups and not combos and len(legal) <= OPTIONS_PER_SELECT
    ):
        groups, direct = {}, list(legal)  # every action in one list (or too many groups)
    singles = [(a.key(), presenter.label(a, state)) for a in direct]
    _lay_out(view, match_id, seq, presenter, combos, singles, groups, state)
    view.add_item(PanelButton(match_id, label=_("Refresh"), row=MAX_ROWS - 1))
    return view


def usual_turns(
    presenter: Presenter,
    combos: Sequence[tuple[str, str | Callable[[], str]]],
    singles: list[tuple[str, str]],
    groups: bool,
) -> list[tuple[str, str]]:
    """The whole turns offered in one click beside the single decisions:
    the usual ones first (`Presenter.turn_tier`), each tier whole, as far
    as they fit in the rows left (every single decision must fit: whole
    turns are a shortcut). The others are one click further, under their
    first decision's group (a card). A label may be drawn when asked: only
    the offered ones are."""
    tiers: dict[int, list[tuple[str, str | Callable[[], str]]]] = {}
    for key, label in combos:
        tiers.setdefault(presenter.turn_tier(key.split("+")), []).append((key, label))
    offered: list[tuple[str, str | Callable[[], str]]] = []
    for tier in sorted(tiers):
        more = offered + tiers[tier]
        if _rows([more, singles], groups) > MAX_ROWS - 1:
            break
        offered = more
    return [(key, label if isinstance(label, str) else label()) for key, label in offered]


def _lay_out(
    view: discord.ui.View,
    match_id: int,
    seq: int,
    presenter: Presenter,
    combos: Sequence[tuple[str, str | Callable[[], str]]],
    singles: list[tuple[str, str]],
    groups: dict[str, None],
    state: dict,
) -> None:
    """Whole turns (as many as fit: `usual_turns`), the single decisions,
    then the select of the groups, in rows 0-3: one row of buttons at
    most, longer lists as selects."""
    whole = usual_turns(presenter, combos, singles, bool(groups))
    lists: list[tuple[list[tuple[str, str]], str]] = [
        (whole, presenter.turn_placeholder),
        (singles, presenter.step_placeholder if whole else N_("Choose a move…")),
    ]
    row = part = 0
    button_row: int | None = None  # the one row of buttons, once there is one
    buttons = 0
    for i, (items, placeholder) in enumerate(lists):
        if not items:
            continue
        if buttons + len(items) <= PANEL_BUTTONS:
            if button_row is None:
                button_row, row = row, row + 1
            for key, label in items:
                view.add_item(ActionButton(match_id, seq, key, label=label, row=button_row))
            buttons += len(items)
        else:
            more = _(presenter.more_turns_placeholder) if i == 0 else None
            row, part = _add_list(view, match_id, seq, items, row, _(placeholder), part, more)
    if groups:
        options = _select_options([(g, presenter.group_label(g, state)) for g in groups])
        placeholder = _(presenter.group_placeholder)
        view.add_item(GroupSelect(match_id, seq, options=options, row=row, placeholder=placeholder))


def table_view(
    presenter: Presenter,
    match_id: int,
    seq: int,
    public: list[Action],
    state: dict,
    over: bool,
    replay: bool = False,
    mask: int = 0,
    rematch: bool = True,
) -> discord.ui.View:
    """The public table's components: public decisions, 'My hand' and the
    log; once the match is over, the log (and the replay and, unless not
    `rematch` (a lesson's: its review offers a real match), a rematch of a
    finished one)."""
    view = discord.ui.View(timeout=None)
    if over:
        view.add_item(LogButton(match_id, "o", 0, label=_("📜 Log")))
        if replay:
            view.add_item(ReplayButton(match_id, "f", 0, label=_("🎞️ Replay")))
            if rematch:
                view.add_item(RematchButton(match_id))
        return view
    labels = presenter.toggles(state) if public else None
    if labels:
        _add_toggles(view, match_id, seq, presenter, state, labels, mask)
    elif public:
        _add_actions(view, match_id, seq, presenter, public, state, 0, MAX_ROWS - 2)
    view.add_item(HandButton(match_id, label=_(presenter.hand_label), row=MAX_ROWS - 1))
    view.add_item(LogButton(match_id, "o", 0, label=_("📜 Log"), row=MAX_ROWS - 1))
    return view
