from games.cuttle.presenter import CuttlePresenter, card
from games.cuttle.tests.engine.helpers import act, position
from rules import Action, Match
from tests.cogs.presenters.story_helpers import Recorder

P = CuttlePresenter()
NAMES = ["Ann", "Bob"]


def table(m, rec: Recorder | None = None) -> dict:
    recent = rec.lines(P, NAMES) if rec else []
    embed = P.table_embed(
        match_id=4,
        view=m.view(None),
        names=NAMES,
        to_act=m.to_act(),
        recent=recent,
        outcome=m.outcome(),
        seq=m.seq,
    )
    return dict(embed.to_dict())


def panel(m, seat: int) -> dict:
    embed = P.panel_embed(
        match_id=4, view=m.view(seat), names=NAMES, seat=seat, to_act=m.to_act(), seq=m.seq
    )
    return dict(embed.to_dict())


def fields(embed: dict) -> dict[str, str]:
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


def labels(m, seat: int) -> dict[str, str]:
    return {a.key(): P.label(a, m.view(seat)) for a in m.legal(seat)}


def middle_game():
    """Ann (seat 0, to play) stole Bob's 7♥ with J♠ and won her 6♦ back;
    she has glasses, Bob a King."""
    return position(
        hands={0: ["2d", "9c", "jh", "5s"], 1: ["2c", "4d", "8d"]},
        stacks=[("7h", 1, ["js"]), ("10c", 1, []), ("6d", 0, ["jd", "jc"])],
        perms={0: ["8s"], 1: ["kh"]},
        scrap=["3d"],
        current=0,
    )


def test_cards_show_ranks_and_suit_symbols():
    assert [card(c) for c in ("as", "2c", "10d", "jh", "qs", "kc")] == [
        "A♠",
        "2♣",
        "10♦",
        "J♥",
        "Q♠",
        "K♣",
    ]


def test_labels_name_the_card_and_what_it_does():
    m = middle_game()
    assert labels(m, 0) == {
        "draw": "Draw a card (36 left)",
        "points:2d": "2♦ as points (+2)",
        "oneoff:2d:8s": "One-off 2♦: scrap your 8♠",
        "oneoff:2d:kh": "One-off 2♦: scrap their K♥",
        "oneoff:2d:js": "One-off 2♦: scrap your J♠ on 7♥",
        "oneoff:2d:jc": "One-off 2♦: scrap your J♣ on 6♦",
        "points:5s": "5♠ as points (+5)",
        "oneoff:5s": "One-off 5♠: draw two cards",
        "points:9c": "9♣ as points (+9)",
        "oneoff:9c:8s": "One-off 9♣: return your 8♠",
        "oneoff:9c:kh": "One-off 9♣: return their K♥",
        "oneoff:9c:js": "One-off 9♣: return your J♠ on 7♥",
        "oneoff:9c:jc": "One-off 9♣: return your J♣ on 6♦",
        "jack:jh:10c": "J♥ on 10♣: take control",
    }
    view = {"stacks": [{"card": "7h", "owner": 0, "controller": 1, "jacks": ["js"]}]}
    assert P.label(Action.parse("scuttle:9s:7h"), view) == "9♠ scuttles 7♥ (with J♠)"
    assert P.label(Action.parse("perm:kd"), view) == "K♦ as King (lowers your target)"
    assert P.label(Action.parse("perm:qd"), view) == "Q♦ as Queen (protects your cards)"
    assert P.label(Action.parse("glasses:8h"), view) == "8♥ as glasses (see their hand)"
    assert P.label(Action.parse("oneoff:ah"), view) == "One-off A♥: scrap every point card"
    assert P.label(Action.parse("pass"), {"passes": 2}) == "Pass (passes in a row so far: 2)"
    assert P.label(Action.parse("take:9d"), view) == "Take 9♦"
    assert P.label(Action.parse("discard:3c"), view) == "Discard 3♣"


