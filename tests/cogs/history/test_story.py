"""Moves in words for every game: each event the engine tells is worded (or
deliberately silent), no sentence shows a raw action key or an internal
code, and a seat handed over keeps its earlier holder's name on earlier
moves."""

from __future__ import annotations

import re

import pytest

from cogs.history.story import FINAL_RECENT_ACTIONS, names_by_history, recent_start, tell
from cogs.presenters import presenter_for
from cogs.presenters.base import Presenter
from rules import all_games
from storage import Holder
from tests.cogs.presenters.story_helpers import played

SEEDS = 4
CASES = [
    (gid, n) for gid, g in all_games().items() for n in range(g.min_players, g.max_players + 1)
]
# what must never reach a reader: action keys (play:g7, draw:deck), codes in
# snake case (goblin_row), Python's None, and unformatted templates
RAW = re.compile(r"\b[a-z_]+:[a-z0-9_:]+\b|\b[a-z]+_[a-z_]+\b|\bNone\b|[{}]")


@pytest.mark.parametrize("game_id,players", CASES)
def test_every_event_is_worded_and_no_line_shows_a_raw_code(game_id, players):
    presenter: Presenter = presenter_for(game_id)
    names = [f"Player{i}" for i in range(players)]
    for seed in range(SEEDS):
        actions = played(game_id, players, seed)
        for action in actions:
            for event in action.events:
                phrase = presenter.phrase(event, names)
                silent = event["type"] in presenter.silent_events
                assert (phrase is None) == silent, f"{game_id}: {event} has no words"
        for viewer in (None, *range(players)):
            lines = tell(presenter, actions, lambda seq: names, viewer)
            assert lines, "a whole match tells something"
            for line in lines:
                assert not RAW.search(line.text), f"{game_id}: raw code in {line.text!r}"
                assert len(line.text) <= 1000


def test_recent_moves_start_after_the_previous_turn_of_the_seat_to_act():
    log = [(0, "play"), (0, "draw")] + [(1, "step")] * 5 + [(0, "play")]
    assert recent_start(log, (0,)) == 2  # B's whole turn and A's turn in progress
    assert recent_start(log, (1,)) == 4  # A's play only, but at least four actions
    assert recent_start(log[:2], (1,)) == 0
    assert recent_start(log, ()) == max(0, len(log) - FINAL_RECENT_ACTIONS)
    long = [(i % 3, "x") for i in range(100)]
    assert 60 <= recent_start(long, (5,)) < 100  # never more than 40 actions back


def test_a_seat_handed_over_keeps_its_earlier_holder_on_earlier_moves():
    history = [
        Holder(0, 0, 11, None, "start"),
        Holder(1, 0, 12, None, "start"),
        Holder(1, 7, None, "bot", "conceded"),
    ]
    names = {11: "alice", 12: "bob", None: "🤖 Bot 2"}
    names_at = names_by_history(history, 2, lambda h: names[h.user_id])
    assert names_at(6) == ["alice", "bob"]
    assert names_at(7) == names_at(30) == ["alice", "🤖 Bot 2"]
