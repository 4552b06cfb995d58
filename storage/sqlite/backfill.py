"""Fill in the events of actions logged before events were stored.

The engine is deterministic, so replaying a match's seed and log gives the
exact events each action had. Runs at start-up after the migrations, in the
same worker thread; a match whose log no longer replays (a rules change, a
damaged row) is left without events and reported, never guessed.
"""

from __future__ import annotations

import json
import logging
import sqlite3

from rules import Match, RulesError

log = logging.getLogger(__name__)


def backfill_events(conn: sqlite3.Connection) -> int:
    """Replay every match that has actions without events and store them;
    returns the number of matches filled in. `conn` is in autocommit mode."""
    ids = [
        row[0]
        for row in conn.execute(
            "SELECT DISTINCT match_id FROM actions WHERE events IS NULL ORDER BY match_id"
        )
    ]
    filled = 0
    for match_id in ids:
        row = conn.execute(
            "SELECT game, players, seed, options FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        log_rows = conn.execute(
            "SELECT seq, seat, key, events FROM actions WHERE match_id = ? ORDER BY seq",
            (match_id,),
        ).fetchall()
        try:
            _, story = Match.replay_story(
                {
                    "game": row[0],
                    "players": row[1],
                    "seed": row[2],
                    "options": json.loads(row[3]),
                    "log": [[seat, key] for _, seat, key, _ in log_rows],
                }
            )
        except (RulesError, KeyError, TypeError, ValueError) as exc:
            log.warning(
                "match %s: its log does not replay, events not filled in: %r", match_id, exc
            )
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            for (seq, _, _, events), story_events in zip(log_rows, story, strict=True):
                if events is None:
                    conn.execute(
                        "UPDATE actions SET events = ? WHERE match_id = ? AND seq = ?",
                        (json.dumps(story_events, separators=(",", ":")), match_id, seq),
                    )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        filled += 1
    if filled:
        log.info("filled in the events of %d match(es) logged before events were stored", filled)
    return filled
