"""The option gate (issue 43), over the real bot's command tree: every
option of every command, current and future (the tree is walked, nothing
listed), is sent every kind of value no client sends; each is answered
privately, once, naming the option, no handler runs, nothing is stored, and
nothing is logged as an error. What a client does send passes the gate."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from copy import deepcopy
from typing import Any

import discord
import pytest
from discord import AppCommandOptionType as Kind
from discord import app_commands

from cogs import replies
from cogs.app import EXTENSIONS, GameHost, make_clock
from cogs.config import Config
from cogs.i18n import pgettext, speaking
from cogs.option_gate import INT64, MAX_TEXT, int_range, text_range
from storage import SqliteStore
from tests.cogs.helpers import MockInteraction

#: ids the payloads' `resolved` holds, by kind (Discord's shapes, trimmed)
IDS = {Kind.user: "101", Kind.role: "102", Kind.channel: "103", Kind.attachment: "104"}
IDS[Kind.mentionable] = IDS[Kind.user]
RESOLVED = {
    "users": {"101": {"id": "101", "username": "ann", "discriminator": "0", "avatar": None}},
    "roles": {"102": {"id": "102", "name": "hosts", "permissions": "0", "position": 1}},
    "channels": {"103": {"id": "103", "type": 0, "name": "games", "permissions": "0"}},
    "attachments": {
        "104": {
            "id": "104",
            "filename": "a.txt",
            "size": 1,
            "url": "https://x/a.txt",
            "proxy_url": "https://x/a.txt",
        }
    },
}
#: the kinds of value, each wrong for every option but those of the types named
KINDS: dict[str, tuple[Any, tuple[Kind, ...]]] = {
    "bool": (True, (Kind.boolean,)),
    "2**63": (2**63, ()),
    "-2**63-1": (-(2**63) - 1, ()),
    "float": (1.5, (Kind.number,)),
    "list": ([1], ()),
    "dict": ({"a": 1}, ()),
    "null": (None, ()),
    "str": ("x", (Kind.string,)),
    "int": (5, (Kind.integer, Kind.number)),
    "nested list in a bool": ([[True]], ()),
    "over-long string": ("x" * (MAX_TEXT + 1), ()),
}


@pytest.fixture
async def bot(tmp_path):
    """The bot's tree as setup_hook builds it (no sync), its error handler set."""
    config = Config(token="t", database_path=tmp_path / "games.db")
    store = await SqliteStore.open(config.database_path)
    host = GameHost(config, store, make_clock(config))
    for setup in EXTENSIONS:
        await setup(host, host.game_group, host.services)
    host.tree.on_error = host.on_app_command_error
    try:
        yield host
    finally:
        await store.close()


def commands_of(tree: app_commands.CommandTree) -> list[app_commands.Command]:
    found: list[app_commands.Command] = []
    for top in tree.get_commands():
        if isinstance(top, app_commands.Command):
            found.append(top)
        elif isinstance(top, app_commands.Group):
            found.extend(c for c in top.walk_commands() if isinstance(c, app_commands.Command))
    return found


def good(param: app_commands.Parameter) -> Any:
    """A value a client would send."""
    if param.choices:
        return param.choices[0].value
    if param.type is Kind.integer:
        return max(int_range(param)[0], 1)
    if param.type is Kind.number:
        return 1.0 if param.min_value is None else float(param.min_value)
    if param.type is Kind.string:
        return "x" * max(text_range(param)[0], 1)
    if param.type is Kind.boolean:
        return True
    return IDS[param.type]


def option(param: app_commands.Parameter, value: Any, kind: int | None = None) -> dict:
    return {"name": param.display_name, "type": kind or param.type.value, "value": value}


def payload(command: app_commands.Command, options: list[dict]) -> dict:
    """`data` of the command, nested in its groups, as the gateway sends it."""
    top, *path = command.qualified_name.split()
    if path:
        node = {"name": path[-1], "type": 1, "options": options}
        for group in reversed(path[:-1]):
            node = {"name": group, "type": 2, "options": [node]}
        options = [node]
    return {"id": "1", "name": top, "type": 1, "options": options, "resolved": deepcopy(RESOLVED)}


def others(command: app_commands.Command, name: str | None) -> list[dict]:
    """Every required option but `name`, as a client sends it."""
    return [option(p, good(p)) for p in command.parameters if p.required and p.name != name]


