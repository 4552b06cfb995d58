"""A seat's private panel offers a move and the draw that follows it as one
click, only where the engine allows both in a row."""

from cogs.play.hand_panels import combos
from cogs.presenters import presenter_for
from tests.rules.oracle.helpers import act, position


def test_a_move_then_the_draw_is_offered_in_one_click_only_where_the_engine_allows_it():

    m = position(
        2,
        hands={0: ["g7", "b2"], 1: ["y1"]},
        pawns={0: [0, 8, 8], 1: [15, 0, 0]},
        oracle=5,
        deck=["b3", "y7", "u2"],
    )
    act(m, 0, "play:g7")
    oracle = presenter_for("oracle")
    legal = m.legal(0)
    paired = combos(m, 0, legal, oracle, m.view(0))
    assert paired and all(label.endswith(", then draw") for _, label in paired)
    for key, _ in paired:  # each is a legal move, and then a legal draw
        twin = type(m).from_record(m.to_record())
        first, then = key.split("+")
        twin.act(0, first, twin.seq)
        twin.act(0, then, twin.seq)
    assert {k.split("+")[0] for k, _ in paired} <= {a.key() for a in legal}
    assert combos(m, 1, m.legal(1), oracle, m.view(1)) == []  # not their decision
    keltis = presenter_for("keltis")
    assert combos(m, 0, legal, keltis, m.view(0)) == []  # a game without `then`
