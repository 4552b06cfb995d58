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
