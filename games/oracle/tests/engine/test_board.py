from collections import Counter

from games.oracle.engine.board import (
    CENTRE,
    FIELDS,
    NEXT,
    SANCTUARY,
    SMALL_FIELDS,
    STONE_FIELDS,
)

# O-2, copied from the rules page: field -> (colour, points); L large, C centre
TABLE = """
1 g -4|2 y -4|3 b -4|4 u -3|5 p -3|6L b -3|7 p -2|8 g -2|9 y -2|10 u -1|11 y -1|12 u -1
13L p 1|14 b 1|15 g 1|16 p 2|17 g 2|18 u 2|19L y 3|20 b 3|21 u 3|22 b 4|23 y 4|24 g 4
25 p 5|26L g 5|27 p 5|28 b 5|29 u 6|30 y 6|31 y 6|32 b 7|33 u 7|34 p 7|35C g 10
"""


def test_O2_board_table_as_on_the_rules_page():
    rows = [cell.split() for line in TABLE.strip().splitlines() for cell in line.split("|")]
    assert len(rows) == 35
    assert FIELDS[0].colour is None and FIELDS[0].points == 0 and FIELDS[0].kind == "start"
    for number, colour, points in rows:
        i = int(number.rstrip("LC"))
        kind = {"L": "large", "C": "centre"}.get(number[-1], "small")
        field = FIELDS[i]
        assert (field.colour, field.points, field.kind) == (colour, int(points), kind), i


def test_O2_large_stones_centre_sanctuary_and_small_stones():
    assert STONE_FIELDS == (6, 13, 19, 26, 35)
    assert {f: FIELDS[f].stones for f in STONE_FIELDS} == {6: 2, 13: 2, 19: 2, 26: 2, 35: 1}
    assert SANCTUARY == 29 and CENTRE == 35
    assert len(SMALL_FIELDS) == 30 and 0 not in SMALL_FIELDS and 35 not in SMALL_FIELDS
    assert Counter(f.colour for f in FIELDS[1:]) == {c: 7 for c in "bypgu"}


def test_O2_next_field_of_a_colour():
    assert NEXT[0]["g"] == 1 and NEXT[1]["g"] == 8 and NEXT[26]["g"] == 35
    assert NEXT[34]["p"] is None and NEXT[35]["g"] is None
    assert NEXT[28]["y"] == 30
