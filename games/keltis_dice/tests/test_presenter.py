"""The Keltis dice game presenter: labels, rows, table, panel and final scores."""

from games.keltis_dice.presenter import (
    KeltisDicePresenter,
    chips_text,
    dice_text,
    kept_faces,
    row_cells,
    row_title,
)
from games.keltis_dice.tests.engine.helpers import act, position, predicted_dice
from rules import Action, Match
from tests.cogs.presenters.story_helpers import Recorder

P = KeltisDicePresenter()
NAMES = ["Ann", "Bo", "🤖 Bot 3"]


def labels(match, seat):
    return [P.label(a, match.view(None)) for a in match.legal(seat)]


def test_dice_are_shown_sorted_by_face_and_a_reroll_keeps_the_rest():
    assert dice_text("wbub") == "🟤🟤🔵💎"
    assert kept_faces(["y", "b", "w", "y", "b"], "bw") == ["b", "y", "y"]


def test_reroll_labels_say_what_is_kept_and_what_is_rerolled():
    m = position(2, dice="yybgw", phase="reroll")
    got = labels(m, 0)
    assert got[0] == "Keep all 🟤🟡🟡🟢💎"
    assert "Keep 🟤🟡🟡🟢 · reroll 💎" in got
    assert "Keep 🟡🟡 · reroll 🟤🟢💎" in got
    assert got[-1] == "Reroll all 🟤🟡🟡🟢💎"
    assert len(got) == len(set(got)) == 24  # every choice tells itself apart


def test_move_and_clover_labels_show_where_the_stone_stops():
    m = position(2, side="B", stones={0: {"b": 2, "g": 7}}, dice="yyggg")
    assert labels(m, 0) == ["New 🟡 stone → 2🍀", "Move 🟢 7 → 9", "Pass (don't move)"]
    assert P.label(Action.parse("roll"), {}) == "🎲 Roll the dice"
    clover = position(2, stones={0: {"b": 4}}, dice="b", phase="clover", current=0)
    assert labels(clover, 0) == [
        "🍀 Move 🟤 4 → 5🍀",
        "🍀 New 🟡 stone → 1",
        "🍀 New 🩷 stone → 1",
        "🍀 New 🟢 stone → 1",
        "🍀 New 🔵 stone → 1",
        "Don't use the clover",
    ]


def test_every_action_is_public_and_offered_directly():
    for key in ("roll", "stop", "reroll:bbw", "move:y", "pass", "clover:u", "clover_new:g", "skip"):
        action = Action.parse(key)
        assert P.is_public(action) and P.group(action) is None


def test_a_reroll_in_words_says_what_was_rerolled_and_what_came_up():
    m = position(2, stones={0: {"b": 2}}, dice="bbuww", phase="reroll")
    rec = Recorder(m)
    new = predicted_dice(m, 3)
    rec.act(0, "reroll:uww")
    assert rec.lines(P, NAMES) == [f"**Ann** rerolled 🔵💎💎 into {dice_text(new)}."]


def test_a_whole_turn_leads_with_the_move_and_puts_the_dice_in_a_parenthesis():
    m = position(2, stones={0: {"b": 2}}, dice="bbuww", phase="reroll")
    rec = Recorder(m)
    new = predicted_dice(m, 3)
    rec.act(0, "reroll:uww")
    colour = next(iter(m.view(0)["moves"]), None)
    rec.act(0, f"move:{colour}" if colour else "pass")
    (line,) = rec.lines(P, NAMES)
    assert line.startswith("**Ann** moved " if colour else "**Ann** passed")
    assert line.endswith(f" (rerolled 🔵💎💎 into {dice_text(new)}).")
    assert "then" not in line


def test_an_extra_turn_and_a_clover_step_are_told():
    m = position(2, stones={0: {"b": 3}}, dice="bbbbb", phase="move")  # 3 -> 8: the kobold
    rec = Recorder(m)
    rec.act(0, "move:b")
    assert rec.lines(P, NAMES) == [
        "**Ann** moved their 🟤 stone 3 → 8👺 and took another turn for the 👺 kobold."
    ]
    m = position(2, stones={0: {"b": 3}}, dice="bbyww", phase="move")  # 3 -> 5: a clover
    rec = Recorder(m)
    rec.act(0, "move:b")
    rec.act(0, "clover_new:g")
    assert rec.lines(P, NAMES) == [
        "**Ann** moved their 🟤 stone 3 → 5🍀 (🍀 moved a new 🟢 stone onto 1)."
    ]


def test_a_row_shows_fields_symbols_forbidden_fields_goal_area_and_stones():
    stones = [{"b": 2}, {"b": 2, "g": 7}, {"b": 9}]
    assert row_cells("b", "A", stones) == "1 **2**💎🔴⚪ 3 4 5🍀 6 ┃ 7 8👺 **9**⚫"
    assert row_cells("b", "B", stones) == "1 **2**💎🔴⚪ 3⛔ 4 5🍀 6⛔ ┃ 7 8👺 **9**⚫"
    assert row_cells("p", "B", stones) == "1 2⛔ 3💎 4⛔ 5👺 6🍀 ┃ 7 8 9"


