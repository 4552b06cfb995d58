"""Regression tests of issue 13, against the real bot.py: forged clicks never
turn a public message into a private panel, never act across servers, a
select's id sent as a button (and other junk) is answered politely, and bad
slash input gets a short answer and changes nothing."""

from __future__ import annotations

from collections import Counter

import pytest
import pytest_asyncio

from cogs import replies
from cogs.presenters import presenter_for

from .bot_helpers import (
    answer_text,
    answered,
    answered_privately,
    current_table,
    hidden_texts,
    match_rows,
    read_db,
    replayed,
    reply,
    tracebacks,
)

#: what the gate answers for a match number no store holds (cogs/option_gate.py)
MATCH_TAKES = f"`match` takes a whole number from {-(2**63)} to {2**63 - 1}."
TOURNAMENT_TAKES = f"`tournament` takes a whole number from 1 to {2**63 - 1}."

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild=None,
        guilds={"home": "Home", "away": "Elsewhere"},
        channel="games",  # in the first server, home
        channels={"away_channel": ("away", "games")},
        users={
            "alice": {"guilds": ["home"]},
            "bob": {"guilds": ["home"]},
            "carol": {"guilds": ["home"]},
            "mallory": {"guilds": ["away"], "manage_guild": True},
            "both": {"guilds": ["home", "away"]},
        },
        seed="forged",
    ),
]


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(world):
    """The shared world, and a Keltis match of alice, bob and both in its channel."""
    world.table, world.match_id = await keltis_for_two(world)
    return world


async def keltis_for_two(w):
    """alice and bob (and both, the member of both servers) at Keltis in the channel itself."""
    lobby = await reply(
        await w.fake.slash(w.alice, w.channel, "game new", game="keltis", players=3, here=True)
    )
    for user in (w.bob, w.both):
        await answered(await w.fake.click(user, lobby, label="Join"))
    table = await w.fake.wait_until(lambda: current_table(w.fake, w.channel), 5, "the table")
    return table, int(table.button(custom_id="hand:")["custom_id"].split(":")[1])


async def panel_of(w, user):
    return await reply(
        await w.fake.click(user, current_table(w.fake, w.channel), custom_id="hand:")
    )


def owing_user(w):
    match = replayed(w.db, w.match_id)
    seat = match.to_act()[0]
    return (w.alice, w.bob, w.both)[seat], match


def no_hand_in_public(w) -> None:
    hands = hidden_texts(replayed(w.db, w.match_id))
    for message in w.fake.messages(ephemeral=False):
        assert "Your hand" not in message.text and not any(h in message.text for h in hands), (
            message
        )


# -- 1. no public message ever becomes a private panel ------------------------------


async def test_group_and_panel_ids_forged_on_the_public_table_answer_with_a_new_private_panel(
    world,
):
    w, fake = world, world.fake
    user, match = owing_user(w)
    seat = match.to_act()[0]
    presenter = presenter_for(match.game_id)
    uses = Counter(presenter.group(a) for a in match.legal(seat))
    group = next(card for card, n in uses.items() if n > 1)  # a card with a choice of uses
    table = current_table(fake, w.channel)
    edits, before = table.edits, match_rows(w.db)
    forged = [
        await fake.forge(
            user, w.channel, table, f"gg:{w.match_id}:{match.seq}", component_type=3, values=[group]
        ),
        await fake.forge(
            user,
            w.channel,
            table,
            f"gg:{w.match_id}:{match.seq + 5}",
            component_type=3,
            values=[group],
        ),
        await fake.forge(user, w.channel, table, f"panel:{w.match_id}"),
        await fake.forge(w.carol, w.channel, table, f"panel:{w.match_id}"),  # not seated
        await fake.forge(
            user,
            w.channel,
            table,
            f"gs:{w.match_id}:{match.seq}:0",
            component_type=3,
            values=["draw:pile"],
        ),
    ]
    for inter in forged:
        await answered(inter)
        assert answered_privately(inter) and inter.response_type == 4, inter
    assert "your seat" in forged[0].original.text and forged[0].original.visible_to == user.id
    assert table.edits == edits and not any(c.startswith("panel:") for c in table.custom_ids())
    assert match_rows(w.db) == before
    no_hand_in_public(w)


