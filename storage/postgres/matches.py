"""A match's life outside its moves, on PostgreSQL: the lobby, the start,
cancel and archive, the host's settings and pause, and reading matches
(one, or listed). As the same methods of `storage.store.Store`."""

from __future__ import annotations

import logging
from typing import Any, cast

import asyncpg

from rules import Match, get_game
from storage.errors import UnknownMatch
from storage.moves import check_fresh, check_start
from storage.postgres.base import PgBase, lock_match
from storage.records import (
    ENDED,
    LIVE,
    LoadedMatch,
    MatchInfo,
    Status,
    decode_info,
    decode_match,
    dumps,
)

log = logging.getLogger(__name__)

# Metadata columns as storage.records decodes them (JSON as text, seats as
# one JSON array), so that one statement (one consistent state) gives them.
INFO = """
    m.id, m.guild_id, m.channel_id, m.thread_id, m.game, m.status, m.creator_id,
    m.options::text AS options, m.players, m.seed, m.rules_version, m.seq,
    m.outcome::text AS outcome, m.created_at, m.updated_at, m.started_at, m.ended_at,
    m.archived_at, m.settings::text AS settings, m.paused_at,
    (SELECT coalesce(json_agg(json_build_array(s.seat, s.user_id, s.bot, s.name)), '[]')::text
       FROM seats s WHERE s.match_id = m.id) AS seats_json
"""
# ... and the snapshot with the log, read together.
LOAD = f"""
SELECT {INFO}, m.snapshot::text AS snapshot,
       (SELECT coalesce(json_agg(json_build_array(a.seq, a.seat, a.key) ORDER BY a.seq),
                        '[]')::text
          FROM actions a WHERE a.match_id = m.id) AS log_json
  FROM matches m WHERE m.id = $1
"""


