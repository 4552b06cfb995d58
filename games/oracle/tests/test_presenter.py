from games.keltis.presenter import card
from games.oracle.engine.scoring import score
from games.oracle.presenter import KEY_LINE
from games.oracle.presenter import PRESENTER as P
from games.oracle.tests.engine.helpers import act, position
from rules import Action, Match
from tests.cogs.presenters.story_helpers import Recorder

NAMES = ["Ann", "Bo"]


def labels(match: Match, seat: int = 0, view: dict | None = None) -> dict[str, str]:
    view = match.view(seat) if view is None else view
    return {a.key(): P.label(a, view) for a in match.legal(seat)}


def moving_position() -> Match:
    return position(
        2,
        hands={0: ["g7", "b2", "u5"], 1: ["y1"]},
        pawns={0: [0, 8, 8], 1: [15, 0, 0]},
        oracle=5,
        tiles={15: "clover_y", 1: "points3", 16: "spiral", 4: "mirror"},
    )


def test_card_choice_is_a_group_of_play_and_discard():
    m = moving_position()
    assert labels(m)["play:g7"] == "Play 🟢7 on your green row, then move"
    assert labels(m)["discard:b2"] == "Discard 🟤2 (no move)"
    assert P.group(Action.parse("play:g7")) == P.group(Action.parse("discard:g7")) == "g7"
    assert P.group(Action.parse("pawn:0")) is None
    assert P.group(Action.parse("goblin:hand:g7")) is None
    assert P.group_label("g7", m.view(0)) == "🟢7 · oracle up to 3"
    assert P.group_label("b2", m.view(0)) == "🟤2 · oracle up to 1"
    assert m.view(0)["oracle_steps"] == {"b2": 1, "u5": 2, "g7": 3}
    assert "oracle_steps" not in m.view(None)


def test_move_buttons_name_the_fields_and_what_lies_there():
    m = moving_position()
    act(m, 0, "play:g7")
    assert labels(m) == {
        "pawn:0": "Pawn from the start → field 1 (+3 tile)",
        "pawn:1": "Pawn from field 8 → field 15 🍀🟡",
        "oracle:1": "🔮 Oracle +1 → field 6",
        "oracle:2": "🔮 Oracle +2 → field 7",
        "oracle:3": "🔮 Oracle +3 → field 8 (your pawn is there)",
    }
    assert P.status_line(m.view(None), NAMES, m.to_act()) == (
        "**Ann** — played 🟢7: move a pawn to its next 🟢 field, or the oracle 1-3 fields."
    )
    act(m, 0, "pawn:1")
    assert labels(m) == {
        "clover": "🍀 Clover: pawn from field 15 → field 19 💎×2",
        "skip": "Skip the clover",
    }
    assert P.status_line(m.view(None), NAMES, m.to_act()) == (
        "**Ann** — a 🍀🟡 clover on field 15: move this pawn on to its next yellow field, or skip."
    )


def test_spiral_and_goblin_buttons():
    m = position(
        2, hands={0: ["p1", "y3"]}, pawns={0: [14, 0, 0]}, tiles={16: "spiral", 3: "points2"}
    )
    act(m, 0, "play:p1")
    act(m, 0, "pawn:0")
    spiral = labels(m)
    assert spiral["spiral:3"] == "🌀 Back to field 3 (+2 tile)"
    assert spiral["spiral:6"] == "🌀 Back to field 6 💎×2"
    assert spiral["spiral:1"] == "🌀 Back to field 1" and spiral["skip"] == "Skip the spiral"
    assert "spiral:14" not in spiral  # the engine's rule, shown as is

    m = position(2, hands={0: ["b1", "y3"]}, rows={0: {"g": ["g2", "g5"]}}, tiles={3: "goblin"})
    act(m, 0, "play:b1")
    act(m, 0, "pawn:0")
    assert labels(m) == {
        "goblin:hand:y3": "👺 Discard 🟡3 from your hand",
        "goblin:row:b": "👺 Discard 🟤1, the end of your brown row",
        "goblin:row:g": "👺 Discard 🟢5, the end of your green row",
        "skip": "Skip the goblin",
    }
    assert P.status_line(m.view(None), NAMES, m.to_act()) == (
        "**Ann** — a 👺 goblin on field 3: discard a card from hand or the end of a row, or skip."
    )


