import random

from games.cucco.presenter import CuccoPresenter, card, hand_text, last_trick_text, points
from games.cucco.tests.engine.helpers import act, bidding, playing
from rules import Action, Match
from tests.cogs.presenters.story_helpers import Recorder, story_of

P = CuccoPresenter()
NAMES = ["Ann", "Bo", "Cy", "Dan", "Eve"]


def table(match, names=NAMES, recent=()):
    embed = P.table_embed(
        match_id=4,
        view=match.view(None),
        names=names,
        to_act=match.to_act(),
        recent=list(recent),
        outcome=match.outcome(),
        seq=match.seq,
    ).to_dict()
    return embed, {f["name"]: f["value"] for f in embed.get("fields", [])}


def panel(match, seat):
    embed = P.panel_embed(
        match_id=4,
        view=match.view(seat),
        names=NAMES,
        seat=seat,
        to_act=match.to_act(),
        seq=match.seq,
    ).to_dict()
    return embed, {f["name"]: f["value"] for f in embed.get("fields", [])}


def test_card_names_roman_numerals_and_pictures_with_a_suit_marker():
    assert [card(c) for c in ("n1", "n4", "n9", "n10")] == ["🔢I", "🔢IIII", "🔢VIIII", "🔢X"]
    assert [card(c) for c in ("mask", "mat", "p11", "p14", "p15", "lion")] == [
        "🖼️Mask",
        "🖼️Mat",
        "🖼️House",
        "🖼️Man",
        "🖼️Cuckoo",
        "🖼️Lion",
    ]
    assert hand_text(["n5", "n6", "n6", "mask", "p13"]) == "🔢 V · VI · VI\n🖼️ Mask · Horse"
    assert [points(h) for h in (0, 1, 4, 19)] == ["0", "½", "2", "9½"]


def test_action_labels_are_short_and_nothing_is_grouped_or_public():
    assert P.label(Action.parse("bid:n7"), {}) == "Bid 🔢VII"
    assert P.label(Action.parse("pass"), {}) == "Pass"
    assert P.label(Action.parse("play:p13"), {}) == "🖼️Horse"
    for key in ("bid:lion", "pass", "play:n1"):
        assert P.group(Action.parse(key)) is None and not P.is_public(Action.parse(key))


def test_bidding_table_and_panel_offer_only_the_engines_bids():
    m = bidding(
        {
            0: ["n9", "n7", "n3", "p13"],
            1: ["n8", "n5", "n2", "mask", "bucket", "zero", "mat", "lion"],
        },
        dealer=4,
    )
    rec = Recorder(m)
    rec.act(0, "bid:n7")
    embed, fields = table(m, recent=rec.lines(P, NAMES))
    assert embed["description"] == "Deal 1 of 5 · dealer **Eve**\n**Bo** to bid or pass."
    assert fields["Bidding"] == (
        "**Ann** bid 🔢VII\nCurrent bid: 🔢VII by **Ann** — only a weaker numbers card may follow."
    )
    assert fields["Players"].splitlines()[4] == (
        "🟠 **Eve** (dealer) — ✋8 · tricks 0 · points 0 · chips 0"
    )
    assert fields["Recent moves"] == "**Ann** bid 🔢VII."
    assert [P.label(a, m.view(1)) for a in m.legal(1)] == ["Pass", "Bid 🔢II", "Bid 🔢V"]
    embed, fields = panel(m, 1)
    assert embed["description"] == "**Your decision:** Bid or pass."
    assert fields["Bidding"].startswith("Current bid: 🔢VII by **Ann**. You may bid a weaker")


HANDS = {
    0: ["n10", "n7", "p13"],
    1: ["n2", "mask", "p12"],
    2: ["n7", "n3", "lion"],
    3: ["n5", "n6", "zero"],
    4: ["n8", "n9", "mat"],
}


