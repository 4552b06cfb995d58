"""Keltis's example positions for `/game rules` (cogs/presenters/rules_pictures.py):
replayed from the setup, drawn from the public view."""

from __future__ import annotations

from cogs.i18n import N_
from cogs.presenters.rules_pictures import Example, steps
from games.keltis.engine.scoring import ROW_POINTS


def _closed_green_row(view: dict) -> bool:
    """Ann's green row: 3, 4, 5, 6 rising, then an end card; 5 cards, 2 points."""
    row = view["players"][0]["rows"].get("g", {})
    return (
        row.get("cards") == ["g3", "g4", "g5", "g6", "ge"]
        and row["direction"] == "up"
        and row["closed"]
        and ROW_POINTS[5] == 2
    )


def _stone_and_point_card(view: dict) -> bool:
    """Ben took wishing stone 4 with a blue 4 and a brown 4, now the tops of
    their discard piles; his brown row is 0, then a grey (point card) 0."""
    ben, piles = view["players"][1], view["piles"]
    return (
        ben["stones"] == [4]
        and 4 not in view["stones_left"]
        and piles["u"]["top"] == "u4"
        and piles["b"]["top"] == "b4"
        and ben["rows"].get("b", {}).get("cards") == ["b0", "x0"]
    )


EXAMPLES = (
    Example(
        caption=N_(
            "K-4c: Ann's green row rises 3, 4, 5, 6 and is closed by an end card. "
            "K-7: its 5 cards score 2 points."
        ),
        rules=("K-4c", "K-7"),
        seed="ex2",
        players=2,
        moves=steps(
            "0 play:y10:y, 0 draw:deck, 1 play:b0:b, 1 draw:deck, 0 stone:x5:u5, 0 draw:deck, "
            "0 draw:deck, 1 play:p0:p, 1 draw:x, 0 play:p9:p, 0 draw:deck, 1 play:x0:b, "
            "1 draw:deck, 0 play:g3:g, 0 draw:deck, 1 stone:u4:b4, 1 draw:deck, 1 draw:deck, "
            "0 play:u2:u, 0 draw:u, 1 play:y0:y, 1 draw:deck, 0 play:x8:x, 0 draw:u, "
            "1 play:x3:x, 1 draw:deck, 0 play:y8:y, 0 draw:deck, 1 play:x5:x, 1 draw:deck, "
            "0 play:u4:u, 0 draw:deck, 1 play:g10:g, 1 draw:deck, 0 play:g4:g, 0 draw:deck, "
            "1 play:b1:b, 1 draw:deck, 0 stone:y1:x1, 0 draw:deck, 0 draw:deck, 1 play:y4:y, "
            "1 draw:deck, 0 play:g5:g, 0 draw:deck, 1 play:p5:p, 1 draw:deck, 0 play:g6:g, "
            "0 draw:deck, 1 play:g8:g, 1 draw:b, 0 play:ge:g, 0 draw:deck"
        ),
        holds=_closed_green_row,
    ),
    Example(
        caption=N_(
            "K-4b: Ben discarded a blue 4 and a brown 4 and took wishing stone 4. "
            "K-4d: his brown row goes on with a grey point card 0 after its 0."
        ),
        rules=("K-4b", "K-4d"),
        seed="ex2",
        players=2,
        moves=steps(
            "0 play:y10:y, 0 draw:deck, 1 play:b0:b, 1 draw:deck, 0 stone:x5:u5, 0 draw:deck, "
            "0 draw:deck, 1 play:p0:p, 1 draw:x, 0 play:p9:p, 0 draw:deck, 1 play:x0:b, "
            "1 draw:deck, 0 play:g3:g, 0 draw:deck, 1 stone:u4:b4, 1 draw:deck, 1 draw:deck"
        ),
        holds=_stone_and_point_card,
    ),
)