def test_draws_are_public_buttons_labelled_from_the_public_view():
    m = position(2, hands={0: ["b2", "y1"]}, piles={"g": ["g4", "g6"]}, deck=["u1"] * 2)
    act(m, 0, "discard:b2")
    table = labels(m, view=m.view(None))
    assert table == {
        "draw:deck": "Draw from the draw pile (2)",
        "draw:g": "Take 🟢6 from the green pile",
    }
    assert all(P.is_public(Action.parse(k)) for k in table)
    assert not P.is_public(Action.parse("play:g7")) and not P.is_public(Action.parse("skip"))
    assert P.status_line(m.view(None), NAMES, m.to_act()) == (
        "**Ann** — draw 1 card from the draw pile or a discard top."
    )


def test_moves_in_words_a_play_the_pawn_and_the_draw():
    m = position(2, hands={0: ["g7", "b1"], 1: ["u2"]}, deck=["b3", "y7"])
    rec = Recorder(m)
    rec.act(0, "play:g7")
    pawn = next(a.key() for a in m.legal(0) if a.verb == "pawn")
    move = next(e for e in rec.act(0, pawn) if e["type"] == "move")
    while m.to_act() == (0,) and m.view(None)["phase"] != "draw":
        rec.act(0, "skip" if "skip" in {a.key() for a in m.legal(0)} else m.legal(0)[0].key())
    rec.act(0, "draw:deck")
    line = rec.lines(P, NAMES)[0]
    assert line.startswith(f"**Ann** played 🟢7, moved a pawn from the start to field {move['to']}")
    assert "drew from the draw pile" in "".join(rec.lines(P, NAMES))
    assert "(🟡7)" in "".join(rec.lines(P, NAMES, viewer=0))
    assert "🟡7" not in "".join(rec.lines(P, NAMES, viewer=1))


def table_position() -> Match:
    return position(
        2,
        hands={0: ["b1", "y5"], 1: ["u2"]},
        rows={0: {"p": ["p9", "p7"], "u": ["u3"]}},
        pawns={0: [3, 14, 30], 1: [0, 0, 5]},
        stones={0: 2},
        mirrors={0: 1},
        earned={0: {"tiles": 7, "oracle": 5}},
        piles={"g": ["g4", "g6"]},
        oracle=12,
        deck=["b3"] * 2 + ["y7"] * 2,
    )


def test_table_shows_players_rows_stones_mirrors_scores_and_the_board():
    m = table_position()
    embed = P.table_embed(
        match_id=7,
        view=m.view(None),
        names=NAMES,
        to_act=(0,),
        recent=["**Bo** played 🔵2, then moved a pawn 0 → 5."],
        outcome=None,
        seq=9,
    ).to_dict()
    fields = [(f["name"], f["value"]) for f in embed["fields"]]
    assert embed["title"] == "Keltis: the Oracle · match #7"
    assert embed["description"] == ("**Ann** — play a card into a row (then move), or discard one.")
    assert fields == [
        ("🔴 Ann · ⭐12 · ✋2 · 💎2 · 🪞1", "Pawns on 3, 14, 30\n🩷↓ 9 7\n🔵 3"),
        ("⚪ Bo · ⭐0 · ✋1 · 💎0 · 🪞0", "Pawns on start, start, 5\nno rows yet"),
        (
            "Board",
            (
                "🔮 Oracle on field 12 · sanctuary (29-35): 1/5 pawns\n"
                "Draw pile: 4 cards · discard tops: 🟤– 🟡– 🩷– 🟢6(2) 🔵–\n"
                f"💎 left on fields 6×2, 13×2, 19×2, 26×2, 35×1\n{KEY_LINE}"
            ),
        ),
        ("Recent moves", "**Bo** played 🔵2, then moved a pawn 0 → 5."),
    ]
    assert embed["footer"]["text"] == "move 9"
    assert len(str(embed)) < 6000


