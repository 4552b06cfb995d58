"""Cucco's example positions for `/game rules` (cogs/presenters/rules_pictures.py):
replayed from the setup, drawn from the public view."""

from __future__ import annotations

from cogs.i18n import N_
from cogs.presenters.rules_pictures import Example, steps


def _first_trick(view: dict) -> bool:
    """Dan (seat 3) won the bidding with the Mask, his partner not yet
    known; Eve (seat 4) led X and won the first trick."""
    tricks = view["tricks"]
    return (
        len(tricks) == 1
        and view["declarer"] == 3
        and view["called"] == "mask"
        and view["partner"] is None
        and not view["teams_public"]
        and tricks[0]["leader"] == 4
        and tricks[0]["winner"] == 4
        and tricks[0]["cards"][0] == [4, "n10"]
    )


EXAMPLES = (
    Example(
        caption=N_(
            "Z-3, Z-4: Dan won the bidding with the Mask; whoever holds the other Mask is "
            "his partner, still unknown. Z-5: Eve led X, the strongest number, and won the "
            "first trick."
        ),
        rules=("Z-3", "Z-4", "Z-5"),
        seed="ex1",
        players=5,
        moves=steps(
            "4 bid:p14, 0 pass, 1 bid:mat, 2 pass, 3 bid:mask, 4 play:n10, 0 play:n3, "
            "1 play:n6, 2 play:n9, 3 play:n4"
        ),
        holds=_first_trick,
    ),
)
