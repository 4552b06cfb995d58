"""The dice game's example positions for `/game rules` (cogs/presenters/rules_pictures.py):
replayed from the setup, drawn from the public view."""

from __future__ import annotations

from cogs.i18n import N_
from cogs.presenters.rules_pictures import Example, steps


def _three_pink(view: dict) -> bool:
    """Ann's final dice show three pink; she has no pink stone, so a new one
    would go to field 3; her brown stone would go from field 1 to 2."""
    pink, brown = view["moves"].get("p", {}), view["moves"].get("b", {})
    return (
        view["phase"] == "move"
        and view["current"] == 0
        and view["dice"].count("p") == 3
        and "p" not in view["stones"][0]
        and (pink.get("from"), pink.get("to")) == (0, 3)
        and (brown.get("from"), brown.get("to")) == (1, 2)
    )


EXAMPLES = (
    Example(
        caption=N_(
            "D-4: Ann's dice are final and three show pink, so a new pink stone would go "
            "to field 3; or her brown stone moves exactly 1 field, or she passes."
        ),
        rules=("D-4",),
        seed="ex1",
        players=2,
        moves=steps(
            "0 roll, 0 reroll:uuu, 0 move:b, 1 roll, 1 reroll:bggu, 1 move:y, 0 roll, 0 reroll:byw"
        ),
        holds=_three_pink,
    ),
)
