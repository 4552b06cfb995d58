"""Fuzzing the real bot.py with forged interactions (issue 13).

Live matches of every game the bot offers wait for a human. Against each, thousands of
component interactions a tampered client could send are forged straight
into the gateway (wrong ids and component types, stale and huge seqs, junk,
other games' keys, values never offered, panel and group ids on public
messages, other servers and DMs), plus forged slash options. Every one must
be answered within 3 s and privately, leave no traceback, change no match,
and no public message may ever show a card of any hand. A forged click that
happens to be a real move of the clicker (right server, seat, seq and a
legal key, from there or from their own DMs) is not sent: that one would
rightly be played.
"""

from __future__ import annotations

import asyncio
import random
import re
import string
from types import SimpleNamespace

import pytest
import pytest_asyncio

from cogs import replies
from rules import get_game
from tests.profiles import games

from .bot_helpers import (
    answer_text,
    answered_privately,
    current_table,
    hidden_texts,
    match_rows,
    replayed,
    reply,
    tracebacks,
)

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild=None,
        guilds={"home": "Home", "away": "Elsewhere"},
        channels={"away_channel": ("away", "games")},
        users={
            "both": {"guilds": ["home", "away"]},
            **{f"p{i}": {"guilds": ["home"]} for i in range(1, 5)},
            "outsider": {"guilds": ["home"]},
            "mallory": {"guilds": ["away"], "manage_guild": True},
        },
        seed="fuzz",
        env={"LOG_LEVEL": "INFO"},
    ),
]

#: every game the bot offers, at its fewest players
GAMES = {game: get_game(game).min_players for game in games()}
PER_GAME = 2000
BATCH = 40  # forged interactions in flight at once
SLASH_PER_GAME = 40
ACTION = re.compile(r"g:(\d+):(\d+):(.+)")
CHOICE = re.compile(r"gs:(\d+):(\d+)(?::\d)?")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(world):
    """The shared world, a live match of each game and an open lobby."""
    w, fake = world, world.fake
    w.players = [w.both] + [w.users[f"p{i}"] for i in range(1, 5)]
    w.matches = {}
    for game, players in GAMES.items():
        w.matches[game] = await live_match(w, game, players)
    lobby_channel = fake.add_text_channel(w.home, "lobby")
    w.lobby = await reply(
        await fake.slash(w.players[1], lobby_channel, "game new", game="cuttle", here=True)
    )
    w.lobby_id = int(w.lobby.button("Join")["custom_id"].split(":")[1])
    return w


async def live_match(w, game: str, players: int):
    """A started all-human match in a channel of its own, with every player's panel open."""
    fake = w.fake
    channel = fake.add_text_channel(w.home, game)
    users = w.players[:players]
    lobby = await reply(
        await fake.slash(users[0], channel, "game new", game=game, players=players, here=True)
    )
    for user in users[1:]:
        await (await fake.click(user, lobby, label="Join")).wait_answered()
    table = await fake.wait_until(lambda: current_table(fake, channel), 5, f"the {game} table")
    match_id = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
    panels = [await reply(await fake.click(u, table, custom_id="hand:")) for u in users]
    return SimpleNamespace(
        game=game,
        id=match_id,
        channel=channel,
        lobby=lobby,
        table=table,
        users=users,
        panels=panels,
    )


