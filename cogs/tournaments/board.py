"""The tournament's one public message: its sign-up (who entered, with
Join, Leave, Add bot and Start), then its standings (points, Buchholz) and
the current round's tables, edited as results come in."""

from __future__ import annotations

import discord

from cogs.i18n import N_, _, ngettext
from cogs.tournaments.buttons import SIGNUP_OPS, TournamentButton
from cogs.tournaments.names import entrant_name, format_name, game_title
from cogs.tournaments.record import Played
from storage.tournament_records import CANCELLED, FINISHED, SIGNUP, Tournament
from tournaments.model import Table
from tournaments.scoring import Standing, standings

COLOUR = 0xE0A526
#: lines listed in one embed field at most (Discord: 1,024 characters a field)
MAX_LINES = 16

STATUS = {
    CANCELLED: N_("Cancelled by a host."),
}
#: how equal scores are ordered (tournaments/scoring.py, `standings`)
TIE_BREAKS = N_(
    "Equal scores: the higher Buchholz (the sum of the opponents' scores) first, "
    "then head-to-head (points taken from each other), then the rating at the start."
)


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
    embed.description = round_text(tournament)
    table = standings(record.seeded, record.history, record.dropped)
    lines = standing_lines(table, names)
    embed.add_field(name=_("Standings"), value=_field(lines) or "—", inline=False)
    if tournament.round and record.history:
        played = record.history[tournament.round - 1]
        rows = []
        for paired in record.of_round(tournament.round):
            seated = " · ".join(names.get(p, "?") for p in paired.players)
            done = played.result_for(Table(paired.players)) is not None
            row = _("Table {n}: {players}", n=paired.table_no, players=seated)
            row += " ✅" if done else " ⏳"
            moves = record.stopped.get(paired.match_id or 0)
            if moves is not None:  # a draw (cogs/tournaments/record.py)
                row += " " + ngettext(
                    "(stopped: no end after {n} move; a draw)",
                    "(stopped: no end after {n} moves; a draw)",
                    moves,
                )
            rows.append(row)
        byes = played.round.byes
        if byes:
            rows.append(_("Bye: {players}", players=", ".join(names.get(p, "?") for p in byes)))
        embed.add_field(
            name=_("Round {round}", round=tournament.round), value=_field(rows) or "—", inline=False
        )
    embed.set_footer(text=_(TIE_BREAKS))
    return embed, None


def round_text(tournament: Tournament) -> str:
    """Where a started tournament is: the round being played ("Round 1 of
    3." from the start on, while round 1 is being paired), paused, or over
    after how many rounds."""
    if tournament.status == FINISHED:
        return _(
            "Finished after round {round} of {rounds}.",
            round=tournament.round,
            rounds=tournament.rounds,
        )
    if tournament.status in STATUS:
        return _(STATUS[tournament.status])
    if tournament.paused and tournament.round == 0:
        return _("Paused by a host before round 1 of {rounds}: it waits.", rounds=tournament.rounds)
    if tournament.paused:
        return _(
            "Round {round} of {rounds} · paused by a host: the next round waits.",
            round=tournament.round,
            rounds=tournament.rounds,
        )
    # round 0: started, round 1 being paired (the runner pairs it at once)
    return _("Round {round} of {rounds}.", round=max(tournament.round, 1), rounds=tournament.rounds)


def standing_lines(table: list[Standing], names: dict[int, str]) -> list[str]:
    """The standings, a line each; where players are level on points, the
    tie-break that orders them is shown with them (head-to-head only when
    Buchholz is level too)."""
    lines = []
    for s in table:
        level = [o for o in table if o is not s and o.points == s.points and not o.dropped]
        line = _(
            "{rank}. {name} — score {points} · Buchholz {buchholz}",
            rank=s.rank,
            name=names.get(s.user_id, "?"),
            points=_points(s.points),
            buchholz=_points(s.buchholz),
        )
        if not s.dropped and any(o.buchholz == s.buchholz for o in level):
            line += _(" · head-to-head {points}", points=_points(s.head_to_head))
        lines.append(line + (_(" (dropped)") if s.dropped else ""))
    return lines
