"""Cuttle's example positions for `/game rules` (cogs/presenters/rules_pictures.py):
replayed from the setup, drawn from the public view."""

from __future__ import annotations

from cogs.i18n import N_
from cogs.presenters.rules_pictures import Example, steps


def _jack_and_king(view: dict) -> bool:
    """Ann controls Ben's 10♥ under her jack, and her king makes her target
    14; she has 13 points."""
    ann = view["players"][0]
    taken = [stack for stack in view["stacks"] if stack["card"] == "10h"]
    return (
        len(taken) == 1
        and taken[0]["owner"] == 1
        and taken[0]["controller"] == 0
        and taken[0]["jacks"] == ["jc"]
        and ann["kings"] == 1
        and ann["target"] == 14
        and ann["points"] == 13
    )


EXAMPLES = (
    Example(
        caption=N_(
            "C-5a: Ann's jack took Ben's 10♥, so its points are hers. "
            "C-5c: her king lowers her target to 14; with 13 points she is one short."
        ),
        rules=("C-5a", "C-5c"),
        seed="ex4",
        players=2,
        moves=steps("0 points:3d, 1 points:10h, 0 jack:jc:10h, 1 points:7s, 0 perm:kc"),
        holds=_jack_and_king,
    ),
)
