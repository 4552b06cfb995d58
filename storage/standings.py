"""Who gets which result from a finished match: derived from the seat history
and the engine's outcome, never from who sits in a seat at the end.

- A person who left a seat by conceding (among three or more), being kicked
  or forfeiting on timeout takes a loss, and ranks last.
- A person replaced by a host's substitute, and the substitute, are both
  credited with the seat's result, for their part.
- Bots get nothing.

`results` gives each person's result for the match (stats); `contests` the
rankings a rating system updates from: one contest per match, or, for a game
whose outcome names `teams` per deal (Cucco), one per settled deal, the
declarer's side against the rest. Pure: no database, no rating maths.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from storage.records import Holder

#: How a holder leaves that counts as a loss for them (see HAND_OVERS).
LEAVING = frozenset({"conceded", "kicked", "forfeited"})

WINNER, PLAYED, LEFT = 0, 1, 2  # tiers of a result, best first

#: how a person ranks: compared as a tuple, lower is better (a tier first)
RankKey = tuple[float, ...]
#: (user id, team, rank key); a team is any value people ranked together
#: share (a user id alone, "declarer" or "opponents", ("left", user id))
Entry = tuple[int, Hashable, RankKey]


@dataclass(frozen=True, slots=True)
class Part:
    """One person's time in one seat: actions `start` <= seq < `end`."""

    user_id: int
    seat: int
    start: int
    end: int
    left: bool  # left by conceding, being kicked or forfeiting


@dataclass(frozen=True, slots=True)
class Result:
    """A person's result in a finished match."""

    user_id: int
    won: bool
    left: bool


@dataclass(frozen=True, slots=True)
class Contest:
    """One ranking to rate: teams of user ids with their ranks (lower is
    better, equal ranks tie), at least two teams."""

    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]


def parts(history: Sequence[Holder], end_seq: int, conceded: Sequence[int] = ()) -> list[Part]:
    """Every person's part in the match, bots left out. `history` is
    `Store.seat_history()` (by seat, in order of hand-over), `end_seq` the
    match's final seq, `conceded` the seats that gave up in the engine
    (between two players the concession ends the match)."""
    found = []
    for i, holder in enumerate(history):
        after = history[i + 1] if i + 1 < len(history) else None
        if after is not None and after.seat != holder.seat:
            after = None
        if holder.user_id is None:
            continue
        left = (after.how in LEAVING) if after else holder.seat in conceded
        found.append(
            Part(
                holder.user_id,
                holder.seat,
                holder.from_seq,
                after.from_seq if after else end_seq,
                left,
            )
        )
    return found


def seat_key(outcome: dict[str, Any], seat: int) -> tuple[int, float]:
    """(tier, minus score) of a seat: winners first, then by score."""
    scores = outcome.get("scores") or ()
    score = scores[seat] if seat < len(scores) else 0
    tier = WINNER if seat in (outcome.get("winners") or ()) else PLAYED
    return (tier, -score if isinstance(score, (int, float)) else 0)


def _key(part: Part, outcome: dict[str, Any]) -> tuple[int, float]:
    return (LEFT, 0) if part.left else seat_key(outcome, part.seat)


def _worst(entries: Sequence[Entry]) -> dict[int, tuple[Hashable, RankKey]]:
    """user -> (team, key): a person who held two seats counts by the worse."""
    worst: dict[int, tuple[Hashable, RankKey]] = {}
    for user, team, key in entries:
        if user not in worst or key > worst[user][1]:
            worst[user] = (team, key)
    return worst


def results(match_parts: Sequence[Part], outcome: dict[str, Any]) -> list[Result]:
    """Each person's result, by user id."""
    worst = _worst([(p.user_id, p.user_id, _key(p, outcome)) for p in match_parts])
    return [
        Result(user, key[0] == WINNER, key[0] == LEFT) for user, (_, key) in sorted(worst.items())
    ]


def _contest(entries: Sequence[Entry]) -> Contest | None:
    teams: dict[Hashable, tuple[RankKey, list[int]]] = {}
    for user, (team, key) in sorted(_worst(entries).items()):
        teams.setdefault(team, (key, []))[1].append(user)
    if len(teams) < 2:
        return None
    ordered = sorted(teams.values(), key=lambda t: (t[0], t[1]))
    keys = sorted({key for key, _ in ordered})
    return Contest(
        tuple(tuple(users) for _, users in ordered), tuple(keys.index(key) for key, _ in ordered)
    )


def contests(
    match_parts: Sequence[Part], outcome: dict[str, Any], deal_ends: Sequence[int] = ()
) -> list[Contest]:
    """What to rate, in order. Without `teams` in the outcome: everybody
    against everybody, ranked as in `results` (then by score). With them:
    per settled deal (`deal_ends`: the seq of the action that settled each),
    the declarer's side against the rest, anyone who left during that deal
    alone and last. Deals whose seqs are unknown are not rated."""
    if "winners" not in outcome and "scores" not in outcome:
        return []  # ended without a result (by a moderator, say): nothing to rate
    teams = outcome.get("teams")
    if teams is None:
        found = _contest([(p.user_id, p.user_id, _key(p, outcome)) for p in match_parts])
        return [found] if found else []
    if len(deal_ends) != len(teams):
        return []
    rated = []
    start = 0
    for deal, end in zip(teams, deal_ends, strict=True):
        side = {deal["declarer"], deal["partner"]}
        won = deal["winner"]
        entries: list[Entry] = []
        for p in match_parts:
            if p.left and start <= p.end <= end:
                entries.append((p.user_id, ("left", p.user_id), (LEFT,)))
            elif p.start <= end and p.end > start:
                team = "declarer" if p.seat in side else "opponents"
                beaten = won is not None and won != team
                entries.append((p.user_id, team, (PLAYED if beaten else WINNER,)))
        found = _contest(entries)
        if found:
            rated.append(found)
        start = end + 1
    return rated
