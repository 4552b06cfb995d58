"""Build Keltis dice game positions for scenario tests."""

from __future__ import annotations

from games.keltis_dice.engine.board import FACES
from games.keltis_dice.engine.game import DiceState
from rules import Match
from rules.core.rng import Rng


def position(
    players: int = 2,
    *,
    side: str = "A",
    stones=None,
    chips=None,
    supply=None,
    dice: str | None = None,
    phase: str | None = None,
    current: int = 0,
    game: int = 0,
) -> Match:
    """A match in a chosen position. `stones` maps seat -> {colour: field};
    `dice` is a string of faces (e.g. "bbgww"): with dice the phase defaults
    to "move" (the dice are final), without to "roll"."""
    match = Match.new("keltis_dice", players, "scenario", {"side": side})
    s: DiceState = match.state
    s.stones = [dict((stones or {}).get(i, {})) for i in range(players)]
    s.chips = [(chips or {}).get(i, 0) for i in range(players)]
    if supply is not None:
        s.supply = supply
    s.dice = list(dice or "")
    s.phase = phase or ("move" if dice else "roll")
    s.current = current
    s.game = game
    s.first = [current] * (game + 1)
    return match


def keys(match: Match, seat: int) -> set[str]:
    return {a.key() for a in match.legal(seat)}


def act(match: Match, seat: int, key: str) -> list[dict]:
    return match.act(seat, key, match.seq)


def predicted_dice(match: Match, n: int) -> list[str]:
    """The next n die faces the match's generator will produce."""
    rng = Rng(match.rng.state)
    return [FACES[rng.below(6)] for _ in range(n)]
