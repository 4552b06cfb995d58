"""The two backends side by side: one random sequence of a few hundred Store
calls (every method, in every game, with errors on purpose) goes to an
SQLite store and to a PgStore at once, under one clock, and every answer
must be the same: values, orders, times, errors and their messages.

Moves are computed on the match each store loads back, so every state a
move starts from has been through each backend's storage (jsonb included),
and the two loaded matches must agree on snapshot and legal actions."""

from __future__ import annotations

import dataclasses
import inspect
import random
from datetime import UTC, datetime, timedelta
from typing import Any

from pg_helpers import URL
from storage_helpers import FakeClock

from rules import Match, all_games
from storage import DeadlinePlan, LoadedMatch, SqliteStore
from storage.postgres import PgStore

GUILDS = (501, 502, 503)
CHANNELS = (601, 602)
USERS = (11, 12, 13, 14, 15, 16)
OPTIONS = {"cucco": {"deals": 1}}
STEPS = 700


def public_methods(cls: type) -> dict[str, Any]:
    return {
        name: member
        for name, member in inspect.getmembers(cls)
        if not name.startswith("_") and (inspect.isfunction(member) or inspect.ismethod(member))
    }


def test_pgstore_has_every_method_of_the_sqlite_store_with_its_parameters():
    ours, theirs = public_methods(PgStore), public_methods(SqliteStore)
    # open() takes where the database is: a file there, a URL (and schema) here
    assert sorted(set(theirs) - set(ours)) == []
    for name, method in theirs.items():
        if name == "open":
            continue
        expected = [
            (p.name, p.kind, p.default) for p in inspect.signature(method).parameters.values()
        ]
        found = [
            (p.name, p.kind, p.default) for p in inspect.signature(ours[name]).parameters.values()
        ]
        assert found == expected, name
        assert inspect.iscoroutinefunction(ours[name]) == inspect.iscoroutinefunction(method)


def same(a: Any, b: Any) -> bool:
    """Equal answers; a loaded Match is compared by its record."""
    if isinstance(a, LoadedMatch) and isinstance(b, LoadedMatch):
        fields = [f.name for f in dataclasses.fields(a) if f.name != "match"]
        if [getattr(a, f) for f in fields] != [getattr(b, f) for f in fields]:
            return False
        return (a.match is None and b.match is None) or (
            a.match is not None
            and b.match is not None
            and a.match.to_record() == b.match.to_record()
        )
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


class Twins:
    """Both stores, called alike; every answer compared."""

    def __init__(self, sqlite: Any, pg: Any, clock: FakeClock):
        self.stores = (sqlite, pg)
        self.clock = clock
        self.calls: dict[str, int] = {}

    async def call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        answers: list[tuple[Any, ...]] = []
        for store in self.stores:
            try:
                answers.append(("ok", await getattr(store, method)(*args, **kwargs)))
            except Exception as exc:  # the same error, with the same message, on both
                answers.append(("error", type(exc).__name__, str(exc)))
        assert same(answers[0], answers[1]), f"{method}{args}{kwargs}: {answers}"
        self.calls[method] = self.calls.get(method, 0) + 1
        return answers[0][1] if answers[0][0] == "ok" else None

    async def ids(self) -> tuple[list[int], list[int], list[int]]:
        """(lobbies, active, ended) match ids, as both stores list them."""
        live = await self.call("live_matches")
        ended = []
        for guild in GUILDS:
            ended += [i.id for i in await self.call("finished_matches", guild, limit=100)]
        lobbies = [i.id for i in live if i.status == "lobby"]
        active = [i.id for i in live if i.status == "active"]
        return lobbies, active, ended

    async def move(self, match_id: int, rnd: random.Random) -> None:
        """One move (one or two actions, sometimes a concession, sometimes
        stale), computed on each store's own loaded copy."""
        loaded = [await store.load(match_id) for store in self.stores]
        matches = [one.match for one in loaded]
        assert matches[0].snapshot() == matches[1].snapshot()
        if matches[0].seq > 0 and rnd.random() < 0.05:  # a click computed from an older seq
            await self.call("commit_action", match_id, matches[0].seq - 1, 0, "done", {}, [])
            return
        steps: list[list[list[dict[str, Any]]]] = [[], []]
        for _ in range(2 if rnd.random() < 0.2 else 1):
            if matches[0].is_over():
                break
            if rnd.random() < 0.02:
                seat, key = rnd.randrange(matches[0].players), "concede"
            else:
                seat = rnd.choice(matches[0].to_act())
                legal = [[a.key() for a in m.legal(seat)] for m in matches]
                assert legal[0] == legal[1]  # same order too: buttons come from it
                key = rnd.choice(legal[0])
            for match, done in zip(matches, steps, strict=True):
                done.append(match.apply_logged(seat, key))
        deadline = rnd.choice(
            [None, DeadlinePlan(self.now() + timedelta(hours=1), None), DeadlinePlan(None, None)]
        )
        messages = [("ping", CHANNELS[0], rnd.randrange(10**6))]
        names = {rnd.choice(USERS): f"n{rnd.randrange(3)}"}
        answers = []
        for store, match, done in zip(self.stores, matches, steps, strict=True):
            answers.append(
                await store.commit_move(
                    match_id, match, done, deadline=deadline, messages=messages, names=names
                )
            )
        assert answers[0] == answers[1]
        self.calls["commit_move"] = self.calls.get("commit_move", 0) + 1

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.clock.now, tz=UTC)


