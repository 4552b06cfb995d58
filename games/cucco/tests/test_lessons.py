"""Cucco in a learn match (issue 45): the kind of decision a seat faces
(bidding, which names the called card, Z-3; leading a trick or playing to
one, Z-5), and the review of the learner's chips and deals as declarer
(Z-7, Z-8)."""

from __future__ import annotations

from cogs.i18n import speaking
from cogs.presenters import presenter_for
from rules import Match
from tests.rules.playout import play_out

P = presenter_for("cucco")  # registers the game's catalogue too


def test_bidding_then_a_lead_then_the_others_follow():
    m = Match.new("cucco", 5, "learn", {"first_dealer": 4, "deals": 1})
    assert m.decision_kind(0) == "bid"
    assert all(m.decision_kind(seat) is None for seat in range(1, 5))
    strongest = [a for a in m.legal(0) if a.verb == "bid"][-1]  # a weaker bid may follow
    m.act(0, strongest, m.seq)
    for seat in range(1, 5):
        assert m.decision_kind(seat) == "bid"
        m.act(seat, "pass", m.seq)
    assert m.decision_kind(0) == "lead"  # the seat after the dealer leads (Z-5)
    m.act(0, m.legal(0)[0], m.seq)
    assert m.decision_kind(1) == "follow" and m.decision_kind(0) is None


def outcome(declared: int, teams: list[dict]) -> dict:
    breakdown = [{"chips": c, "declared": 0} for c in (3, -2, 5, -4, -2)]
    breakdown[1]["declared"] = declared
    return {"scores": [b["chips"] for b in breakdown], "breakdown": breakdown, "teams": teams}


def test_the_review_counts_deals_won_as_declarer():
    teams = [
        {"declarer": 1, "partner": 2, "winner": "declarer"},
        {"declarer": 1, "partner": None, "winner": "opponents"},
        {"declarer": 0, "partner": 1, "winner": "declarer"},
    ]
    chips, declared = P.learn_review({}, outcome(2, teams), 1)
    assert chips == "You finished with a chip total of -2; the best was 5 (Z-8)."
    assert declared == "You were the declarer in 2 deals and won 1 of them (Z-7)."
    with speaking("ja"):
        chips, declared = P.learn_review({}, outcome(2, teams), 1)
    assert "合計-2" in chips and "2回のディール" in declared and "1回勝ち" in declared


def test_the_review_of_a_learner_who_never_declared():
    _chips, declared = P.learn_review({}, outcome(0, []), 1)
    assert declared.startswith("You never became the declarer")


def test_the_review_of_a_finished_match_reads_its_outcome():
    m = play_out("cucco", 5, "learn-review", rnd_seed=5, options={"deals": 2})
    result = m.outcome()
    assert result is not None
    for seat in range(5):
        chips, declared = P.learn_review(m.view(seat), result, seat)
        assert f"chip total of {result['scores'][seat]};" in chips
        n = sum(1 for h in m.view(seat)["history"] if h["declarer"] == seat)
        if n:
            assert declared.startswith(f"You were the declarer in {n} deal")
        else:
            assert declared.startswith("You never became the declarer")
