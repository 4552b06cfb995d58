"""What a bot may know, and the worlds it imagines from it.

A bot's randomness comes from its own generator seeded by (match seed, seq,
seat, level), never from the match's. A *determinization* is a copy of the
state where everything the seat cannot see is re-dealt with that generator
(`Game.redeal_hidden`, whose pool is canonical, so the sample depends only on
the seat's view) and whose future chance (dice, later draws) comes from a
fresh generator of the bot's, not the match's.
"""

from __future__ import annotations

from typing import Any

from rules.bots.policy import policy_for
from rules.core.actions import Action
from rules.core.game import Game
from rules.core.match import Match
from rules.core.rng import Rng


def bot_rng(match: Match, seat: int, level: str) -> Rng:
    if level == "random":  # the seed the original random bot used: same moves
        return Rng.from_seed(f"bot|{match.seed}|{match.seq}|{seat}")
    return Rng.from_seed(f"bot|{level}|{match.seed}|{match.seq}|{seat}")


def determinize(match: Match, seat: int, rng: Rng) -> tuple[Any, Rng]:
    """A fresh state consistent with `seat`'s view, and the chance to play it with."""
    game = match.game
    state = game.copy(match.state)
    game.redeal_hidden(state, seat, rng)
    refine = policy_for(match.game_id).refine
    if refine is not None:  # what the public play tells, where the game says
        refine(game, state, seat, rng)
    return state, Rng(rng.next64())


def step(game: Game[Any], state: Any, seat: int, action: Action, rng: Rng) -> None:
    """Apply a legal action to a private state (no log, no validation: the
    action comes from `game.legal`)."""
    game.apply(state, seat, action, rng)