def test_actions_are_grouped_by_the_card_they_use():
    for key in (
        "points:7h",
        "scuttle:7h:5c",
        "oneoff:2d:kh",
        "perm:kd",
        "jack:jh:7c",
        "glasses:8s",
        "oneoff:6c",
    ):
        assert P.group(Action.parse(key)) == key.split(":")[1]
    for key in ("draw", "pass", "resolve", "counter:2h", "take:9d", "discard:3c"):
        assert P.group(Action.parse(key)) is None
    assert P.group_label("7h", {"revealed": None}) == "7♥"
    assert P.is_public(Action.parse("draw")) and P.is_public(Action.parse("pass"))
    assert not P.is_public(Action.parse("resolve"))
    assert not P.is_public(Action.parse("counter:2h"))


def test_table_shows_both_point_areas_with_control_permanents_and_targets():
    embed = table(middle_game())
    assert embed["title"] == "Cuttle · match #4"
    assert embed["description"] == "**Ann** to play: draw, or play a card."
    assert fields(embed) == {
        "🔴 Ann · 13/21 points · ✋4": (
            "7♥ ← J♠ (stolen from Bob) · 6♦ ← J♦ ← J♣ (won back from Bob)\n👓 8♠"
        ),
        "⚪ Bob · 10/14 points (👑×1) · ✋3 · dealer": "10♣\n👑 K♥",
        "Deck and scrap": "Deck: 36 cards · scrap: 1 card, top 3♦",
    }


def test_counter_window_shows_the_chain_and_asks_the_responder_in_their_panel():
    m = middle_game()
    rec = Recorder(m)
    rec.act(0, "oneoff:2d:kh")
    embed = table(m, rec)
    assert embed["description"] == "**Bob** may counter 2♦ with a 2, or let it resolve."
    assert fields(embed)["One-off"] == "Ann's 2♦: scrap Bob's K♥"
    assert fields(embed)["Recent moves"] == "**Ann** played 2♦ as a one-off: scrap K♥."
    assert panel(m, 1)["description"] == (
        "**Your decision:** Counter their one-off 2♦ (scrap your K♥) with a 2, or let it resolve."
    )
    assert labels(m, 1) == {"counter:2c": "Counter with 2♣", "resolve": "Let it resolve"}
    assert panel(m, 0)["description"] == "**Bob** may counter 2♦ with a 2, or let it resolve."

    rec.act(1, "counter:2c")
    embed = table(m, rec)
    assert embed["description"] == "**Ann** may counter 2♣ with a 2, or let it resolve."
    assert fields(embed)["One-off"] == "Ann's 2♦: scrap Bob's K♥\nCounters: 2♣"
    assert panel(m, 0)["description"] == (
        "**Your decision:** Counter their counter 2♣ (against your one-off 2♦) with a 2, "
        "or let it resolve."
    )
    assert labels(m, 0) == {"resolve": "Let it resolve"}
    rec.act(0, "resolve")
    embed = table(m, rec)
    assert "One-off" not in fields(embed)
    # the whole exchange is one entry: the one-off, the counters and what came of it
    assert fields(embed)["Recent moves"].split("\n")[-1] == (
        "**Ann** played 2♦ as a one-off: scrap K♥; **Bob** countered with 2♣; "
        "**Ann** let it resolve (2♦ is cancelled by 1 counter and does nothing)."
    )
    # one counter: the 2♦ is cancelled, the King stays
    assert fields(embed)["⚪ Bob · 10/14 points (👑×1) · ✋2 · dealer"] == "10♣\n👑 K♥"
    assert fields(embed)["Deck and scrap"] == (
        "Deck: 36 cards · scrap: 3 cards, top 2♣\nScrap, oldest first: 3♦ 2♦ 2♣"
    )