def test_panel_shows_the_hand_only_to_its_owner():
    m = table_position()
    mine = P.panel_embed(
        match_id=1, view=m.view(0), names=NAMES, seat=0, to_act=(0,), seq=0
    ).to_dict()
    assert mine["description"] == (
        "**Your decision:** Play a card into a row (then move), or discard one."
    )
    assert mine["fields"][:3] == [
        {"name": "Your hand", "value": "🟤1 🟡5", "inline": False},
        {"name": "Your rows", "value": "🩷↓ 9 7\n🔵 3", "inline": False},
        {"name": "Your pawns", "value": "on 3, 14, 30 · 🔮 oracle on field 12", "inline": False},
    ]
    theirs = P.panel_embed(
        match_id=1, view=m.view(1), names=NAMES, seat=1, to_act=(0,), seq=0
    ).to_dict()
    assert theirs["fields"][0]["value"] == "🔵2" and "🟡5" not in str(theirs)
    assert theirs["description"].startswith("**Ann** — ")
    table = P.table_embed(
        match_id=1, view=m.view(None), names=NAMES, to_act=(0,), recent=[], outcome=None, seq=0
    ).to_dict()
    assert "Your hand" not in str(table) and "🟡5" not in str(table)


def test_panel_lists_this_turns_discards_that_cannot_be_drawn_back():
    m = position(2, hands={0: ["b2", "y1"]}, piles={"g": ["g4"]})
    act(m, 0, "discard:b2")
    fields = {
        f["name"]: f["value"]
        for f in P.panel_embed(
            match_id=1, view=m.view(0), names=NAMES, seat=0, to_act=(0,), seq=1
        ).to_dict()["fields"]
    }
    assert fields["Discarded this turn (can't be drawn back)"] == "🟤2"


def test_final_table_gives_the_reason_and_each_score_with_its_breakdown():
    m = position(2, hands={0: ["p3"], 1: ["u2"]}, pawns={0: [29, 30, 28]})
    act(m, 0, "play:p3")
    act(m, 0, "pawn:2")  # the third pawn enters the sanctuary (O-7a)
    outcome = m.outcome()
    embed = P.table_embed(
        match_id=2, view=m.view(None), names=NAMES, to_act=(), recent=[], outcome=outcome, seq=m.seq
    ).to_dict()
    assert embed["description"] == (
        "**Game over.**\n_The game ended: the sanctuary is full._\n"
        "🏆 **Ann**: 15 = play 0 (tiles 0, oracle 0, goblins 0) · pawns 19 (+6 +6 +7) · "
        "💎0 -4 · 🪞0 +0\n"
        "**Bo**: -4 = play 0 (tiles 0, oracle 0, goblins 0) · pawns 0 (+0 +0 +0) · "
        "💎0 -4 · 🪞0 +0"
    )


def test_shared_victory_with_mirrors_and_in_game_points():
    a = score([35, 29, 0], 3, 2, {"tiles": 7, "oracle": 5, "goblin": 0})
    b = score([35, 29, 0], 3, 2, {"tiles": 2, "oracle": 0, "goblin": 10})
    lines = P.outcome_lines(
        {"scores": [37, 37], "winners": [0, 1], "breakdown": [a, b], "reason": "deck_empty"}, NAMES
    )
    assert lines == [
        "_The game ended: the draw pile ran out._",
        (
            "🏆 **Ann**: 37 = play 12 (tiles 7, oracle 5, goblins 0) · pawns 16 (+10 +6 +0) · "
            "💎3 +3 · 🪞2 +6"
        ),
        (
            "🏆 **Bo**: 37 = play 12 (tiles 2, oracle 0, goblins 10) · pawns 16 (+10 +6 +0) · "
            "💎3 +3 · 🪞2 +6"
        ),
    ]


def test_rules_summary_fits_and_the_image_comes_from_the_public_view():
    assert 500 < len(P.rules_summary) < 1800
    png = P.table_image(table_position().view(None), NAMES)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_variant_clover_names_the_other_pawns():
    m = position(
        2,
        hands={0: ["g7"]},
        pawns={0: [8, 0, 3]},
        tiles={15: "clover_y"},
        options={"clover_other_pawn": True},
    )
    act(m, 0, "play:g7")
    act(m, 0, "pawn:0")
    assert labels(m) == {
        "clover:1": "🍀 Clover: pawn from the start → field 2",
        "clover:2": "🍀 Clover: pawn from field 3 → field 9",
        "skip": "Skip the clover",
    }
    assert "move another pawn on to its next yellow field" in P.status_line(
        m.view(None), NAMES, m.to_act()
    )


