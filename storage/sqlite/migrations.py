"""Numbered schema migrations, applied in order at start-up.

`MIGRATIONS[i]` takes the schema from version i to version i + 1; the
`schema_version` table records each applied version. A shipped migration is
never edited (a test pins migration 1's text): change the schema by appending
a new one, so every database in the wild upgrades along the same path.

Each migration runs in one IMMEDIATE transaction with foreign keys off (as
SQLite's documented table-rebuild procedure requires; with them on, dropping
a parent table would cascade-delete its children) and ends with a
`foreign_key_check`, so a migration either applies whole or not at all.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence

from storage.errors import NotOurDatabase, SchemaTooNew

# Times are integer milliseconds since the Unix epoch, UTC. Discord ids are
# snowflakes, which fit SQLite's signed 64-bit INTEGER.
V1 = """
CREATE TABLE schema_version (
    version    INTEGER PRIMARY KEY,
    applied_at INTEGER NOT NULL
) STRICT;

-- One row per match, from lobby to end. AUTOINCREMENT: an id is never
-- reused, since old Discord buttons carry it for ever.
CREATE TABLE matches (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    game          TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'lobby'
                  CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    creator_id    INTEGER NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}',  -- JSON; normalised by the engine at start
    players       INTEGER,                        -- set at start, with seed and rules_version
    seed          TEXT,
    rules_version INTEGER,
    seq           INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),  -- actions in the log
    snapshot      TEXT,                           -- JSON {rng, state} after `seq` actions
    outcome       TEXT,                           -- JSON, once finished
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    started_at    INTEGER,
    ended_at      INTEGER,                        -- finished or cancelled
    archived_at   INTEGER,                        -- hidden from history listings
    CHECK (status <> 'lobby' OR snapshot IS NULL),
    CHECK (status IN ('lobby', 'cancelled') OR snapshot IS NOT NULL),
    CHECK (snapshot IS NULL OR (players IS NOT NULL AND seed IS NOT NULL
                                AND rules_version IS NOT NULL))
) STRICT;
CREATE INDEX matches_by_guild   ON matches (guild_id, status, ended_at);
CREATE INDEX matches_by_channel ON matches (channel_id, status);
CREATE INDEX matches_by_thread  ON matches (thread_id) WHERE thread_id IS NOT NULL;
CREATE INDEX matches_by_status  ON matches (status, updated_at);

-- Seat i of the engine is row (match, i). A seat is a user or a bot.
CREATE TABLE seats (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    user_id   INTEGER,
    bot       TEXT,                               -- bot kind; NULL for a user
    joined_at INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat),
    CHECK ((user_id IS NULL) <> (bot IS NULL))
) STRICT, WITHOUT ROWID;
-- A user sits at most once per match (NULLs, i.e. bots, never collide);
-- also serves "matches of this user".
CREATE UNIQUE INDEX seats_by_user ON seats (user_id, match_id);

-- The append-only action log: the truth a match is rebuilt from. Row `seq`
-- is the action applied when the match was at seq `seq`.
CREATE TABLE actions (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL CHECK (seq >= 0),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    key      TEXT    NOT NULL,
    at       INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq)
) STRICT, WITHOUT ROWID;

-- Discord messages showing a match, one per kind ('table', 'lobby', ...).
CREATE TABLE messages (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    posted_at  INTEGER NOT NULL,
    PRIMARY KEY (match_id, kind)
) STRICT, WITHOUT ROWID;
CREATE INDEX messages_by_message ON messages (message_id);

CREATE TABLE guild_settings (
    guild_id   INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,                  -- JSON
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, key)
) STRICT, WITHOUT ROWID;

-- Invariants the code keeps, enforced again by the database so no bug (or
-- hand edit through a normal connection) can make log and snapshot diverge:
-- the log is append-only, it grows one row at the match's current seq, seq
-- follows the log, and the snapshot changes only together with seq.
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
WHEN EXISTS (SELECT 1 FROM matches WHERE id = OLD.match_id)
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only (rows go only with their match)');
END;
CREATE TRIGGER actions_extend_active_match BEFORE INSERT ON actions
WHEN NEW.seq IS NOT (SELECT seq FROM matches WHERE id = NEW.match_id AND status = 'active')
BEGIN
    SELECT RAISE(ABORT, 'an action must extend an active match at its current seq');