async def test_a_panel_id_forged_on_someone_elses_panel_leaves_it_alone(world):
    w, fake = world, world.fake
    alices = await panel_of(w, w.alice)
    edits = alices.edits
    inter = await answered(await fake.forge(w.bob, w.channel, alices, f"panel:{w.match_id}"))
    assert inter.response_type == 4 and inter.original.visible_to == w.bob.id
    assert alices.edits == edits


async def test_refresh_on_ones_own_panel_still_redraws_it_in_place(world):
    w, fake = world, world.fake
    panel = await panel_of(w, w.bob)
    inter = await answered(await fake.click(w.bob, panel, label="Refresh"))
    assert inter.response_type == 7 and inter.original is panel and panel.edits == 1


# -- 2. another server acts on nothing ------------------------------------------------


async def test_another_server_can_neither_join_nor_add_bots_nor_start_a_lobby(world):
    w, fake = world, world.fake
    lobby = await reply(await fake.slash(w.alice, w.channel, "game new", game="cuttle", here=True))
    lobby_id = int(lobby.button("Join")["custom_id"].split(":")[1])  # other tests open lobbies too
    before, edits = match_rows(w.db), lobby.edits
    for op in ("join", "bot", "start", "cancel", "leave"):
        for user, where in (
            (w.mallory, w.away_channel),
            (w.both, w.away_channel),
            (w.mallory, fake.state.dm_channel(w.mallory)),
        ):
            inter = await answered(await fake.forge(user, where, lobby, f"lobby:{lobby_id}:{op}"))
            assert answered_privately(inter) and answer_text(inter) == replies.WRONG_SERVER, inter
    assert match_rows(w.db) == before and lobby.edits == edits


async def test_a_lobby_click_forged_on_another_message_rewrites_only_the_lobby(world):
    w, fake = world, world.fake
    lobby = await reply(
        await fake.slash(
            w.bob, fake.add_text_channel(w.home, "lobby"), "game new", game="oracle", here=True
        )
    )
    lobby_id = int(lobby.button("Join")["custom_id"].split(":")[1])
    table = current_table(fake, w.channel)
    table_edits, lobby_edits = table.edits, lobby.edits
    inter = await answered(await fake.forge(w.carol, w.channel, table, f"lobby:{lobby_id}:join"))
    assert answered_privately(inter) and answer_text(inter) == replies.LOBBY_UPDATED
    await fake.wait_for_edit(lobby, lobby_edits + 1)
    assert table.edits == table_edits and "(2/2-4 seats)" in lobby.text


async def test_a_dm_button_forged_by_someone_not_playing_changes_nothing(world):
    """A DM is one person's: a Your move, panel or move id forged from
    another person's DMs opens or plays nothing of the match."""
    w, fake = world, world.fake
    user, match = owing_user(w)
    before = match_rows(w.db)
    dm = fake.state.dm_channel(w.carol)
    for custom_id, kind, values in (
        (f"turn:{w.match_id}", 2, None),
        (f"hand:{w.match_id}", 2, None),
        (f"g:{w.match_id}:{match.seq}:{match.legal(match.to_act()[0])[0].key()}", 2, None),
        (f"mk:{w.match_id}:{match.seq}", 3, ["0"]),
    ):
        inter = await answered(
            await fake.forge(w.carol, dm, w.table, custom_id, component_type=kind, values=values)
        )
        assert answered_privately(inter) and answer_text(inter) == replies.NOT_SEATED, inter
    assert match_rows(w.db) == before


async def test_a_member_of_both_servers_cannot_move_from_the_other_one(world):
    w, fake = world, world.fake
    user, match = owing_user(w)
    seat = (w.alice, w.bob, w.both).index(user)
    keys = [a.key() for a in match.legal(seat)]
    before = match_rows(w.db)
    for key in keys[:5]:
        inter = await answered(
            await fake.forge(
                w.both,
                w.away_channel,
                current_table(fake, w.channel),
                f"g:{w.match_id}:{match.seq}:{key}",
            )
        )
        assert answered_privately(inter) and answer_text(inter) == replies.WRONG_SERVER
    hand = await answered(
        await fake.forge(
            w.both, w.away_channel, current_table(fake, w.channel), f"hand:{w.match_id}"
        )
    )
    assert answer_text(hand) == replies.WRONG_SERVER
    assert match_rows(w.db) == before


