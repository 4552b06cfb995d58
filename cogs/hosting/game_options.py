"""`/game new`'s typed options, built from the games' own declarations.

Every game declares its options once (`Game.options_schema`,
rules/core/options.py), each with its own words: its label (the slash
option's name) and description, marked there for the catalogues. Here each
becomes a real slash-command option under its `public_name`.

Options belong to their game: games sharing a name share one slash option,
whether they mean the same (`first_player` is who plays first in Keltis and
the Oracle, who deals first in Cuttle and Cucco) or not (`cards` may be a
hand's size in one game and something else in another). The shared option
offers what any of them takes (the widest range, every choice) and keeps
their description when they all give the same one, else says it depends on
the game (`/game rules` tells each game's own); the chosen game's own option
checks the value when the command runs (`engine_options`), and a value that
game does not take is answered with what it takes. Only what Discord cannot
offer as one command is refused, at start (`option_problems`, bot.py): one
name for values of different types (a number in one game, yes or no in
another), a name `/game new` has already, more options than Discord allows.

Seats are numbered from 1, as the lobby shows them; the engine counts from 0,
and the conversion happens only here.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from discord import app_commands

from cogs.i18n import DEFAULT, LANGUAGES, N_, _, ngettext, pgettext, translator_for
from cogs.presenters import presented_games, presenter_for
from rules import BadOptions, get_game
from rules.core.options import BOOL, CHOICE, INT, SEAT, Option

OPTION = "option"  # the catalogue context of option names (cogs/slash_translator.py)

#: `/game new`'s own options (cogs/hosting/commands.py), before the games'
OWN_OPTIONS = ("game", "players", "bots", "bot_level", "here", "hints")
#: Discord's limits: a command's options, an option's choices, a description
MAX_OPTIONS, MAX_CHOICES, MAX_DESCRIPTION = 25, 25, 100
#: Discord's form of an option's name (lowercase where a letter has cases)
OPTION_NAME = re.compile(r"[-_\w]{1,32}")
#: the type each kind of option has in Discord: one slash option serves
#: options of one name only when they have one type
DISCORD_TYPE = {SEAT: "integer", INT: "integer", BOOL: "boolean", CHOICE: "string"}
#: the description of a name games give different meanings (Discord allows 100 characters)
DEPENDS_ON_THE_GAME = N_("Depends on the game: /game rules says what it sets in each")


class OptionProblem(ValueError):
    """A value `/game new` can't take; the message says what is allowed."""


class OptionClash(ValueError):
    """Games whose options one `/game new` can't offer (`option_problems`)."""


@dataclass(frozen=True, slots=True)
class SlashOption:
    name: str
    #: its type in Discord (DISCORD_TYPE's values)
    type: str
    description: str
    annotation: Any
    choices: tuple[str, ...]
    #: game id -> the option of that game it stands for
    stands_for: dict[str, Option]


def _named(game_ids: Iterable[str]) -> dict[str, list[tuple[str, Option]]]:
    """The games' options by public name, each with its game's id."""
    named: dict[str, list[tuple[str, Option]]] = {}
    for game_id in game_ids:
        for option in get_game(game_id).options_schema:
            named.setdefault(option.public_name, []).append((game_id, option))
    return named


def _own_description(option: Option) -> str:
    """What an option's slash option would say for its game alone: its
    description, else its help (cut to Discord's 100 characters)."""
    if option.description:
        return option.description
    help_ = option.help
    return help_ if len(help_) <= MAX_DESCRIPTION else help_[: MAX_DESCRIPTION - 1] + "…"


def _games(options: Iterable[tuple[str, Any]]) -> str:
    """The games' ids, as a list in words."""
    ids = list(dict.fromkeys(game_id for game_id, _ in options))
    return ids[0] if len(ids) == 1 else ", ".join(ids[:-1]) + " and " + ids[-1]


