"""Four in a row's rules: a scenario test per rule id of its page (rules.md,
F-1 ...), named after it (`test_F2a_...`: the convention of
tests/rules/test_rule_ids.py, checked here on its own page), then the
host's registry-wide checks on it: the contract's random playouts, the
hidden-information check and the bots at every level with the default
policy. The game is registered for each test alone."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from four_in_a_row import GAME
from four_in_a_row.engine import COLUMNS, ROWS
from rules import BadOptions, IllegalAction, Match, all_games
from rules.bots import LEVELS, choose_action
from tests.rules import test_contract as contract
from tests.rules.test_hidden_contract import check_match

PAGE = Path(__file__).parents[1] / "rules.md"
#: whole games found by random play, columns from 0, one digit per drop
FULL_DRAW = "330254564223355224331121550404466660106011"
FULL_LAST_WINS = "622540464400611545423155216206211605033333"
TWO_LINES = "16124140253614263"  # the last disc makes a row and a diagonal


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(all_games(), GAME.id, GAME)


def play(match: Match, columns: str) -> list[dict]:
    """Drop into these columns in turn; the last drop's events."""
    events: list[dict] = []
    for column in columns:
        events = match.act(match.to_act()[0], f"drop:{column}", match.seq)
    return events


def new(seed: str = "f", **options) -> Match:
    return Match.new(GAME.id, 2, seed, options)


# -- the page's rule ids ----------------------------------------------------


def test_every_rule_id_on_the_page_has_a_scenario_test():
    ids = {p + n for p, n in re.findall(r"\b([A-Z])-(\d+[A-Za-z]?\d*)\b", PAGE.read_text())}
    words = {w for name in globals() if name.startswith("test_") for w in name.split("_")}
    assert ids and all(i.startswith("F") for i in ids)
    assert sorted(ids - words) == []


def test_F1_seven_columns_six_rows_twenty_one_discs_each():
    view = new().view(None)
    assert (view["columns"], view["rows"]) == (COLUMNS, ROWS) == (7, 6)
    assert view["board"] == [[] for _ in range(7)] and view["discs"] == [0, 0]
    assert GAME.max_actions == 42  # 21 discs each: a game is at most 42 drops


def test_F2_two_players_exactly_and_an_empty_board():
    assert (GAME.min_players, GAME.max_players) == (2, 2)
    assert not GAME.kind.chance and not GAME.kind.hidden_information
    assert not GAME.kind.simultaneous
    with pytest.raises(Exception):  # noqa: B017 - the registry refuses 3 players
        Match.new(GAME.id, 3, "three")


def test_F2a_the_first_seat_starts_unless_the_option_names_the_other():
    assert new().to_act() == (0,)
    assert new(first_player=1).to_act() == (1,)
    assert new(first_player=1).options == {"first_player": 1}
    with pytest.raises(BadOptions):
        new(first_player=2)
    # no lot: every seed sets up the same (the generator's own state aside)
    states = {json.dumps(new(f"seed-{n}").to_record()["snapshot"]["state"]) for n in range(5)}
    assert len(states) == 1


def test_F3_a_turn_is_one_drop_into_any_column():
    match = new()
    assert [a.key() for a in match.legal(0)] == [f"drop:{c}" for c in range(7)]
    assert match.legal(1) == []


def test_F3a_the_disc_is_the_movers_colour():
    match = new(first_player=1)
    events = play(match, "2")
    assert events == [{"type": "drop", "seat": 1, "column": 2, "row": 0}]
    assert match.view(None)["board"][2] == [1]


def test_F3b_the_disc_falls_to_the_lowest_empty_hole():
    match = new()
    play(match, "44")
    events = play(match, "4")
    assert events == [{"type": "drop", "seat": 0, "column": 4, "row": 2}]
    assert match.view(None)["board"][4] == [0, 1, 0]
    assert match.view(None)["last"] == [4, 2]


def test_F3c_a_full_column_cannot_be_chosen():
    match = new()
    play(match, "000000")
    assert "drop:0" not in {a.key() for a in match.legal(0)}
    assert len(match.legal(0)) == 6
    with pytest.raises(IllegalAction):
        match.act(0, "drop:0", match.seq)
    with pytest.raises(IllegalAction):
        match.act(0, "drop:7", match.seq)  # there is no eighth column


def test_F3d_no_passing_while_the_game_runs():
    match = new()
    assert {a.verb for a in match.legal(0)} == {"drop"}
    play(match, FULL_DRAW[:-1])
    assert [a.key() for a in match.legal(match.to_act()[0])] == [f"drop:{FULL_DRAW[-1]}"]