END;
CREATE TRIGGER matches_seq_follows_log BEFORE UPDATE OF seq ON matches
WHEN NEW.seq IS NOT OLD.seq
 AND (NEW.seq IS NOT OLD.seq + 1
      OR NOT EXISTS (SELECT 1 FROM actions WHERE match_id = OLD.id AND seq = OLD.seq))
BEGIN
    SELECT RAISE(ABORT, 'seq advances by one logged action at a time');
END;
CREATE TRIGGER matches_snapshot_follows_seq BEFORE UPDATE OF snapshot ON matches
WHEN OLD.snapshot IS NOT NULL
 AND (NEW.snapshot IS NULL OR (NEW.seq IS OLD.seq AND NEW.snapshot IS NOT OLD.snapshot))
BEGIN
    SELECT RAISE(ABORT, 'the snapshot changes only with a logged action');
END;
"""

# Async play: per-match host settings (deadlines, timeout policy), pausing,
# the deadline of the decision a match waits on, and players' own settings
# (how to be notified).
V2 = """
-- the host's per-match settings (JSON)
ALTER TABLE matches ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
ALTER TABLE matches ADD COLUMN paused_at INTEGER;                    -- set while paused by a host

-- At most one row per match: the deadlines of the decision at `seq`. A row
-- whose seq is not the match's seq any more is stale and is ignored.
CREATE TABLE deadlines (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    remind_at  INTEGER,                      -- NULL: no reminder due (none set, or sent)
    timeout_at INTEGER                       -- NULL: no timeout (wait for ever)
) STRICT;
CREATE INDEX deadlines_remind  ON deadlines (remind_at)  WHERE remind_at IS NOT NULL;
CREATE INDEX deadlines_timeout ON deadlines (timeout_at) WHERE timeout_at IS NOT NULL;

-- A player's own settings (e.g. how turn notifications reach them), for
-- every server the bot shares with them.
CREATE TABLE user_settings (
    user_id    INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,             -- JSON
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
) STRICT, WITHOUT ROWID;
"""

# Keep, then purge: a server the bot has left keeps its data until
# `purge_at` (the host's GUILD_DATA_RETENTION_DAYS later); coming back
# before then deletes the row and keeps everything.
V3 = """
CREATE TABLE departed_guilds (
    guild_id INTEGER PRIMARY KEY,
    left_at  INTEGER NOT NULL,
    purge_at INTEGER NOT NULL
) STRICT;
CREATE INDEX departed_guilds_by_purge ON departed_guilds (purge_at);
"""


# The story of a match: each action's engine events are stored with it, and
# seats keep their history (who held the seat from which move, and how they
# came to hold it), so past moves keep their author and stats count leavers.
STORY = """
-- JSON list of the action's events (rules/core/events.py). NULL only for
-- actions logged before this migration, until the start-up backfill replays
-- their match and fills it in (storage/sqlite/backfill.py).
ALTER TABLE actions ADD COLUMN events TEXT;
CREATE INDEX actions_without_events ON actions (match_id) WHERE events IS NULL;

-- Still append-only: the one update allowed fills in missing events once.
DROP TRIGGER actions_no_update;
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
WHEN NOT (OLD.events IS NULL AND NEW.events IS NOT NULL
          AND NEW.match_id IS OLD.match_id AND NEW.seq IS OLD.seq
          AND NEW.seat IS OLD.seat AND NEW.key IS OLD.key AND NEW.at IS OLD.at)
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

