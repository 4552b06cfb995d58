"""A database written the way the bot writes it, for the copy's tests
(storage/transfer.py, issue 43): every server and player setting through
the very calls `/game config`, `/game notify` and the language memory make
(so a cleared host role stores JSON null), and every kind of row of every
table through the store's own API. A plain module with a name no other test
folder uses.

The options of `/game config` and `/game notify` are read from their
handlers' signatures: a new option without values here fails `build`, so
it cannot go uncopied unnoticed.
"""

from __future__ import annotations

import inspect
import random
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import discord

from cogs.hosting.moderation import NOTIFY_MODES, Moderation
from cogs.hosting.settings import POLICIES, SERVER_KEYS
from cogs.i18n import LANGUAGES
from cogs.language import Languages
from cogs.presenters.seats import BOT_LABELS
from rules import Match
from storage import Store
from storage.records import DeadlinePlan
from tournaments.model import FORMATS

NOW = datetime(2026, 3, 1, tzinfo=UTC)
#: the servers settings go to: a value of an option per server, so that
#: every value is some server's last (GUILDS[0] also clears its host role)
GUILDS = tuple(range(7000, 7006))
#: the server matches, seasons and tournaments are played in
PLAY = 7100
PEOPLE = tuple(range(8000, 8012))
#: /game config's values per option (its handler's parameters but the
#: interaction, and `forget`, which only asks and writes nothing)
CONFIG_VALUES: dict[str, list[Any]] = {
    "threads": [True, False],
    "reminder": ["90m", "never", "2d 6h"],
    "timeout": ["3d", "never"],
    "policy": list(POLICIES),
    # Discord's ids (snowflakes) are past 2**53: exact in JSON and jsonb alike
    "host_role": [SimpleNamespace(id=1098765432109876543), SimpleNamespace(id=2**63 - 1)],
    "clear_host_role": [True],
    "language": list(LANGUAGES),
    "stand_in": list(BOT_LABELS),
}
CONFIG_NOT_WRITING = {"forget"}
#: /game notify's values per option
NOTIFY_VALUES: dict[str, list[Any]] = {"mode": list(NOTIFY_MODES), "quick_pass": [True, False]}


def options_of(handler) -> set[str]:
    return set(inspect.signature(handler).parameters) - {"self", "interaction"}


def interaction(user_id: int, guild_id: int | None = None, locale: str = "en-US"):
    """What the handlers read of a Discord interaction: a moderator's."""

    async def send(*args: Any, **kwargs: Any) -> None:
        answers.append(args)

    answers: list[Any] = []
    response = SimpleNamespace(is_done=lambda: bool(answers), send_message=send)
    user = SimpleNamespace(id=user_id, bot=False, guild_permissions=discord.Permissions.all())
    return SimpleNamespace(
        guild_id=guild_id,
        user=user,
        locale=locale,
        response=response,
        followup=SimpleNamespace(send=send),
        app_permissions=discord.Permissions.all(),
        answers=answers,
    )


async def settings(store: Store) -> None:
    """Every option of /game config and /game notify, each value, through
    their handlers; the language memory's user setting; the bot-wide
    digest of the synced commands (guild 0)."""
    missing = (options_of(Moderation.configure) - CONFIG_NOT_WRITING) ^ set(CONFIG_VALUES)
    assert not missing, f"/game config options without values in bot_data: {missing}"
    missing = options_of(Moderation.notify) ^ set(NOTIFY_VALUES)
    assert not missing, f"/game notify options without values in bot_data: {missing}"
    moderation = Moderation(store, None, None)
    off = {name: None for name in CONFIG_VALUES} | {"clear_host_role": False}
    for name, values in CONFIG_VALUES.items():
        for guild, value in zip(GUILDS, values, strict=False):
            asked = interaction(PEOPLE[0], guild)
            await moderation.configure(asked, **(off | {name: value}))
            assert asked.answers and "Game settings" in str(asked.answers[-1]), asked.answers
    for name, values in NOTIFY_VALUES.items():
        for user, value in zip(PEOPLE, values, strict=False):
            chosen = {"mode": None, "quick_pass": None} | {name: value}
            await moderation.notify(interaction(user), **chosen)
    languages = Languages(None, store)
    for user, locale in zip(PEOPLE[4:6], ("ja", "en-GB"), strict=True):
        await languages.remember(interaction(user, locale=locale))
    await store.set_setting(0, "commands:global:1", "5f" * 32)  # cogs/app.py, sync_commands


