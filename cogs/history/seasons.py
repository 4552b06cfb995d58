"""Rating seasons in words: which season a look back is about (a number
the server never had is refused), the list of seasons, and the closed
season's best players when a host starts a new one."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.game_group import is_whole
from cogs.i18n import N_, _
from cogs.presenters import presented_games, presenter_for
from cogs.replies import say
from storage import Store
from storage.records import Season

UNKNOWN_SEASON = N_(
    "This server has had no season {season}; it is in season {current}. "
    "`/game season list` shows its seasons."
)
#: the players named per game when a season closes
PODIUM = 3
MEDALS = ("🥇", "🥈", "🥉")
#: the season's players a podium is chosen among, at most (per game)
CONTENDERS = 10_000
#: who earns a medal, under the podiums
MEDAL_RULE = N_(
    "Medals go by rating to players with at least one rated win in the season: "
    "a win over another person (a match against bots only is not rated)."
)


async def season_asked(
    store: Store, interaction: discord.Interaction, season: int | None
) -> int | None:
    """The season a command shows (default: the current one); None after
    refusing a number the server never had. A closed season's answer is
    deferred: the answer then comes as the followup (`answer`)."""
    assert interaction.guild_id is not None  # /game commands are about a server
    current = await store.current_season(interaction.guild_id)
    if season is None:
        return current
    if is_whole(season) and 1 <= season <= current:
        if season < current:  # replayed from its record: may take longer than Discord's 3 s
            await interaction.response.defer(ephemeral=True, thinking=True)
        return season
    shown = season if is_whole(season) else "?"
    await say(interaction, UNKNOWN_SEASON, season=shown, current=current)
    return None


async def answer(interaction: discord.Interaction, **kwargs) -> None:
    """A private answer, or the followup of a deferred one."""
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(ephemeral=True, **kwargs)


def season_line(season: Season, current: int) -> str:
    """One season of `/game season list`: its number, since when, by whom."""
    if season.started_at is None:
        text = _("**Season {season}** — from the first match", season=season.number)
    else:
        text = _(
            "**Season {season}** — from {day}, started by {host}",
            season=season.number,
            day=discord.utils.format_dt(season.started_at, "D"),
            host=f"<@{season.started_by}>",
        )
    return text + (_(" (current)") if season.number == current else "")


def seasons_text(seasons: Sequence[Season]) -> str:
    current = seasons[-1].number
    return "\n".join(season_line(s, current) for s in seasons)


async def podiums(store: Store, guild_id: int, season: int) -> list[str]:
    """The closed season's best players, a line per game that someone won a
    rated match of: by rating (then wins), among the players with at least
    one rated win (`Stats.rated_won`), so a season of matches lost, or
    played against bots only, earns no medal."""
    lines = []
    for game in presented_games():
        board = await store.leaderboard(guild_id, game, season=season, limit=CONTENDERS)
        medalled = [s for s in board if s.rated_won > 0][:PODIUM]
        if medalled:
            names = " ".join(
                f"{medal} <@{s.user_id}>" for medal, s in zip(MEDALS, medalled, strict=False)
            )
            lines.append(f"**{_(presenter_for(game).title)}**: {names}")
    return lines


async def podiums_text(store: Store, guild_id: int, season: int) -> str | None:
    """The message naming a closed season's best players, with the rule
    that chose them; None when nobody won a rated match in it."""
    lines = await podiums(store, guild_id, season)
    if not lines:
        return None
    title = _("**Season {season}'s best players:**", season=season)
    return "\n".join([title, *lines, "-# " + _(MEDAL_RULE)])
