"""JSON values by key: a guild's settings and each player's own
(protocol.Settings). SQLite keeps them as text, PostgreSQL as jsonb (which
refuses invalid JSON); a guild setting that no longer decodes reads as the
caller's default (storage.records.decode_setting)."""

from __future__ import annotations

from typing import Any

from storage.protocol import Settings
from storage.records import decode_setting, dumps
from storage.sql.base import SqlBase


class SqlSettings(SqlBase, Settings):
    async def get_user_setting(self, user_id: int, key: str, default: Any = None) -> Any:
        return await self._get("user_settings", "user_id", user_id, key, default)

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        await self._put("user_settings", "user_id", user_id, key, value)

    async def get_setting(self, guild_id: int, key: str, default: Any = None) -> Any:
        return await self._get("guild_settings", "guild_id", guild_id, key, default)

    async def settings(
        self, guild_id: int, defaults: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        rows = await self._lookup(
            f"SELECT key, {self._dialect.text('value')} FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        merged = dict(defaults or {})
        for row in rows:
            merged[row["key"]] = decode_setting(
                f"guild {guild_id}", row["key"], row["value"], merged.get(row["key"])
            )
        return merged

    async def set_setting(self, guild_id: int, key: str, value: Any) -> None:
        await self._put("guild_settings", "guild_id", guild_id, key, value)

    async def delete_setting(self, guild_id: int, key: str) -> bool:
        async with self._write() as tx:
            sql = "DELETE FROM guild_settings WHERE guild_id = ? AND key = ?"
            return await tx.run(sql, (guild_id, key)) > 0

    async def _get(self, table: str, owner: str, owner_id: int, key: str, default: Any) -> Any:
        row = await self._lookup_one(
            f"SELECT {self._dialect.text('value')} FROM {table} WHERE {owner} = ? AND key = ?",
            (owner_id, key),
        )
        if row is None:
            return default
        return decode_setting(f"{owner.removesuffix('_id')} {owner_id}", key, row["value"], default)

    async def _put(self, table: str, owner: str, owner_id: int, key: str, value: Any) -> None:
        value_json = dumps(value)
        async with self._write() as tx:
            await tx.run(
                f"INSERT INTO {table} ({owner}, key, value, updated_at) VALUES (?, ?, ?, ?)"
                f" ON CONFLICT ({owner}, key) DO UPDATE SET value = excluded.value,"
                " updated_at = excluded.updated_at",
                (owner_id, key, value_json, self._now()),
            )
