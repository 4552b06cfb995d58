"""Only the clicker's own ephemeral panel may be replaced by a panel."""
from types import SimpleNamespace

import pytest

from cogs.tables import own_panel


def clicked(*, ephemeral: bool, shown_to: int | None, clicker: int = 7, message: bool = True):
    meta = None if shown_to is None else SimpleNamespace(user=SimpleNamespace(id=shown_to))
    msg = SimpleNamespace(flags=SimpleNamespace(ephemeral=ephemeral), interaction_metadata=meta)
    return SimpleNamespace(message=msg if message else None, user=SimpleNamespace(id=clicker))


def test_the_clickers_own_ephemeral_panel_is_theirs():
    assert own_panel(clicked(ephemeral=True, shown_to=7))


@pytest.mark.parametrize("inter", [
    clicked(ephemeral=False, shown_to=7),    # a public message (the table)
    clicked(ephemeral=False, shown_to=None),  # a message the bot posted itself
    clicked(ephemeral=True, shown_to=8),      # someone else's panel
    clicked(ephemeral=True, shown_to=None),   # ephemeral, but not shown to anyone we know
    clicked(ephemeral=True, shown_to=7, message=False),
])
def test_anything_else_is_not(inter):
    assert not own_panel(inter)


def test_a_move_then_the_draw_is_offered_in_one_click_only_where_the_engine_allows_it():
    from cogs.presenters import presenter_for
    from cogs.tables import Tables
    from tests.rules.oracle.helpers import act, position

    m = position(2, hands={0: ["g7", "b2"], 1: ["y1"]}, pawns={0: [0, 8, 8], 1: [15, 0, 0]},
                 oracle=5, deck=["b3", "y7", "u2"])
    act(m, 0, "play:g7")
    oracle = presenter_for("oracle")
    legal = m.legal(0)
    combos = Tables.combos(m, 0, legal, oracle, m.view(0))
    assert combos and all(label.endswith(", then draw") for _, label in combos)
    for key, _ in combos:  # each is a legal move, and then a legal draw
        twin = type(m).from_record(m.to_record())
        first, then = key.split("+")
        twin.act(0, first, twin.seq)
        twin.act(0, then, twin.seq)
    assert {k.split("+")[0] for k, _ in combos} <= {a.key() for a in legal}
    assert Tables.combos(m, 1, m.legal(1), oracle, m.view(1)) == []  # not their decision
    keltis = presenter_for("keltis")
    assert Tables.combos(m, 0, legal, keltis, m.view(0)) == []  # a game without `then`
