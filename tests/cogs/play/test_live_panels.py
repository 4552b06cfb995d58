"""Open panels are kept current only while Discord lets the bot edit them,
and only when something changed for their owner."""

from datetime import timedelta
from types import SimpleNamespace

import discord

from cogs.play import live_panels
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


def test_a_kept_interaction_sheds_the_panel_it_was_clicked_on_and_can_still_edit():
    """What is kept per open panel for 14 minutes is light (the garbage
    collector walks it at every full collection): no clicked message, no
    answer's message, no helper pointing back at the whole interaction;
    but the token, application, channel and state that edit the panel."""
    real = object.__new__(discord.Interaction)  # (as discord.py makes them, minus a gateway)
    state, channel, message = object(), object(), object()
    for name, value in {
        "id": 1576245961674462717,
        "token": "token",
        "application_id": 42,
        "locale": discord.Locale.japanese,
        "_state": state,
        "_session": object(),
        "channel": channel,
        "message": message,
        "_original_response": object(),
        "_cs_response": object(),
    }.items():
        setattr(real, name, value)
    kept = live_panels.kept(real)
    assert kept is not real and kept.message is None and kept._original_response is None
    assert not hasattr(kept, "_cs_response")  # (computed again from the light copy if asked)
    assert (kept.token, kept.application_id, kept._state, kept.channel) == (
        "token",
        42,
        state,
        channel,
    )
    assert kept.locale is discord.Locale.japanese and kept.created_at == real.created_at
    assert real.message is message  # the click being answered keeps all it had
    panels = LivePanels()
    panels.shown(7, 11, real, ("seen",), 3)
    stored = panels.get(7, 11)
    assert stored is not None and stored.interaction.message is None
