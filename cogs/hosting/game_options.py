"""`/game new`'s typed options, built from the games' own declarations.

Every game declares its options once (`Game.options_schema`,
rules/core/options.py), each with its own words: its label (the slash
option's name) and description, marked there for the catalogues. Here each
becomes a real slash-command option under its `public_name`: games sharing a
name share one (`first_player` is who plays first in Keltis and the Oracle,
who deals first in Cuttle and Cucco), with Discord's choices and ranges.
Seats are numbered from 1, as the lobby shows them; the engine counts from 0,
and the conversion happens only here.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

from discord import app_commands

from cogs.i18n import _, ngettext, pgettext
from cogs.presenters import presented_games, presenter_for
from rules import BadOptions, get_game
from rules.core.options import BOOL, INT, SEAT, Option

OPTION = "option"  # the catalogue context of option names (cogs/slash_translator.py)

MAX_DESCRIPTION = 100


class OptionProblem(ValueError):
    """A value `/game new` can't take; the message says what is allowed."""


@dataclass(frozen=True, slots=True)
class SlashOption:
    name: str
    kind: str
    description: str
    annotation: Any
    choices: tuple[str, ...]
    #: game id -> the option of that game it stands for
    stands_for: dict[str, Option]


def _annotation(kind: str, options: list[tuple[str, Option]]) -> Any:
    if kind == SEAT:
        return app_commands.Range[int, 1, max(get_game(g).max_players for g, _ in options)]
    if kind == INT:
        return app_commands.Range[
            int,
            min(o.low for _, o in options if o.low is not None),  # an INT has both bounds
            max(o.high for _, o in options if o.high is not None),
        ]
    if kind == BOOL:
        return bool
    return str


def _description(name: str, options: list[tuple[str, Option]]) -> str:
    """The options' own description (options sharing a name share one), else
    the engine's help: both are catalogue messages, which the slash
    translator words in each language (Discord allows 100 characters)."""
    described = {o.description for _, o in options if o.description}
    if len(described) > 1:
        raise TypeError(f"games describe {name!r} differently: {sorted(described)}")
    if described:
        return described.pop()
    help_ = options[0][1].help
    return help_ if len(help_) <= MAX_DESCRIPTION else help_[: MAX_DESCRIPTION - 1] + "…"


def build_slash_options(game_ids: list[str]) -> tuple[SlashOption, ...]:
    """One slash option per public name among these games' options. Options
    sharing a name must be of one kind (a declaration error otherwise)."""
    named: dict[str, list[tuple[str, Option]]] = {}
    for game_id in game_ids:
        for option in get_game(game_id).options_schema:
            named.setdefault(option.public_name, []).append((game_id, option))
    built = []  # the options most games share first (they matter to most players)
    for name, options in sorted(named.items(), key=lambda item: (-len(item[1]), item[0])):
        kinds = {o.kind for _, o in options}
        if len(kinds) != 1:
            raise TypeError(f"games declare {name!r} as different kinds: {sorted(kinds)}")
        kind = kinds.pop()
        choices = tuple(dict.fromkeys(c for _, o in options for c in o.choices))
        built.append(
            SlashOption(
                name,
                kind,
                _description(name, options),
                _annotation(kind, options),
                choices,
                dict(options),
            )
        )
    return tuple(built)


SLASH_OPTIONS = build_slash_options(presented_games())


def with_slash_options(func):
    """Give a command callback taking `**options` one keyword parameter per
    slash option, with its description and choices, for discord.py to read."""
    signature = inspect.signature(func)
    params = [p for p in signature.parameters.values() if p.kind != p.VAR_KEYWORD]
    params += [
        inspect.Parameter(
            o.name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=o.annotation
        )
        for o in SLASH_OPTIONS
    ]
    func.__signature__ = signature.replace(parameters=params)
    app_commands.describe(**{o.name: o.description for o in SLASH_OPTIONS})(func)
    app_commands.choices(
        **{
            o.name: [app_commands.Choice(name=c, value=c) for c in o.choices]
            for o in SLASH_OPTIONS
            if o.choices
        }
    )(func)
    return func


