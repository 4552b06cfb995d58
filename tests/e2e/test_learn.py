"""`/game learn` (issue 45) through the fake Discord, in every game: a
person's guided first match against bots, played from their private panel
as a person does, in a private thread of the channel where they asked.

Each kind of decision met is explained in the panel the first time it
comes (the game's lesson, in the learner's language, with its rule ids);
later, **Why?** shows it again, privately. The learner's first three
decisions that are a choice come with the guide's hint and its ▶ Play it
(followed here), and the guide then steps back. The end gives a review and
a button that opens a real match's lobby in the channel; the lesson never
shows in stats, ratings, history or `/game mine`, and nobody but the
learner is ever mentioned. Every game is learnt to its end in English, two
in Japanese too, and every game is at least started in both; without a
private thread the lesson comes by DM, and with DMs closed too it is
refused clearly, starting nothing."""

from __future__ import annotations

import json

import pytest

from cogs.history.hints import HINTS
from cogs.hosting.learn import DM_CLOSED, LOBBY_OPENED, READY_DM, REVIEW_TITLE
from cogs.i18n import in_language
from cogs.play.buttons import PLAY_HINT_LABEL
from cogs.play.learn_guide import GUIDE_THINKING, GUIDED, RULES
from cogs.presenters import presenter_for
from playground.fake_discord.models import ChannelType, Perm
from rules import Match, get_game
from tests.profiles import games, profile

from .bot_helpers import answered, current_table, pick, read_db, replayed, reply

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Learners",
        users={"alice": {"locale": "en-US"}, "yuki": {"locale": "ja"}, "bob": {}},
        seed="learn",
    ),
]

#: the locales of the learners, by name
LOCALES = {"alice": "en-US", "yuki": "ja"}


def lesson_words(game: str, kind: str | None, locale: str) -> str | None:
    """A kind's lesson as the panel shows it (its first line: the text)."""
    lesson = presenter_for(game).lessons.get(kind) if kind is not None else None
    return None if lesson is None else in_language(locale, lesson.text)


def rule_words(game: str, kind: str, locale: str) -> str:
    lesson = presenter_for(game).lessons[kind]
    return in_language(locale, RULES, rules=in_language(locale, ", ").join(lesson.rules))


def earlier_choices(match: Match, seat: int) -> tuple[set[str], int]:
    """The kinds `seat` met at its logged decisions and how many were a
    choice, read from the log (the test's own replay)."""
    twin = Match.new(match.game_id, match.players, match.seed, match.options)
    kinds, choices = set(), 0
    for who, key in match.log:
        if who == seat and key != "concede":
            if (kind := twin.decision_kind(seat)) is not None:
                kinds.add(kind)
            choices += len(twin.legal(seat)) > 1
        twin.apply_logged(who, key)
    return kinds, choices


async def open_lesson(w, user, game: str, tag: str):
    """`/game learn` in a fresh channel: (channel, thread, match id, seat)."""
    fake = w.fake
    channel = fake.add_text_channel(w.guild, f"learn-{game}-{user.name}-{tag}")
    ready = await reply(
        await fake.slash(user, channel, "game learn", game=game, **profile(game).options)
    )
    assert ready.ephemeral and ready.visible_to == user.id
    [thread] = fake.threads(channel)
    assert thread.type == ChannelType.PRIVATE_THREAD and f"<#{thread.id}>" in ready.text
    assert user.id in thread.thread_members and w.bob.id not in thread.thread_members
    [(mid, learn)] = read_db(
        w.db,
        "SELECT id, learn FROM matches WHERE channel_id = ? AND creator_id = ?",
        channel.id,
        user.id,
    )
    assert learn == 1
    [(seat,)] = read_db(
        w.db, "SELECT seat FROM seats WHERE match_id = ? AND user_id = ?", mid, user.id
    )
    assert len(read_db(w.db, "SELECT seat FROM seats WHERE match_id = ?", mid)) == (
        get_game(game).min_players
    )
    await fake.wait_until(lambda: current_table(fake, thread), 5, "the table")
    return channel, thread, mid, seat


async def learners_turn(w, mid: int, seat: int) -> Match | None:
    """The match once the learner alone owes a decision (None: it is over)."""

    def ready():
        match = replayed(w.db, mid)
        if match.is_over():
            return (None,)
        return (match,) if match.to_act() == (seat,) else None

    return (await w.fake.wait_until(ready, 30, "the learner's turn"))[0]


