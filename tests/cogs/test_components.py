"""Which clicks discord.py hands to our items (the rest the bot answers itself),
and items rebuilt from a component of the wrong kind."""

from types import SimpleNamespace

import discord
import pytest

from cogs.components import will_dispatch
from cogs.history import extension as history
from cogs.hosting import extension as hosting
from cogs.hosting.lobby_button import LobbyButton
from cogs.play import extension as play
from cogs.play.buttons import ActionButton, ActionSelect, GroupSelect

#: every component the bot registers, from its three extensions
ITEMS = (*play.ITEMS, *hosting.ITEMS, *history.ITEMS)


def component(kind: int, custom_id: str):
    return SimpleNamespace(type=SimpleNamespace(value=kind), custom_id=custom_id)


def click(custom_id, kind=2, shown=None, message=True):
    rows = [SimpleNamespace(type=SimpleNamespace(value=1), children=shown or [])]
    return SimpleNamespace(
        data={"custom_id": custom_id, "component_type": kind},
        message=SimpleNamespace(components=rows) if message else None,
    )


@pytest.mark.parametrize(
    "custom_id,kind",
    [("g:1:2:draw:pile", 2), ("gs:1:2:0", 3), ("gg:1:2", 3), ("hand:1", 2), ("lobby:1:join", 2)],
)
def test_an_id_of_ours_shown_on_the_message_is_dispatched(custom_id, kind):
    assert will_dispatch(click(custom_id, kind, [component(kind, custom_id)]), ITEMS)


@pytest.mark.parametrize(
    "inter",
    [
        click("g:1:2:draw:pile", 2, []),  # not on the message
        click("g:1:2:draw:pile", 3, [component(2, "g:1:2:draw:pile")]),  # another kind than shown
        click("hand:1", 2, [component(2, "hand:1")], message=False),  # no message at all
        click("nonsense", 2, [component(2, "nonsense")]),  # no template of ours
        click("g:1:2:x", "2", [component(2, "g:1:2:x")]),  # a type that is no number
    ],
)
def test_every_other_click_is_left_to_the_bot_to_answer(inter):
    assert not will_dispatch(inter, ITEMS)


async def rebuilt(kind, custom_id: str, shown: discord.ui.Item):
    """The item discord.py makes of a click on `shown` (whose id `kind` claims)."""
    return await kind.from_custom_id(
        None, shown, kind.__discord_ui_compiled_template__.fullmatch(custom_id)
    )


def button(custom_id: str) -> discord.ui.Button:
    return discord.ui.Button(label="x", custom_id=custom_id)


def select(custom_id: str) -> discord.ui.Select:
    return discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="a")])


async def test_items_rebuilt_from_the_wrong_kind_of_component_are_marked_misfits():
    made = [
        await rebuilt(ActionSelect, "gs:1:2:0", button("gs:1:2:0")),
        await rebuilt(GroupSelect, "gg:1:2", button("gg:1:2")),
        await rebuilt(ActionButton, "g:1:2:k", select("g:1:2:k")),
        await rebuilt(LobbyButton, "lobby:1:join", select("lobby:1:join")),
    ]
    assert [m.misfit for m in made] == [True, True, True, True]
    fits = await rebuilt(ActionButton, "g:1:2:k", button("g:1:2:k"))
    assert not fits.misfit and (fits.match_id, fits.seq, fits.key) == (1, 2, "k")
