"""What a learn match (`/game learn`) tells a newcomer about one kind of
decision: the choices, the rule that allows them and what each is for.

Each game's presenter holds one `Lesson` per kind its engine names
(`Game.decision_kinds`); the words live with the game (its presenter and its
catalogue), and the rule ids point into the game's rules page, so a test can
fail when a rule id no longer exists.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Lesson:
    #: the rule ids of the game's rules page this decision follows (e.g. "K-4a")
    rules: tuple[str, ...]
    #: two or three sentences (`N_`, translated when shown): what the choices
    #: are, the rule that allows them, and what each is for
    text: str