async def current_panel(w, user, thread, panel, mid: int):
    """The learner's panel, redrawn for the decision owed now."""
    fake = w.fake
    if panel is None:
        table = current_table(fake, thread)
        return await reply(await fake.click(user, table, custom_id=f"hand:{mid}"))
    await answered(await fake.click(user, panel, custom_id=f"panel:{mid}"))
    return panel


def guide_button(panel, locale: str):
    label = in_language(locale, PLAY_HINT_LABEL)
    return next(
        (b for b in panel.buttons() if b["custom_id"].startswith("lp:") and b["label"] == label),
        None,
    )


def hint_shown(panel, locale: str) -> bool:
    """The guide's hint has come: its ▶ Play it, or its words that none could be had."""
    guide = panel.text.split("🧭")[-1]
    return guide_button(panel, locale) is not None or (
        in_language(locale, GUIDE_THINKING) not in guide and "💡" in guide
    )


async def learn_to_the_end(w, user, game: str) -> None:
    fake = w.fake
    locale = LOCALES[user.name]
    mark = fake.mark()
    channel, thread, mid, seat = await open_lesson(w, user, game, "end")
    panel = None
    explained: set[str] = set()
    whys = 0
    guided = 0
    for _turn in range(400):
        match = await learners_turn(w, mid, seat)
        if match is None:
            break
        panel = await current_panel(w, user, thread, panel, mid)
        met, choices = earlier_choices(match, seat)
        kind = match.decision_kind(seat)
        words = lesson_words(game, kind, locale)
        if words is not None and kind is not None and kind not in met:
            assert words in panel.text and rule_words(game, kind, locale) in panel.text
            explained.add(kind)
        elif words is not None:
            assert words not in panel.text  # explained before: not again, but Why?
            why = next(b for b in panel.buttons() if b["custom_id"] == f"lw:{mid}:{match.seq}")
            if whys < 2:
                said = await reply(await fake.click(user, panel, custom_id=why["custom_id"]))
                assert said.ephemeral and said.visible_to == user.id and words in said.text
                whys += 1
        choice = len(match.legal(seat)) > 1
        if choice and choices < GUIDED:
            assert "🧭" in panel.text
            await fake.wait_until(
                lambda panel=panel: hint_shown(panel, locale),
                30,
                "the guide's hint",
            )
            button = guide_button(panel, locale)
            if button is not None:  # follow the guide
                assert button["custom_id"].startswith(f"lp:{mid}:{match.seq}:")
                await answered(await fake.click(user, panel, custom_id=button["custom_id"]))
                guided += 1
                continue
        else:
            assert "🧭" not in panel.text  # the guide stepped back
        await pick(fake, user, panel)
    else:
        raise AssertionError("the lesson did not end")
    assert guided >= 1
    if get_game(game).decision_kinds:  # each kind met was explained
        assert explained and explained <= set(presenter_for(game).lessons)
    # the end: a review, and a real match in one click
    review = await fake.wait_for_message(
        thread, predicate=lambda m: any(c == f"lr:{mid}" for c in m.custom_ids()), timeout=10
    )
    assert not review.mentioned_ids
    title = in_language(locale, presenter_for(game).title)
    assert in_language(locale, REVIEW_TITLE, game=title) in review.text  # the learner's language
    final = current_table(fake, thread)
    assert f"rm:{mid}" not in final.custom_ids()  # no rematch of a lesson: a real match
    opened = await reply(await fake.click(user, review, custom_id=f"lr:{mid}"))
    assert opened.ephemeral and opened.visible_to == user.id
    assert in_language(locale, LOBBY_OPENED, link="").strip() in opened.text
    lobby = await fake.wait_for_message(
        channel, predicate=lambda m: any(c.startswith("lobby:") for c in m.custom_ids())
    )
    [(lobby_id, lobby_game, learn)] = read_db(
        w.db,
        "SELECT id, game, learn FROM matches WHERE channel_id = ? AND status = 'lobby'",
        channel.id,
    )
    assert lobby_game == game and not learn and str(lobby_id) in lobby.text
    await nothing_counted(w, user, mid, channel)
    # nobody but the learner was mentioned where the lesson was played or
    # asked for, and nobody else got a DM (other lessons ping their own learners)
    for message in fake.messages()[mark:]:
        if message.channel_id in (thread.id, channel.id):
            assert set(message.mentioned_ids) <= {user.id}, message
    assert not [m for m in fake.dms(w.bob) if fake.state.messages.index(m) >= mark]
    assert fake.problems() == []


