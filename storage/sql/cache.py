"""Loaded matches kept in memory, so that a click does not decode its match
twice (once to check the move, once to show the table after it).

A full load aggregates the whole action log and decodes the snapshot and
the metadata: about 2 ms on a busy bot, done twice per click. An entry is
handed out again only while the database proves it current: the match's
row still has the entry's seq and change counter (`match_versions`, SQLite
migration 7, PostgreSQL schema version 3, moved by triggers on every change
to the match row, its seats or its log, whoever writes them, another
process included). Checking that is one read by key. Each store (each
process) has a cache of its own, on either backend.

Callers mutate the `Match` they get (they apply the move to it), so every
entry is private: what goes in is copied, and so is what comes out.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from datetime import datetime
from typing import Final

from rules import Match
from rules.core.state_codec import json_copy
from storage.records import LoadedMatch

#: entries kept by default (least recently used go first): about as many
#: matches as a busy bot has live, 2-6 KiB each in memory (a match at seq 100)
DEFAULT_SIZE: Final = 512


def copy_loaded(loaded: LoadedMatch) -> LoadedMatch:
    """`loaded` with its own copies of everything mutable (the seats and
    times are immutable already)."""
    return dataclasses.replace(
        loaded,
        options=json_copy(loaded.options),
        settings=json_copy(loaded.settings),
        outcome=None if loaded.outcome is None else json_copy(loaded.outcome),
        match=None if loaded.match is None else loaded.match.copy(),
    )


@dataclasses.dataclass(frozen=True, slots=True)
class _Entry:
    version: int  # the match's change counter when `loaded` was read
    loaded: LoadedMatch  # private: only copies of it leave the cache


class LoadedCache:
    """A bounded LRU of loaded matches by id, each under the change counter
    it was read at. Size 0 keeps nothing (every load is a full one)."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 0:
            raise ValueError(f"cache size must be >= 0, not {size}")
        self.size = size
        self._entries: OrderedDict[int, _Entry] = OrderedDict()
        #: loads answered from memory, and entries found out of date
        self.hits = 0
        self.stale = 0

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, match_id: object) -> bool:
        return match_id in self._entries

    def fresh(self, match_id: int, seq: int, version: int) -> LoadedMatch | None:
        """A copy of the entry if the database's (seq, version) are still
        the entry's; otherwise None, and a stale entry is dropped."""
        entry = self._entries.get(match_id)
        if entry is None or entry.version != version or entry.loaded.seq != seq:
            if entry is not None:
                del self._entries[match_id]
                self.stale += 1
            return None
        self._entries.move_to_end(match_id)
        self.hits += 1
        return copy_loaded(entry.loaded)

    def unproven(self, match_id: int) -> tuple[LoadedMatch, int] | None:
        """A copy of the entry and the version it was read at, not proven
        current: for a caller whose write checks that version itself."""
        entry = self._entries.get(match_id)
        if entry is None:
            return None
        self._entries.move_to_end(match_id)
        self.hits += 1
        return copy_loaded(entry.loaded), entry.version

    def keep(self, match_id: int, version: int, loaded: LoadedMatch, *, copy: bool = True) -> None:
        """Remember `loaded`, read at `version` (a copy of it, unless `copy`
        is False: then the caller hands it over and must not touch it again).
        An entry read at a later version is not replaced by an older one."""
        if not self.size:
            return
        entry = self._entries.get(match_id)
        if entry is not None and entry.version > version:
            return
        self._entries[match_id] = _Entry(version, copy_loaded(loaded) if copy else loaded)
        self._entries.move_to_end(match_id)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def advance(
        self,
        match_id: int,
        was: int,
        version: int,
        *,
        seq: int,
        updated_at: datetime,
        match: Match,
    ) -> None:
        """The entry, read at version `was`, moved on by a move that the
        database committed on that version and nothing else: now at
        `version`, the move's `seq` and time, holding `match` (handed over:
        the caller must not touch it again). The rest of a load (seats,
        options, status) is as it was. Dropped if the entry is another."""
        entry = self._entries.get(match_id)
        if entry is None or entry.version != was:
            self.drop(match_id)
            return
        moved = dataclasses.replace(entry.loaded, seq=seq, updated_at=updated_at, match=match)
        self._entries[match_id] = _Entry(version, moved)
        self._entries.move_to_end(match_id)

    def drop(self, match_id: int) -> None:
        self._entries.pop(match_id, None)

    def moved_from(self, match_id: int, expected_seq: int, match: Match) -> int | None:
        """The version of the entry `match` was moved on from (its state at
        `expected_seq`: same game, seats, seed, options and log up to there),
        or None. A move committed at that version, with nothing else changed
        in between, leaves the database holding exactly `match`."""
        entry = self._entries.get(match_id)
        if entry is None or entry.loaded.seq != expected_seq:
            return None
        before = entry.loaded.match
        if (
            before is None
            or before.game_id != match.game_id
            or before.players != match.players
            or before.seed != match.seed
            or before.options != match.options
            or before.log != match.log[:expected_seq]
        ):
            return None
        return entry.version
