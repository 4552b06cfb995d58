"""Tournaments' words that several messages share: an entrant's name, a
game's title, a format's name."""

from __future__ import annotations

from cogs.i18n import N_, _
from cogs.presenters import presenter_for
from cogs.presenters.seats import tournament_bot_name
from storage.tournament_records import Entrant
from tournaments.model import ROUND_ROBIN, SINGLE_ELIMINATION, SWISS

FORMAT_NAMES = {
    SWISS: N_("Swiss"),
    ROUND_ROBIN: N_("round robin"),
    SINGLE_ELIMINATION: N_("single elimination"),
}


def entrant_name(entrant: Entrant, *, mention: bool = False) -> str:
    """A person by name (or as a mention), a bot by its number and level
    (the name its table's seat has too: `tournament_bot_name`)."""
    if entrant.bot is not None:
        return tournament_bot_name(-entrant.entrant, entrant.bot)
    if mention or not entrant.name:
        return f"<@{entrant.entrant}>"
    return entrant.name


def game_title(game: str) -> str:
    return _(presenter_for(game).title)


def format_name(format: str) -> str:
    return _(FORMAT_NAMES[format]) if format in FORMAT_NAMES else format