-- Who held each seat of a started match, from which seq on. `how` says how
-- the holder came to it: 'start', or the way the previous holder left
-- ('conceded', 'kicked', 'forfeited', 'replaced'). Rows are never changed.
CREATE TABLE seat_holders (
    id       INTEGER PRIMARY KEY,               -- order of hand-overs
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    from_seq INTEGER NOT NULL CHECK (from_seq >= 0),
    user_id  INTEGER,
    bot      TEXT,
    how      TEXT    NOT NULL
             CHECK (how IN ('start', 'conceded', 'kicked', 'forfeited', 'replaced')),
    at       INTEGER NOT NULL,
    CHECK ((user_id IS NULL) <> (bot IS NULL))
) STRICT;
CREATE INDEX seat_holders_by_match ON seat_holders (match_id, seat, id);
CREATE INDEX seat_holders_by_user ON seat_holders (user_id) WHERE user_id IS NOT NULL;
CREATE TRIGGER seat_holders_no_update BEFORE UPDATE ON seat_holders
BEGIN
    SELECT RAISE(ABORT, 'seat history is never rewritten');
END;

-- Matches started before this migration: their seats as they are now (any
-- earlier hand-over was not recorded then).
INSERT INTO seat_holders (match_id, seat, from_seq, user_id, bot, how, at)
SELECT s.match_id, s.seat, 0, s.user_id, s.bot, 'start', s.joined_at
FROM seats s JOIN matches m ON m.id = s.match_id WHERE m.snapshot IS NOT NULL
ORDER BY s.match_id, s.seat;
"""

# Stats and ratings, derived from the record (seat history, outcomes, the
# order matches finished in) and rebuilt from it at will: each person's
# result per finished match, and a rating per server, game and player.
RATINGS = """
-- The order in which matches finished: ratings are updated in this order,
-- so a rebuild replays it. `rated` is 0 until the match's results and
-- ratings are in (matches finished before this migration wait for the
-- rebuild at start-up).
CREATE TABLE finishes (
    id       INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL UNIQUE REFERENCES matches (id) ON DELETE CASCADE,
    rated    INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1))
) STRICT;
CREATE INDEX finishes_unrated ON finishes (match_id) WHERE rated = 0;

