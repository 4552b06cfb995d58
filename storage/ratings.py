"""The rating maths: openskill's Plackett-Luce model over `standings.Contest`s.

Pure and deterministic (the same contests in the same order give the same
floats), which is what lets `Store.rebuild_ratings` reproduce the ratings
updated one finished match at a time. A rating is (mu, sigma); players are
ordered by its ordinal, mu - 3 sigma, a cautious estimate that rises as the
system grows sure of a player.
"""

from __future__ import annotations

from collections.abc import Mapping

from openskill.models import PlackettLuce

from storage.standings import Contest

Rating = tuple[float, float]  # (mu, sigma)

MODEL = PlackettLuce()
FRESH: Rating = (MODEL.mu, MODEL.sigma)


def ordinal(rating: Rating) -> float:
    """The number players are ranked by."""
    return MODEL.rating(mu=rating[0], sigma=rating[1]).ordinal()


FRESH_ORDINAL = ordinal(FRESH)


def rate(contest: Contest, current: Mapping[int, Rating]) -> dict[int, Rating]:
    """New ratings of everyone in `contest`; `current` holds the ratings
    they have (a player missing from it starts fresh)."""
    teams = [
        [MODEL.rating(mu=current.get(u, FRESH)[0], sigma=current.get(u, FRESH)[1]) for u in team]
        for team in contest.teams
    ]
    rated = MODEL.rate(teams, ranks=[float(r) for r in contest.ranks])
    return {
        user: (new.mu, new.sigma)
        for team, new_team in zip(contest.teams, rated, strict=True)
        for user, new in zip(team, new_team, strict=True)
    }