def may_fit(param: app_commands.Parameter, value: Any, fits: tuple[Kind, ...]) -> bool:
    """Might the value be right for the option? (its type, range, length)"""
    if param.type not in fits or param.choices:
        return False
    if param.type is Kind.integer:
        low, high = int_range(param)
        return low <= value <= high
    if param.type is Kind.string:
        low, high = text_range(param)
        return low <= len(value) <= high
    return True


def forged(command: app_commands.Command) -> Iterator[tuple[str, str, list[dict]]]:
    """(option named, what is wrong, the command's options) for every bad
    value of every option, and the command's own wrongs."""
    for param in command.parameters:
        rest = others(command, param.name)
        for label, (value, fits) in KINDS.items():
            if may_fit(param, value, fits):
                continue
            yield param.display_name, label, [*rest, option(param, value)]
        if param.type in (Kind.integer, Kind.number):
            low, high = param.min_value, param.max_value
            if low is not None:
                yield param.display_name, "below range", [*rest, option(param, low - 1)]
            if high is not None:
                yield param.display_name, "above range", [*rest, option(param, high + 1)]
        if param.type is Kind.string:
            low_len, high_len = text_range(param)
            too_long = "y" * (high_len + 1)
            yield param.display_name, "too long", [*rest, option(param, too_long)]
            if low_len > 0:
                yield param.display_name, "too short", [*rest, option(param, "")]
        if param.choices:
            other = "not-a-choice" if param.type is Kind.string else 10**9
            yield param.display_name, "not a choice", [*rest, option(param, other)]
        if param.type in IDS:
            yield param.display_name, "unresolved id", [*rest, option(param, "4242")]
        wrong_kind = Kind.string.value if param.type is not Kind.string else Kind.integer.value
        yield param.display_name, "kind", [*rest, option(param, good(param), wrong_kind)]
        twice = [option(param, good(param))] * 2
        yield param.display_name, "twice", [*rest, *twice]
        if param.required:
            yield param.display_name, "missing", rest
    all_good = [option(p, good(p)) for p in command.parameters if p.required]
    yield "zz_unknown", "unknown option", [*all_good, {"name": "zz_unknown", "type": 4, "value": 1}]


async def run(tree: app_commands.CommandTree, interaction) -> None:
    """What the tree does with an interaction (its `_from_interaction`)."""
    try:
        await tree._call(interaction)
    except app_commands.AppCommandError as exc:
        await tree._dispatch_error(interaction, exc)


def command_interaction(data: dict, locale=discord.Locale.american_english) -> MockInteraction:
    inter = MockInteraction(kind=discord.InteractionType.application_command, locale=locale)
    inter.data = data
    return inter


def dump(path) -> list[str]:
    with sqlite3.connect(path) as db:
        return list(db.iterdump())


async def test_every_bad_value_of_every_option_is_refused_by_name(bot, caplog, monkeypatch):
    ran: list[str] = []

    async def handler(self, interaction, namespace):
        ran.append(self.qualified_name)

    monkeypatch.setattr(app_commands.Command, "_invoke_with_namespace", handler)
    caplog.set_level(logging.WARNING)
    commands = commands_of(bot.tree)
    before = dump(bot.config.database_path)
    sent, wrong = 0, []
    for command in commands:
        for name, label, options in forged(command):
            inter = command_interaction(payload(command, options))
            await run(bot.tree, inter)
            sent += 1
            answers = inter.answers()
            if len(answers) != 1 or not inter.private() or f"`{name}`" not in answers[0][1]:
                wrong.append((command.qualified_name, name, label, answers))
    options = sum(len(c.parameters) for c in commands)
    print(f"\n{len(commands)} commands, {options} options, {sent} forged payloads")
    assert wrong == [], "\n".join(map(str, wrong))
    assert ran == []  # no handler ran
    assert dump(bot.config.database_path) == before
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert len(commands) >= 30 and options >= 50  # the whole tree, tournament and season too
    assert {"game tournament standings", "game config", "game season list"} <= {
        c.qualified_name for c in commands
    }


async def test_what_a_client_sends_passes_the_gate(bot):
    for command in commands_of(bot.tree):
        every = [option(p, good(p)) for p in command.parameters]
        for options in (others(command, None), every):
            inter = command_interaction(payload(command, options))
            assert await bot.tree.interaction_check(inter) is True, command.qualified_name
            assert inter.answers() == []