-- A person's result in a finished match (bots have none): won, or left by
-- conceding, being kicked or forfeiting (a loss).
CREATE TABLE results (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    won      INTEGER NOT NULL CHECK (won IN (0, 1)),
    left_early INTEGER NOT NULL CHECK (left_early IN (0, 1)),
    PRIMARY KEY (match_id, user_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX results_by_user ON results (user_id, match_id);

-- openskill rating (mu, sigma) per server, game and player; `ordinal` is
-- what leaderboards sort by; `contests` how many rankings updated it.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    ordinal  REAL    NOT NULL,
    contests INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX ratings_by_ordinal ON ratings (guild_id, game, ordinal);

INSERT INTO finishes (match_id)
SELECT id FROM matches WHERE status = 'finished' ORDER BY ended_at, id;
"""

# Display names kept with the seats, so that showing a table or a panel never
# waits on Discord for a member's name: the current holder's (refreshed when
# they click and it changed) and, for the seat's history, each holder's name
# as they took the seat. NULL: not known yet (seats from before this).
SEAT_NAMES = """
ALTER TABLE seats ADD COLUMN name TEXT;
ALTER TABLE seat_holders ADD COLUMN name TEXT;
"""

# A change counter per match, so that a process can keep loaded matches in
# memory and tell with one cheap read whether one is still current
# (storage/sql/cache.py): it moves on every committed change of what a
# load reads, i.e. the match row, its seats and its log, whoever writes it
# (triggers, so another process or a hand edit bumps it too). Its own table
# rather than a column of `matches`: the copy between backends
# (storage/transfer.py) carries the tables as they are, and a counter means
# nothing outside the process that reads it. No row yet reads as 0. Filling
# in an action's missing events (storage/sqlite/backfill.py) changes nothing a load
# reads, and is left out.
MATCH_VERSIONS = """
CREATE TABLE match_versions (
    match_id INTEGER PRIMARY KEY,                -- a matches.id; goes with its match
    version  INTEGER NOT NULL
) STRICT;

CREATE TRIGGER matches_version_update AFTER UPDATE ON matches
BEGIN
    INSERT INTO match_versions (match_id, version) VALUES (NEW.id, 1)
    ON CONFLICT (match_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER matches_version_delete AFTER DELETE ON matches
BEGIN
    DELETE FROM match_versions WHERE match_id = OLD.id;
END;
CREATE TRIGGER seats_version_insert AFTER INSERT ON seats
BEGIN
    INSERT INTO match_versions (match_id, version) VALUES (NEW.match_id, 1)
    ON CONFLICT (match_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER seats_version_update AFTER UPDATE ON seats
BEGIN
    INSERT INTO match_versions (match_id, version) VALUES (NEW.match_id, 1)
    ON CONFLICT (match_id) DO UPDATE SET version = version + 1;
END;
-- Not when the match itself is gone (its seats and log go with it).
CREATE TRIGGER seats_version_delete AFTER DELETE ON seats
WHEN EXISTS (SELECT 1 FROM matches WHERE id = OLD.match_id)
BEGIN
    INSERT INTO match_versions (match_id, version) VALUES (OLD.match_id, 1)
    ON CONFLICT (match_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER actions_version_insert AFTER INSERT ON actions
BEGIN
    INSERT INTO match_versions (match_id, version) VALUES (NEW.match_id, 1)
    ON CONFLICT (match_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER actions_version_update AFTER UPDATE OF match_id, seq, seat, key ON actions
BEGIN
    INSERT INTO match_versions (match_id, version) VALUES (NEW.match_id, 1)
    ON CONFLICT (match_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER actions_version_delete AFTER DELETE ON actions
WHEN EXISTS (SELECT 1 FROM matches WHERE id = OLD.match_id)
BEGIN
    INSERT INTO match_versions (match_id, version) VALUES (OLD.match_id, 1)
    ON CONFLICT (match_id) DO UPDATE SET version = version + 1;
END;
"""

# A finished match's wrap-up (ratings told, thread archived) is recorded
# as its message of kind 'closed', so that a start wraps up the matches a
# stop or a crash left between their last move and their wrap-up. The
# matches finished before this migration were wrapped up by the process
# that finished them: recorded as such, so none is wrapped up twice.
WRAPPED_UP = """
INSERT OR IGNORE INTO messages (match_id, kind, channel_id, message_id, posted_at)
SELECT id, 'closed', coalesce(thread_id, channel_id), 0, coalesce(ended_at, updated_at)
FROM matches WHERE status = 'finished';
"""

# Rating seasons (issue 31): a host closes a server's season and a new one
# starts. Season 1 has no row: it is everything before season 2. A season
# begins at a finish (`first_finish`, a finishes.id: the order ratings are
# updated in), so which season a finished match counts for follows from the
# record, and closing a season rewrites nothing: each season's ratings are a
# replay of its own matches' contests.
SEASONS = """
CREATE TABLE seasons (
    guild_id     INTEGER NOT NULL,
    number       INTEGER NOT NULL CHECK (number >= 2),
    first_finish INTEGER NOT NULL,                -- the finishes.id it starts at
    started_at   INTEGER NOT NULL,
    started_by   INTEGER NOT NULL,                -- the host's user id
    PRIMARY KEY (guild_id, number)
) STRICT, WITHOUT ROWID;
"""

# Tournaments run by the bot (issue 31). A tournament's entrants (people,
# or bots: a negative entrant id and a level), the tables of each round
# as paired (table 0 of a round holds its byes), each with the match it is
# played in once opened, and an append-only record of what hosts did
# (drops, forfeits, pauses, cancels). Standings are derived from the tables'
# matches and that record, never stored.
TOURNAMENTS = """
CREATE TABLE tournaments (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER,                           -- its sign-up / standings message
    game       TEXT    NOT NULL,
    format     TEXT    NOT NULL
               CHECK (format IN ('swiss', 'round_robin', 'single_elimination')),
    rounds     INTEGER NOT NULL CHECK (rounds >= 0),  -- to play (0: the format's, until the start)
    per_match  INTEGER NOT NULL CHECK (per_match BETWEEN 2 AND 5),
    settings   TEXT    NOT NULL DEFAULT '{}',     -- deadline and timeout policy of its matches
    status     TEXT    NOT NULL DEFAULT 'signup'
               CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    paused     INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    round      INTEGER NOT NULL DEFAULT 0,        -- the last round paired
    creator_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    entrant       INTEGER NOT NULL,               -- a user id, or -n for its n-th bot
    bot           TEXT,                           -- the bot's level (NULL: a person)
    name          TEXT,
    seed          REAL    NOT NULL DEFAULT 0,     -- the rating at the start
    joined_at     INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, entrant)
) STRICT, WITHOUT ROWID;

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    table_no      INTEGER NOT NULL CHECK (table_no >= 0),  -- 0: the round's byes
    players       TEXT    NOT NULL,               -- JSON list of entrants, in seat order
    match_id      INTEGER UNIQUE REFERENCES matches (id),
    PRIMARY KEY (tournament_id, round, table_no)
) STRICT, WITHOUT ROWID;

CREATE TABLE tournament_acts (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    at            INTEGER NOT NULL,
    actor_id      INTEGER NOT NULL,
    act           TEXT    NOT NULL,
    args          TEXT    NOT NULL DEFAULT '{}'
) STRICT;
CREATE INDEX tournament_acts_by_tournament ON tournament_acts (tournament_id, id);
CREATE TRIGGER tournament_acts_append_only BEFORE UPDATE ON tournament_acts
BEGIN
    SELECT RAISE(ABORT, 'tournament acts are append-only');
END;
"""

# Hints for learners (issue 32): each hint a player asked for in a match
# whose creator allowed them, append-only; one row per decision (the same
# seat asking again at the same move is the same hint, counted once). Part
# of the match's record: `/game log`, the final table and the ratings told
# count them; they go with their match.
HINTS = """
CREATE TABLE hints (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL CHECK (seq >= 0),   -- the decision: the match's seq then
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  INTEGER NOT NULL,                    -- who asked
    at       INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq, seat)
) STRICT, WITHOUT ROWID;
CREATE TRIGGER hints_append_only BEFORE UPDATE ON hints
BEGIN
    SELECT RAISE(ABORT, 'hints are append-only');
END;
"""

# Learn matches (`/game learn`, issue 45): a practice match against bots,
# never rated nor counted (no finish recorded) and left out of history.
LEARN = """
ALTER TABLE matches ADD COLUMN learn INTEGER NOT NULL DEFAULT 0 CHECK (learn IN (0, 1));
"""

MIGRATIONS: Sequence[str] = (
    V1,
    V2,
    V3,
    STORY,
    RATINGS,
    SEAT_NAMES,
    MATCH_VERSIONS,
    WRAPPED_UP,
    SEASONS,
    TOURNAMENTS,
    HINTS,
    LEARN,
)


def latest() -> int:
    return len(MIGRATIONS)


def current_version(conn: sqlite3.Connection, path: str = "database") -> int:
    """The schema version of an open database; 0 for an empty file."""
    has_table = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ).fetchone()
    if has_table:
        version: int = conn.execute(
            "SELECT coalesce(max(version), 0) FROM schema_version"
        ).fetchone()[0]
        return version
    others = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if others:
        raise NotOurDatabase(
            path,
            "a SQLite database of another program (it has tables but no "
            "schema_version), not a game-host database",
        )
    return 0


def split_statements(script: str) -> list[str]:
    """Split a SQL script into statements (triggers contain `;` too)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    if current.strip():
        raise ValueError(f"incomplete SQL statement in migration: {current.strip()[:80]!r}")
    return statements


def migrate(
    conn: sqlite3.Connection,
    now_ms: Callable[[], int],
    *,
    target: int | None = None,
    path: str = "database",
) -> list[int]:
    """Upgrade `conn` (autocommit, foreign keys off) to `target` (default:
    the latest); return the versions applied. Refuses a newer database."""
    known = latest()
    target = known if target is None else target
    if not 0 <= target <= known:
        raise ValueError(f"no schema version {target} (known: 0-{known})")
    found = current_version(conn, path)
    if found > known:
        raise SchemaTooNew(path, found, known)
    applied = []
    for version in range(found + 1, target + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have migrated while we waited for the lock.
            if current_version(conn, path) >= version:
                conn.execute("ROLLBACK")
                continue
            for statement in split_statements(MIGRATIONS[version - 1]):
                conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
                (version, now_ms()),
            )
            broken = conn.execute("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise sqlite3.IntegrityError(
                    f"migration {version} leaves foreign keys broken: {broken[:5]}"
                )
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        applied.append(version)
    return applied
