"""The log's pages: every public event of a whole match is in some page,
pages keep to Discord's limits, and a page or step asked for is kept in
range (old buttons may point past the end)."""

from __future__ import annotations

import random

import pytest

from cogs.history.logbook import PAGE_CHARS, paginate, pick
from cogs.history.story import Line, tell
from cogs.presenters import presenter_for
from rules import all_games
from rules.core.events import is_public
from tests.cogs.presenters.story_helpers import played


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_every_public_event_of_a_match_is_in_the_log(game_id):
    game = all_games()[game_id]
    presenter = presenter_for(game_id)
    for players in (game.min_players, game.max_players):
        names = [f"P{i}" for i in range(players)]
        actions = played(game_id, players, 2)
        pages = paginate(tell(presenter, actions, lambda seq, names=names: names))
        assert all(len(page) <= PAGE_CHARS for page in pages)
        text = "\n".join(pages)
        for action in actions:
            for event in filter(is_public, action.events):
                phrase = presenter.phrase(event, names)
                if phrase is not None:
                    assert phrase.text in text, f"{game_id}: {event} is missing from the log"


def test_pages_break_between_lines_and_number_them_by_move():
    rnd = random.Random(3)
    lines = [Line(seq, "x" * rnd.randrange(10, 900)) for seq in range(60)]
    pages = paginate(lines, limit=2000)
    assert len(pages) > 5 and all(len(p) <= 2000 for p in pages)
    entries = [e for p in pages for e in p.split("\n")]
    assert [int(e[1:4]) for e in entries] == [line.seq + 1 for line in lines]
    assert paginate([]) == [""]


def test_a_page_or_step_asked_for_is_kept_in_range():
    assert pick(5, None) == 4 and pick(5, 2) == 2
    assert pick(5, 99) == 4 and pick(5, -3) == 0 and pick(1, 7) == 0
