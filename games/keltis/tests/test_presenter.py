from games.keltis.presenter import KeltisPresenter, card
from games.keltis.tests.engine.helpers import position
from rules import Action, Match
from tests.cogs.presenters.story_helpers import Recorder

P = KeltisPresenter()


def test_card_labels():
    assert card("y7") == "🟡7" and card("ue") == "🔵🔚" and card("x10") == "⚪10"


def test_action_labels_and_groups():
    view = {"deck": 40, "piles": {"y": {"top": "y5", "count": 2}}}
    assert P.label(Action.parse("play:x7:p"), view) == "Play ⚪7 on your pink row"
    assert P.label(Action.parse("stone:y5:x5"), view) == "💎5: discard 🟡5 then ⚪5"
    assert P.label(Action.parse("draw:deck"), view) == "Draw from the draw pile (40)"
    assert P.label(Action.parse("draw:y"), view) == "Take 🟡5 from the yellow pile"
    assert P.group(Action.parse("discard:b3")) == "b3"
    assert P.group(Action.parse("draw:deck")) is None
    assert P.is_public(Action.parse("draw:y")) and not P.is_public(Action.parse("play:y5:y"))


def test_table_shows_rows_with_direction_piles_stones_and_hand_sizes():
    m = position(
        hands={0: ["b1"], 1: ["y2", "y3"]},
        piles={"g": ["g4"]},
        rows={0: {"p": ["p9", "p7", "x7"]}},
        point_rows={1: ["x2", "x3"]},
        stones={0: [4]},
    )
    embed = P.table_embed(
        match_id=7,
        view=m.view(None),
        names=["Ann", "Bo"],
        to_act=(0,),
        recent=["**Ann** discarded 🟡5."],
        outcome=None,
        seq=3,
    ).to_dict()
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert embed["title"] == "Keltis · match #7"
    assert embed["description"] == "**Ann** to play a card."
    # running scores: a row of 3 (-2) and one stone (-1); two point cards (+2), no stone (-4)
    assert fields["🔴 Ann · ⭐-3 · ✋1 · 💎4"] == "🩷↓ 9 7 ⚪7"
    assert fields["⚪ Bo · ⭐-2 · ✋2 · no stones"] == "⚪ 2 3"
    assert "🟢4(1)" in fields["Middle"] and "💎4" not in fields["Middle"].split("left:")[1]
    assert fields["Recent moves"] == "**Ann** discarded 🟡5."


def test_a_turn_in_words_the_draw_from_the_deck_shows_its_card_only_to_the_drawer():
    m = position(
        hands={0: ["b1", "b5", "y2", "y3"], 1: ["y4"]}, piles={"g": ["g4"]}, deck=["g9", "p2", "u3"]
    )
    rec = Recorder(m)
    rec.act(0, "play:b1:b")
    drawn = next(e["card"] for e in rec.act(0, "draw:deck") if e["type"] == "drawn")
    assert rec.lines(P, ["Ann", "Bo"]) == [
        "**Ann** played 🟤1 on their brown row and drew from the draw pile."
    ]
    assert rec.lines(P, ["Ann", "Bo"], viewer=0) == [
        f"**Ann** played 🟤1 on their brown row and drew from the draw pile ({card(drawn)})."
    ]
    assert card(drawn) not in "".join(rec.lines(P, ["Ann", "Bo"], viewer=1))
    rec.act(1, "discard:y4")
    rec.act(1, "draw:g")
    assert rec.lines(P, ["Ann", "Bo"], since=2) == [
        "**Bo** discarded 🟡4 and took 🟢4 from the green pile."
    ]


def test_panel_shows_the_hand_only_to_its_owner():
    m = Match.new("keltis", 2, "panel", {"first_player": 0})
    mine = P.panel_embed(
        match_id=1, view=m.view(0), names=["A", "B"], seat=0, to_act=(0,), seq=0
    ).to_dict()
    hand = " ".join(card(c) for c in m.view(0)["hand"])
    assert {"name": "Your hand", "value": hand, "inline": False} in mine["fields"]
    table = P.table_embed(
        match_id=1, view=m.view(None), names=["A", "B"], to_act=(0,), recent=[], outcome=None, seq=0
    ).to_dict()
    assert "Your hand" not in str(table)


def test_final_scores_with_breakdown_and_shared_victory():
    outcome = {
        "scores": [5, 5],
        "winners": [0, 1],
        "breakdown": [
            {"rows": {"b": 2}, "point_row": 1, "stones": 2, "total": 5},
            {"rows": {"y": 6}, "point_row": 0, "stones": -1, "total": 5},
        ],
    }
    lines = P.outcome_lines(outcome, ["A", "B"])
    assert lines[0] == "🏆 **A**: 5 (rows 🟤+2 · point row +1 · stones +2)"
    assert lines[1].startswith("🏆 **B**: 5")


