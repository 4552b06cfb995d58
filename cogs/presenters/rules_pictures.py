"""Example positions for `/game rules` (issue 45): one or two pictures of a
game's own board, each with a caption naming the rule it shows.

A game lists its examples as data in `<package>/examples.py` (`EXAMPLES`, a
tuple of `Example`): a seed, the player count, the options and the moves
(seat, action key) that lead from the setup to the position. The position is
replayed with the engine, so a move that becomes illegal fails loudly (and in
the game's tests) instead of showing a false picture, and it is always drawn
from the public view: no hand is ever shown. Each example also carries
`holds`, the facts its caption claims, checked on that public view by the
tests.

The pictures are drawn like every board (`board_pool.board_image`: in the
board worker, cached by content), so the same picture asked twice is drawn
once. A game without a board picture, or without examples, answers with its
summary alone.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import discord

from cogs.i18n import N_, _
from cogs.presenters import board_pool, presenter_for
from cogs.presenters.base import board_files, board_view, clip
from cogs.presenters.drawing import board_words
from cogs.presenters.image_cache import BOARDS, view_key
from rules import Match
from rules.core import registry

log = logging.getLogger(__name__)

#: the players' names on the example boards and in their captions, seat by
#: seat (translated: a Japanese reader reads アン, ベン...)
NAMES = (N_("Ann"), N_("Ben"), N_("Cleo"), N_("Dan"), N_("Eve"))
#: at most this many examples a game (Discord: 10 embeds, 10 files a message)
MAX_EXAMPLES = 2
#: Discord's limit on an embed's description
MAX_DESCRIPTION = 4096


@dataclass(frozen=True)
class Example:
    """One example position of a game's rules, shown by its board picture."""

    #: one or two sentences (`N_`, translated when shown): what the picture
    #: shows and the rule id it illustrates ("K-4c: ...")
    caption: str
    #: the rule ids of the game's rules page the caption names
    rules: tuple[str, ...]
    seed: str
    players: int
    #: (seat, action key) from the setup to the position, as a match's log
    moves: tuple[tuple[int, str], ...]
    #: the facts the caption claims, read from the position's public view
    holds: Callable[[dict], bool]
    options: Mapping[str, Any] = field(default_factory=dict)


def steps(text: str) -> tuple[tuple[int, str], ...]:
    """Moves written as a match's log reads: "0 play:g3:g, 0 draw:deck, ..."
    (the seat, a space, the action key; comma-separated)."""
    moves = []
    for step in text.split(","):
        seat, key = step.split()
        moves.append((int(seat), key))
    return tuple(moves)


def examples_of(game_id: str) -> tuple[Example, ...]:
    """A game's examples (its package's `examples.py`), none for a game
    without a board picture or without that module."""
    if not presenter_for(game_id).has_board:  # (sets the game packages up first)
        return ()
    package = registry.package_of(game_id)
    if package is None:
        return ()
    try:
        module = importlib.import_module(f"{package}.examples")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.examples":
            raise  # the module is there but imports something missing
        return ()
    return tuple(getattr(module, "EXAMPLES", ()))[:MAX_EXAMPLES]


def replay(game_id: str, example: Example) -> Match:
    """The match at the example's position: its moves replayed from the
    setup. Raises as `Match.act` does at a move that is not legal."""
    match = Match.new(game_id, example.players, example.seed, dict(example.options))
    for seat, key in example.moves:
        match.act(seat, key, match.seq)
    return match


@cache
def _views(game_id: str) -> tuple[tuple[Example, dict], ...]:
    """The examples of a game with their public views (replayed once a
    process: the moves and the engine do not change while it runs)."""
    return tuple((example, replay(game_id, example).view(None)) for example in examples_of(game_id))


def names(players: int) -> list[str]:
    """The example players' names as the board draws them now (in the
    board's language: English where no font here draws the reader's)."""
    return [board_words(name) for name in NAMES[:players]]


def said(players: int) -> list[str]:
    """The example players' names in the reader's language (the alt text)."""
    return [_(name) for name in NAMES[:players]]


def positions(game_id: str) -> tuple[tuple[Example, dict, list[str]], ...]:
    """Each example of a game with the public view drawn and its players'
    names; an example that no longer replays is left out (and logged)."""
    try:
        shown = _views(game_id)
    except Exception:
        log.exception("the rules examples of %s no longer replay; the summary goes alone", game_id)
        return ()
    return tuple((example, view, names(example.players)) for example, view in shown)


def drawn(game_id: str) -> bool:
    """Are all the game's example pictures in the cache already (in the
    current board language)? Then the answer needs no wait."""
    return all(
        BOARDS.lookup(view_key(game_id, board_view(view, None), seated)) is not None
        for _example, view, seated in positions(game_id)
    )


def filename(game_id: str, index: int) -> str:
    return f"rules-{game_id}-{index + 1}.png"


async def pictures(game_id: str) -> list[tuple[discord.Embed, discord.File]]:
    """An embed (the caption, the picture) and its file per example, drawn
    by the board worker (cached). A picture that fails to draw is left out."""
    presenter = presenter_for(game_id)
    shown = []
    for index, (example, view, seated) in enumerate(positions(game_id)):
        try:
            png = await board_pool.board_image(presenter, view, seated)
        except Exception:
            log.exception("a rules example of %s could not be drawn", game_id)
            continue
        name = filename(game_id, index)
        alt = presenter.board_alt(view, said(example.players), None)
        files = board_files(png, alt, name)
        if not files:
            continue
        embed = discord.Embed(description=clip(_(example.caption), MAX_DESCRIPTION))
        embed.set_image(url=f"attachment://{name}")
        shown.append((embed, files[0]))
    return shown