def test_hands_only_in_their_owners_panel_and_glasses_show_the_other_hand():
    m = middle_game()
    ann, bob = fields(panel(m, 0)), fields(panel(m, 1))
    assert list(ann.items())[:2] == [
        ("Your hand", "2♦ 5♠ 9♣ J♥"),
        ("Their hand (👓 your glasses)", "2♣ 4♦ 8♦"),
    ]
    assert list(bob.items())[0] == ("Your hand", "2♣ 4♦ 8♦")
    assert "2♦ 5♠ 9♣ J♥" not in str(bob) and "glasses)" not in str(bob)
    assert panel(m, 0)["description"] == (
        "**Your decision:** Draw, or choose a card and what to do with it."
    )
    public = str(table(m))
    assert "2♦ 5♠ 9♣ J♥" not in public and "2♣ 4♦ 8♦" not in public and "hand" not in public


def test_the_panel_shows_both_tables_the_points_to_win_and_the_scrap():
    """What a scuttle, a jack, a 2, a 9 or a 3 could aim at, in the panel."""
    m = middle_game()
    table_fields = fields(table(m))
    bob = fields(panel(m, 1))
    for name in (
        "🔴 Ann · 13/21 points · ✋4",
        "⚪ Bob · 10/14 points (👑×1) · ✋3 · dealer",
        "Deck and scrap",
    ):
        assert bob[name] == table_fields[name]
    assert "7♥ ← J♠ (stolen from Bob)" in bob["🔴 Ann · 13/21 points · ✋4"]
    assert "👓 8♠" in bob["🔴 Ann · 13/21 points · ✋4"]
    assert "5♠" not in str(bob)  # Ann's hand: Bob has no glasses


def test_a_real_match_panel_shows_the_opponents_cards_on_the_table_never_their_hand():
    m = Match.new("cuttle", 2, "decide", {"dealer": 1})
    for key in ("draw", "draw", "draw"):
        m.act(m.to_act()[0], key, m.seq)
    seat = m.to_act()[0]
    other = 1 - seat
    points = next(a for a in m.legal(seat) if a.verb == "points")
    m.act(seat, points, m.seq)  # now the other's turn: a scuttle target is on the table
    got = panel(m, other)
    head = next(name for name in fields(got) if name.startswith("🔴" if seat == 0 else "⚪"))
    assert card(points.args[0]) in fields(got)[head]
    shown = str(got)
    assert m.view(seat)["hand"] and not any(card(c) in shown for c in m.view(seat)["hand"])
    assert "Their hand" not in shown


def test_the_card_revealed_by_a_seven_is_public_and_played_from_the_panel():
    m = position(hands={0: ["7c", "10s"], 1: ["3h"]}, deck=["9h", "3s", "4s"], current=0)
    act(m, 0, "oneoff:7c")
    act(m, 1, "resolve")
    embed = table(m)
    assert embed["description"] == "**Ann** must play 9♥, revealed by the 7, at once."
    assert fields(embed)["Revealed by the 7"] == "9♥"
    assert panel(m, 0)["description"] == "**Your decision:** Your 7 revealed 9♥: play it now."
    assert P.group_label("9h", m.view(0)) == "9♥ (revealed by your 7)"
    assert {P.group(a) for a in m.legal(0)} == {"9h"}


def test_a_four_makes_the_victim_discard_in_their_panel_and_a_three_takes_from_the_scrap():
    m = position(hands={0: ["4c", "3c"], 1: ["3h", "5d", "6h"]}, scrap=["9d"], current=0)
    rec = Recorder(m)
    rec.act(0, "oneoff:4c")
    rec.act(1, "resolve")
    assert table(m)["description"] == "**Bob** discards 2 cards (Ann's 4)."
    assert panel(m, 1)["description"] == (
        "**Your decision:** Their 4: discard 2 cards of your choice."
    )
    assert labels(m, 1) == {
        "discard:3h": "Discard 3♥",
        "discard:5d": "Discard 5♦",
        "discard:6h": "Discard 6♥",
    }
    rec.act(1, "discard:5d")
    assert table(m)["description"] == "**Bob** discards 1 card (Ann's 4)."
    assert fields(table(m, rec))["Recent moves"].split("\n")[-1] == (
        "**Ann** played 4♣ as a one-off: the opponent discards two cards; **Bob** let it "
        "resolve (4♣ resolves: the opponent discards two cards) and discarded 5♦."
    )
    act(m, 1, "discard:6h")
    act(m, 1, "draw")
    act(m, 0, "oneoff:3c")
    act(m, 1, "resolve")
    assert table(m)["description"] == "**Ann** takes a card from the scrap (3♣)."
    assert set(labels(m, 0).values()) == {"Take 9♦", "Take 4♣", "Take 5♦", "Take 6♥"}
    assert panel(m, 0)["description"] == "**Your decision:** Your 3: take a card from the scrap."


