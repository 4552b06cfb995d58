"""Four in a row in Discord: the board as a picture on the table (board.py),
the same board as a grid of emoji in the panel of the seat to drop (so its
decision needs no scrolling back), a button per column on the table (a
drop hides nothing: one click), and the drops told.
Built from the presenter stencil (tests/cogs/presenters/example_presenter.py);
it decides nothing: the winning line comes from the engine's event and view.
"""

from __future__ import annotations

from typing import Any

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import Phrase, Presenter
from cogs.presenters.seats import seat_emoji
from four_in_a_row import board
from rules import Action

#: a hole without a disc, in the text grid
HOLE = "⚫"
#: the column numbers over the text grid
KEYCAPS = ("1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣")


def who(names: list[str], seat: int) -> str:
    """A seat in the status line: its name in bold and its colour."""
    return f"**{names[seat]}** {seat_emoji(seat)}"


def grid(view: dict[str, Any]) -> str:
    """The board as emoji, the top row first, under the column numbers."""
    rows = [
        "".join(seat_emoji(discs[row]) if row < len(discs) else HOLE for discs in view["board"])
        for row in reversed(range(view["rows"]))
    ]
    return "\n".join(["".join(KEYCAPS[: view["columns"]]), *rows])


class FourInARowPresenter(Presenter):
    game_id = "four_in_a_row"
    title = N_("Four in a row")
    rules_summary = N_(
        "Two players take turns dropping a disc of their colour into one of the seven "
        "columns; it falls to the lowest empty hole. A full column takes no more. Whoever "
        "first has four discs in a line — across, up and down, or diagonally — wins. If "
        "the board fills up with no line, the game is a draw."
    )

    def is_public(self, action: Action) -> bool:
        """Nothing is hidden: the columns are buttons on the table, so a drop
        is one click (the panel offers them too)."""
        return True

    @property
    def ping_hint(self) -> str:
        return _("Drop a disc with the column buttons on the table (or press **Your move** below).")

    def label(self, action: Action, view: dict[str, Any]) -> str:
        return _("Column {n}", n=int(action.args[0]) + 1)

    def decision(self, view: dict[str, Any]) -> str:
        return _("drop a disc into a column (1 to 7, from the left)")

    def status_line(self, view: dict[str, Any], names: list[str], to_act: tuple[int, ...]) -> str:
        if not to_act:
            return super().status_line(view, names, to_act)
        return _("{who} to drop a disc.", who=who(names, to_act[0]))

    def public_fields(self, view: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
        """The picture shows the board; the table says who plays which colour."""
        lines = [
            _(
                "{marker} **{name}**: {discs}",
                marker=seat_emoji(seat),
                name=names[seat],
                discs=ngettext("{n} disc dropped", "{n} discs dropped", view["discs"][seat]),
            )
            for seat in range(len(view["discs"]))
        ]
        return [(_("Players"), "\n".join(lines))]

    def decision_fields(self, view: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
        return [(_("Board"), grid(view))]

    def phrase(self, event: dict[str, Any], names: list[str]) -> Phrase | None:
        kind = event["type"]
        if kind == "drop":
            return Phrase(
                event["seat"],
                _(
                    "dropped a disc into column {column} (row {row})",
                    column=event["column"] + 1,
                    row=event["row"] + 1,
                ),
            )
        if kind == "line":
            return Phrase(event["seat"], _("made four in a row"))
        if kind == "full":
            return Phrase(None, _("The board is full: a draw."))
        return super().phrase(event, names)

    def outcome_lines(self, outcome: dict[str, Any], names: list[str]) -> list[str]:
        reason = outcome.get("reason")
        if reason == "full":
            return [_("The board is full: a draw.")]
        if reason == "line":
            (winner,) = outcome["winners"]
            return [_("🏆 {who} made four in a row.", who=who(names, winner))]
        return super().outcome_lines(outcome, names)

    # -- the picture ----------------------------------------------------------
    def render_board(self, view: dict[str, Any], names: list[str]) -> bytes | None:
        return board.render(view, names)

    def board_words(
        self, view: dict[str, Any], names: list[str], outcome: dict[str, Any] | None
    ) -> str:
        return board.alt(view, names, outcome)


PRESENTER = FourInARowPresenter()
