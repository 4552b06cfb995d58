"""Looking back: recent results, a member's record, a game's leaderboard, and
a finished match's record (seed + action log) for replay."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence

import discord
from babel.numbers import format_decimal

from cogs.history.seasons import answer, season_asked
from cogs.i18n import N_, _, current
from cogs.presenters import presenter_for
from cogs.presenters.seats import bot_name, tournament_bot_name
from cogs.replies import say
from storage import CorruptMatch, Holder, MatchInfo, Stats, Status, Store
from storage.ratings import RatingChange, scaled_ordinal

HISTORY_SIZE = 10
EXPORTABLE_SIZE = 15  # finished matches named by `/game export` without a match


async def seated_bots(store: Store, info: MatchInfo) -> dict[int, int]:
    """seat -> the number of the tournament's bot entrant seated there, for
    a tournament table's match (empty for any other match): such a seat is
    named `tournament_bot_name`, as in the standings. A stand-in for a
    person who left is not the tournament's bot: their seat is not here."""
    if "tournament" not in info.settings:
        return {}
    found = await store.table_of_match(info.id)
    if found is None:
        return {}
    tournament_id, number, table_no = found
    for table in await store.tournament_tables(tournament_id):
        if (table.round, table.table_no) == (number, table_no):
            return {seat: -e for seat, e in enumerate(table.players) if e < 0}
    return {}


def holder_name(
    seat: int, user_id: int | None, bot: str | None = None, number: int | None = None
) -> str:
    """A member by mention, a bot by its seat, a tournament's bot (its
    `number` in the tournament) as its tournament names it."""
    if user_id:
        return f"<@{user_id}>"
    return bot_name(seat, bot) if number is None else tournament_bot_name(number, bot)


def result_line(
    info: MatchInfo, history: Sequence[Holder] = (), bots: Mapping[int, int] | None = None
) -> str:
    """One finished match: its seats by score, each seat named by everyone
    who held it in turn ("<@bob> → 🤖 Expert 3": bob left, a bot finished);
    `bots`: a tournament table's bot seats (`seated_bots`)."""
    title = _(presenter_for(info.game).title)
    outcome = info.outcome or {}
    winners = outcome.get("winners", [])
    bots = bots or {}
    seats = {s.seat: holder_name(s.seat, s.user_id, s.bot, bots.get(s.seat)) for s in info.seats}
    for seat in seats:
        chain = [
            holder_name(h.seat, h.user_id, h.bot, bots.get(h.seat))
            for h in history
            if h.seat == seat
        ]
        if len(chain) > 1:
            seats[seat] = " → ".join(chain)
    scores = outcome.get("scores", [])
    shown = ", ".join(
        f"{'🏆 ' if s in winners else ''}{seats.get(s, '?')} {score}"
        for s, score in sorted(enumerate(scores), key=lambda p: -p[1])
    )
    when = discord.utils.format_dt(info.ended_at, "R") if info.ended_at else ""
    return f"**#{info.id}** {title} {when} — " + (shown or _("no result"))


def exportable_text(infos: list[MatchInfo]) -> str:
    """The finished matches `/game export` could export: id, game and the
    day it ended, newest first."""
    if not infos:
        return _(
            "No match here has finished yet; only finished matches can be exported "
            "(the record reveals every hidden card)."
        )
    lines = [
        f"**#{i.id}** "
        + _(presenter_for(i.game).title)
        + (_(" — ended {day}", day=discord.utils.format_dt(i.ended_at, "d")) if i.ended_at else "")
        for i in infos
    ]
    return (
        _("Which match? These finished matches can be exported — `/game export match:<id>`:")
        + "\n"
        + "\n".join(lines)
    )


def figure(value: float) -> str:
    """A whole number as the current language writes it ("1,612")."""
    return format_decimal(round(value), locale=current())


def signed(value: int) -> str:
    """A change with its sign ("+23", "−18", "±0")."""
    if value == 0:
        return "±0"
    return ("+" if value > 0 else "−") + figure(abs(value))


def rating_text(stats: Stats) -> str:
    """A rating as players read it: on the Elo-like scale (a new player
    about 1,500: storage/ratings.py), a whole number; or not yet."""
    if stats.rating is None:
        return _("unrated")
    return _("rating **{rating}**", rating=figure(scaled_ordinal(stats.rating)))


