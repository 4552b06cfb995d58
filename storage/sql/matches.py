"""A match from lobby to archive, and reading it back (protocol.Matches)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Final

from rules import Match, get_game
from storage.errors import CorruptMatch, StaleCommit, UnknownMatch
from storage.moves import check_fresh, check_start
from storage.protocol import Matches
from storage.records import (
    ENDED,
    LIVE,
    LoadedMatch,
    MatchInfo,
    Row,
    Status,
    decode_info,
    decode_match,
    dumps,
    endless_outcome,
)
from storage.sql.base import SqlBase
from storage.sql.results import record_finish

log = logging.getLogger(__name__)

NOW: Final = object()  # `_update`'s parameter for the time of the update


class SqlMatches(SqlBase, Matches):
    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        game_id: str,
        options: dict[str, Any] | None,
        creator_id: int,
        thread_id: int | None = None,
        *,
        learn: bool = False,
    ) -> int:
        get_game(game_id)
        now, options_json = self._now(), dumps(options or {})
        async with self._write() as tx:
            row = await tx.row(
                "INSERT INTO matches (guild_id, channel_id, thread_id, game, status, creator_id,"
                " options, created_at, updated_at, learn)"
                " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    thread_id,
                    game_id,
                    creator_id,
                    options_json,
                    now,
                    now,
                    int(learn),
                ),
            )
            assert row is not None  # an INSERT ... RETURNING's row
            return int(row["id"])

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        await self._update(match_id, None, "thread_id = ?", thread_id)

    async def start_match(self, match_id: int, match: Match) -> None:
        check_fresh(match)
        snapshot, options = dumps(match.snapshot()), dumps(match.options)
        now, version = self._now(), match.game.rules_version
        async with self._write() as tx:
            row = await self._lock(tx, match_id, (Status.LOBBY,))
            seats = await tx.row("SELECT count(*) AS n FROM seats WHERE match_id = ?", (match_id,))
            assert seats is not None  # count(*) gives a row
            check_start(match_id, row["game"], seats["n"], match)
            await tx.run(
                "INSERT INTO seat_holders (match_id, seat, from_seq, user_id, bot, how, at, name)"
                " SELECT match_id, seat, 0, user_id, bot, 'start', ?, name FROM seats"
                " WHERE match_id = ? ORDER BY seat",
                (now, match_id),
            )
            await tx.run(
                "UPDATE matches SET status = 'active', players = ?, seed = ?, options = ?,"
                " rules_version = ?, snapshot = ?, started_at = ?, updated_at = ? WHERE id = ?",
                (match.players, match.seed, options, version, snapshot, now, now, match_id),
            )

    async def cancel(self, match_id: int) -> None:
        await self._update(match_id, LIVE, "status = 'cancelled', ended_at = ?", NOW)

    async def stop_endless(self, match_id: int, *, expected_seq: int) -> None:
        outcome_json = dumps(endless_outcome(expected_seq))
        now = self._now()
        async with self._write() as tx:
            row = await self._lock(tx, match_id, (Status.ACTIVE,))
            if row["seq"] != expected_seq:
                raise StaleCommit(match_id, expected_seq, row["seq"])
            await tx.run(
                "UPDATE matches SET status = 'cancelled', outcome = ?, ended_at = ?,"
                " updated_at = ? WHERE id = ?",
                (outcome_json, now, now, match_id),
            )

    async def finish(
        self, match_id: int, outcome: dict[str, Any], *, expected_seq: int | None = None
    ) -> None:
        outcome_json = dumps(outcome)
        now = self._now()
        async with self._write() as tx:
            row = await self._lock(tx, match_id, (Status.ACTIVE,))
            if expected_seq is not None and row["seq"] != expected_seq:
                raise StaleCommit(match_id, expected_seq, row["seq"])
            await tx.run(
                "UPDATE matches SET status = 'finished', outcome = ?, ended_at = ?,"
                " updated_at = ? WHERE id = ?",
                (outcome_json, now, now, match_id),
            )
            await record_finish(tx, self._dialect, match_id)

    async def archive(self, match_id: int) -> None:
        await self._update(match_id, ENDED, "archived_at = coalesce(archived_at, ?)", NOW)

    async def set_match_settings(self, match_id: int, settings: dict[str, Any]) -> None:
        await self._update(match_id, LIVE, "settings = ?", dumps(settings))

    async def pause(self, match_id: int) -> None:
        await self._update(match_id, (Status.ACTIVE,), "paused_at = coalesce(paused_at, ?)", NOW)

    async def resume(self, match_id: int) -> None:
        await self._update(match_id, (Status.ACTIVE,), "paused_at = NULL")

    async def _update(
        self, match_id: int, allowed: tuple[Status, ...] | None, changes: str, *args: Any
    ) -> None:
        """Change the match's row (`changes`: SQL assignments, their
        parameters `args`, NOW for the time now) if it has an `allowed`
        status, and note the time as its update time."""
        now = self._now()
        args = tuple(now if arg is NOW else arg for arg in args)
        async with self._write() as tx:
            await self._lock(tx, match_id, allowed)
            await tx.run(
                f"UPDATE matches SET {changes}, updated_at = ? WHERE id = ?", (*args, now, match_id)
            )

    # -- reading ----------------------------------------------------------------
    async def info(self, match_id: int) -> MatchInfo:
        row = await self._lookup_one(self._q.info_by_id, (match_id,))
        if row is None:
            raise UnknownMatch(match_id)
        return decode_info(row)

    async def load(
        self, match_id: int, *, verify: bool = False, for_move: bool = False
    ) -> LoadedMatch:
        """From memory when the cached load is provably current (cache.py),
        checked with one read by key; `verify` always reads and replays.
        `for_move` on a backend whose move commit checks the change counter
        (PostgreSQL): from memory unproven, the commit doing the proof."""
        if for_move and not verify and self._proven_at_commit:
            kept = self._loaded.unproven(match_id)
            if kept is not None:
                loaded, self._unproven[match_id] = kept
                return loaded
        self._unproven.pop(match_id, None)  # a move decided on a proven load
        if not verify and match_id in self._loaded:
            stamp = await self._lookup_one(self._q.stamp, (match_id,))
            if stamp is None:
                self._loaded.drop(match_id)
                raise UnknownMatch(match_id)
            hit = self._loaded.fresh(match_id, stamp["seq"], stamp["version"])
            if hit is not None:
                return hit
        row = await self._lookup_one(self._q.load, (match_id,))
        if row is None:
            self._loaded.drop(match_id)
            raise UnknownMatch(match_id)
        try:
            loaded = decode_match(row, verify=verify)
        except CorruptMatch:
            self._loaded.drop(match_id)
            raise
        self._loaded.keep(match_id, row["version"], loaded)
        return loaded

    async def live_matches(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        user_id: int | None = None,
        departed: bool = True,
    ) -> list[MatchInfo]:
        where, params = ["m.status IN ('lobby', 'active')"], []
        if not departed:
            where.append("m.guild_id NOT IN (SELECT guild_id FROM departed_guilds)")
        if guild_id is not None:
            where.append("m.guild_id = ?")
            params.append(guild_id)
        if channel_id is not None:
            where.append("(m.channel_id = ? OR m.thread_id = ?)")
            params += [channel_id, channel_id]
        if user_id is not None:
            where.append("m.id IN (SELECT match_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        return await self._infos(f"WHERE {' AND '.join(where)} ORDER BY m.id", params)

    async def finished_matches(
        self, guild_id: int, *, limit: int = 20, include_archived: bool = False
    ) -> list[MatchInfo]:
        archived = "" if include_archived else " AND m.archived_at IS NULL"
        return await self._infos(
            f"WHERE m.guild_id = ? AND m.status = 'finished' AND m.learn = 0{archived}"
            " ORDER BY m.ended_at DESC, m.id DESC LIMIT ?",
            (guild_id, limit),
        )

    async def unclosed_matches(self) -> list[MatchInfo]:
        return await self._infos(
            "WHERE m.status = 'finished' AND NOT EXISTS"
            " (SELECT 1 FROM messages c WHERE c.match_id = m.id AND c.kind = 'closed')"
            " AND m.guild_id NOT IN (SELECT guild_id FROM departed_guilds)"
            " ORDER BY m.ended_at, m.id",
            (),
        )

    async def match_shown_in(self, place_id: int) -> MatchInfo | None:
        found = await self._infos(
            "WHERE m.thread_id = ? OR (m.channel_id = ? AND m.thread_id IS NULL)"
            " ORDER BY m.status IN ('lobby', 'active') DESC, m.id DESC LIMIT 1",
            (place_id, place_id),
        )
        return found[0] if found else None

    async def _infos(self, tail: str, params: Sequence[int]) -> list[MatchInfo]:
        """Decode each row on its own: a row whose JSON is bad comes back
        flagged (`problem`), one that cannot be decoded at all is skipped;
        both are logged with their match id, and the rest is listed."""
        rows = await self._fetch(f"SELECT {self._q.info} FROM matches m {tail}", params)
        return [info for info in map(_decoded, rows) if info is not None]


def _decoded(row: Row) -> MatchInfo | None:
    try:
        info = decode_info(row)
    except Exception:
        log.exception("match %s is unreadable; left out of the listing", row["id"])
        return None
    if info.problem:
        log.warning("match %s is unreadable: %s", info.id, info.problem)
    return info
