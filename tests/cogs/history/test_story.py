"""Moves in words for every game: each event the engine tells is worded (or
deliberately silent), no sentence shows a raw action key or an internal
code, and a seat handed over keeps its earlier holder's name on earlier
moves."""

from __future__ import annotations

import random
import re

import pytest

from cogs.history.story import (
    FINAL_RECENT_ACTIONS,
    names_by_history,
    recent_start,
    tell,
    turn_starts,
    turns,
)
from cogs.i18n import speaking
from cogs.presenters import presenter_for
from cogs.presenters.base import Presenter
from rules import Match, all_games
from storage import Holder, LoggedAction
from tests.cogs.presenters.story_helpers import EPOCH, played

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
    # at least four actions, from the start of the turn they fall in: B's whole turn
    assert recent_start(log, (1,)) == 2
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


# -- one turn, one sentence; one turn, one entry (issue 30) --------------------------

#: the most commas a turn's sentence may hold outside its parentheses. A
#: turn lists at most four things (what was played or moved, a second move,
#: and up to two draws: "A, B, C and D"); what a move set off and the dice go
#: in parentheses, a list of their own (joined by 、 in Japanese, which has
#: no "and"). Measured over these playouts: at most 3.
MAX_COMMAS = 3


def outside_parentheses(text: str) -> str:
    """`text` without what its parentheses (ASCII or full-width) hold."""
    return re.sub(r"[(（][^()（）]*[)）]", "", text)


def played_turns(game_id: str, players: int, seed: int):
    presenter = presenter_for(game_id)
    actions = played(game_id, players, seed)
    return presenter, actions, turns(presenter, actions)


def is_alone(presenter: Presenter, events: list[dict], text: str, names: list[str]) -> bool:
    """Is `text` the words of a phrase with no subject (the game ends, a deal)?"""
    for event in events:
        phrase = presenter.phrase(event, names)
        if phrase is not None and phrase.seat is None and phrase.text == text:
            return True
    return False


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id,players", CASES)
def test_every_turn_is_one_entry_of_one_sentence_without_then(game_id, players, lang):
    names = [f"Player{i}" for i in range(players)]
    with speaking(lang):
        for seed in range(SEEDS):
            presenter, _actions, cut = played_turns(game_id, players, seed)
            for turn in cut:
                events = [e for a in turn for e in a.events]
                for viewer in (None, turn[0].seat):
                    lines = tell(presenter, turn, lambda seq: names, viewer)
                    said = [
                        ln.text for ln in lines if not is_alone(presenter, events, ln.text, names)
                    ]
                    assert len(said) <= 1, f"{game_id}: a turn told as {said}"
                    if not said:
                        continue
                    text = said[0]
                    assert lines[0].text == text and lines[0].seq == turn[0].seq
                    assert text.endswith((".", "。")), text
                    # one full stop, at the end (none inside: "1. " or "。" mid-way)
                    assert ". " not in text and text.count("。") <= 1, text
                    assert " then " not in text and "続いて" not in text, text
                    main = outside_parentheses(text)
                    assert main.count(",") + main.count("、") <= MAX_COMMAS, text


def test_a_wishing_stone_turn_is_one_entry():
    names = ["Ann", "Bo"]
    stones = 0
    for seed in range(SEEDS):
        presenter, actions, cut = played_turns("keltis", 2, seed)
        story = tell(presenter, actions, lambda seq: names)
        for turn in cut:
            if not any(e["type"] == "stone" for a in turn for e in a.events):
                continue
            stones += 1
            [line] = [ln for ln in story if turn[0].seq <= ln.seq <= turn[-1].seq]
            assert line.seq == turn[0].seq
            assert "wishing stone" in line.text and "from the" in line.text  # and the draws
            # both cards ("discarded 🟤4, discarded 🔵4 (…)", or "discarded 🩷5 ×2 (…)")
            assert line.text.count("discarded") == 2 or "×2 (" in line.text
            assert line.text.endswith(".")
    assert stones, "the playouts take a wishing stone"


def test_a_trick_won_and_the_next_lead_are_two_turns():
    names = [f"P{i}" for i in range(5)]
    presenter, actions, cut = played_turns("cucco", 5, 2)
    assert all(len(turn) == 1 for turn in cut)  # every card is a turn of its own
    story = tell(presenter, actions, lambda seq: names)
    won = [ln.text for ln in story if "won trick" in ln.text]
    assert won and all(t.count("played") == 1 and t.index("played") < t.index("won") for t in won)


@pytest.mark.parametrize("game_id,players", CASES)
def test_the_recent_window_starts_at_a_turn_and_tells_the_story_s_last_entries(game_id, players):
    """At every point of seeded playouts, for the table (the seats owing)
    and for each seat's panel: the window begins where a turn begins, and
    what it tells is exactly the end of the whole story so far (no entry
    starts with a fragment of a turn)."""
    presenter: Presenter = presenter_for(game_id)
    names = [f"P{i}" for i in range(players)]
    for seed in range(2):
        match = Match.new(game_id, players, f"window-{game_id}-{players}-{seed}")
        rnd = random.Random(seed)
        actions: list[LoggedAction] = []
        while match.to_act():
            log = list(match.log)
            starts = set(turn_starts(log, presenter))
            whole = [ln.text for ln in tell(presenter, actions, lambda seq: names)]
            for owing in {tuple(match.to_act()), *((s,) for s in range(players))}:
                start = recent_start(log, owing, presenter)
                assert start in starts or start == len(log)
                window = [ln.text for ln in tell(presenter, actions[start:], lambda seq: names)]
                assert window == whole[len(whole) - len(window) :]
            seat = rnd.choice(match.to_act())
            key = rnd.choice(match.legal(seat)).key()
            events = match.apply_logged(seat, key)
            actions.append(LoggedAction(match.seq - 1, seat, key, events, EPOCH))


def test_the_window_reaches_back_to_the_start_of_a_turn_cut_by_the_minimum():
    # A takes a wishing stone (three actions), B plays and draws; A owes again:
    # the last four actions would start inside A's turn: the window has all of it
    log = [(0, "stone:y4:g4"), (0, "draw:deck"), (0, "draw:deck"), (1, "play"), (1, "draw")]
    assert recent_start(log, (0,)) == 0
    # a Cuttle one-off, its counters and the resolve are one turn: when the
    # last four actions begin at a counter, the window starts at the one-off
    cuttle = presenter_for("cuttle")
    log = [
        (0, "draw"),
        (1, "draw"),
        (0, "oneoff:6s"),
        (1, "counter:2c"),
        (0, "counter:2d"),
        (1, "resolve"),
        (1, "draw"),
    ]
    assert turn_starts(log, cuttle) == [0, 1, 2, 6]
    assert recent_start(log, (0,), cuttle) == 2
    assert recent_start(log, (0,)) == 3  # seat by seat, without the game's answers