# -- 3. a forged or mistyped id is answered, never a traceback ---------------------------


async def test_select_ids_sent_as_buttons_and_malformed_ids_are_answered_politely(world):
    w, fake = world, world.fake
    mid, seq = w.match_id, replayed(w.db, w.match_id).seq
    table = current_table(fake, w.channel)
    before = match_rows(w.db)
    forged = [
        await fake.forge(
            w.alice, w.channel, table, f"gs:{mid}:{seq}:0"
        ),  # a select's id, as a button
        await fake.forge(w.alice, w.channel, table, f"gg:{mid}:{seq}"),
        await fake.forge(
            w.alice, w.channel, table, f"g:{mid}:{seq}:draw:pile", component_type=3, values=["x"]
        ),  # a button's id, as a select
        await fake.forge(w.alice, w.channel, table, f"hand:{mid}", component_type=3, values=["x"]),
        await fake.forge(
            w.alice, w.channel, table, f"lobby:{mid}:join", component_type=3, values=[]
        ),
        await fake.forge(w.alice, w.channel, table, f"g:{mid}:{seq}:draw:pile", carried=False),
        await fake.forge(w.alice, w.channel, None, f"hand:{mid}"),
        await fake.forge(w.alice, w.channel, table, f"g:{'9' * 18}:{'9' * 9}:x"),
        await fake.forge(w.alice, w.channel, table, f"g:{'9' * 40}:1:x"),
        await fake.forge(w.alice, w.channel, table, f"lobby:{'9' * 18}:start"),
        await fake.forge(w.alice, w.channel, table, "g::"),
        await fake.forge(w.alice, w.channel, table, "x" * 300),
        await fake.forge(w.alice, w.channel, table, f"g:{mid}:{seq}:ÿ"),
        await fake.forge(
            w.alice, w.channel, table, f"gs:{mid}:{seq}:0", component_type=3, values=[]
        ),
        await fake.forge(
            w.alice, w.channel, table, f"hand:{mid}", component_type=99, carried=False
        ),
    ]
    for inter in forged:
        await answered(inter)
        assert answered_privately(inter), inter
    assert answer_text(forged[0]) == replies.INVALID_BUTTON
    assert match_rows(w.db) == before


async def test_forged_and_stale_log_and_replay_buttons_are_answered_privately(world):
    """Issue 14: log and replay ids, forged on the public table, from another
    server, past the end, for a running match or as a select, get a private
    answer; the public table is left as it was and no match changes."""
    w, fake = world, world.fake
    mid = w.match_id
    table = current_table(fake, w.channel)
    shown, before = table.text, match_rows(w.db)
    forged = {
        "next page on the table": await fake.forge(w.carol, w.channel, table, f"log:{mid}:n:999"),
        "open from the table": await fake.forge(w.bob, w.channel, table, f"log:{mid}:o:0"),
        "other server": await fake.forge(w.mallory, w.away_channel, table, f"log:{mid}:o:0"),
        "unknown match": await fake.forge(w.alice, w.channel, table, f"log:{'9' * 18}:f:0"),
        "running replay": await fake.forge(w.alice, w.channel, table, f"rp:{mid}:l:999999"),
        "unknown replay": await fake.forge(w.alice, w.channel, table, f"rp:{'9' * 18}:f:0"),
        "replay as select": await fake.forge(
            w.alice, w.channel, table, f"rp:{mid}:f:0", component_type=3, values=["x"]
        ),
    }
    for inter in forged.values():
        await answered(inter)
        assert answered_privately(inter), inter
    assert "· log" in answer_text(forged["next page on the table"])  # a new private log
    assert answer_text(forged["other server"]) == replies.UNKNOWN_MATCH
    assert answer_text(forged["unknown match"]) == replies.UNKNOWN_MATCH
    assert answer_text(forged["running replay"]) == replies.REPLAY_RUNNING
    assert answer_text(forged["unknown replay"]) == replies.UNKNOWN_MATCH
    assert answer_text(forged["replay as select"]) == replies.INVALID_BUTTON
    assert table.text == shown and match_rows(w.db) == before