async def test_an_id_sent_as_an_int_is_read_as_discords_string(bot):
    stats = next(c for c in commands_of(bot.tree) if c.qualified_name == "game stats")
    data = payload(stats, [{"name": "member", "type": Kind.user.value, "value": 101}])
    assert await bot.tree.interaction_check(command_interaction(data)) is True
    assert data["options"][0]["options"][0]["value"] == "101"


@pytest.mark.parametrize(
    "path,options,says",
    [
        (
            "game tournament standings",
            {"tournament": 2**63},
            f"`tournament` takes a whole number from 1 to {INT64[1]}.",
        ),
        ("game tournament cancel", {"tournament": [1]}, "`tournament` takes a whole number"),
        ("game tournament pause", {"tournament": {"a": 1}}, "`tournament` takes a whole number"),
        ("game config", {"reminder": 5}, "`reminder` takes text of at most 6000 characters"),
        ("game cancel", {"match": True}, "`match` takes a whole number"),
        ("game config", {"threads": [True]}, "`threads` takes True or False."),
        ("game tournament new", {"rounds": "x"}, "`rounds` takes a whole number from 1 to 20."),
    ],
)
async def test_the_values_of_issue_43_are_refused_with_what_the_option_takes(
    bot, path, options, says
):
    command = next(c for c in commands_of(bot.tree) if c.qualified_name == path)
    given = [{"name": k, "type": 0, "value": v} for k, v in options.items()]
    for o in given:
        o["type"] = next(p.type.value for p in command.parameters if p.display_name == o["name"])
    inter = command_interaction(payload(command, [*others(command, None), *given]))
    await run(bot.tree, inter)
    [(how, text)] = inter.answers()
    assert how == "send_message" and inter.private() and says in text, text


@pytest.mark.parametrize(
    "path,options,name",
    [
        ("game config", [{"name": "reminder", "type": 3, "value": 5}], "reminder"),
        ("game replay", [], "match"),  # two sentences: required, and what it takes
    ],
)
async def test_a_refusal_speaks_the_users_language_and_names_the_option_as_shown(
    bot, path, options, name
):
    command = next(c for c in commands_of(bot.tree) if c.qualified_name == path)
    inter = command_interaction(payload(command, options), locale=discord.Locale.japanese)
    await run(bot.tree, inter)
    [(_, text)] = inter.answers()
    with speaking("ja"):
        shown = pgettext("option", name)
    assert shown != name and f"`{shown}`" in text, text
    assert not text.isascii() and "takes" not in text and "。 " not in text, text


def standings(options: list) -> dict:
    tournament = {"name": "tournament", "type": 2, "options": options}
    return {"id": "1", "name": "game", "type": 1, "options": [tournament]}


@pytest.mark.parametrize(
    "data,says",
    [
        (  # beside the subcommand, where discord.py would not look
            standings([{"name": "standings", "type": 1}, {"name": "x", "type": 4, "value": 1}]),
            "`x` is not an option of `/game tournament standings`.",
        ),
        (  # before it: no command as synced
            standings([{"name": "x", "type": 4, "value": 1}, {"name": "standings", "type": 1}]),
            replies.UNKNOWN_COMMAND,
        ),
        (  # a subcommand no command has
            standings([{"name": "standings", "type": 1, "options": [{"name": "x", "type": 1}]}]),
            replies.UNKNOWN_COMMAND,
        ),
        (  # one where the command's options are
            {
                "id": "1",
                "name": "game",
                "type": 1,
                "options": [
                    {
                        "name": "hand",
                        "type": 1,
                        "options": [
                            {"name": "match", "type": 4, "value": 1},
                            {"name": "x", "type": 1},
                        ],
                    }
                ],
            },
            "`x` is not an option of `/game hand`.",
        ),
        (standings([{"name": "standings", "type": 1, "options": "x"}]), replies.BAD_OPTION),
        (standings([{"name": "standings", "type": 1, "options": [[1]]}]), replies.BAD_OPTION),
        (
            standings([{"name": "standings", "type": 1, "options": [{"name": ["x"], "type": 4}]}]),
            replies.BAD_OPTION,
        ),
        ({"id": "1", "name": "game", "type": 1, "options": "x"}, replies.BAD_OPTION),
        ({"id": "1", "name": "game", "type": 1, "options": [[1]]}, replies.BAD_OPTION),
    ],
)
async def test_options_not_shaped_as_discord_sends_them_are_answered(bot, caplog, data, says):
    inter = command_interaction(data)
    await run(bot.tree, inter)
    assert inter.answers() == [("send_message", says)] and inter.private()
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
