"""What the two backends' SQL does not share, in one place.

The store's statements are written once (storage/sql/), in SQL both
SQLite and PostgreSQL run, with `?` placeholders; a `Dialect` says the
little that differs: placeholders, the row locks a write takes first,
how JSON is read back and aggregated, lists of ids, and the one query
whose JSON functions have no common form. SQLite and PostgreSQL agree on
the rest (RETURNING, ON CONFLICT ... DO UPDATE with `excluded`, IS
DISTINCT FROM, integer booleans and millisecond times in both schemas).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

_PLACEHOLDER = re.compile(r"\?")


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, ...`, in order (no
    statement of the store has a `?` inside a string literal)."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(number, sql)


@dataclass(frozen=True, slots=True, kw_only=True)
class Dialect:
    name: str  # "sqlite" or "postgres", for people reading a repr
    #: appended to the SELECT of a match's row that a write then changes or
    #: checks: PostgreSQL has many writers, so it locks the row (the match's
    #: writes are serialised across processes) without blocking the key
    #: checks of rows added to the match elsewhere; SQLite's one writer
    #: holds the whole file's write lock already
    lock: str
    #: ... of a row a write only adds to (kept from deletion, not from play)
    hold: str
    #: ... of any other row re-checked before a delete
    lock_row: str
    #: JSON columns come back as text (PostgreSQL's json/jsonb as `::text`)
    text_cast: str
    #: bound parameters per statement (SQLite's limit); None: one array param
    max_ids: int | None
    #: the match's change counter that the cache of loads checks
    #: (storage/sql/cache.py); no row yet reads as 0
    version: str
    #: the statement that bumps the counter for the seats changed so far in
    #: the transaction, where the schema waits for the commit to do so;
    #: None where it bumps at once
    settle: str | None
    #: the statement that takes a guild's game's ratings for itself until
    #: the transaction ends; None where one writer makes it needless
    ratings_lock: str | None
    #: seqs of a match's actions whose events include a deal's end
    deal_ends: str
    #: a one-row JSON array of `items` per row of `source`, as text
    json_agg: str

    def text(self, column: str, alias: str | None = None) -> str:
        """A JSON column read as its text, under `alias` (its own name)."""
        return f"{column}{self.text_cast} AS {alias or column.rsplit('.', 1)[-1]}"

    def json_list(self, items: str, source: str, order: str) -> str:
        """A subquery: one JSON array with an array of `items` per row of
        `source`, `order`ed, as text ('[]' for none)."""
        return self.json_agg.format(items=items, source=source, order=order)

    def id_lists(self, ids: Sequence[int]) -> Iterator[tuple[str, list[Any]]]:
        """`IN`-conditions on a list of ids: (SQL after the column, its
        parameters), in as few statements as the dialect allows."""
        if self.max_ids is None:
            yield " = ANY(?::bigint[])", [list(ids)]
            return
        for start in range(0, len(ids), self.max_ids):
            chunk = list(ids[start : start + self.max_ids])
            yield f" IN ({', '.join('?' * len(chunk))})", chunk


SQLITE: Final = Dialect(
    name="sqlite",
    lock="",
    hold="",
    lock_row="",
    text_cast="",
    max_ids=500,  # well under SQLite's bound-parameter limit
    version="coalesce((SELECT v.version FROM match_versions v WHERE v.match_id = m.id), 0)",
    settle=None,
    ratings_lock=None,
    # json_each, json_extract: SQLite's JSON functions (events are text).
    deal_ends="SELECT DISTINCT a.seq FROM actions a, json_each(a.events) e"
    " WHERE a.match_id = ? AND json_valid(a.events)"
    " AND json_extract(e.value, '$.type') = 'deal_end' ORDER BY a.seq",
    # json_group_array takes no ORDER BY before SQLite 3.44: it aggregates in
    # the order the subquery reads rows, its primary key's for seats and log.
    json_agg="(SELECT json_group_array(json_array({items})) FROM {source})",
)

POSTGRES: Final = Dialect(
    name="postgres",
    lock=" FOR NO KEY UPDATE",
    hold=" FOR KEY SHARE",
    lock_row=" FOR UPDATE",
    text_cast="::text",
    max_ids=None,
    # The same counter (schema V3), kept by the same triggers, but a seat's
    # bump waits for the commit (a deferred constraint trigger; why there).
    version="coalesce((SELECT v.version FROM match_versions v WHERE v.match_id = m.id), 0)",
    settle="SET CONSTRAINTS seats_version IMMEDIATE",
    # Two processes may finish two matches of one guild's game at once, and
    # each would read the ratings before the other's update: an advisory lock
    # (namespace "rate", the guild and game's hash) orders them.
    ratings_lock="SELECT pg_advisory_xact_lock(1918989413, hashtext(?))",
    # json_array_elements, ->>: PostgreSQL's (events are json).
    deal_ends="SELECT DISTINCT a.seq FROM actions a, json_array_elements(a.events) e"
    " WHERE a.match_id = ? AND json_typeof(a.events) = 'array'"
    " AND e ->> 'type' = 'deal_end' ORDER BY a.seq",
    json_agg="(SELECT coalesce(json_agg(json_build_array({items}) ORDER BY {order}), '[]')::text"
    " FROM {source})",
)