# -- 6. slash input ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "command,options,says",
    [
        ("game new", {"game": "chess"}, "`game` takes one of: Cucco for five, Cuttle,"),
        ("game rules", {"game": "chess"}, "`game` takes one of:"),
        ("game hand", {"match": 10**30}, MATCH_TAKES),
        ("game status", {"match": -5}, replies.UNKNOWN_MATCH),
        ("game cancel", {"match": 2**63}, MATCH_TAKES),
        (
            "game new",
            {"game": "keltis_dice", "side": "B" * 6000},
            "`side` takes one of: A, B, both.",
        ),
        ("game new", {"game": "keltis", "side": "B"}, "Keltis takes `first_player`"),
        ("game new", {"game": "cuttle", "first_player": 10**30}, "`first_player` takes a whole"),
        ("game new", {"game": "keltis", "first_player": 0}, "`first_player` takes a whole"),
        ("game new", {"game": "cuttle", "first_player": 3}, "a seat number from 1 to 2"),
        ("game new", {"game": "cucco", "deals": 21}, "a whole number from 1 to 20"),
        ("game new", {"game": "oracle", "variant": "maybe"}, "`variant` takes True or False."),
        ("game new", {"game": "oracle", "first_player": "x" * 150}, "`first_player` takes a"),
        ("game new", {"game": "keltis", "bots": -1}, "`bots` takes a whole number from 0 to 4."),
        ("game new", {"game": "keltis", "players": 10**30}, "`players` takes a whole number"),
        ("game new", {"game": "keltis", "players": 5}, "2-4 players"),
        ("game new", {"game": "keltis", "bots": 10**30}, "`bots` takes a whole number"),
        ("game new", {"game": "cuttle", "bots": 4}, "At most"),
        ("game timer", {"reminder": "x" * 5000}, "not a duration"),
        ("game notify", {"mode": "loud"}, "`mode` takes one of: mention"),
    ],
)
async def test_bad_slash_input_gets_a_short_answer_and_changes_nothing(
    world, command, options, says
):
    w = world
    before = match_rows(w.db)
    inter = await answered(await w.fake.forge_slash(w.alice, w.channel, command, **options))
    text = (await inter.wait_reply()).text
    assert answered_privately(inter) and says in text and len(text) <= 200, text
    assert match_rows(w.db) == before


async def test_a_server_command_from_a_dm_is_refused_and_points_to_mine(world):
    w = world
    inter = await answered(
        await w.fake.forge_slash(
            w.alice, w.fake.state.dm_channel(w.alice), "game list", scope=w.home
        )
    )
    assert answer_text(inter) == replies.SERVER_ONLY


# -- 7. the last tracebacks: input that raised, or was never answered (issue 27) ------------


def log_lines(w, words: str) -> int:
    return sum(words in line for line in w.bot.log_path.read_text(errors="replace").splitlines())


@pytest.mark.parametrize(
    "command,options,says",
    [
        # an integer or boolean option of another type: discord.py passes it on
        (
            "game new",
            {"game": "keltis", "players": "two"},
            "`players` takes a whole number from 2 to 5.",
        ),
        ("game new", {"game": "keltis", "bots": "two"}, "`bots` takes a whole number from 0 to 4."),
        ("game new", {"game": "keltis", "here": "no"}, "`here` takes True or False."),
        # replay takes its id directly: out of any store's range, or no number
        ("game replay", {"match": 10**30}, MATCH_TAKES),
        ("game replay", {"match": "abc"}, MATCH_TAKES),
        ("game replay", {}, "`match` is required. " + MATCH_TAKES),
        # an id discord.py cannot read, before any command runs
        ("game stats", {"member": "abc"}, "`member` takes a user."),
        ("game stats", {"member": ["x"]}, "`member` takes a user."),
        ("game config", {"host_role": "abc"}, "`host_role` takes a role."),
    ],
)
async def test_forged_values_that_raised_get_a_short_answer_and_no_traceback(
    world, command, options, says
):
    w = world
    before = match_rows(w.db)
    inter = await answered(await w.fake.forge_slash(w.alice, w.channel, command, **options))
    text = (await inter.wait_reply()).text
    assert answered_privately(inter) and text == says, text
    assert match_rows(w.db) == before
    assert tracebacks(w.bot) == []


