"""JSON values by key: a guild's settings and each player's own
(protocol.Settings). SQLite keeps them as text, PostgreSQL as jsonb (which
refuses invalid JSON); a guild setting that no longer decodes reads as the
caller's default (storage.records.decode_setting).

A guild's settings are read at every move that sets a deadline, and change
only when a host sets one: they are kept in memory, forgotten at once when
this store writes them, and read again after SETTINGS_KEPT seconds for a
write from another process (a guild's commands are served by the shard
process that holds it, so that is only the odd case)."""

from __future__ import annotations

from time import monotonic
from typing import Any, Final

from storage.protocol import Settings
from storage.records import decode_setting, dumps
from storage.sql.base import SqlBase

#: seconds a guild's settings are kept in memory
SETTINGS_KEPT: Final = 5.0


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
        now = monotonic()
        kept = self._guild_settings.get(guild_id)
        if kept is None or now - kept[0] >= SETTINGS_KEPT:
            rows = await self._lookup(
                f"SELECT key, {self._dialect.text('value')} FROM guild_settings WHERE guild_id = ?",
                (guild_id,),
            )
            kept = (now, [(row["key"], row["value"]) for row in rows])
            self._guild_settings[guild_id] = kept
        merged = dict(defaults or {})
        for key, value in kept[1]:
            merged[key] = decode_setting(f"guild {guild_id}", key, value, merged.get(key))
        return merged

    async def set_setting(self, guild_id: int, key: str, value: Any) -> None:
        self._guild_settings.pop(guild_id, None)
        try:
            await self._put("guild_settings", "guild_id", guild_id, key, value)
        finally:
            self._guild_settings.pop(guild_id, None)

    async def delete_setting(self, guild_id: int, key: str) -> bool:
        self._guild_settings.pop(guild_id, None)
        try:
            async with self._write() as tx:
                sql = "DELETE FROM guild_settings WHERE guild_id = ? AND key = ?"
                return await tx.run(sql, (guild_id, key)) > 0
        finally:
            self._guild_settings.pop(guild_id, None)

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
