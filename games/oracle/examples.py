"""The Oracle's example positions for `/game rules` (cogs/presenters/rules_pictures.py):
replayed from the setup, drawn from the public view."""

from __future__ import annotations

from cogs.i18n import N_
from cogs.presenters.rules_pictures import Example, steps


def _stone_taken(view: dict) -> bool:
    """Ben's pawn on field 6, a brown large stone, now holding 1 of its 2
    wishing stones; Ben has taken the other."""
    field = view["board"][6]
    return (
        view["players"][1]["pawns"][0] == 6
        and field["colour"] == "b"
        and field["kind"] == "large"
        and field["stones"] == 1
        and view["players"][1]["stones"] == 1
    )


EXAMPLES = (
    Example(
        caption=N_(
            "O-4A1: Ben played a brown card and moved his pawn to the next brown field, "
            "the large stone on field 6. O-6e: he took one of its wishing stones; one is left."
        ),
        rules=("O-4A1", "O-6e"),
        seed="ex2",
        players=2,
        moves=steps(
            "0 discard:u7, 0 draw:deck, 1 discard:b1, 1 draw:u, 0 play:y4, 0 oracle:1, "
            "0 draw:deck, 1 play:p7, 1 oracle:1, 1 draw:deck, 0 discard:g0, 0 draw:deck, "
            "1 discard:p6, 1 draw:b, 0 discard:g9, 0 draw:deck, 1 discard:g6, 1 draw:p, "
            "0 discard:y8, 0 draw:g, 1 discard:b10, 1 draw:deck, 0 discard:y3, 0 draw:g, "
            "1 discard:u5, 1 draw:deck, 0 discard:y9, 0 draw:u, 1 discard:b1, 1 draw:g, "
            "0 play:g6, 0 oracle:1, 0 draw:deck, 1 discard:g0, 1 draw:y, 0 discard:b1, "
            "0 draw:deck, 1 discard:u7, 1 draw:y, 0 play:p10, 0 oracle:2, 0 draw:u, 1 play:y9, "
            "1 oracle:1, 1 draw:g, 0 play:b2, 0 oracle:1, 0 draw:b, 1 discard:g0, 1 draw:b, "
            "0 play:y9, 0 oracle:1, 0 draw:g, 1 play:u8, 1 pawn:0, 1 draw:b, 0 discard:y10, "
            "0 draw:deck, 1 play:b1, 1 pawn:0, 1 draw:deck"
        ),
        holds=_stone_taken,
    ),
)
