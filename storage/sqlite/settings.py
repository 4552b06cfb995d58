"""JSON values by key: a guild's settings and each player's own
(protocol.Settings), stored as JSON text. A guild setting that no longer
decodes reads as the caller's default (storage.records.decode_setting)."""

from __future__ import annotations

from typing import Any

from storage.protocol import Settings
from storage.records import decode_setting, dumps
from storage.sqlite.base import SqliteBase


class SqliteSettings(SqliteBase, Settings):
    # -- players' own settings --------------------------------------------------
    async def get_user_setting(self, user_id: int, key: str, default: Any = None) -> Any:
        row = await self._db.lookup_one(
            "SELECT value FROM user_settings WHERE user_id = ? AND key = ?", (user_id, key)
        )
        if row is None:
            return default
        return decode_setting(f"user {user_id}", key, row["value"], default)

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        async with self._db.write() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value,"
                " updated_at = excluded.updated_at",
                (user_id, key, dumps(value), self._now()),
            )

    # -- guild settings -----------------------------------------------------------
    async def get_setting(self, guild_id: int, key: str, default: Any = None) -> Any:
        row = await self._db.lookup_one(
            "SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key)
        )
        if row is None:
            return default
        return decode_setting(f"guild {guild_id}", key, row["value"], default)

    async def settings(
        self, guild_id: int, defaults: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        rows = await self._db.lookup(
            "SELECT key, value FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        merged = dict(defaults or {})
        for row in rows:
            merged[row["key"]] = decode_setting(
                f"guild {guild_id}", row["key"], row["value"], merged.get(row["key"])
            )
        return merged

    async def set_setting(self, guild_id: int, key: str, value: Any) -> None:
        value_json = dumps(value)
        async with self._db.write() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, key, value, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value,"
                " updated_at = excluded.updated_at",
                (guild_id, key, value_json, self._now()),
            )

    async def delete_setting(self, guild_id: int, key: str) -> bool:
        async with self._db.write() as conn:
            cur = await conn.execute(
                "DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key)
            )
            return cur.rowcount > 0
