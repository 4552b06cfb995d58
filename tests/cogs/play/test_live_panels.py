"""Open panels are kept current only while Discord lets the bot edit them,
and only when something changed for their owner."""

from datetime import timedelta
from types import SimpleNamespace

import discord

from cogs.play.live_panels import LIFETIME, LivePanels, digest


def shown(minutes_ago: float):
    return SimpleNamespace(created_at=discord.utils.utcnow() - timedelta(minutes=minutes_ago))


def test_only_panels_younger_than_discords_token_lifetime_are_editable():
    panels = LivePanels()
    panels.shown(1, 10, shown(1), ())
    panels.shown(1, 11, shown(LIFETIME.total_seconds() / 60 + 0.5), ())
    panels.shown(2, 10, shown(1), ())
    assert set(panels.editable(1)) == {10}
    assert set(panels.editable(1)) == {10}  # the expired one was dropped for good
    panels.forget(1, 10)
    assert panels.editable(1) == {} and set(panels.editable(2)) == {10}
    panels.forget(2)
    assert panels.editable(2) == {}


def test_a_panel_is_redrawn_for_its_owners_turn_hand_and_every_move_while_they_owe():
    view = {"hand": ["g7", "b2"]}
    waiting = digest(False, 5, [], view)
    assert waiting == digest(False, 9, [], view)  # a public move: nothing to redraw
    assert waiting != digest(True, 9, ["draw:deck"], view)  # their turn came
    assert waiting != digest(False, 9, [], {"hand": ["g7"]})  # their hand changed
    assert digest(True, 9, ["x"], view) != digest(True, 10, ["x"], view)  # buttons carry seq