def test_table_shows_side_dice_players_rows_and_the_reroll():
    m = position(
        3,
        side="B",
        stones={0: {"b": 2, "u": 9}, 1: {"b": 2, "g": 7}, 2: {"p": 5}},
        chips={0: 5, 1: 0, 2: 1},
        dice="yyguw",
        current=1,
    )
    embed = P.table_embed(
        match_id=9,
        view=m.view(None),
        names=NAMES,
        to_act=m.to_act(),
        recent=["**Bo** rolled 🟤🟡🟢🔵💎."],
        outcome=None,
        seq=12,
    ).to_dict()
    assert embed["title"] == "Keltis dice game · match #9"
    assert embed["description"] == (
        "Side **B** (⛔ forbidden fields)\n**Bo** ⚪ to move with 🟡🟡🟢🔵💎 (or pass)."
    )
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert fields["Players"] == (
        "🔴 **Ann** · 💎 5 chips · stones 2/4 · score 9\n"
        "⚪ **Bo** · 💎 0 chips · stones 2/4 · score -7\n"
        "⚫ **🤖 Bot 3** · 💎 1 chip · stones 1/4 · score -2"
    )
    assert fields["🟢 Green"] == "1 2 3🍀 4⛔ 5💎 6⛔ ┃ **7**👺⚪ 8 9"
    assert fields["🔵 Blue"] == "1 2👺 3⛔ 4🍀 5⛔ 6💎 ┃ 7 8 **9**🔴"
    assert fields["Game"].startswith("Stones in goal areas (7-9): 2/7 · chips left: 40\n")
    assert fields["Recent moves"] == "**Bo** rolled 🟤🟡🟢🔵💎."
    assert embed["footer"]["text"] == "move 12"


def test_game_two_of_both_shows_the_first_games_scores():
    m = Match.new("keltis_dice", 2, "two-games", {"side": "both"})
    while m.view(None)["game_no"] == 1:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        act(m, seat, next((a.key() for a in legal if a.verb == "move"), legal[0].key()))
    view = m.view(None)
    fields = dict(P.public_fields(view, NAMES[:2]))
    first = view["finished_games"][0]["scores"]
    assert fields["Game"].endswith(f"Game 1 (side A): 🔴 {first[0]} · ⚪ {first[1]}")
    assert P.status_line(view, NAMES[:2], (view["current"],)).startswith(
        "Side **B** (⛔ forbidden fields) · game 2 of 2 (A then B)\n"
    )


def test_panel_shows_the_owners_stones_and_the_rows():
    m = position(2, stones={0: {"b": 2}, 1: {"u": 9}}, dice="bbuww", phase="reroll")
    mine = P.panel_embed(
        match_id=1, view=m.view(0), names=NAMES[:2], seat=0, to_act=(0,), seq=4
    ).to_dict()
    fields = {f["name"]: f["value"] for f in mine["fields"]}
    assert mine["description"] == (
        "**Your decision:** You rolled 🟤🟤🔵💎💎: keep them all, "
        "or keep some and reroll the others.\nSide **A**"
    )
    assert fields["Your stones"] == "🔴 🟤 2 (3 left) · 💎 0 chips · score -13"
    assert fields["🔵 Blue"].endswith("**9**⚪")
    theirs = P.panel_embed(
        match_id=1, view=m.view(1), names=NAMES[:2], seat=1, to_act=(0,), seq=4
    ).to_dict()
    assert {
        "name": "Your stones",
        "value": "⚪ 🔵 9 (3 left) · 💎 0 chips · score 0",
        "inline": False,
    } in theirs["fields"]
    table = P.table_embed(
        match_id=1, view=m.view(None), names=NAMES[:2], to_act=(0,), recent=[], outcome=None, seq=4
    ).to_dict()
    assert "Your stones" not in str(table)


