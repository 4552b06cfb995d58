"""/game history names every holder of a seat, so a leaver stays in the record;
ratings read on the Elo-like scale, and a rated match's changes as "+N → M"."""

from datetime import UTC, datetime
from types import SimpleNamespace

from cogs.history.results import (
    exportable_text,
    rating_changes_text,
    rating_text,
    result_line,
)
from cogs.i18n import speaking
from storage import Holder, Seat, Stats
from storage.ratings import FRESH, FRESH_ORDINAL, RatingChange, scaled


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


def test_a_rating_reads_as_a_whole_number_near_1500_with_thousands_separators():
    def shown(ordinal):
        return rating_text(Stats(1, "keltis", 3, 1, ordinal))

    assert shown(FRESH_ORDINAL) == "rating **1,500**"
    assert shown(11.24) == "rating **1,612**" and shown(-3.3) == "rating **1,467**"
    assert shown(None) == "unrated"


def test_a_rated_matchs_changes_show_sign_change_and_new_rating():
    up, down = (27.6, 8.0), (22.0, 8.1)
    changes = [
        RatingChange(11, FRESH, up),
        RatingChange(12, (30.0, 3.0), down),
        RatingChange(13, up, up),
    ]
    text = rating_changes_text(changes)
    new_up, new_down = round(scaled(up)), round(scaled(down))
    assert text.splitlines() == [
        "**Ratings after this match:**",
        f"<@11> +{new_up - 1500} → {new_up:,}",
        f"<@12> −{round(scaled((30.0, 3.0))) - new_down:,} → {new_down:,}",
        f"<@13> ±0 → {new_up:,}",
    ]
    assert rating_changes_text([]) == ""  # not rated: nothing to say


def test_japanese_ratings_use_the_catalogue_and_the_same_figures():
    with speaking("ja"):
        text = rating_changes_text([RatingChange(11, FRESH, (35.0, 2.0))])
    assert text.splitlines() == ["**この対戦後のレーティング：**", "<@11> +290 → 1,790"]
