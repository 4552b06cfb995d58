"""Record a match's actions with their events, as the store would, and tell
them with cogs/history/story.py: what the table, the log and the replay show."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

from cogs.history.story import tell
from cogs.presenters.base import Presenter
from rules import Match
from storage import LoggedAction

EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


class Recorder:
    def __init__(self, match: Match):
        self.match = match
        self.log: list[LoggedAction] = []

    def act(self, seat: int, key: str) -> list[dict]:
        """Play `key` (or `concede`) and log it with its events."""
        events = self.match.apply_logged(seat, key)
        self.log.append(LoggedAction(self.match.seq - 1, seat, key, events, EPOCH))
        return events

    def lines(
        self, presenter: Presenter, names: list[str], viewer: int | None = None, since: int = 0
    ) -> list[str]:
        actions = [a for a in self.log if a.seq >= since]
        return [line.text for line in tell(presenter, actions, lambda seq: names, viewer)]


def story_of(
    match: Match, presenter: Presenter, names: list[str], viewer: int | None = None
) -> list[str]:
    """The whole story of a match dealt from its seed (replayed)."""
    _, story = Match.replay_story(match.to_record())
    actions = [
        LoggedAction(seq, seat, key, events, EPOCH)
        for seq, ((seat, key), events) in enumerate(zip(match.log, story, strict=True))
    ]
    return [line.text for line in tell(presenter, actions, lambda seq: names, viewer)]


def played(game_id: str, players: int, seed: int) -> list[LoggedAction]:
    """A whole random match's log with its events (seed 1: a concession
    after 30 actions)."""
    match = Match.new(game_id, players, f"story-{game_id}-{players}-{seed}")
    rnd = random.Random(seed)
    out: list[Any] = []
    while match.to_act():
        seat = rnd.choice(match.to_act())
        key = rnd.choice(match.legal(seat)).key()
        if seed == 1 and len(out) == 30:
            key, seat = "concede", match.to_act()[0]
        out.append(LoggedAction(match.seq, seat, key, match.apply_logged(seat, key), EPOCH))
    return out
