"""The example positions `/game rules` shows of this game (examples.py,
issue 45): each replays to a position in play where its caption holds,
cites this game's rules page and is translated; a change of the engine
that makes one illegal or false fails here."""

from __future__ import annotations

from tests.cogs.presenters.rules_pictures_helpers import check_examples


def test_the_rules_examples_replay_and_their_captions_hold():
    check_examples("cuttle")
