"""The components' table (cogs/component_table.py): every custom_id already
sent to Discord parses as it did when each component was a hand-written
class (the old templates are kept below), with typed fields, and is written
back the same; ids nobody wrote are refused; no two rows claim one id."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from cogs.component_table import MAX_CUSTOM_ID, Component, Spec, matching, number
from cogs.history import extension as history
from cogs.hosting import extension as hosting
from cogs.play import extension as play
from cogs.tournaments import extension as tournaments

#: every component the bot registers, from its extensions
ITEMS: tuple[type[Component], ...] = (
    *play.ITEMS,
    *hosting.ITEMS,
    *history.ITEMS,
    *tournaments.ITEMS,
)
BY_NAME = {item.__name__: item for item in ITEMS}

#: the templates of the hand-written classes the table replaced
OLD_TEMPLATES = {
    "ActionButton": r"g:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9}):(?P<key>[!-~]{1,60})",
    "ActionSelect": r"gs:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9})(?::(?P<part>[0-9]))?",
    "GroupSelect": r"gg:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9})",
    "HandButton": r"hand:(?P<mid>[0-9]{1,18})",
    "TurnButton": r"turn:(?P<mid>[0-9]{1,18})",
    "DieToggle": r"dt:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9}):(?P<mask>[0-9]{1,3}):(?P<die>[0-9])",
    "MarkSelect": r"mk:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9})",
    "ConcedeButton": r"cq:(?P<mid>[0-9]{1,18}):(?P<answer>yes|no)",
    "PanelButton": r"panel:(?P<mid>[0-9]{1,18})",
    "HintButton": r"hint:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9})",
    # (issue 42: written by the table from the start)
    "PlayHintButton": r"hp:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9}):(?P<key>[!-~]{1,60})",
    # (issue 42: the help's hosts' part)
    "HelpButton": r"help:(?P<part>hosts)",
    "LogButton": r"log:(?P<mid>[0-9]{1,18}):(?P<op>[fpnlo]):(?P<page>[0-9]{1,6})",
    "ReplayButton": r"rp:(?P<mid>[0-9]{1,18}):(?P<op>[fpnl]):(?P<step>[0-9]{1,6})",
    "LobbyButton": r"lobby:(?P<mid>[0-9]{1,18}):(?P<op>[a-z]{1,10})",
    "ForgetButton": r"forget:(?P<guild>[0-9]{1,20}):(?P<issued>[0-9]{1,12}):(?P<answer>yes|no)",
    "RulesSelect": r"rules",
    "RulesButton": r"rules:(?P<game>[a-z0-9_]{1,40})",
    "RematchButton": r"rm:(?P<mid>[0-9]{1,18})",
    "TournamentButton": r"tour:(?P<tid>[0-9]{1,18}):(?P<op>[a-z]{1,10})",
    # (issue 45: a lesson's Why?, the guide's ▶ Play it and the real match)
    "WhyButton": r"lw:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9})",
    "GuidePlayButton": r"lp:(?P<mid>[0-9]{1,18}):(?P<seq>[0-9]{1,9}):(?P<key>[!-~]{1,60})",
    "RealMatchButton": r"lr:(?P<mid>[0-9]{1,18})",
}

#: ids as sent, by the component that claims them, with their fields
SENT: list[tuple[str, str, dict[str, Any]]] = [
    ("g:1:2:draw:pile", "ActionButton", {"match_id": 1, "seq": 2, "key": "draw:pile"}),
    (
        "g:123456789012345678:987654321:play:g7",
        "ActionButton",
        {"match_id": 123456789012345678, "seq": 987654321, "key": "play:g7"},
    ),
    ("gs:1:2:0", "ActionSelect", {"match_id": 1, "seq": 2, "part": 0}),
    ("gs:7:30:3", "ActionSelect", {"match_id": 7, "seq": 30, "part": 3}),
    ("gg:1:2", "GroupSelect", {"match_id": 1, "seq": 2}),
    ("hand:1", "HandButton", {"match_id": 1}),
    ("turn:42", "TurnButton", {"match_id": 42}),
    ("dt:1:2:5:3", "DieToggle", {"match_id": 1, "seq": 2, "mask": 5, "die": 3}),
    ("mk:1:2", "MarkSelect", {"match_id": 1, "seq": 2}),
    ("cq:9:yes", "ConcedeButton", {"match_id": 9, "answer": "yes"}),
    ("cq:9:no", "ConcedeButton", {"match_id": 9, "answer": "no"}),
    ("panel:1", "PanelButton", {"match_id": 1}),
    ("hint:1:2", "HintButton", {"match_id": 1, "seq": 2}),
    ("hp:1:2:stop+move:b", "PlayHintButton", {"match_id": 1, "seq": 2, "key": "stop+move:b"}),
    ("help:hosts", "HelpButton", {"part": "hosts"}),
    ("log:1:o:0", "LogButton", {"match_id": 1, "op": "o", "page": 0}),
    ("log:1:n:12", "LogButton", {"match_id": 1, "op": "n", "page": 12}),
    ("rp:1:l:40", "ReplayButton", {"match_id": 1, "op": "l", "step": 40}),
    ("lobby:1:join", "LobbyButton", {"match_id": 1, "op": "join"}),
    ("lobby:1:botexpert", "LobbyButton", {"match_id": 1, "op": "botexpert"}),
    ("lobby:1:startnow", "LobbyButton", {"match_id": 1, "op": "startnow"}),
    ("lobby:1:bot", "LobbyButton", {"match_id": 1, "op": "bot"}),  # from before levels
    (
        "forget:123456789012345678:1700000000:yes",
        "ForgetButton",
        {"guild_id": 123456789012345678, "issued": 1700000000, "answer": "yes"},
    ),
    ("rules", "RulesSelect", {}),
    ("rules:keltis_dice", "RulesButton", {"game_id": "keltis_dice"}),
    ("rm:5", "RematchButton", {"match_id": 5}),
    ("tour:3:join", "TournamentButton", {"tournament_id": 3, "op": "join"}),
    ("lw:7:12", "WhyButton", {"match_id": 7, "seq": 12}),
    (
        "lp:7:12:play:b7+draw:deck",
        "GuidePlayButton",
        {"match_id": 7, "seq": 12, "key": "play:b7+draw:deck"},
    ),
    ("lr:7", "RealMatchButton", {"match_id": 7}),
]

#: ids none of ours ever wrote (forged, mangled, too long a field)
NOT_OURS = [
    "g:1:2:",  # no key
    "g:1:2:has space",
    "g:1:2:" + "k" * 61,
    "hp:1:2:",  # a hint's choice with no key
    "hp:1:2:" + "k" * 61,
    "g:x:2:k",
    "g:1234567890123456789:2:k",  # 19 digits
    "gs:1:2:10",
    "gs:1",
    "dt:1:2:1234:0",
    "dt:1:2:3:10",
    "cq:1:maybe",
    "hand:",
    "hand:-1",
    "log:1:x:0",
    "rp:1:o:0",  # a replay has no "open" button
    "lobby:1:JOIN",
    "lobby:1:averyveryverylongop",
    "forget:1:2:perhaps",
    "rules:",
    "rules:Keltis",
    "tour:1:",
    "nonsense",
    "",
]


def claimants(custom_id: str) -> list[str]:
    return [item.__name__ for item in ITEMS if item.claims(custom_id)]


def test_the_table_has_every_component_once_each_with_its_own_prefix() -> None:
    assert sorted(BY_NAME) == sorted(OLD_TEMPLATES)
    prefixes = [item.spec.prefix for item in ITEMS if item.__name__ != "RulesSelect"]
    assert len(set(prefixes)) == len(prefixes), prefixes
    # but the help's chooser, whose bare id ("rules") its older game buttons
    # extend ("rules:<game>"): no id is both (test_an_id_sent_parses_...)
    assert BY_NAME["RulesSelect"].spec.fields == ()
    assert BY_NAME["RulesSelect"].spec.prefix == BY_NAME["RulesButton"].spec.prefix


@pytest.mark.parametrize("custom_id, name, fields", SENT)
def test_an_id_sent_parses_as_before_into_typed_fields(
    custom_id: str, name: str, fields: dict[str, Any]
) -> None:
    assert claimants(custom_id) == [name]  # and nobody else's
    kind = BY_NAME[name]
    found = kind.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert found is not None
    assert kind.spec.parse(found) == fields
    assert [type(v) for v in kind.spec.parse(found).values()] == [type(v) for v in fields.values()]
    old = re.fullmatch(OLD_TEMPLATES[name], custom_id)
    assert old is not None and list(old.groups()) == list(found.groups())


@pytest.mark.parametrize("custom_id, name, fields", SENT)
def test_an_id_is_written_back_as_it_was_sent(
    custom_id: str, name: str, fields: dict[str, Any]
) -> None:
    assert BY_NAME[name].spec.custom_id(fields) == custom_id


def test_an_old_move_select_without_its_part_reads_as_part_zero() -> None:
    """Selects sent before a decision could take several of them."""
    select = BY_NAME["ActionSelect"]
    found = select.__discord_ui_compiled_template__.fullmatch("gs:1:2")
    assert found is not None and select.spec.parse(found) == {"match_id": 1, "seq": 2, "part": 0}


@pytest.mark.parametrize("custom_id", NOT_OURS)
def test_an_id_nobody_wrote_is_claimed_by_none_as_before(custom_id: str) -> None:
    assert claimants(custom_id) == []
    assert not any(re.fullmatch(t, custom_id) for t in OLD_TEMPLATES.values())


def test_a_component_is_built_with_its_id_and_fields() -> None:
    button = BY_NAME["ActionButton"](7, 3, "draw:pile", label="Draw")
    assert button.custom_id == "g:7:3:draw:pile" and button.item.label == "Draw"
    assert (button.match_id, button.seq, button.key) == (7, 3, "draw:pile")
    assert isinstance(button.item, discord.ui.Button) and not button.misfit
    select = BY_NAME["ActionSelect"](7, 3, options=[discord.SelectOption(label="a")])
    assert select.custom_id == "gs:7:3:0"  # its part always written
    with pytest.raises(AttributeError):
        _ = button.nothing_carried


@pytest.mark.parametrize(
    "name, fields",
    [
        ("ActionButton", (1, 2, "has space")),
        ("ActionButton", (1, 2, "k" * 61)),
        ("HandButton", (-1,)),
        ("HandButton", ("1",)),  # a field of the wrong type: it would read back as 1
        ("ConcedeButton", (1, "maybe")),
        ("LobbyButton", (1, "Join")),
    ],
)
def test_a_component_that_could_not_be_read_back_is_refused(name: str, fields: tuple) -> None:
    with pytest.raises(ValueError):
        BY_NAME[name](*fields)


def test_fields_missing_or_too_many_are_refused() -> None:
    with pytest.raises(TypeError):
        BY_NAME["HintButton"](1)
    with pytest.raises(TypeError):
        BY_NAME["HandButton"](1, 2)


def test_an_id_over_discords_limit_is_refused() -> None:
    async def nothing(interaction: Any, component: Any) -> None:
        return None

    spec = Spec(
        "Long",
        "long",
        (number("match_id", 18), matching("text", "[a-z]{1,200}")),
        discord.ui.Button,
        nothing,
        lambda custom_id, carried: discord.ui.Button(custom_id=custom_id),
    )
    longest = "a" * (MAX_CUSTOM_ID - len("long:1:"))
    assert len(spec.custom_id({"match_id": 1, "text": longest})) == MAX_CUSTOM_ID
    with pytest.raises(ValueError, match="100"):
        spec.custom_id({"match_id": 1, "text": longest + "a"})


async def test_a_click_rebuilds_the_clicked_component_with_its_fields() -> None:
    hand = BY_NAME["HandButton"]
    clicked: discord.ui.Button = discord.ui.Button(label="Mine", custom_id="hand:77")
    found = hand.__discord_ui_compiled_template__.fullmatch("hand:77")
    assert found is not None
    made = await hand.from_custom_id(None, clicked, found)  # type: ignore[arg-type]
    assert made.item is clicked and made.match_id == 77 and not made.misfit