def option_problems(game_ids: Iterable[str]) -> list[str]:
    """Why one `/game new` can't offer these games' options, one line each,
    naming the games and the option (for the host: English); empty when it
    can. Games may share a name whatever it means to each; what can't be
    shared is a name whose values have different types in Discord."""
    named = _named(game_ids)
    problems = []
    for name, options in named.items():
        if name in OWN_OPTIONS:
            problems.append(
                f"the option {name!r} of {_games(options)} is one /game new has of its own"
            )
        if not OPTION_NAME.fullmatch(name) or name != name.lower():
            problems.append(
                f"the option {name!r} of {_games(options)} is no name for Discord "
                "(1 to 32 lowercase letters, digits, - or _)"
            )
        twice = [(g, o) for g, o in options if sum(h == g for h, _ in options) > 1]
        if twice:
            problems.append(f"two options of {_games(twice)} are called {name!r}")
        types = {DISCORD_TYPE[o.kind] for _, o in options}
        if len(types) > 1:
            kinds = ", ".join(f"{o.kind} in {game_id}" for game_id, o in options)
            problems.append(
                f"games {_games(options)} each have an option {name!r}, of kinds one slash "
                f"option can't offer together ({kinds}): give one of them another label"
            )
        for game_id, option in options:
            if len(_own_description(option)) > MAX_DESCRIPTION:
                problems.append(
                    f"{game_id}'s option {name!r} has a description of "
                    f"{len(_own_description(option))} characters (Discord allows {MAX_DESCRIPTION})"
                )
    room = MAX_OPTIONS - len(OWN_OPTIONS)
    if len(named) > room:
        problems.append(
            f"the games have {len(named)} options of different names, and /game new has "
            f"room for {room} beside its own (Discord allows {MAX_OPTIONS}): "
            + ", ".join(f"{name} ({_games(options)})" for name, options in named.items())
        )
    for lang in LANGUAGES:  # a client shows the names in its language: one each there too
        if lang == DEFAULT:
            continue
        catalogue = translator_for(lang)
        called: dict[str, list[str]] = {}
        for name in dict.fromkeys((*OWN_OPTIONS, *named)):  # a name once (the same: above)
            called.setdefault(catalogue.pgettext(OPTION, name), []).append(name)
        for shown, names in called.items():
            if len(names) > 1:
                whose = ", ".join(
                    f"{n!r} ({_games(named[n]) if n in named else '/game new'})" for n in names
                )
                problems.append(f"the options {whose} are all called {shown!r} in {lang}")
    return problems


def _annotation(type_: str, options: list[tuple[str, Option]]) -> Any:
    """Discord's type of the shared option: for numbers, the widest range
    any of its games takes (each game checks its own, `engine_options`)."""
    if type_ == "integer":
        lows, highs = [], []
        for game_id, o in options:
            if o.kind == SEAT:
                lows.append(1)
                highs.append(get_game(game_id).max_players)
            else:  # an INT has both bounds
                assert o.low is not None and o.high is not None, f"{game_id}: {o.name} no range"
                lows.append(o.low)
                highs.append(o.high)
        return app_commands.Range[int, min(lows), max(highs)]
    if type_ == "boolean":
        return bool
    return str


def _description(options: list[tuple[str, Option]]) -> str:
    """The games' own description when they all give the same, else one
    saying it depends on the game: both are catalogue messages, which the
    slash translator words in each language (Discord allows 100 characters)."""
    described = {_own_description(o) for _, o in options}
    return described.pop() if len(described) == 1 else DEPENDS_ON_THE_GAME


def build_slash_options(game_ids: list[str]) -> tuple[SlashOption, ...]:
    """One slash option per public name among these games' options;
    OptionClash (every problem, in one line) when Discord can't offer them
    as one command (`option_problems`)."""
    problems = option_problems(game_ids)
    if problems:
        raise OptionClash("; ".join(problems))
    built = []  # the options most games share first (they matter to most players)
    for name, options in sorted(
        _named(game_ids).items(), key=lambda item: (-len(item[1]), item[0])
    ):
        type_ = DISCORD_TYPE[options[0][1].kind]
        choices = tuple(dict.fromkeys(c for _, o in options for c in o.choices))
        built.append(
            SlashOption(
                name,
                type_,
                _description(options),
                _annotation(type_, options),
                choices if len(choices) <= MAX_CHOICES else (),  # else typed, checked per game
                dict(options),
            )
        )
    return tuple(built)


def with_slash_options(func):
    """Give a command callback taking `**options` one keyword parameter per
    slash option of the games offered now, with its description and
    choices, for discord.py to read (bot.py checks them first:
    `option_problems`)."""
    slash_options = build_slash_options(presented_games())
    signature = inspect.signature(func)
    params = [p for p in signature.parameters.values() if p.kind != p.VAR_KEYWORD]
    # its own options, after `self` and `interaction` (`/game learn`: the
    # first of them, its game)
    own = tuple(p.name for p in params if p.kind == p.POSITIONAL_OR_KEYWORD)[2:]
    assert own and own == OWN_OPTIONS[: len(own)], f"OWN_OPTIONS must begin with {own}"
    params += [
        inspect.Parameter(
            o.name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=o.annotation
        )
        for o in slash_options
    ]
    func.__signature__ = signature.replace(parameters=params)
    app_commands.describe(**{o.name: o.description for o in slash_options})(func)
    app_commands.choices(
        **{
            o.name: [app_commands.Choice(name=c, value=c) for c in o.choices]
            for o in slash_options
            if o.choices
        }
    )(func)
    return func


# -- from people's values to the engine's, and back --------------------------------------


def option_name(name: str) -> str:
    """A slash option's name as the player's client shows it."""
    return pgettext(OPTION, name)


#: a game's option in `/game rules`: its name, what it does, the values it takes
OPTION_LINE = N_("`{option}`: {what}; {values}")


def option_help(option: Option) -> str:
    """What an option does, in the current language (its `help`, marked in rules/)."""
    return _(option.help)


def options_help(game_id: str) -> str:
    """A game's options, one line each, in its own words: its name as people
    give it, what it does and what it takes in this game (a name games
    share may mean something else in another, `/game new` says so)."""
    return "\n".join(
        _(OPTION_LINE, option=option_name(o.public_name), what=option_help(o), values=allowed(o))
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
