"""/game history names every holder of a seat, so a leaver stays in the record."""

from datetime import UTC, datetime
from types import SimpleNamespace

from cogs.history.results import exportable_text, result_line
from storage import Holder, Seat


def test_a_seat_handed_over_shows_who_held_it_in_turn():
    info = SimpleNamespace(
        id=7,
        game="keltis",
        ended_at=None,
        outcome={"scores": [12, 30, 5], "winners": [1]},
        seats=(Seat(0, 11, None), Seat(1, None, "bot"), Seat(2, 13, None)),
    )
    history = [
        Holder(0, 0, 11, None, "start"),
        Holder(1, 0, 12, None, "start"),
        Holder(1, 9, None, "bot", "conceded"),
        Holder(2, 0, 13, None, "start"),
    ]
    line = result_line(info, history)
    assert line.startswith("**#7** Keltis")
    assert line.endswith("— 🏆 <@12> → 🤖 Greedy 2 30, <@11> 12, <@13> 5")
    assert "<@12>" not in result_line(info)  # without history: the seats as they ended


def test_export_without_a_match_names_the_finished_ones_with_game_and_date():
    ended = datetime(2026, 3, 1, 12, tzinfo=UTC)
    infos = [
        SimpleNamespace(id=12, game="cuttle", ended_at=ended),
        SimpleNamespace(id=9, game="keltis", ended_at=None),
    ]
    text = exportable_text(infos)
    assert text.splitlines()[1:] == [
        f"**#12** Cuttle — ended <t:{int(ended.timestamp())}:d>",
        "**#9** Keltis",
    ]
    assert "`/game export match:<id>`" in text.splitlines()[0]
    assert "only finished matches can be exported" in exportable_text([])