def game_of(w, mid: int) -> str:
    return read_db(w.db, "SELECT game FROM matches WHERE id = ?", mid)[0][0]


async def nothing_counted(w, user, mid: int, channel) -> None:
    """The lesson is in no stats, rating, season, history or `/game mine`."""
    assert read_db(w.db, "SELECT status FROM matches WHERE id = ?", mid) == [("finished",)]
    for table in ("finishes", "results"):
        assert read_db(w.db, f"SELECT * FROM {table} WHERE match_id = ?", mid) == []
    assert read_db(w.db, "SELECT * FROM ratings WHERE user_id = ?", user.id) == []
    history = await reply(await w.fake.slash(user, channel, "game history"))
    assert f"#{mid}" not in history.text
    title = in_language(LOCALES[user.name], presenter_for(game_of(w, mid)).title)
    stats = await reply(await w.fake.slash(user, channel, "game stats"))
    assert title not in stats.text  # no game played, as far as stats know
    board = await reply(await w.fake.slash(user, channel, "game leaderboard", game=game_of(w, mid)))
    assert user.name not in board.text and f"<@{user.id}>" not in board.text
    mine = await reply(await w.fake.slash(user, channel, "game mine"))
    assert f"#{mid}" not in mine.text


@pytest.mark.parametrize("game", games())
async def test_a_lesson_from_start_to_end_in_english(world, game):
    await learn_to_the_end(world, world.alice, game)


@pytest.mark.parametrize("game", ["keltis", "cucco"])
async def test_a_lesson_from_start_to_end_in_japanese(world, game):
    await learn_to_the_end(world, world.yuki, game)


@pytest.mark.parametrize("learner", ["alice", "yuki"])
@pytest.mark.parametrize("game", games())
async def test_every_game_starts_a_lesson_in_both_languages(world, game, learner):
    w, fake = world, world.fake
    user = w.users[learner]
    locale = LOCALES[learner]
    _channel, thread, mid, seat = await open_lesson(w, user, game, "start")
    match = await learners_turn(w, mid, seat)
    assert match is not None
    panel = await current_panel(w, user, thread, None, mid)
    words = lesson_words(game, match.decision_kind(seat), locale)
    if get_game(game).decision_kinds:
        assert words is not None and words in panel.text
    assert "🧭" in panel.text or len(match.legal(seat)) == 1
    settings = json.loads(read_db(w.db, "SELECT settings FROM matches WHERE id = ?", mid)[0][0])
    assert settings.get(HINTS) is True  # hints allowed in a lesson
    assert fake.problems() == []


async def test_without_a_private_thread_the_lesson_comes_by_dm(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "no-private-threads")
    fake.deny(channel, Perm.CREATE_PRIVATE_THREADS)
    ready = await reply(await fake.slash(w.bob, channel, "game learn", game="keltis"))
    assert ready.ephemeral and in_language("en-US", READY_DM, game="Keltis") in ready.text
    assert fake.threads(channel) == []
    dm = fake.dm_channel(w.bob)
    assert dm is not None
    [(mid, thread_id)] = read_db(
        w.db, "SELECT id, thread_id FROM matches WHERE channel_id = ? AND learn = 1", channel.id
    )
    assert thread_id == dm.id
    table = await fake.wait_until(lambda: current_table(fake, dm), 10, "the table in the DM")
    match = await learners_turn(w, mid, 0)
    assert match is not None
    panel = await reply(await fake.click(w.bob, table, custom_id=f"hand:{mid}"))
    words = lesson_words("keltis", match.decision_kind(0), "en-US")
    assert panel.ephemeral and words is not None and words in panel.text
    await pick(fake, w.bob, panel)
    await fake.wait_until(lambda: len(replayed(w.db, mid).log) > match.seq, 10, "her move")
    assert fake.problems() == []


async def test_with_no_private_thread_and_dms_closed_nothing_starts(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "closed-doors")
    fake.deny(channel, Perm.CREATE_PRIVATE_THREADS)
    before = read_db(w.db, "SELECT count(*) FROM matches")
    fake.close_dms(w.alice)
    try:
        said = await reply(await fake.slash(w.alice, channel, "game learn", game="oracle"))
    finally:
        fake.close_dms(w.alice, closed=False)
    assert said.ephemeral and said.text == in_language("en-US", DM_CLOSED)
    assert read_db(w.db, "SELECT count(*) FROM matches") == before  # nothing made
    assert fake.threads(channel) == []