def test_the_partner_is_named_only_once_the_called_card_is_played():
    m = playing(
        HANDS, declarer=0, called="n7", dealer=4, tricks=[(0, ["p11", "bucket", "p15", "n1", "n4"])]
    )
    _, fields = table(m)
    assert fields["Called card"] == (
        "**Ann** is the declarer and called 🔢VII.\nPartner: secret until a 🔢VII is played."
    )
    assert fields["Last trick (1)"] == (
        "**Cy** took it: Ann 🖼️House → Bo 🖼️Bucket → Cy 🖼️Cuckoo → Dan 🔢I → Eve 🔢IIII"
    )
    assert "partner" not in fields["Players"] and "Points by side" not in fields
    assert "partner" not in str(table(m)[0])
    _, mine = panel(m, 2)
    assert mine["Your side"].startswith("**You are the partner** of **Ann**")
    assert "nobody else knows" in mine["Your side"]
    assert panel(m, 1)[1]["Your side"] == (
        "You are an **opponent** of **Ann** and of whoever holds the other 🔢VII."
    )
    for seat, key in ((2, "play:n3"), (3, "play:n5"), (4, "play:n8"), (0, "play:n10")):
        act(m, seat, key)
    _, fields = table(m)
    assert fields["Trick 2 of 8"] == "Cy 🔢III → Dan 🔢V → Eve 🔢VIII → Ann 🔢X"
    act(m, 1, "play:n2")
    act(m, 0, "play:n7")  # the declarer's copy reveals nothing
    act(m, 1, "play:mask")
    _, fields = table(m)
    assert "secret" in fields["Called card"] and "partner" not in fields["Players"]
    act(m, 2, "play:n7")
    _, fields = table(m)
    assert fields["Called card"].endswith("Partner: **Cy** (played a 🔢VII).")
    assert "**Cy** (partner) — ✋1" in fields["Players"]
    assert fields["Points by side"] == "Ann + Cy: 4 · opponents: 0 (10 of the 19 points win)"
    assert fields["Trick 3 of 8"] == "Ann 🔢VII → Bo 🖼️Mask → Cy 🔢VII"
    assert "everybody knows now" in panel(m, 2)[1]["Your side"]
    assert panel(m, 3)[1]["Your side"] == "You are an **opponent** of **Ann** and **Cy**."


def test_a_lone_declarer_is_not_revealed_before_playing_both_copies():
    hands = {
        0: ["n7", "n7", "p13"],
        1: ["n2", "mask", "p12"],
        2: ["n10", "n3", "lion"],
        3: ["n5", "n6", "zero"],
        4: ["n8", "n9", "mat"],
    }
    m = playing(hands, declarer=0, called="n7", dealer=4)
    act(m, 0, "play:n7")
    _, fields = table(m)
    assert "alone" not in str(fields) and "secret" in fields["Called card"]
    for seat in (1, 2, 3, 4):
        assert "alone" not in str(panel(m, seat)[1])
    assert "you play **alone**" in panel(m, 0)[1]["Your side"]
    for seat, key in (
        (1, "play:n2"),
        (2, "play:n10"),
        (3, "play:n5"),
        (4, "play:n8"),
        (2, "play:n3"),
        (3, "play:n6"),
        (4, "play:n9"),
        (0, "play:n7"),
    ):
        act(m, seat, key)
    _, fields = table(m)
    assert fields["Called card"].endswith("**Ann** plays alone (played both 🔢VII).")
    assert "**Ann** (declarer alone)" in fields["Players"]


def test_the_hand_shows_only_in_its_owners_panel():
    m = Match.new("cucco", 5, "panel", {"first_dealer": 4})
    _, fields = panel(m, 3)
    assert fields["Your hand"] == hand_text(m.view(3)["hand"])
    embed, _ = table(m)
    assert "Your hand" not in str(embed)
    for seat in range(5):
        for line in hand_text(m.view(seat)["hand"]).splitlines():
            assert line not in str(embed)


def test_settled_deals_and_final_chips_with_their_breakdown():
    m = Match.new("cucco", 5, "final", {"deals": 2, "first_dealer": 0})
    rnd = random.Random(3)
    while m.to_act():
        seat = m.to_act()[0]
        m.act(seat, rnd.choice(m.legal(seat)), m.seq)
    embed, fields = table(m)
    outcome = m.outcome()
    assert embed["description"] == "**Game over.**\n" + "\n".join(P.outcome_lines(outcome, NAMES))
    assert fields["Deals"].count("Chips: ") == 2 and "Players" not in fields
    outcome = {
        "scores": [4, -9, 1, 1, 3],
        "winners": [0],
        "reason": "deals",
        "breakdown": [
            {"chips": 4, "per_deal": [2, 2], "declared": 1},
            {"chips": -9, "per_deal": [-1, -8], "declared": 1},
            {"chips": 1, "per_deal": [-1, 2], "declared": 0},
            {"chips": 1, "per_deal": [-1, 2], "declared": 0},
            {"chips": 3, "per_deal": [1, 2], "declared": 0},
        ],
    }
    lines = P.outcome_lines(outcome, NAMES)
    assert lines[0] == "🏆 **Ann**: +4 chips (deals +2, +2 · declared 1)"
    assert lines[1] == "**Eve**: +3 chips (deals +1, +2 · declared 0)"
    assert lines[-1] == "**Bo**: -9 chips (deals -1, -8 · declared 1)"
    drawn = dict(outcome, winners=[], breakdown=[{"chips": 0, "per_deal": [0], "declared": 0}] * 5)
    assert P.outcome_lines(drawn, NAMES)[-1] == "Everybody is level: the match is drawn."


