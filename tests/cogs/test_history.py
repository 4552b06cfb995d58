"""/game history names every holder of a seat, so a leaver stays in the record."""
from types import SimpleNamespace

from cogs.history import result_line
from storage import Holder, Seat


def test_a_seat_handed_over_shows_who_held_it_in_turn():
    info = SimpleNamespace(id=7, game="keltis", ended_at=None,
                           outcome={"scores": [12, 30, 5], "winners": [1]},
                           seats=(Seat(0, 11, None), Seat(1, None, "bot"), Seat(2, 13, None)))
    history = [Holder(0, 0, 11, None, "start"), Holder(1, 0, 12, None, "start"),
               Holder(1, 9, None, "bot", "conceded"), Holder(2, 0, 13, None, "start")]
    line = result_line(info, history)
    assert line.startswith("**#7** Keltis")
    assert line.endswith("— 🏆 <@12> → 🤖 Bot 2 30, <@11> 12, <@13> 5")
    assert "<@12>" not in result_line(info)  # without history: the seats as they ended
