"""`SqlStore`: every aggregate of the store, written once; a backend
(storage/sqlite, storage/postgres) adds its dialect and its ways in."""

from __future__ import annotations

from typing import Self

from storage.protocol import Store
from storage.sql.deadlines import SqlDeadlines
from storage.sql.guilds import SqlGuilds
from storage.sql.hints import SqlHints
from storage.sql.log import SqlMoveLog
from storage.sql.matches import SqlMatches
from storage.sql.messages import SqlMessages
from storage.sql.seats import SqlSeats
from storage.sql.settings import SqlSettings
from storage.sql.stats import SqlPlayerStats
from storage.sql.tournaments import SqlTournaments


class SqlStore(
    SqlMatches,
    SqlMoveLog,
    SqlSeats,
    SqlMessages,
    SqlDeadlines,
    SqlSettings,
    SqlPlayerStats,
    SqlHints,
    SqlGuilds,
    SqlTournaments,
    Store,
):
    """All persistence of the bot in SQL, whichever database runs it."""

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
