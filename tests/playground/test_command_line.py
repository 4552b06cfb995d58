"""A slash command typed in the playground's box, as the fake's ``slash`` takes it."""

from __future__ import annotations

import pytest

from playground.command_line import CommandLineError, parse


def test_a_typed_line_becomes_the_command_and_its_options():
    commands = [
        {
            "name": "game",
            "options": [
                {
                    "name": "new",
                    "type": 1,
                    "options": [
                        {
                            "name": "game",
                            "type": 3,
                            "choices": [{"name": "Keltis dice game", "value": "keltis_dice"}],
                        },
                        {"name": "bots", "type": 4},
                        {"name": "here", "type": 5},
                        {"name": "policy", "type": 3},
                    ],
                },
                {"name": "kick", "type": 1, "options": [{"name": "member", "type": 6}]},
            ],
        }
    ]
    assert parse("/game new game:keltis dice game bots:2 here:true", commands) == (
        "game new",
        {"game": "keltis_dice", "bots": 2, "here": True},
    )
    assert parse("/game new policy:keep waiting", commands) == (
        "game new",
        {"policy": "keep waiting"},
    )
    found = parse("/game kick member:@bob", commands, lambda kind, name: f"<{kind} {name}>")
    assert found == ("game kick", {"member": "<6 bob>"})
    with pytest.raises(CommandLineError, match="nobody or nothing called"):
        parse("/game kick member:@nobody", commands, lambda kind, name: None)