def seated(players: int, first: int = 0) -> tuple[int, ...]:
    return PEOPLE[first : first + players]


async def lobby(store: Store, game: str, users: tuple[int, ...], bots: int = 0, **kw: Any) -> int:
    mid = await store.create_lobby(PLAY, 500, game, kw.get("options"), users[0], kw.get("thread"))
    for user in users:
        await store.add_user_seat(mid, user, f"名前 {user} 🎲")
    for _ in range(bots):
        await store.add_bot_seat(mid, "expert")
    return mid


async def play(store: Store, mid: int, moves: int, rnd: random.Random, **kw: Any) -> Match:
    """`moves` random legal moves (fewer if it ends), each a whole move with
    what the bot commits with it: the next deadline, a ping's message,
    the mover's name."""
    match = (await store.load(mid)).match
    assert match is not None
    for n in range(moves):
        if match.is_over():
            break
        seat = rnd.choice(match.to_act())
        events = match.act(seat, rnd.choice(match.legal(seat)), match.seq)
        remind = None if n % 3 == 0 else NOW + timedelta(hours=n)
        await store.commit_move(
            mid,
            match,
            [events],
            deadline=DeadlinePlan(remind, NOW + timedelta(days=1)) if n % 2 else None,
            messages=[("ping", 500, 90_000 + mid * 100 + n)] if n % 4 == 0 else (),
            names=kw.get("names"),
        )
    return match


async def started(store: Store, game: str, users: tuple[int, ...], seed: str, bots: int = 0) -> int:
    mid = await lobby(store, game, users, bots)
    await store.start_match(mid, Match.new(game, len(users) + bots, seed))
    await store.set_message(mid, "table", 500, 80_000 + mid)
    return mid


async def matches(store: Store, rnd: random.Random) -> None:
    """Every status, every seat hand-over, paused, archived, with hints,
    deadlines (some without a reminder), per-match settings, messages."""
    kept = await lobby(store, "keltis", seated(2), bots=1, thread=600)
    await store.set_message(kept, "lobby", 500, 70_000)
    left = await lobby(store, "cuttle", seated(2, 2))
    await store.remove_user_seat(left, PEOPLE[3])
    await store.add_bot_seat(left, "random")
    await store.remove_seat(left, 1)
    await store.cancel(await lobby(store, "keltis", seated(1)))
    await store.set_thread(kept, 601)

    live = await started(store, "keltis", seated(3), "live")
    await store.set_match_settings(live, {"reminder": None, "timeout": 86400, "policy": "bot"})
    match = await play(store, live, 8, rnd, names={PEOPLE[0]: "renamed on a move"})
    await store.record_hint(live, match.seq, match.to_act()[0], PEOPLE[match.to_act()[0]])
    await store.replace_seat(live, 2, how="kicked", bot="expert")
    await store.replace_seat(live, 1, how="replaced", user_id=PEOPLE[9], name="sub")
    await store.pause(live)
    await store.set_deadline(live, match.seq, remind_at=None, timeout_at=NOW + timedelta(days=2))
    await store.rename_seats(PLAY, PEOPLE[1], "a new name ✨ «quoted» 'x' \\")

    handed = await started(store, "cuttle", seated(2, 3), "handed")
    await play(store, handed, 5, rnd)
    await store.replace_seat(handed, 0, how="forfeited", bot="greedy")
    await store.replace_seat(handed, 1, how="conceded", bot="random")
    await store.replace_seat(handed, 1, how="replaced", user_id=PEOPLE[10], name=None)
    await store.set_deadline(handed, 5, remind_at=NOW, timeout_at=None)

    cancelled = await started(store, "keltis_dice", seated(2, 5), "cancelled")
    await play(store, cancelled, 3, rnd)
    await store.cancel(cancelled)

    conceded = await started(store, "cuttle", seated(2, 6), "conceded", bots=0)
    match = await play(store, conceded, 4, rnd)
    await store.commit(conceded, match, match.concede(match.to_act()[0], match.seq))
    await store.set_message(conceded, "closed", 500, 0)
    await store.archive(conceded)