# -- from people's values to the engine's, and back --------------------------------------


def option_name(name: str) -> str:
    """A slash option's name as the player's client shows it."""
    return pgettext(OPTION, name)


def option_help(option: Option) -> str:
    """What an option does, in the current language (its `help`, marked in rules/)."""
    return _(option.help)


def options_help(game_id: str) -> str:
    """A game's options, one line each: its name as people give it, and what it does."""
    return "\n".join(
        f"`{option_name(o.public_name)}`: {option_help(o)}"
        for o in get_game(game_id).options_schema
    )


def allowed(option: Option, n_players: int | None = None) -> str:
    """What values an option takes, in words (rules/ declares only kinds and bounds)."""
    if option.kind == SEAT:
        if n_players:
            return _("a seat number from 1 to {top}", top=n_players)
        return _("a seat number from 1 to the number of players")
    if option.kind == BOOL:
        return _("yes or no")
    if option.kind == INT:
        return _("a whole number from {low} to {high}", low=option.low, high=option.high)
    return _(" or ").join(_(c) for c in option.choices)


def allowed_text(game_id: str, n_players: int | None = None) -> str:
    """Everything a game takes, as people write it."""
    game = get_game(game_id)
    title = _(presenter_for(game_id).title)
    if not game.options_schema:
        return _("{game} takes no options.", game=title)
    takes = _("; ").join(
        f"`{option_name(o.public_name)}`: {allowed(o, n_players)}" for o in game.options_schema
    )
    return _("{game} takes {options}.", game=title, options=takes)


def _to_engine(option: Option, value: Any, n_players: int) -> Any:
    """A value as people gave it, in the engine's form (BadOptions if bad)."""
    if option.kind == SEAT:
        if type(value) is not int:
            raise BadOptions(option.name)
        value -= 1  # people count seats from 1
    return option.check(value, n_players)


def engine_options(game_id: str, given: dict[str, Any], n_players: int) -> dict[str, Any]:
    """The engine's options for the slash options given (None: not given),
    checked for `n_players` seats; OptionProblem says what is allowed."""
    game = get_game(game_id)
    by_name = {o.public_name: o for o in game.options_schema}
    out: dict[str, Any] = {}
    for name, value in given.items():
        if value is None:
            continue
        option = by_name.get(name)
        if option is None:
            raise OptionProblem(
                _(
                    "{game} has no `{option}` option.",
                    game=_(presenter_for(game_id).title),
                    option=option_name(name),
                )
                + " "
                + allowed_text(game_id, n_players)
            )
        try:
            out[option.name] = _to_engine(option, value, n_players)
        except BadOptions:
            raise OptionProblem(
                _(
                    "`{option}` must be {allowed}.",
                    option=option_name(name),
                    allowed=allowed(option, n_players),
                )
                + " "
                + allowed_text(game_id, n_players)
            ) from None
    return out


def problem_with(game_id: str, options: dict[str, Any], n_players: int) -> str | None:
    """Why a lobby's stored (engine) options don't fit `n_players` seats, in
    people's words; None when they fit."""
    for option in get_game(game_id).options_schema:
        if options.get(option.name) is None:
            continue
        try:
            option.check(options[option.name], n_players)
        except BadOptions:
            return ngettext(
                "`{option}` must be {allowed} with {n} seat.",
                "`{option}` must be {allowed} with {n} seats.",
                n_players,
                option=option_name(option.public_name),
                allowed=allowed(option, n_players),
            )
    return None


def options_text(game_id: str, options: dict[str, Any]) -> str:
    """A match's (engine) options as people give them: `first_player: seat 2`."""
    parts = []
    for option in get_game(game_id).options_schema:
        value = options.get(option.name)
        if value is None:
            continue
        if option.kind == SEAT and type(value) is int:
            value = _("seat {n}", n=value + 1)
        elif option.kind == BOOL:
            value = _("yes") if value else _("no")
        elif isinstance(value, str):
            value = _(value)
        parts.append(f"{option_name(option.public_name)}: {value}")
    return _(", ").join(parts)
