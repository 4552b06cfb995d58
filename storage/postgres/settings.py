"""Guild settings and players' own settings on PostgreSQL, JSON values in
jsonb columns. As the same methods of `storage.store.Store`.

jsonb accepts only valid JSON, so the unreadable value the SQLite store
must guard against cannot be stored here; `dumps` still refuses NaN and
Infinity before anything is sent."""

from __future__ import annotations

import json
from typing import Any

from storage.postgres.base import PgBase, affected
from storage.records import dumps


class Settings(PgBase):
    # -- guild settings -----------------------------------------------------
    async def get_setting(self, guild_id: int, key: str, default: Any = None) -> Any:
        raw = await self._fetchval(
            "SELECT value::text FROM guild_settings WHERE guild_id = $1 AND key = $2",
            guild_id,
            key,
        )
        return default if raw is None else json.loads(raw)

    async def settings(
        self, guild_id: int, defaults: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """All of a guild's settings over the caller's defaults."""
        rows = await self._fetch(
            "SELECT key, value::text AS value FROM guild_settings WHERE guild_id = $1", guild_id
        )
        merged = dict(defaults or {})
        merged.update((row["key"], json.loads(row["value"])) for row in rows)
        return merged

    async def set_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Store a JSON-encodable value (None is stored as null, not unset)."""
        await self._put("guild_settings", "guild_id", guild_id, key, value)

    async def delete_setting(self, guild_id: int, key: str) -> bool:
        """Back to the caller's default; whether a value was stored."""
        async with self._write() as conn:
            return (
                affected(
                    await conn.execute(
                        "DELETE FROM guild_settings WHERE guild_id = $1 AND key = $2",
                        guild_id,
                        key,
                    )
                )
                > 0
            )

    # -- players' own settings ----------------------------------------------
    async def get_user_setting(self, user_id: int, key: str, default: Any = None) -> Any:
        raw = await self._fetchval(
            "SELECT value::text FROM user_settings WHERE user_id = $1 AND key = $2", user_id, key
        )
        return default if raw is None else json.loads(raw)

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        await self._put("user_settings", "user_id", user_id, key, value)

    async def _put(self, table: str, owner: str, owner_id: int, key: str, value: Any) -> None:
        value_json = dumps(value)
        now = self._now()
        async with self._write() as conn:
            await conn.execute(
                f"INSERT INTO {table} ({owner}, key, value, updated_at) VALUES ($1, $2, $3, $4)"
                f" ON CONFLICT ({owner}, key) DO UPDATE SET value = excluded.value,"
                " updated_at = excluded.updated_at",
                owner_id,
                key,
                value_json,
                now,
            )