def test_F3e_turns_alternate():
    match = new()
    owed = []
    for column in "3344":
        owed.append(match.to_act()[0])
        play(match, column)
    assert owed == [0, 1, 0, 1] and match.to_act() == (0,)


def test_F4_four_across_wins():
    match = new()
    events = play(match, "0011223")
    assert events[1] == {"type": "line", "seat": 0, "cells": [[0, 0], [1, 0], [2, 0], [3, 0]]}
    assert match.outcome()["winners"] == [0]


def test_F4a_lines_run_across_up_and_along_both_diagonals():
    lines = {
        "0101010": [[0, 0], [0, 1], [0, 2], [0, 3]],  # up
        "01122323363": [[0, 0], [1, 1], [2, 2], [3, 3]],  # rising to the right
        "65544343303": [[3, 3], [4, 2], [5, 1], [6, 0]],  # falling to the right
    }
    for columns, cells in lines.items():
        match = new()
        events = play(match, columns)
        assert events[1] == {"type": "line", "seat": 0, "cells": cells}, columns


def test_F4a_three_or_four_apart_are_no_line():
    match = new()
    play(match, "001122")  # three across each
    assert match.outcome() is None
    match = new()
    play(match, "0616465")  # 0, 1, 4 and 6 of one row: not adjacent
    assert match.outcome() is None and match.view(None)["line"] == []


def test_F4b_the_game_ends_at_once_and_the_dropper_wins():
    match = new(first_player=1)
    events = play(match, "0101010")
    assert [e["type"] for e in events] == ["drop", "line", "over"]
    assert match.to_act() == () and match.legal(0) == match.legal(1) == []
    assert match.outcome()["winners"] == [1]
    assert match.view(None)["line"] == events[1]["cells"]


def test_F4c_a_line_of_five_is_shown_whole():
    match = new()
    events = play(match, "001133442")
    assert events[1]["cells"] == [[c, 0] for c in range(5)]


def test_F4c_two_lines_at_once_are_both_shown():
    match = new()
    events = play(match, TWO_LINES)
    row = [[1, 1], [2, 1], [3, 1], [4, 1]]
    diagonal = [[1, 3], [2, 2], [3, 1], [4, 0]]
    assert events[1]["cells"] == [list(c) for c in sorted({(c, r) for c, r in row + diagonal})]
    assert len(events[1]["cells"]) == 7  # the disc at [3, 1] is in both
    assert match.outcome()["winners"] == [0]


def test_F4d_the_last_hole_wins_when_it_makes_a_line():
    match = new()
    events = play(match, FULL_LAST_WINS)
    assert all(len(c) == 6 for c in match.view(None)["board"])
    assert [e["type"] for e in events] == ["drop", "line", "over"]
    assert match.outcome()["reason"] == "line" and match.outcome()["winners"] == [1]


def test_F5_a_full_board_without_a_line_is_a_draw():
    match = new()
    events = play(match, FULL_DRAW)
    assert [e["type"] for e in events] == ["drop", "full", "over"]
    assert match.to_act() == ()
    assert match.outcome() == {
        "scores": [0, 0],
        "breakdown": [{"discs": 21}, {"discs": 21}],
        "winners": [],
        "reason": "full",
    }


def test_F6_a_player_may_concede_and_the_other_wins():
    match = new()
    play(match, "33")
    events = match.concede(1, match.seq)  # not even owing the move
    assert events == [{"type": "concede", "seat": 1}, {"type": "over"}]
    assert match.outcome()["winners"] == [0] and match.outcome()["reason"] == "concede"


def test_F7_the_winner_scores_one_with_the_discs_dropped():
    match = new()
    play(match, "0101010")
    assert match.outcome() == {
        "scores": [1, 0],
        "breakdown": [{"discs": 4}, {"discs": 3}],
        "winners": [0],
        "reason": "line",
    }


# -- the host's checks on it ------------------------------------------------


def test_the_registry_wide_contract_holds():
    contract.test_random_playouts_keep_the_contract(GAME.id, 2)
    check_match(GAME, 2)  # nothing hidden: no place found, nothing fails


def test_a_replay_gives_the_same_game():
    match = new()
    play(match, TWO_LINES)
    record = json.loads(json.dumps(match.to_record()))
    assert Match.replay(record).snapshot() == match.snapshot()


@pytest.mark.parametrize("level", LEVELS)
def test_the_bots_play_it_with_the_default_policy(level):
    match = new(f"bots-{level}")
    while match.to_act():
        seat = match.to_act()[0]
        match.act(seat, choose_action(match, seat, level), match.seq)
    assert match.outcome() is not None