async def played_out(store: Store, game: str, users: tuple[int, ...], seed: str) -> int:
    """A match played to its end by the rules (results, ratings)."""
    mid = await started(store, game, users, seed)
    match = await play(store, mid, 2000, random.Random(seed))
    assert match.is_over(), f"{game} {seed} did not end"
    return mid


async def seasons(store: Store) -> None:
    """Season 2 started and ended (by season 3), ratings in each."""
    await played_out(store, "keltis", seated(2), "season 1")
    await store.new_season(PLAY, PEOPLE[0])
    await played_out(store, "keltis", seated(2, 1), "season 2")
    await store.new_season(PLAY, PEOPLE[1])
    await played_out(store, "keltis", seated(2, 2), "season 3")


async def tournaments(store: Store) -> None:
    """One of each format and status: played rounds with byes, tables with
    and without their match, bots, a drop, a forfeit, a pause."""
    ids = []
    choices: list[dict[str, Any]] = [{"timeout": 3600, "policy": "bot"}, {}, {"timeout": 600}]
    for n, (format, chosen) in enumerate(zip(FORMATS, choices, strict=True)):
        tid = await store.create_tournament(PLAY, 500, "cuttle", format, 0, 2, chosen, PEOPLE[0])
        await store.set_tournament_message(tid, 60_000 + tid)
        for user in seated(4 - n % 2):
            await store.join_tournament(tid, user, f"entrant {user}")
        await store.join_tournament(tid, 0, None, bot="expert")
        ids.append(tid)
    swiss, robin, knockout = ids
    await store.leave_tournament(swiss, PEOPLE[3])
    await store.start_tournament(swiss, {PEOPLE[0]: 1.5, PEOPLE[1]: -0.25, -1: 0.0}, 2, PEOPLE[0])
    for number in (1, 2):
        first, second = ((PEOPLE[0], PEOPLE[1]), (PEOPLE[2], -1))[:: 1 if number == 1 else -1]
        assert await store.pair_round(swiss, number, [first, second], [])
        for table_no in (1, 2):  # (0: the byes, none here)
            mid = await store.open_table(
                swiss, number, table_no, 500, {}, {-1: "expert"}, {PEOPLE[0]: "zero"}
            )
            match = Match.new("cuttle", 2, f"swiss {number} {table_no}")
            await store.start_match(mid, match)
            await store.commit(mid, match, match.concede(0, match.seq))
        if number == 1:
            await store.tournament_act(swiss, PEOPLE[0], "pause", {})
            await store.tournament_act(swiss, PEOPLE[0], "resume", {})
    await store.tournament_act(swiss, PEOPLE[0], "drop", {"entrant": PEOPLE[2]})
    assert await store.finish_tournament(swiss)

    await store.start_tournament(robin, {}, 3, PEOPLE[1])
    assert await store.pair_round(robin, 1, [[PEOPLE[0], -1]], [PEOPLE[1], PEOPLE[2]])
    await store.open_table(robin, 1, 1, 500, {}, {-1: "expert"}, {})
    await store.tournament_act(robin, PEOPLE[1], "forfeit", {"entrant": PEOPLE[0], "round": 1})
    await store.tournament_act(robin, PEOPLE[1], "cancel", {})

    await store.start_tournament(knockout, {}, 0, PEOPLE[2])
    assert await store.pair_round(knockout, 1, [[PEOPLE[0], PEOPLE[1]], [PEOPLE[2], -1]], [])
    await store.open_table(knockout, 1, 1, 500, {}, {-1: "expert"}, {})
    await store.tournament_act(knockout, PEOPLE[2], "pause", {})  # running, paused

    waiting = await store.create_tournament(PLAY, 501, "keltis", "swiss", 3, 3, {}, PEOPLE[5])
    await store.join_tournament(waiting, PEOPLE[5], None)  # in sign-up


async def guilds(store: Store) -> None:
    """A server the bot left (kept until its purge date), and one deleted
    (its match ids never handed out again)."""
    await store.guild_departed(GUILDS[-1], NOW + timedelta(days=30))
    doomed = await store.create_lobby(7999, 1, "keltis", None, 1)
    await store.record_hint(doomed, 0, 0, 1)
    await store.delete_guild(7999)


async def build(store: Store) -> None:
    rnd = random.Random(43)
    await settings(store)
    await matches(store, rnd)
    await seasons(store)
    await tournaments(store)
    await guilds(store)


__all__ = ["SERVER_KEYS", "build"]