@pytest.mark.parametrize(
    "command,options,logged",
    [("game frobnicate", {}, "CommandNotFound: Application command 'frobnicate' not found")],
    ids=["an unknown subcommand"],
)
async def test_a_command_not_as_synced_is_answered_and_logged_in_one_line(
    world, command, options, logged
):
    """What a client with an old list of the commands sends, or a forger."""
    w = world
    before, lines = match_rows(w.db), log_lines(w, logged)
    inter = await answered(await w.fake.forge_slash(w.alice, w.channel, command, **options))
    text = (await inter.wait_reply()).text
    assert answered_privately(inter) and text == replies.UNKNOWN_COMMAND, text
    assert match_rows(w.db) == before
    await w.fake.wait_until(lambda: log_lines(w, logged) == lines + 1, 3, "the log line")
    assert tracebacks(w.bot) == []


# -- 8. one gate for every option (issue 43) ---------------------------------------------


def stored(db) -> list[list[tuple]]:
    """What no refused option may change: matches, settings, seasons, tournaments."""
    tables = ("guild_settings", "seasons", "tournaments", "tournament_entrants", "tournament_acts")
    return [list(match_rows(db).items())] + [read_db(db, f"SELECT * FROM {t}") for t in tables]


@pytest.mark.parametrize(
    "command,options,says",
    [
        *(
            (f"game tournament {sub}", {"tournament": 2**63}, TOURNAMENT_TAKES)
            for sub in ("standings", "drop", "forfeit", "pause", "resume", "cancel")
        ),
        ("game tournament standings", {"tournament": [1]}, TOURNAMENT_TAKES),
        ("game tournament cancel", {"tournament": {"a": 1}}, TOURNAMENT_TAKES),
        ("game tournament new", {"timeout": 5}, "`timeout` takes text of 1 to 20 characters: "),
        ("game config", {"reminder": 5}, "`reminder` takes text of at most 6000 characters: "),
        ("game tournament new", {"rounds": "x"}, "`rounds` takes a whole number from 1 to 20."),
        ("game config", {"threads": [True]}, "`threads` takes True or False."),
        ("game cancel", {"match": True}, MATCH_TAKES),
    ],
)
async def test_the_forged_values_of_issue_43_get_a_clear_answer_and_change_nothing(
    world, command, options, says
):
    w = world
    before = stored(w.db)
    inter = await answered(await w.fake.forge_slash(w.alice, w.channel, command, **options))
    text = (await inter.wait_reply()).text
    assert answered_privately(inter) and text.startswith(says), text
    assert stored(w.db) == before
    assert tracebacks(w.bot) == []


async def test_match_true_is_no_match_one(world):
    """`match:true` was read as match 1 and cancelled its creator's match #1."""
    w = world
    [(first, status)] = read_db(w.db, "SELECT id, status FROM matches ORDER BY id LIMIT 1")
    assert first == 1 and w.match_id == 1  # alice's, made by the module's fixture
    inter = await answered(await w.fake.forge_slash(w.alice, w.channel, "game cancel", match=True))
    assert answer_text(inter) == MATCH_TAKES
    assert read_db(w.db, "SELECT status FROM matches WHERE id = 1") == [(status,)]


def leaf_commands(spec: dict, path: str = "") -> list[tuple[str, list[dict]]]:
    """(path, options) of every command in a synced command's payload."""
    path = f"{path} {spec['name']}".strip()
    options = spec.get("options") or []
    subs = [o for o in options if o["type"] in (1, 2)]
    if not subs:
        return [(path, options)]
    return [leaf for sub in subs for leaf in leaf_commands(sub, path)]


async def test_every_option_of_every_synced_command_refuses_a_list_by_name(world):
    """Through the gateway, as synced (a command added later is covered too)."""
    w, fake = world, world.fake
    before = stored(w.db)
    leaves = [leaf for c in fake.synced_commands(w.home) for leaf in leaf_commands(c)]
    sent = []
    for path, options in leaves:
        for option in options:
            forged = {option["name"]: [[True]]}
            sent.append((await fake.forge_slash(w.alice, w.channel, path, **forged), option))
    for inter, option in sent:
        await answered(inter)
        text = (await inter.wait_reply()).text
        assert answered_privately(inter) and text.startswith(f"`{option['name']}` "), text
    assert len(leaves) >= 30 and len(sent) >= 50
    assert stored(w.db) == before
    assert tracebacks(w.bot) == []


async def test_nothing_above_left_a_traceback_or_a_problem(world):
    assert tracebacks(world.bot) == []
    assert world.fake.problems() == []
    no_hand_in_public(world)
