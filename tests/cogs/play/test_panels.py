"""Every legal action of every game is reachable within Discord's limits."""

import random

import discord
import pytest

from cogs.component_table import Component
from cogs.play.buttons import ActionButton, ActionSelect, DieToggle, GroupSelect, MarkSelect
from cogs.play.hand_panels import COMBO, combos
from cogs.play.panels import PANEL_BUTTONS, panel_view, table_view
from cogs.presenters import presenter_for
from rules import Action, Match, all_games


def reachable_keys(view: discord.ui.View, presenter, legal, state, match_id, seq) -> set[str]:
    """Every action key a player can reach from `view`; a move of several
    keys joined by `+` counts as its first, toggles are tried in every
    state, and a marking select with every choice of its options."""
    keys = set()
    toggles = [i for i in view.children if isinstance(i, DieToggle)]
    if toggles and toggles[0].mask == 0:
        for mask in range(1, 1 << len(toggles)):
            marked = panel_view(presenter, match_id, seq, legal, state, mask=mask)
            keys |= reachable_keys(marked, presenter, legal, state, match_id, seq)
    for item in view.children:
        if isinstance(item, ActionButton):
            keys.add(item.key.split("+")[0])
        elif isinstance(item, ActionSelect):
            keys |= {o.value.split(COMBO)[0] for o in item.item.options}
        elif isinstance(item, MarkSelect):
            for mask in range(1, 1 << len(item.item.options)):
                keys |= {k.split(COMBO)[0] for k, _ in presenter.toggle_moves(state, mask)[:1]}
        elif isinstance(item, GroupSelect):
            for option in item.item.options:
                sub = panel_view(presenter, match_id, seq, legal, state, group=option.value)
                keys |= reachable_keys(sub, presenter, legal, state, match_id, seq)
    return keys


def assert_within_limits(view: discord.ui.View) -> None:
    rows: dict[int, list] = {}
    for item in view.children:
        assert isinstance(item, discord.ui.DynamicItem)  # every component is restart-proof
        rows.setdefault(item.item.row, []).append(item)
        assert 1 <= len(item.custom_id) <= 100
        label = getattr(item.item, "label", None)
        assert label is None or len(label) <= 80
        if isinstance(item, (ActionSelect, GroupSelect, MarkSelect)):
            assert 1 <= len(item.item.options) <= 25
            assert all(len(o.label) <= 100 and len(o.value) <= 100 for o in item.item.options)
    assert len(rows) <= 5 and all(0 <= r <= 4 for r in rows)
    for items in rows.values():
        weights = sum(
            5 if isinstance(i, (ActionSelect, GroupSelect, MarkSelect)) else 1 for i in items
        )
        assert weights <= 5


@pytest.mark.parametrize("game_id", list(all_games()))
def test_every_legal_action_is_reachable_from_the_panel(game_id):
    game = all_games()[game_id]
    presenter = presenter_for(game_id)
    for players in range(game.min_players, game.max_players + 1):
        match = Match.new(game_id, players, f"panels-{players}")
        rnd = random.Random(players)
        mid = 123456789012
        while match.to_act():
            for seat in match.to_act():
                legal = match.legal(seat)
                state = match.view(seat)
                joined = combos(match, seat, legal, presenter, state)
                view = panel_view(presenter, mid, match.seq, legal, state, combos=joined)
                assert_within_limits(view)
                offered = [i.key for i in view.children if isinstance(i, ActionButton)] + [
                    o.value
                    for i in view.children
                    if isinstance(i, ActionSelect)
                    for o in i.item.options
                ]
                for key in offered:  # a move of several steps is legal step by step
                    if COMBO in key:
                        twin = Match.from_record(match.to_record())
                        for part in key.split(COMBO):
                            twin.act(seat, part, twin.seq)
                assert reachable_keys(view, presenter, legal, state, mid, match.seq) == {
                    a.key() for a in legal
                }
            public = [a for s in match.to_act() for a in match.legal(s) if presenter.is_public(a)]
            table = table_view(
                presenter, mid, match.seq, list(dict.fromkeys(public)), match.view(None), over=False
            )
            assert_within_limits(table)
            seat = rnd.choice(match.to_act())
            match.act(seat, rnd.choice(match.legal(seat)), match.seq)
        over = table_view(presenter, mid, match.seq, [], match.view(None), over=True, replay=True)
        assert [c.custom_id for c in over.children] == [
            f"log:{mid}:o:0",
            f"rp:{mid}:f:0",
            f"rm:{mid}",
        ]