async def test_both_backends_answer_every_call_alike(tmp_path, pg_schema):
    clock = FakeClock()
    rnd = random.Random(20)
    games = sorted(all_games())
    async with (
        SqliteStore.open(tmp_path / "twin.db", clock=clock) as sqlite,
        PgStore.open(URL, schema_name=pg_schema, clock=clock) as pg,
    ):
        twins = Twins(sqlite, pg, clock)
        for _ in range(STEPS):
            clock.advance(rnd.choice((0, 0.001, 1, 60, 3600)))
            lobbies, active, ended = await twins.ids()
            live = lobbies + active
            lobbies = lobbies[-4:]  # fill a few lobbies rather than open many
            guild, user = rnd.choice(GUILDS), rnd.choice(USERS)
            any_id = rnd.choice(live + ended + [9999])
            roll = rnd.random()
            if roll < 0.35 and active:
                await twins.move(rnd.choice(active), rnd)
            elif (roll < 0.42 and len(live) < 12) or not live:
                await twins.call(
                    "create_lobby",
                    guild,
                    rnd.choice(CHANNELS),
                    rnd.choice(games + ["nope"]),
                    {},
                    user,
                    rnd.choice((None, 700 + rnd.randrange(5))),
                )
            elif roll < 0.55 and lobbies:
                match_id = rnd.choice(lobbies)
                if rnd.random() < 0.7:
                    await twins.call("add_user_seat", match_id, user, f"u{user}")
                else:
                    await twins.call("add_bot_seat", match_id, rnd.choice(("bot", "easy")))
            elif roll < 0.57 and lobbies:
                if rnd.random() < 0.5:
                    await twins.call("remove_seat", rnd.choice(lobbies), rnd.randrange(4))
                else:
                    await twins.call("remove_user_seat", rnd.choice(lobbies), user)
            elif roll < 0.62 and lobbies:
                info = await twins.call("info", rnd.choice(lobbies))
                game = all_games()[info.game]
                if game.min_players <= len(info.seats) <= game.max_players:
                    match = Match.new(
                        info.game, len(info.seats), f"s{rnd.random()}", OPTIONS.get(info.game)
                    )
                    await twins.call("start_match", info.id, match)
            elif roll < 0.64:
                await twins.call("cancel", any_id)
            elif roll < 0.66 and active:
                match_id = rnd.choice(active)
                seq = (await twins.call("info", match_id)).seq
                await twins.call(
                    "finish",
                    match_id,
                    {"winners": [rnd.randrange(2)], "scores": [3, 1]},
                    expected_seq=rnd.choice((None, seq, seq + 1)),
                )
            elif roll < 0.68:
                await twins.call("archive", any_id)
            elif roll < 0.71:
                await twins.call(
                    "replace_seat",
                    any_id,
                    rnd.randrange(3),
                    how=rnd.choice(("conceded", "kicked", "forfeited", "replaced")),
                    **rnd.choice(({"user_id": user, "name": "sub"}, {"bot": "bot"})),
                )
            elif roll < 0.73:
                method = rnd.choice(("pause", "resume"))
                await twins.call(method, any_id)
            elif roll < 0.74:
                await twins.call("set_match_settings", any_id, {"timeout": rnd.randrange(9)})
            elif roll < 0.77:
                kind = rnd.choice(("table", "lobby", "ping"))
                if rnd.random() < 0.7:
                    message_id = rnd.randrange(50)
                    await twins.call("set_message", any_id, kind, CHANNELS[0], message_id)
                    await twins.call("find_message", message_id)
                else:
                    await twins.call("forget_message", any_id, kind)
            elif roll < 0.80:
                at = twins.now() + timedelta(minutes=rnd.randrange(-30, 90))
                if rnd.random() < 0.6:
                    seq = rnd.randrange(3)
                    await twins.call("set_deadline", any_id, seq, remind_at=at, timeout_at=None)
                else:
                    await twins.call("clear_deadline", any_id, reminder_only=rnd.random() < 0.5)
                await twins.call("due_deadlines", at)
            elif roll < 0.84:
                key = rnd.choice(("a", "b"))
                value = rnd.choice((None, 1, 2.5, "x", [1, {"y": True}], {"é": "ü"}))
                action = rnd.random()
                if action < 0.4:
                    await twins.call("set_setting", guild, key, value)
                elif action < 0.5:
                    await twins.call("delete_setting", guild, key)
                elif action < 0.8:
                    await twins.call("set_user_setting", user, key, value)
                await twins.call("settings", guild, {"a": 0, "c": 1})
                await twins.call("get_setting", guild, key, "default")
                await twins.call("get_user_setting", user, key, "default")
            elif roll < 0.86:
                later = twins.now() + timedelta(days=rnd.randrange(1, 3))
                action = rnd.random()
                if action < 0.4:
                    await twins.call("guild_departed", guild, later)
                elif action < 0.7:
                    await twins.call("guilds_back", rnd.sample(GUILDS, 2))
                else:
                    await twins.call("purge_departed_guilds", twins.now() + timedelta(days=2))
                await twins.call("purge_date", guild)
                await twins.call("live_matches", departed=False)
            elif roll < 0.865:
                await twins.call("delete_guild", guild)
            elif roll < 0.88:
                await twins.call("rename_seats", guild, user, rnd.choice(("A", "B")))
            else:
                await reads(twins, rnd, any_id, guild, user)
        for guild in GUILDS:
            for game in games:
                await twins.call("rebuild_ratings", guild, game)
                await twins.call("leaderboard", guild, game, limit=50)
        for match_id in (await twins.ids())[1]:
            await twins.call("load", match_id, verify=True)
    assert twins.calls.get("commit_move", 0) > 100
    assert len(twins.calls) >= 45, sorted(twins.calls)


async def reads(twins: Twins, rnd: random.Random, match_id: int, guild: int, user: int) -> None:
    await twins.call("info", match_id)
    await twins.call("load", match_id)
    await twins.call("live_matches", guild_id=rnd.choice((None, guild)), user_id=user)
    await twins.call("live_matches", channel_id=rnd.choice(CHANNELS + (700, 701)))
    await twins.call(
        "finished_matches", guild, limit=rnd.randrange(1, 5), include_archived=rnd.random() < 0.5
    )
    await twins.call("match_shown_in", rnd.choice(CHANNELS + (700, 701, 702)))
    await twins.call("story", match_id, since=rnd.randrange(3), until=rnd.choice((None, 5)))
    await twins.call("seat_history", match_id)
    await twins.call("messages", match_id)
    await twins.call("message", match_id, "table")
    await twins.call("deadline", match_id)
    await twins.call("player_stats", guild, user)
    await twins.call("leaderboard", guild, rnd.choice(sorted(all_games())), limit=3)
