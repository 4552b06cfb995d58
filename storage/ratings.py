"""The rating maths: openskill's Plackett-Luce model over `standings.Contest`s.

Pure and deterministic (the same contests in the same order give the same
floats), which is what lets `Store.rebuild_ratings` reproduce the ratings
updated one finished match at a time. A rating is (mu, sigma); players are
ordered by its ordinal, mu - 3 sigma, a cautious estimate that rises as the
system grows sure of a player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

from storage.standings import Contest

Rating = tuple[float, float]  # (mu, sigma)

MODEL = PlackettLuce()
FRESH: Rating = (MODEL.mu, MODEL.sigma)


def ordinal(rating: Rating) -> float:
    """The number players are ranked by."""
    return MODEL.rating(mu=rating[0], sigma=rating[1]).ordinal()


FRESH_ORDINAL = ordinal(FRESH)

# -- the scale players read ----------------------------------------------------------
# The ordinal above (about -15 to 35, a new player 0) is what is stored and
# ranked by; players read it on an Elo-like scale instead, through openskill's
# own `ordinal(z, alpha, target)` = alpha * (mu - z * sigma) + target:
#: the same cautious estimate as the stored ordinal (mu - 3 sigma), so the
#: order is the stored one, and a stored ordinal maps to the scale exactly;
SCALE_Z = 3.0
#: a new player (mu 25, sigma 25/3: ordinal 0) reads 1,500, as in Elo;
SCALE_TARGET = 1500.0
#: and one win over another new player moves them by a few dozen points
#: (ordinal +3.4: +34; the loser -1.8: -18), a strong regular reads about
#: 1,800 (mu 35, sigma 2), as Elo's spread of a few hundred points.
SCALE_ALPHA = 10.0


def scaled(rating: Rating) -> float:
    """A rating on the scale players read (openskill's scaled ordinal)."""
    return MODEL.rating(mu=rating[0], sigma=rating[1]).ordinal(
        z=SCALE_Z, alpha=SCALE_ALPHA, target=SCALE_TARGET
    )


def scaled_ordinal(stored: float) -> float:
    """A stored ordinal (mu - 3 sigma) on the same scale as `scaled`: with
    the same z, openskill's scaled ordinal is alpha times it plus target."""
    return SCALE_ALPHA * stored + SCALE_TARGET


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


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one finished match did to a person's rating (derived from the
    record: storage/sql/results.py `changes`); `before` is FRESH for a
    first match."""

    user_id: int
    before: Rating
    after: Rating

    @property
    def shown(self) -> tuple[int, int]:
        """(change, new rating) on the scale players read, the change as
        rounded figures differ (so "+23 → 1,523" always adds up)."""
        before, after = round(scaled(self.before)), round(scaled(self.after))
        return after - before, after