def test_variant_clover_tells_two_pawns_on_one_field_apart():
    # O-6h: pawns 0 and 1 share field 3; pawn 0 came from 1 this turn, pawn 1 did not move
    m = position(
        2,
        hands={0: ["b1"]},
        pawns={0: [1, 3, 0]},
        tiles={1: "points5", 2: "clover_u", 3: "clover_y", 4: "spiral"},
        options={"clover_other_pawn": True},
    )
    for key in ("play:b1", "pawn:0", "clover:2"):
        act(m, 0, key)
    assert labels(m) == {
        "clover:0": "🍀 Clover: pawn from field 3 (came from field 1) → field 4 🌀",
        "clover:1": "🍀 Clover: pawn from field 3 (not moved yet) → field 4 🌀",
        "skip": "Skip the clover",
    }


def test_the_panel_shows_the_others_pawns_rows_and_the_board_never_their_hands():
    m = Match.new("oracle", 3, "decide", {"first_player": 0})
    played = next(a for a in m.legal(0) if a.verb == "play")
    m.act(0, played, m.seq)
    while m.to_act() == (0,):  # move a pawn, let any tile be, then draw
        keys = [a.key() for a in m.legal(0)]
        key = next(k for k in ("pawn:0", "skip", "draw:deck") if k in keys)
        m.act(0, key, m.seq)
    view = m.view(1)
    names = ["Ann", "Bo", "Cy"]
    fields = dict(P.decision_fields(view, names))
    ann = next(name for name in fields if name.startswith("🔴 Ann · ⭐"))
    pawns = view["players"][0]["pawns"]
    assert max(pawns) > 0 and fields[ann].startswith(f"Pawns on start, start, {max(pawns)}\n")
    assert card(played.args[0])[1:] in fields[ann]  # the row it began
    assert any(name.startswith("⚫ Cy · ⭐0") for name in fields)
    assert not any(name.startswith("⚪ Bo") for name in fields)  # Bo's are his own fields
    board = fields["Board"].splitlines()
    assert board[0].startswith("🔮 Oracle on ") and "sanctuary (29-35): 0/5 pawns" in board[0]
    assert board[1] == f"Draw pile: {view['deck']} cards"
    assert board[3] == "You: ⭐0 · 💎0 · 🪞0" and board[4] == KEY_LINE
    panel = str(
        P.panel_embed(
            match_id=1, view=view, names=names, seat=1, to_act=m.to_act(), seq=m.seq
        ).to_dict()
    )
    assert ann in panel
    for other in (0, 2):
        assert " ".join(card(c) for c in m.view(other)["hand"]) not in panel


def test_whole_turns_take_the_oracle_a_discard_top_and_a_clover_in_both_languages():
    """Issue 42: the oracle instead of a pawn, a discard top and a tile's
    choice join the card's whole turn; the panel offers them tier by tier."""
    from cogs.i18n import speaking
    from cogs.play.hand_panels import combos

    m = position(
        2,
        hands={0: ["g7", "b2"], 1: ["y1"]},
        pawns={0: [0, 8, 8], 1: [15, 0, 0]},
        oracle=5,
        piles={"y": ["y5"]},
        tiles={15: "clover_y"},
    )
    whole = dict(combos(m, 0, m.legal(0), P, m.view(0)))
    assert whole["play:b2+oracle:1+draw:deck"] == "Play 🟤2, 🔮 Oracle +1 → field 6, then draw"
    assert whole["discard:b2+draw:y"] == "Discard 🟤2 (no move), then take 🟡5"
    assert whole["play:g7+pawn:1+clover"].startswith(
        "Play 🟢7, pawn from field 8 → field 15 🍀🟡, 🍀 Clover: pawn from field 15 → field"
    )
    # the clover may also be left unused: the path so far is one click too
    assert "play:g7+pawn:1" in whole
    tiers = {k: P.turn_tier(k.split("+")) for k in whole}
    assert tiers["play:b2+pawn:0+draw:deck"] == tiers["discard:b2+draw:deck"] == 0
    assert tiers["discard:b2+draw:y"] == 1
    assert tiers["play:b2+oracle:1+draw:deck"] == tiers["play:g7+pawn:1+clover"] == 2
    assert tiers["play:b2+pawn:0+draw:y"] == 3
    with speaking("ja"):
        ja = dict(combos(m, 0, m.legal(0), P, m.view(0)))
    assert "巫女 +1 → 6マス目" in ja["play:b2+oracle:1+draw:deck"]
    assert ja["discard:b2+draw:y"].endswith("続けて🟡5を取る")