def rating_changes_text(changes: Sequence[RatingChange]) -> str:
    """What a rated match did to each person's rating, for the match's
    thread once it is over: "<@alice> +23 → 1,523"; empty when unrated."""
    if not changes:
        return ""
    lines = []
    for change in changes:
        delta, after = change.shown
        lines.append(
            _(
                "{player} {change} → {rating}",
                player=f"<@{change.user_id}>",
                change=signed(delta),
                rating=figure(after),
            )
        )
    return _("**Ratings after this match:**") + "\n" + "\n".join(lines)


class History:
    def __init__(self, store):
        self.store = store

    async def recent(self, interaction: discord.Interaction) -> None:
        infos = await self.store.finished_matches(interaction.guild_id, limit=HISTORY_SIZE)
        if not infos:
            await say(interaction, N_("No finished matches on this server yet."))
            return
        lines = [
            result_line(i, await self.store.seat_history(i.id), await seated_bots(self.store, i))
            for i in infos
        ]
        embed = discord.Embed(title=_("Recent matches"), description="\n".join(lines))
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    async def stats(self, interaction: discord.Interaction, member, season=None) -> None:
        number = await season_asked(self.store, interaction, season)
        if number is None:
            return
        stats = await self.store.player_stats(interaction.guild_id, member.id, season=number)
        if not stats:
            await say(
                interaction,
                N_("{member} has not finished a match here in season {season}."),
                member=member.mention,
                season=number,
            )
            return
        played = sum(s.played for s in stats.values())
        won = sum(s.won for s in stats.values())
        lines = [
            _(
                "{game}: {won} won of {played} · {rating}",
                game=_(presenter_for(game).title),
                won=s.won,
                played=s.played,
                rating=rating_text(s),
            )
            for game, s in stats.items()
        ]
        embed = discord.Embed(
            title=_("{name}'s games — season {season}", name=member.display_name, season=number),
            description=_("**{won}** won of **{played}** played", won=won, played=played)
            + "\n"
            + "\n".join(lines),
        )
        await answer(interaction, embed=embed)

    async def leaderboard(
        self, interaction: discord.Interaction, game_id: str, season=None
    ) -> None:
        number = await season_asked(self.store, interaction, season)
        if number is None:
            return
        rows = await self.store.leaderboard(interaction.guild_id, game_id, season=number)
        title = _(presenter_for(game_id).title)
        if not rows:
            await say(
                interaction,
                N_("Nobody has finished a {game} match here in season {season}."),
                game=title,
                season=number,
            )
            return
        lines = [
            f"{rank}. <@{s.user_id}> — "
            + _(
                "{rating} · {won} won of {played}",
                rating=rating_text(s),
                won=s.won,
                played=s.played,
            )
            for rank, s in enumerate(rows, start=1)
        ]
        embed = discord.Embed(
            title=_("{game} leaderboard — season {season}", game=title, season=number),
            description="\n".join(lines),
        )
        embed.set_footer(text=_("Ordered by rating; leaving a match counts as a loss."))
        await answer(interaction, embed=embed, allowed_mentions=discord.AllowedMentions.none())

    async def exportable(self, interaction: discord.Interaction) -> None:
        """`/game export` without a match: name the ones it could export."""
        infos = await self.store.finished_matches(interaction.guild_id, limit=EXPORTABLE_SIZE)
        await interaction.response.send_message(
            embed=discord.Embed(title=_("Finished matches"), description=exportable_text(infos)),
            ephemeral=True,
        )

    async def export(self, interaction: discord.Interaction, info: MatchInfo) -> None:
        """The record of a finished match, as JSON: replayable with the engine
        (`Match.replay`). Only once finished: the seed reveals every card."""
        if info.status != Status.FINISHED:
            await say(
                interaction,
                N_("Only finished matches can be exported (the record reveals every hidden card)."),
            )
            return
        try:
            loaded = await self.store.load(info.id)
        except CorruptMatch:
            await say(interaction, N_("This match's saved data is damaged; it can't be exported."))
            return
        record = loaded.match.to_record()
        record["match_id"] = info.id
        record["seats"] = [
            {"seat": s.seat, "user_id": s.user_id, "bot": s.bot} for s in loaded.seats
        ]
        data = json.dumps(record, indent=1).encode()
        await interaction.response.send_message(
            _("Match #{match} — seed and every move:", match=info.id),
            ephemeral=True,
            file=discord.File(io.BytesIO(data), filename=f"match-{info.id}.json"),
        )