def move_buttons(view: discord.ui.View) -> list[Component]:
    return [i for i in view.children if isinstance(i, ActionButton)]


@pytest.mark.parametrize("game_id", list(all_games()))
def test_a_panel_is_no_wall_of_buttons_and_keeps_every_whole_turn_one_click(game_id):
    """At most one row of move buttons (PANEL_BUTTONS); a longer list is a
    select. Every usual whole turn (`combos` of tier 0: `turn_tier`) is
    still one click: a button or an option of a list, not behind a card's
    select; every other one is one click there or in its card's panel
    (one without a card may be left to its decisions one by one, beside
    the whole turns that fit). A
    game with short lists of moves gets buttons for them (a game whose
    every decision is a longer list has none)."""
    game = all_games()[game_id]
    presenter = presenter_for(game_id)
    most, short = 0, False
    for players in (game.min_players, game.max_players):
        match = Match.new(game_id, players, f"walls-{players}")
        rnd = random.Random(players)
        while match.to_act():
            seat = match.to_act()[0]
            legal, state = match.legal(seat), match.view(seat)
            joined = combos(match, seat, legal, presenter, state)
            view = panel_view(presenter, 1, match.seq, legal, state, combos=joined)
            if not presenter.toggles(state):  # a decision made by marking: its own layout
                buttons = move_buttons(view)
                assert len(buttons) <= PANEL_BUTTONS
                assert len({b.item.row for b in buttons}) <= 1
                most = max(most, len(buttons))
                short |= len(legal) <= PANEL_BUTTONS
                offered = {b.key for b in buttons} | {
                    o.value
                    for i in view.children
                    if isinstance(i, ActionSelect)
                    for o in i.item.options
                }
                usual = {k for k, _label in joined if presenter.turn_tier(k.split(COMBO)) == 0}
                assert usual <= offered
                for key in {k for k, _label in joined} - offered:
                    group = presenter.group(Action.parse(key.split(COMBO)[0]))
                    if group is None:  # no card to pick: its decisions one by one
                        assert {k for k, _l in joined} & offered or not usual, key
                        continue
                    starts = [a for a in legal if presenter.group(a) == group]
                    own = combos(match, seat, starts, presenter, state)
                    sub = panel_view(presenter, 1, match.seq, legal, state, group, combos=own)
                    assert key in {b.key for b in move_buttons(sub)} | {
                        o.value
                        for i in sub.children
                        if isinstance(i, ActionSelect)
                        for o in i.item.options
                    }
            match.act(seat, rnd.choice(legal), match.seq)
    assert most > 0 or not short  # the short lists are still buttons


def test_keltis_opening_panel_is_two_lists_not_sixteen_buttons():
    """The issue's example: a Keltis hand of 8 cards offered 16 buttons
    (play or discard each card, then draw); now one list of whole turns,
    one select of the cards for the rarer paths, and Refresh."""
    presenter = presenter_for("keltis")
    match = Match.new("keltis", 2, "walls")
    seat = match.to_act()[0]
    legal, state = match.legal(seat), match.view(seat)
    view = panel_view(
        presenter, 1, match.seq, legal, state, combos=combos(match, seat, legal, presenter, state)
    )
    kinds = [type(i).__name__ for i in view.children]
    assert kinds == ["ActionSelect", "GroupSelect", "PanelButton"]
    [turns] = [i for i in view.children if isinstance(i, ActionSelect)]
    assert turns.item.placeholder == "Play or discard a card, then draw…"
    assert all(o.label.endswith(", then draw") for o in turns.item.options)