class Matches(PgBase):
    # -- lobby and start ----------------------------------------------------
    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        game_id: str,
        options: dict[str, Any] | None,
        creator_id: int,
        thread_id: int | None = None,
    ) -> int:
        """A new match in the lobby (no seats, no engine state); its id.
        Raises rules.UnknownGame for a game this code does not have."""
        get_game(game_id)
        now = self._now()
        async with self._write() as conn:
            return cast(
                int,
                await conn.fetchval(
                    "INSERT INTO matches (guild_id, channel_id, thread_id, game, status,"
                    " creator_id, options, created_at, updated_at)"
                    " VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $7, $7) RETURNING id",
                    guild_id,
                    channel_id,
                    thread_id,
                    game_id,
                    creator_id,
                    dumps(options or {}),
                    now,
                ),
            )

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        """Record the thread that shows the match (created after the lobby,
        since its name usually carries the match id)."""
        await self._update(match_id, None, "thread_id = $3", thread_id)

    async def start_match(self, match_id: int, match: Match) -> None:
        """Lobby -> active with a fresh `Match` (seq 0) whose player count is
        the number of seats; stores seed, players, the engine-normalised
        options, rules version and the first snapshot. Seats are then fixed."""
        check_fresh(match)
        snapshot, options = dumps(match.snapshot()), dumps(match.options)
        now = self._now()
        async with self._write() as conn:
            row = await lock_match(conn, match_id, (Status.LOBBY,))
            count = await conn.fetchval("SELECT count(*) FROM seats WHERE match_id = $1", match_id)
            check_start(match_id, row["game"], count, match)
            await conn.execute(
                "INSERT INTO seat_holders (match_id, seat, from_seq, user_id, bot, how, at, name)"
                " SELECT match_id, seat, 0, user_id, bot, 'start', $2, name FROM seats"
                " WHERE match_id = $1 ORDER BY seat",
                match_id,
                now,
            )
            await conn.execute(
                "UPDATE matches SET status = 'active', players = $2, seed = $3, options = $4,"
                " rules_version = $5, snapshot = $6, started_at = $7, updated_at = $7"
                " WHERE id = $1",
                match_id,
                match.players,
                match.seed,
                options,
                match.game.rules_version,
                snapshot,
                now,
            )

    # -- ends ---------------------------------------------------------------
    async def cancel(self, match_id: int) -> None:
        """Abandon a lobby or an active match (status 'cancelled')."""
        await self._update(match_id, LIVE, "status = 'cancelled', ended_at = $2")

    async def archive(self, match_id: int) -> None:
        """Hide an ended match from history listings (kept, still loadable).
        Archiving twice keeps the first time."""
        await self._update(match_id, ENDED, "archived_at = coalesce(archived_at, $2)")

    # -- hosting: per-match settings and pause -----------------------------
    async def set_match_settings(self, match_id: int, settings: dict[str, Any]) -> None:
        """The host's settings for one match (deadlines, timeout policy)."""
        await self._update(match_id, LIVE, "settings = $3", dumps(settings))

    async def pause(self, match_id: int) -> None:
        """A host pauses an active match (pausing twice keeps the first time)."""
        await self._update(match_id, (Status.ACTIVE,), "paused_at = coalesce(paused_at, $2)")

    async def resume(self, match_id: int) -> None:
        await self._update(match_id, (Status.ACTIVE,), "paused_at = NULL")

    async def _update(
        self, match_id: int, allowed: tuple[Status, ...] | None, changes: str, *args: Any
    ) -> None:
        """Change the match's row (`changes`: SQL assignments; $1 is the id,
        $2 the time now, $3... `args`) if it has an `allowed` status, and
        note the time as its update time."""
        now = self._now()
        async with self._write() as conn:
            await lock_match(conn, match_id, allowed)
            await conn.execute(
                f"UPDATE matches SET {changes}, updated_at = $2 WHERE id = $1",
                match_id,
                now,
                *args,
            )

    # -- reading ------------------------------------------------------------
    async def info(self, match_id: int) -> MatchInfo:
        """Metadata and seats, without the engine state (cheap)."""
        row = await self._fetchrow(f"SELECT {INFO} FROM matches m WHERE m.id = $1", match_id)
        if row is None:
            raise UnknownMatch(match_id)
        return decode_info(row)

    async def load(self, match_id: int, *, verify: bool = False) -> LoadedMatch:
        """Metadata and the `Match` rebuilt from its snapshot; with `verify`,
        the log is replayed too and must give the same snapshot. Raises
        UnknownMatch, or CorruptMatch (carrying match_id) if unreadable."""
        row = await self._fetchrow(LOAD, match_id)
        if row is None:
            raise UnknownMatch(match_id)
        return decode_match(row, verify=verify)

    async def live_matches(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        user_id: int | None = None,
        departed: bool = True,
    ) -> list[MatchInfo]:
        """Lobby and active matches, oldest first, filtered by guild, by
        channel or thread (`channel_id` matches either, so a channel's id
        also finds the matches in its threads) and by seated user; with
        `departed=False`, not those of guilds the bot has left."""
        where, args = ["m.status IN ('lobby', 'active')"], []
        if not departed:
            where.append("m.guild_id NOT IN (SELECT guild_id FROM departed_guilds)")
        if guild_id is not None:
            args.append(guild_id)
            where.append(f"m.guild_id = ${len(args)}")
        if channel_id is not None:
            args.append(channel_id)
            where.append(f"(m.channel_id = ${len(args)} OR m.thread_id = ${len(args)})")
        if user_id is not None:
            args.append(user_id)
            where.append(f"m.id IN (SELECT match_id FROM seats WHERE user_id = ${len(args)})")
        return await self._infos(f"WHERE {' AND '.join(where)} ORDER BY m.id", *args)

    async def finished_matches(
        self, guild_id: int, *, limit: int = 20, include_archived: bool = False
    ) -> list[MatchInfo]:
        """A guild's finished matches, most recently ended first."""
        archived = "" if include_archived else " AND m.archived_at IS NULL"
        return await self._infos(
            f"WHERE m.guild_id = $1 AND m.status = 'finished'{archived}"
            " ORDER BY m.ended_at DESC, m.id DESC LIMIT $2",
            guild_id,
            limit,
        )

    async def match_shown_in(self, place_id: int) -> MatchInfo | None:
        """The match shown in a thread, or directly in a channel (a match
        without a thread): the newest live one, else the newest at all."""
        found = await self._infos(
            "WHERE m.thread_id = $1 OR (m.channel_id = $1 AND m.thread_id IS NULL)"
            " ORDER BY m.status IN ('lobby', 'active') DESC, m.id DESC LIMIT 1",
            place_id,
        )
        return found[0] if found else None

    async def _infos(self, tail: str, *args: Any) -> list[MatchInfo]:
        """Decode each row on its own: a row whose JSON is bad comes back
        flagged (`problem`), one that cannot be decoded at all is skipped;
        both are logged with their match id, and the rest is listed."""
        rows = await self._fetch(f"SELECT {INFO} FROM matches m {tail}", *args)
        return [info for info in map(_decoded, rows) if info is not None]


def _decoded(row: asyncpg.Record) -> MatchInfo | None:
    try:
        info = decode_info(row)
    except Exception:
        log.exception("match %s is unreadable; left out of the listing", row["id"])
        return None
    if info.problem:
        log.warning("match %s is unreadable: %s", info.id, info.problem)
    return info