def test_final_scores_with_breakdown_per_game_and_shared_victory():
    m = position(
        2,
        stones={0: {"b": 8, "y": 9, "p": 7, "g": 6}, 1: {"b": 7, "u": 6}},
        chips={0: 5, 1: 2},
        dice="uu",
        current=1,
    )
    act(m, 1, "move:u")  # the fifth goal stone: the game ends at once (D-5)
    outcome = m.outcome()
    lines = P.outcome_lines(outcome, NAMES[:2])
    assert lines == [
        "🏆 🔴 **Ann**: 28 (🟤+7 🟡+10 🩷+6 🟢+3 · 💎5 +2)",
        "⚪ **Bo**: 10 (🟤+6 🔵+7 · 💎2 -3)",
        "Ended — game A: enough stones reached the goal areas.",
    ]
    both = {
        "winners": [0, 1],
        "games": [{"side": "A", "reason": "goal_stones"}, {"side": "B", "reason": "four_in_goal"}],
        "breakdown": [
            {
                "total": 5,
                "games": [
                    {"side": "A", "rows": {"b": 10}, "chips": 0, "chip_points": -10, "total": 0},
                    {"side": "B", "rows": {"y": 6}, "chips": 4, "chip_points": 1, "total": 5},
                ],
            },
            {
                "total": 5,
                "games": [
                    {"side": "A", "rows": {}, "chips": 9, "chip_points": 10, "total": 5},
                    {"side": "B", "rows": {"u": -4}, "chips": 1, "chip_points": 4, "total": 0},
                ],
            },
        ],
    }
    lines = P.outcome_lines(both, NAMES[:2])
    assert lines[0] == "🏆 🔴 **Ann**: 5 (A 0 (🟤+10 · 💎0 -10) + B 5 (🟡+6 · 💎4 +1))"
    assert lines[1].startswith("🏆 ⚪ **Bo**: 5 (A 5 (no stones · 💎9 +10)")
    assert lines[2] == (
        "Ended — game A: enough stones reached the goal areas; "
        "game B: a player has all four stones in the goal areas."
    )
    table = P.table_embed(
        match_id=1,
        view=m.view(None),
        names=NAMES[:2],
        to_act=(),
        recent=[],
        outcome=outcome,
        seq=m.seq,
    ).to_dict()
    assert table["description"].startswith("**Game over.**\n🏆 🔴 **Ann**: 28")


def test_a_crowded_four_player_table_stays_within_discord_limits():
    stones = {s: {c: 7 + (s % 3) for c in "bypg"} for s in range(4)}
    m = position(4, side="B", stones=stones, chips={s: 12 for s in range(4)}, dice="bbyyp")
    names = ["N" * 32] * 4
    embed = P.table_embed(
        match_id=99999,
        view=m.view(None),
        names=names,
        to_act=(0,),
        recent=[f"**{names[0]}** kept 🟤, rerolled 🟤🟡🟡🩷 into 💎💎💎💎."] * 40,
        outcome=None,
        seq=999,
    )
    assert len(embed) <= 6000 and len(embed.fields) <= 25
    assert all(len(f.value) <= 1024 and len(f.name) <= 256 for f in embed.fields)


def test_rules_summary_names_the_side_option_and_stays_short():
    assert len(P.rules_summary) <= 1800
    assert "Option `side:` of `/game new`: A, B or both" in P.rules_summary


def test_the_panel_shows_everyones_stones_chips_and_scores():
    m = Match.new("keltis_dice", 2, "decide")
    assert m.to_act() == (0,)
    m.act(0, "roll", m.seq)
    m.act(0, "stop", m.seq)
    move = next(a for a in m.legal(0) if a.verb == "move")
    m.act(0, move, m.seq)
    while m.to_act() == (0,):  # a symbol's extra decision, if any
        m.act(0, m.legal(0)[-1], m.seq)
    view = m.view(1)
    colour = move.args[0]
    field = view["stones"][0][colour]
    fields = dict(P.decision_fields(view, NAMES[:2]))
    assert f"**{field}**" in fields[row_title(colour)]  # the stone, where it stopped
    assert fields["Players"].splitlines() == [
        f"🔴 **Ann** · {chips_text(view['chips'][0])} · stones 1/4 · score {view['scores'][0]}",
        f"⚪ **Bo** · 💎 0 chips · stones 0/4 · score {view['scores'][1]}",
    ]
    panel = P.panel_embed(
        match_id=1, view=view, names=NAMES[:2], seat=1, to_act=m.to_act(), seq=m.seq
    ).to_dict()
    assert [f["name"] for f in panel["fields"]][:3] == ["Your stones", "Players", "🟤 Brown"]


def test_a_clover_the_move_reaches_is_used_in_the_same_click_in_both_languages():
    """Issue 42: everything is public, so a 🍀 clover's choice joins the move."""
    from cogs.i18n import speaking
    from cogs.play.hand_panels import combos
    from cogs.presenters import presenter_for

    p = presenter_for("keltis_dice")
    m = position(2, stones={0: {"b": 3}}, dice="bbyww", phase="move")  # 3 -> 5: a clover
    whole = dict(combos(m, 0, m.legal(0), p, m.view(0)))
    assert whole["move:b+clover:b"] == "Move 🟤 3 → 5🍀, 🍀 Move 🟤 5 → 6"
    assert whole["move:b+skip"] == "Move 🟤 3 → 5🍀, Don't use the clover"
    assert not any(k.startswith("move:y") for k in whole)  # no clover there: a single move
    with speaking("ja"):
        ja = dict(combos(m, 0, m.legal(0), p, m.view(0)))
    assert ja["move:b+clover:b"] == "🟤を進める3 → 5🍀、🍀 🟤を進める5 → 6"
    assert ja["move:b+skip"].endswith("四つ葉のクローバーを使わない")