def test_the_panel_states_each_decision_in_words():
    m = position(hands={0: ["b1", "b5", "y5"], 1: ["y2"]}, deck=["g9", "p2", "u3"])

    def asked(seat=0):
        return P.panel_embed(
            match_id=1, view=m.view(seat), names=["A", "B"], seat=seat, to_act=m.to_act(), seq=m.seq
        ).description

    assert asked().startswith("**Your decision:** Play a card on one of your rows, or discard")
    m.act(0, "stone:b5:y5", m.seq)
    assert asked() == (
        "**Your decision:** Draw 2 cards: the draw pile or a discard top "
        "(not a card you discarded this turn)."
    )
    m.act(0, "draw:deck", m.seq)
    assert "Draw 1 card:" in asked()
    assert asked(1).startswith("**A** to draw 1 card")


def test_final_placements_say_how_many_cards_are_left():
    m = position(hands={0: ["b1", "b2", "b3"], 1: ["y1"]}, deck=["p0"])
    m.act(0, "discard:b1", m.seq)
    m.act(0, "draw:deck", m.seq)
    m.act(0, "play:b2:b", m.seq)
    assert P.decision(m.view(0)) == (
        "The game has ended: place up to 1 more card on your rows, or say you're done."
    )
    assert "up to 2 more cards" in P.decision(m.view(1))


def test_the_panel_shows_the_others_rows_and_the_middle_never_their_hands():
    m = Match.new("keltis", 3, "decide", {"first_player": 0})
    played = next(a for a in m.legal(0) if a.verb == "play")
    for seat, key in ((0, played.key()), (0, "draw:deck")):
        m.act(seat, key, m.seq)
    discard = next(a for a in m.legal(1) if a.verb == "discard")
    m.act(1, discard, m.seq)
    m.act(1, "draw:deck", m.seq)
    view = m.view(2)
    names = ["Ann", "Bo", "Cy"]
    fields = dict(P.decision_fields(view, names))
    ann = next(name for name in fields if name.startswith("🔴 Ann · ⭐"))
    assert fields[ann] == P.rows_text(view["players"][0])
    assert card(played.args[0])[1:] in fields[ann]
    assert any(name.startswith("⚪ Bo · ⭐") for name in fields)
    assert not any("Cy" in name for name in fields)  # her own rows are "Your rows"
    me = view["players"][2]
    assert fields["Middle"] == (
        f"Draw pile: {view['deck']} cards · rows closed by end cards: 0/5\n"
        f"Wishing stones left: {' '.join(f'💎{v}' for v in view['stones_left'])}\n"
        f"You: ⭐{me['score']} · no stones"
    )
    panel = str(
        P.panel_embed(
            match_id=1, view=view, names=names, seat=2, to_act=m.to_act(), seq=m.seq
        ).to_dict()
    )
    assert ann in panel and "Middle" in panel
    for other in (0, 1):
        assert " ".join(card(c) for c in m.view(other)["hand"]) not in panel


def test_a_discard_top_is_part_of_a_whole_turn_in_both_languages():
    """Issue 42: a discard top is public, so taking it joins the card's
    whole turn; the draw pile stays the usual tier, a discard and a top
    next, a card played and a top under its card."""
    from cogs.i18n import speaking
    from cogs.play.hand_panels import combos

    m = position(2, hands={0: ["g7", "b2"], 1: ["y1"]}, piles={"y": ["y5"], "u": ["u3"]})
    p = KeltisPresenter()
    whole = dict(combos(m, 0, m.legal(0), p, m.view(0)))
    assert whole["discard:b2+draw:y"] == "Discard 🟤2, then take 🟡5"
    assert whole["play:g7:g+draw:u"] == "Play 🟢7 on your green row, then take 🔵3"
    assert whole["play:g7:g+draw:deck"] == "Play 🟢7 on your green row, then draw"
    assert [p.turn_tier(k.split("+")) for k in ("play:g7:g+draw:deck", "discard:b2+draw:deck")] == [
        0,
        0,
    ]
    assert p.turn_tier(["discard:b2", "draw:y"]) == 1
    assert p.turn_tier(["play:g7:g", "draw:y"]) == 2
    with speaking("ja"):
        ja = dict(combos(m, 0, m.legal(0), p, m.view(0)))
    assert ja["discard:b2+draw:y"] == "🟤2を捨てる、続けて🟡5を取る"
    assert "続けて🔵3を取る" in ja["play:g7:g+draw:u"]


def test_no_whole_turn_takes_back_the_card_just_discarded():
    from cogs.play.hand_panels import combos

    m = position(2, hands={0: ["g7", "b2"], 1: ["y1"]}, piles={"b": ["b5"]})
    whole = dict(combos(m, 0, m.legal(0), KeltisPresenter(), m.view(0)))
    assert "discard:b2+draw:b" not in whole  # the engine forbids it: never offered
    assert "discard:g7+draw:b" in whole
