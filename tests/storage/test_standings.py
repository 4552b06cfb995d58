"""Who gets which result, from seat history and outcome (storage/standings.py)."""

from __future__ import annotations

from storage.records import Holder
from storage.standings import Contest, Part, contests, parts, results

A, B, C, D, E = 11, 12, 13, 14, 15


def start(seat, user=None, bot=None):
    return Holder(seat, 0, user, bot, "start")


def test_a_leaver_loses_and_ranks_last_the_bot_after_them_gets_nothing():
    history = [start(0, A), start(1, B), Holder(1, 5, None, "bot", "conceded"), start(2, C)]
    outcome = {"scores": [10, 40, 20], "winners": [1]}  # the bot won bob's seat
    found = parts(history, 30)
    assert found == [Part(A, 0, 0, 30, False), Part(B, 1, 0, 5, True), Part(C, 2, 0, 30, False)]
    assert [(r.user_id, r.won, r.left) for r in results(found, outcome)] == [
        (A, False, False),
        (B, False, True),
        (C, False, False),
    ]
    assert contests(found, outcome) == [Contest(((C,), (A,), (B,)), (0, 1, 2))]


def test_kicked_and_forfeited_count_as_losses_replaced_shares_the_seat():
    history = [
        start(0, A),
        Holder(0, 3, D, None, "replaced"),
        start(1, B),
        Holder(1, 4, None, "bot", "kicked"),
        start(2, C),
        Holder(2, 6, None, "bot", "forfeited"),
    ]
    outcome = {"scores": [50, 60, 70], "winners": [0]}
    found = parts(history, 20)
    assert {(r.user_id, r.won, r.left) for r in results(found, outcome)} == {
        (A, True, False),
        (D, True, False),
        (B, False, True),
        (C, False, True),
    }
    [contest] = contests(found, outcome)
    assert contest == Contest(((A,), (D,), (B,), (C,)), (0, 0, 1, 1))


def test_an_engine_concession_between_two_is_a_leave():
    found = parts([start(0, A), start(1, B)], 9, conceded=[0])
    outcome = {"scores": [30, 5], "winners": [1]}
    assert [(r.user_id, r.won, r.left) for r in results(found, outcome)] == [
        (A, False, True),
        (B, True, False),
    ]
    assert contests(found, outcome) == [Contest(((B,), (A,)), (0, 1))]


def test_no_winner_ranks_by_score_ties_tie():
    found = parts([start(0, A), start(1, B), start(2, C)], 9)
    outcome = {"scores": [5, 9, 5], "winners": []}
    assert contests(found, outcome) == [Contest(((B,), (A,), (C,)), (0, 1, 1))]
    assert not any(r.won for r in results(found, outcome))


def test_one_person_in_two_seats_counts_once_by_the_worse():
    # A conceded seat 0, then a host put A in for C at seat 2 (which won)
    history = [
        start(0, A),
        Holder(0, 2, None, "bot", "conceded"),
        start(1, B),
        start(2, C),
        Holder(2, 4, A, None, "replaced"),
    ]
    outcome = {"scores": [1, 2, 3], "winners": [2]}
    found = parts(history, 10)
    assert [(r.user_id, r.won, r.left) for r in results(found, outcome)] == [
        (A, False, True),
        (B, False, False),
        (C, True, False),
    ]
    assert contests(found, outcome) == [Contest(((C,), (B,), (A,)), (0, 1, 2))]


def test_bots_are_never_rated_one_person_alone_is_no_contest():
    found = parts([start(0, A), start(1, bot="bot"), start(2, bot="bot")], 9)
    outcome = {"scores": [1, 2, 3], "winners": [2]}
    assert contests(found, outcome) == []
    assert [(r.user_id, r.won) for r in results(found, outcome)] == [(A, False)]


def test_an_outcome_without_scores_still_counts_winners_one_without_a_result_is_not_rated():
    found = parts([start(0, A), start(1, B)], 3)
    assert contests(found, {"winners": [1]}) == [Contest(((B,), (A,)), (0, 1))]
    assert contests(found, {"reason": "a moderator ended it"}) == []
    assert [r.won for r in results(found, {})] == [False, False]


# -- Cucco: sides per settled deal ------------------------------------------------------


def cucco(*teams):
    return {"scores": [0] * 5, "winners": [], "teams": list(teams)}


def deal(declarer, partner, winner):
    return {"deal": 1, "declarer": declarer, "partner": partner, "winner": winner}


def test_each_deal_rates_the_declarers_side_against_the_rest():
    history = [start(i, u) for i, u in enumerate((A, B, C, D, E))]
    outcome = cucco(deal(0, 1, "declarer"), deal(2, None, "opponents"), deal(3, 4, None))
    assert contests(parts(history, 30), outcome, [9, 19, 29]) == [
        Contest(((A, B), (C, D, E)), (0, 1)),
        Contest(((A, B, D, E), (C,)), (0, 1)),
        Contest(((A, B, C), (D, E)), (0, 0)),  # drawn: a tie
    ]


def test_a_leaver_is_alone_and_last_in_the_deal_they_left_bots_are_left_out():
    # B leaves during deal 2 (seqs 10-19); user 16 replaces C during deal 1,
    # so both are credited with seat 2's side in deal 1
    history = [
        start(0, A),
        start(1, B),
        Holder(1, 12, None, "bot", "conceded"),
        start(2, C),
        Holder(2, 4, 16, None, "replaced"),
        start(3, D),
        start(4, bot="bot"),
    ]
    outcome = cucco(deal(0, 2, "declarer"), deal(3, 1, "declarer"), deal(1, 4, "opponents"))
    found = parts(history, 30)
    assert contests(found, outcome, [9, 19, 29]) == [
        Contest(((A, C, 16), (B, D)), (0, 1)),
        Contest(((D,), (A, 16), (B,)), (0, 1, 2)),
        # deal 3: the declarer's side is all bots, so no contest
    ]


def test_a_leave_between_deals_counts_in_the_next_deal():
    history = [start(0, A), Holder(0, 10, None, "bot", "kicked"), start(1, B), start(2, C)] + [
        start(3, bot="bot"),
        start(4, bot="bot"),
    ]
    outcome = cucco(deal(0, 1, "opponents"), deal(2, 3, "declarer"))
    assert contests(parts(history, 20), outcome, [9, 19]) == [
        Contest(((C,), (A, B)), (0, 1)),
        Contest(((C,), (B,), (A,)), (0, 1, 2)),
    ]


def test_deals_whose_seqs_are_unknown_are_not_rated():
    history = [start(i, u) for i, u in enumerate((A, B, C, D, E))]
    assert contests(parts(history, 30), cucco(deal(0, 1, "declarer")), []) == []