def test_empty_deck_counts_passes_and_three_end_in_a_draw():
    m = position(hands={0: ["5c"], 1: ["6c"]}, deck=[], passes=1, current=0)
    embed = table(m)
    assert embed["description"] == "**Ann** to play or pass (the deck is empty)."
    assert fields(embed)["Deck and scrap"] == (
        "Deck: 0 cards · scrap: 0 cards\nPasses in a row: 1/3 (three end the game in a draw)"
    )
    assert labels(m, 0)["pass"] == "Pass (passes in a row so far: 1)"
    act(m, 0, "pass")
    act(m, 1, "pass")
    embed = table(m)
    assert embed["description"] == (
        "**Game over.**\n**Draw**: three passes in a row.\n"
        "**Ann**: 0/21 points — no point cards\n**Bob**: 0/21 points — no point cards"
    )
    assert "Passes in a row" not in fields(embed)["Deck and scrap"]


def test_final_scores_show_the_winner_with_points_target_and_cards():
    m = position(
        hands={0: ["ks"], 1: ["3h"]},
        stacks=[("10c", 0, []), ("5d", 0, []), ("4h", 1, ["jd"])],
        current=0,
    )
    act(m, 0, "perm:ks")
    lines = P.outcome_lines(m.outcome(), NAMES)
    assert lines == [
        "🏆 **Ann**: 19/14 points (👑×1) — 10♣ 5♦ 4♥",
        "**Bob**: 0/21 points — no point cards",
    ]
    m = position(hands={0: ["ks"], 1: ["3h"]}, current=0)
    rec = Recorder(m)
    rec.act(0, "concede")
    assert P.outcome_lines(m.outcome(), NAMES)[:2] == [
        "Won by concession.",
        "**Ann**: 0/21 points — no point cards",
    ]
    assert table(m, rec)["fields"][-1] == {
        "name": "Recent moves",
        "value": "**Ann** conceded.",
        "inline": False,
    }


def test_moves_in_words_tell_what_happened_and_hide_the_draw():
    m = position(
        hands={0: ["4d", "9s", "ah"], 1: ["2s", "3c", "5h"]},
        deck=["7c", "jh"],
        stacks=[("7h", 1, [])],
    )
    rec = Recorder(m)
    rec.act(0, "oneoff:4d")
    rec.act(1, "counter:2s")
    rec.act(0, "resolve")
    rec.act(1, "draw")
    rec.act(0, "scuttle:9s:7h")
    public = rec.lines(P, NAMES)
    assert public == [
        "**Ann** played 4♦ as a one-off: the opponent discards two cards; **Bob** countered "
        "with 2♠; **Ann** let it resolve (4♦ is cancelled by 1 counter and does nothing).",
        "**Bob** drew a card (1 card left).",
        "**Ann** scuttled 7♥ with 9♠.",
    ]
    # the drawer alone reads which card it was
    assert rec.lines(P, NAMES, viewer=1)[1] == "**Bob** drew a card (1 card left) (7♣)."
    assert "7♣" not in "".join(rec.lines(P, NAMES, viewer=0))


def test_rules_summary_is_short_enough():
    assert 500 < len(P.rules_summary) <= 1800
