"""The tournament's one public message: its sign-up (who entered, with
Join, Leave, Add bot and Start), then its standings (points, Buchholz) and
the current round's tables, edited as results come in."""

from __future__ import annotations

import discord

from cogs.i18n import N_, _
from cogs.tournaments.buttons import SIGNUP_OPS, TournamentButton
from cogs.tournaments.names import entrant_name, format_name, game_title
from cogs.tournaments.record import Played
from storage.tournament_records import CANCELLED, FINISHED, SIGNUP, Tournament
from tournaments.model import Table
from tournaments.scoring import standings

COLOUR = 0xE0A526
#: lines listed in one embed field at most (Discord: 1,024 characters a field)
MAX_LINES = 16

STATUS = {
    FINISHED: N_("Finished."),
    CANCELLED: N_("Cancelled by a host."),
}


def _points(value: float) -> str:
    return f"{value:g}"


def _field(lines: list[str]) -> str:
    shown = lines[:MAX_LINES]
    if len(lines) > MAX_LINES:
        shown.append(_("… and {n} more", n=len(lines) - MAX_LINES))
    text = "\n".join(shown)
    return text if len(text) <= 1024 else text[:1021] + "…"


def render(tournament: Tournament, record: Played) -> tuple[discord.Embed, discord.ui.View | None]:
    embed = discord.Embed(
        title=_(
            "🏆 Tournament #{tournament} · {game} · {format}",
            tournament=tournament.id,
            game=game_title(tournament.game),
            format=format_name(tournament.format),
        ),
        colour=COLOUR,
    )
    names = {e.entrant: entrant_name(e) for e in record.entrants}
    if tournament.status == SIGNUP:
        embed.description = _(
            "Sign up with **Join**. A host adds bots and starts it. Players per match: "
            "{per_match}.",
            per_match=tournament.per_match,
        )
        embed.add_field(
            name=_("Entrants ({n})", n=len(record.entrants)),
            value=_field([names[e.entrant] for e in record.entrants]) or _("nobody yet"),
            inline=False,
        )
        view = discord.ui.View(timeout=None)
        for op in SIGNUP_OPS:
            view.add_item(TournamentButton(tournament.id, op))
        return embed, view
    if tournament.status in STATUS:
        embed.description = _(STATUS[tournament.status])
    elif tournament.paused:
        embed.description = _(
            "Round {round} of {rounds} · paused by a host: the next round waits.",
            round=tournament.round,
            rounds=tournament.rounds,
        )
    else:
        embed.description = _(
            "Round {round} of {rounds}.", round=tournament.round, rounds=tournament.rounds
        )
    table = standings(record.seeded, record.history, record.dropped)
    lines = [
        _(
            "{rank}. {name} — score {points} · Buchholz {buchholz}",
            rank=s.rank,
            name=names.get(s.user_id, "?"),
            points=_points(s.points),
            buchholz=_points(s.buchholz),
        )
        + (_(" (dropped)") if s.dropped else "")
        for s in table
    ]
    embed.add_field(name=_("Standings"), value=_field(lines) or "—", inline=False)
    if tournament.round and record.history:
        played = record.history[tournament.round - 1]
        rows = []
        for paired in record.of_round(tournament.round):
            seated = " · ".join(names.get(p, "?") for p in paired.players)
            done = played.result_for(Table(paired.players)) is not None
            rows.append(
                _("Table {n}: {players}", n=paired.table_no, players=seated)
                + (" ✅" if done else " ⏳")
            )
        byes = played.round.byes
        if byes:
            rows.append(_("Bye: {players}", players=", ".join(names.get(p, "?") for p in byes)))
        embed.add_field(
            name=_("Round {round}", round=tournament.round), value=_field(rows) or "—", inline=False
        )
    return embed, None
