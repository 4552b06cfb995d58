"""One colour per seat, the same in every game's text and pictures.

None of them is a Keltis colour (brown, yellow, pink, green, blue), so a
seat never reads as a row, a field or a die face; the emoji are the circles
of the same colours, used where the text marks a seat."""

from __future__ import annotations

from cogs.i18n import N_, _
from rules.bots import level_of_seat_kind

#: a bot's level as players read it (rules/bots names the levels)
BOT_LABELS = {"random": N_("Random"), "greedy": N_("Greedy"), "expert": N_("Expert")}

#: seat -> (red, green, blue) in the board images
SEAT_COLOURS = ((220, 38, 38), (250, 250, 250), (30, 30, 30), (142, 68, 204), (250, 140, 0))
#: seat -> the matching marker in text
SEAT_EMOJI = ("🔴", "⚪", "⚫", "🟣", "🟠")
#: seat -> the ink that reads on that colour
SEAT_INK = ((255, 255, 255), (34, 30, 28), (255, 255, 255), (255, 255, 255), (34, 30, 28))


def seat_emoji(seat: int) -> str:
    return SEAT_EMOJI[seat % len(SEAT_EMOJI)]


def bot_name(seat: int, kind: str | None) -> str:
    """A bot seat as players read it: its level and seat ("🤖 Expert 3")."""
    return _("🤖 {level} {n}", level=_(BOT_LABELS[level_of_seat_kind(kind)]), n=seat + 1)


def tournament_bot_name(number: int, kind: str | None) -> str:
    """A tournament's bot entrant as players read it everywhere (its
    sign-up, standings, announcements, tables and logs): its number in the
    tournament and its level ("🤖 Bot 2 (Expert)"), whatever seat it has."""
    return _("🤖 Bot {n} ({level})", n=number, level=_(BOT_LABELS[level_of_seat_kind(kind)]))