class Forger:
    """Draws forged interactions for one match; never a real move of the clicker."""

    def __init__(self, w, m, rnd: random.Random):
        self.w, self.m, self.rnd = w, m, rnd
        self.match = replayed(w.db, m.id)
        self.seq = self.match.seq
        self.legal = {
            seat: [a.key() for a in self.match.legal(seat)] for seat in range(len(m.users))
        }
        self.groups = sorted(
            {k.split(":")[1] for keys in self.legal.values() for k in keys if k.count(":") >= 2}
        )
        others = [o for o in w.matches.values() if o is not m]
        self.others = others
        self.live = {o.id: o for o in w.matches.values()}
        self.foreign_keys = sorted(
            {
                a.key()
                for o in others
                for s in range(len(o.users))
                for a in replayed(w.db, o.id).legal(s)
            }
        )

    # -- who, where, on what ---------------------------------------------------------
    def who_where(self):
        w, rnd = self.w, self.rnd
        roll = rnd.random()
        if roll < 0.15:
            return w.mallory, rnd.choice([w.away_channel, w.fake.state.dm_channel(w.mallory)])
        if roll < 0.30:
            return w.players[0], rnd.choice([w.away_channel, w.fake.state.dm_channel(w.players[0])])
        if roll < 0.40:
            return w.outsider, self.m.channel
        return rnd.choice(self.m.users), self.m.channel

    def message(self):
        m, rnd = self.m, self.rnd
        return rnd.choice(
            [
                m.table,
                m.table,
                m.lobby,
                self.w.lobby,
                rnd.choice(m.panels),
                rnd.choice(m.panels),
                None,
                rnd.choice(self.others).table,
            ]
        )

    # -- what --------------------------------------------------------------------------
    def custom_id(self):
        m, rnd, seq = self.m, self.rnd, self.seq
        any_key = rnd.choice([k for keys in self.legal.values() for k in keys] or ["x"])
        stale = rnd.choice(
            [
                max(seq - rnd.randint(1, 3), 0),
                seq + rnd.randint(1, 3),
                999999999,
                10 ** rnd.randint(9, 30),
            ]
        )
        mid = rnd.choice(
            [m.id, m.id, m.id, rnd.choice(self.others).id, 0, 10**17, 10 ** rnd.randint(18, 40)]
        )
        return rnd.choice(
            [
                lambda: f"g:{m.id}:{stale}:{any_key}",
                lambda: f"g:{m.id}:{seq}:{rnd.choice(self.foreign_keys)}",
                lambda: f"g:{m.id}:{seq}:{any_key}",
                lambda: f"g:{mid}:{seq}:{any_key}",
                lambda: f"gs:{m.id}:{rnd.choice([seq, stale])}:{rnd.randint(0, 9)}",
                lambda: f"gg:{m.id}:{rnd.choice([seq, seq, stale])}",
                lambda: f"gg:{mid}:{seq}",
                lambda: f"hand:{mid}",
                lambda: f"panel:{mid}",
                lambda: f"turn:{rnd.choice([m.id, 0, 10**17])}",  # (another live match's
                lambda: f"mk:{rnd.choice([m.id, 0])}:{rnd.choice([seq, stale])}",  # may be real)
                lambda: (
                    f"lobby:{rnd.choice([m.id, self.w.lobby_id, mid])}:"
                    f"{rnd.choice(['join', 'leave', 'bot', 'start', 'cancel', 'fly', 'x' * 10])}"
                ),
                lambda: self.junk(),
            ]
        )()

    def junk(self) -> str:
        rnd = self.rnd
        alphabet = rnd.choice(
            [string.printable, ":0123456789g", "gsgglobbyhandpanel:0123456789", "ÿ€漢字🂠\u200b"]
        )
        return "".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 120)))

    def values(self):
        rnd = self.rnd
        return rnd.choice(
            [
                [],
                [rnd.choice(self.foreign_keys)],
                [self.junk()],
                [rnd.choice(self.groups or ["x"])],
                [rnd.choice([k for keys in self.legal.values() for k in keys] or ["y"])],
                ["draw:pile", "x"],
                ["9" * 40],
            ]
        )

    def draw(self):
        user, channel = self.who_where()
        message, custom_id = self.message(), self.custom_id()
        component_type = (
            self.rnd.choice([2, 2, 3, 3, 3, 5, 99])
            if self.rnd.random() < 0.3
            else (3 if custom_id.startswith(("gs:", "gg:")) else 2)
        )
        values = self.values() if component_type != 2 or self.rnd.random() < 0.1 else None
        carried = self.rnd.random() < 0.85
        if self.is_real(user, channel, custom_id, component_type, values):
            return None
        return user, channel, message, custom_id, component_type, values, carried

    def is_real(self, user, channel, custom_id, component_type, values) -> bool:
        """Would this be a move (or lobby change) the clicker may really make?"""
        w, m = self.w, self.m
        if channel.guild_id is None and custom_id.startswith("lobby:"):
            return False  # a lobby is joined in its own server only
        if channel.guild_id not in (w.home.id, None):  # a player's own DM plays their seat
            return False
        if custom_id.startswith(f"lobby:{w.lobby_id}:"):
            return True  # the open lobby: anyone at home may join or leave it
        action, choice = ACTION.fullmatch(custom_id), CHOICE.fullmatch(custom_id)
        aimed = action or choice
        other = aimed and self.live.get(int(aimed[1]))
        if other is not None and other is not m:  # this seq and key may be real there too
            return self.real_elsewhere(other, user, aimed, component_type, values)
        if user not in m.users:
            return False
        seat = m.users.index(user)
        if custom_id == f"turn:{m.id}" and component_type == 2:  # Your move rolls for its player
            return self.match.forced(seat) is not None
        if custom_id == f"mk:{m.id}:{self.seq}" and component_type == 3:
            return True  # dice marked by their player: maybe a real reroll
        if action and component_type == 2 and int(action[1]) == m.id and int(action[2]) == self.seq:
            return action[3] in self.legal[seat]
        if choice and component_type == 3 and int(choice[1]) == m.id and int(choice[2]) == self.seq:
            return bool(values) and str(values[0]) in self.legal[seat]
        return False

    def real_elsewhere(self, other, user, aimed, component_type, values) -> bool:
        """A move of another live match (its id forged into this one's
        keys): real if the clicker sits there and it is legal at its seq."""
        if user not in other.users:
            return False
        match = replayed(self.w.db, other.id)
        if int(aimed[2]) != match.seq:
            return False
        legal = [a.key() for a in match.legal(other.users.index(user))]
        if ACTION.fullmatch(aimed[0]) and component_type == 2:
            return aimed[3] in legal
        return component_type == 3 and bool(values) and str(values[0]) in legal


