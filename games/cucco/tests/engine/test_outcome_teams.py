"""Z-8: the outcome names each settled deal's sides (declarer with partner,
or alone, against the rest) and which side won: what team ratings count."""

from __future__ import annotations

from games.cucco.engine.game import PLAYERS
from games.cucco.tests.engine.helpers import act, playing

# Tricks 1-7 of a deal where the declarer (seat 0) called I and seat 1 holds
# the other I; the last trick is led by seat 2 (who wins it).
EARLY = [
    (1, ["n10", "n2", "n3", "n4", "n1"]),
    (1, ["n9", "n5", "n6", "n7", "n8"]),
    (1, ["lion", "mask", "bucket", "zero", "mat"]),
    (1, ["p15", "p11", "p12", "p13", "p14"]),
    (1, ["n1", "n10", "n2", "n3", "n4"]),
    (2, ["n9", "n5", "n6", "n7", "n8"]),
    (2, ["lion", "mask", "bucket", "zero", "mat"]),
]
LAST = {2: "p15", 3: "p11", 4: "p12", 0: "p13", 1: "p14"}


def finish_deal(match) -> None:
    for seat in (2, 3, 4, 0, 1):
        act(match, seat, f"play:{LAST[seat]}")


def test_each_settled_deal_names_its_sides_and_the_winner():
    # Deal 1 (given as settled): seat 3 alone, lost. Deal 2, played here:
    # 9 1/2 points each, and the recount (42-40) goes to the declarer's side.
    early = (
        [(1, ["n10", "n2", "n4", "n4", "n1"])]
        + EARLY[1:4]
        + [(1, ["n1", "n10", "n2", "n3", "n3"])]
        + EARLY[5:]
    )
    match = playing(
        {s: [c] for s, c in LAST.items()}, declarer=0, called="n1", dealer=0, tricks=early, deals=2
    )
    match.state.history = [
        {
            "deal": 1,
            "dealer": 4,
            "declarer": 3,
            "called": "p12",
            "partner": None,
            "solo": True,
            "half_points": [16, 22],
            "recount": None,
            "result": "loss",
            "chips": [2, 2, 2, -8, 2],
        }
    ]
    finish_deal(match)
    out = match.outcome()
    history = match.view(None)["history"]
    assert history[-1]["result"] == "win" and history[-1]["partner"] == 1
    assert out["teams"] == [
        {"deal": 1, "declarer": 3, "partner": None, "winner": "opponents"},
        {"deal": 2, "declarer": 0, "partner": 1, "winner": "declarer"},
    ]


def test_a_drawn_deal_has_no_winning_side():
    match = playing(
        {s: [c] for s, c in LAST.items()}, declarer=0, called="n1", dealer=0, tricks=EARLY, deals=1
    )
    finish_deal(match)
    [deal] = match.outcome()["teams"]
    assert deal == {"deal": 1, "declarer": 0, "partner": 1, "winner": None}
    assert all(0 <= s < PLAYERS for s in (deal["declarer"], deal["partner"]))


def test_no_teams_before_the_first_deal_is_settled():
    match = playing(
        {s: [c] for s, c in LAST.items()}, declarer=0, called="n1", dealer=0, tricks=EARLY, deals=1
    )
    match.concede(3, match.seq)
    assert match.outcome()["teams"] == []