def test_deal_results_name_the_sides_the_count_and_the_chips():
    from games.cucco.presenter import deal_result

    record = {
        "deal": 2,
        "dealer": 1,
        "declarer": 3,
        "called": "p12",
        "partner": 0,
        "solo": False,
        "half_points": [19, 19],
        "recount": [41, 41],
        "result": "draw",
        "chips": [0, 0, 0, 0, 0],
    }
    assert deal_result(record, NAMES) == (
        "Deal 2: **Dan** called 🖼️Cat with **Ann** — drawn 9½ to 9½, recount 41 to 41.\n"
        "Chips: Ann 0 · Bo 0 · Cy 0 · Dan 0 · Eve 0"
    )
    alone = dict(
        record,
        partner=None,
        solo=True,
        half_points=[12, 26],
        recount=None,
        result="loss",
        chips=[2, 2, 2, -8, 2],
    )
    assert deal_result(alone, NAMES).startswith(
        "Deal 2: **Dan** called 🖼️Cat and played alone — lost 6 to 13."
    )


def test_long_names_over_a_long_match_stay_within_discords_limits():
    names = [f"{'W' * 30}{i}" for i in range(5)]
    m = Match.new("cucco", 5, "limits", {"deals": 20})
    rnd = random.Random(5)
    while m.to_act():
        if m.seq % 17 == 0:
            embed = P.table_embed(
                match_id=10**12,
                view=m.view(None),
                names=names,
                to_act=m.to_act(),
                recent=story_of(m, P, names)[-6:],
                outcome=None,
                seq=m.seq,
            )
            assert len(embed) <= 6000 and len(embed.fields) <= 25
            assert all(len(f.value) <= 1024 and len(f.name) <= 256 for f in embed.fields)
        seat = m.to_act()[0]
        m.act(seat, rnd.choice(m.legal(seat)), m.seq)
    embed = P.table_embed(
        match_id=1,
        view=m.view(None),
        names=names,
        to_act=(),
        recent=story_of(m, P, names),
        outcome=m.outcome(),
        seq=m.seq,
    )
    assert len(embed) <= 6000 and all(len(f.value) <= 1024 for f in embed.fields)


def test_the_panel_shows_the_bids_then_the_last_trick_and_every_players_count():
    m = Match.new("cucco", 5, "decide")
    opener = m.to_act()[0]
    bid = [a for a in m.legal(opener) if a.verb == "bid"][-1]  # the strongest: others may follow
    m.act(opener, bid, m.seq)
    nxt = m.to_act()[0]
    _, fields = panel(m, nxt)
    assert fields["Bids so far"] == f"**{NAMES[opener]}** bid {card(bid.args[0])}"
    assert fields["Players"].count("\n") == 4 and "chips 0" in fields["Players"]
    while m.view(None)["phase"] == "bidding":  # everybody else passes
        m.act(m.to_act()[0], "pass", m.seq)
    for _ in range(6):  # the first trick, and one card of the second
        seat = m.to_act()[0]
        m.act(seat, m.legal(seat)[0], m.seq)
    seat = m.to_act()[0]
    embed, fields = panel(m, seat)
    assert "Bids so far" not in fields
    assert fields["Last trick (1)"] == last_trick_text(m.view(seat), NAMES)
    assert fields["Last trick (1)"].count("→") == 4
    assert fields["Trick 2 of 8"].count("🔢") + fields["Trick 2 of 8"].count("🖼️") == 1
    assert "tricks 1" in fields["Players"]
    shown = str(embed)
    for other in range(5):
        if other != seat:
            assert hand_text(m.view(other)["hand"]) not in shown


def test_a_finished_panel_points_to_the_final_chips_on_the_table():
    match, rnd = Match.new("cucco", 5, "over", {"deals": 1}), random.Random(7)
    while not match.is_over():
        seat = rnd.choice(match.to_act())
        match.act(seat, rnd.choice(match.legal(seat)), match.seq)
    embed, _fields = panel(match, 0)
    assert embed["description"] == "The game is over — the table shows the final chips."