async def send_batch(fake, drawn) -> list:
    sent = [
        await fake.forge(u, ch, msg, cid, component_type=t, values=v, carried=c)
        for u, ch, msg, cid, t, v, c in drawn
    ]
    await asyncio.gather(*(i.answered_within(3.0) for i in sent))
    return sent


async def said_after_waiting(sent) -> None:
    """Clicks acknowledged while they waited for the match's lock (a deferred
    update of the public table: cogs/answer_first.py) say why afterwards:
    wait for that."""
    waited = [i for i in sent if i.response_type == 6 and not (i.message and i.message.ephemeral)]
    await asyncio.gather(
        *(i.wait_until(lambda i: i.followups, 20, "its answer after the wait") for i in waited)
    )


def public_state(fake) -> dict[int, int]:
    """Every public message and how often it was edited."""
    return {m.id: m.edits for m in fake.messages(ephemeral=False)}


@pytest.mark.parametrize("game", list(GAMES))
async def test_forged_clicks_change_nothing_and_are_answered_privately(world, game):
    w, fake = world, world.fake
    m = w.matches[game]
    forger = Forger(w, m, random.Random(f"fuzz-{game}"))
    rows, public = match_rows(w.db), public_state(fake)
    sent = []
    while len(sent) < PER_GAME:
        drawn = [d for d in (forger.draw() for _ in range(BATCH)) if d is not None]
        sent += await send_batch(fake, drawn)
    late = [i for i in sent if not i.answered or i.answered_after > 3.0]
    assert late == [], late[:5]
    await said_after_waiting(sent)
    loud = [i for i in sent if not answered_privately(i)]
    assert loud == [], loud[:5]
    assert match_rows(w.db) == rows
    assert public_state(fake) == public  # no public message was posted or edited
    assert tracebacks(w.bot) == []
    assert fake.problems() == []
    hands = hidden_texts(replayed(w.db, m.id))
    for message in fake.messages(ephemeral=False):
        assert "Your hand" not in message.text and not any(h in message.text for h in hands), (
            message
        )
    said = "\n".join(answer_text(i) for i in sent)
    for reached in (
        replies.WRONG_SERVER,
        replies.INVALID_BUTTON,
        replies.NOT_SEATED,
        replies.UNKNOWN_MATCH,
        "your seat",
        "moved on",
    ):  # the fuzz got deep enough
        assert reached in said


@pytest.mark.parametrize("game", list(GAMES))
async def test_forged_slash_options_change_nothing(world, game):
    w, fake = world, world.fake
    m, rnd = w.matches[game], random.Random(f"slash-{game}")
    rows, public = match_rows(w.db), public_state(fake)
    huge = [10**30, -1, 0, 2**63, 2**64 + m.id, m.id]
    sent = []
    for _ in range(SLASH_PER_GAME):
        user, channel = rnd.choice(
            [
                (w.mallory, w.away_channel),
                (w.players[0], w.away_channel),
                (w.outsider, m.channel),
                (rnd.choice(m.users), m.channel),
            ]
        )
        command, options = rnd.choice(
            [
                ("game hand", {"match": rnd.choice(huge)}),
                ("game status", {"match": rnd.choice(huge)}),
                ("game concede", {"match": rnd.choice(huge[:-1])}),
                ("game cancel", {"match": rnd.choice(huge[:-1])}),
                ("game new", {"game": rnd.choice(["chess", "", "keltis" * 50, game.upper()])}),
                ("game new", {"game": game, "bots": rnd.choice([-1, -(10**30)])}),
                ("game new", {"game": game, "players": rnd.choice([0, 1, 6, 10**30, -3])}),
                (
                    "game new",
                    {
                        "game": game,
                        **rnd.choice(
                            [  # none fits any game
                                {"first_player": rnd.choice([0, -1, 6, 10**30, "1", "x" * 6000])},
                                {"deals": rnd.choice([0, 21, -(10**30), "five"])},
                                {"side": rnd.choice(["C", "", "é" * 3000, 1])},
                                {"variant": rnd.choice(["maybe", 2, "x" * 6000])},
                            ]
                        ),
                    },
                ),
                ("game rules", {"game": "x" * rnd.randint(1, 200)}),
                ("game leaderboard", {"game": "no-such-game"}),
                ("game notify", {"mode": "x" * 120}),
            ]
        )
        if channel.guild_id != w.home.id and command in ("game concede", "game cancel"):
            options = {"match": m.id}  # another server names this match outright
        sent.append(await fake.forge_slash(user, channel, command, scope=w.home, **options))
    await asyncio.gather(*(i.answered_within(3.0) for i in sent))
    for inter in sent:
        assert inter.answered and inter.answered_after <= 3.0, inter
        text = (await inter.wait_reply()).text
        assert answered_privately(inter) and 0 < len(text) <= 2000, (inter, text[:200])
    assert match_rows(w.db) == rows and public_state(fake) == public
    assert tracebacks(w.bot) == [] and fake.problems() == []
