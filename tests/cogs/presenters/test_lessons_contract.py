"""The learn match's contract (issue 45), over every game that names its
kinds of decision (`Game.decision_kinds`): each kind has a lesson in the
game's presenter and each lesson a kind; every rule id a lesson cites is on
the game's rules page and in its text; seeded playouts (random and greedy
seats) meet every kind, and a seat that must act always faces one of them;
each lesson is translated. Games naming no kinds (the example add-on, the
test games) are left alone: a learn match explains nothing there."""

from __future__ import annotations

import pytest

from cogs.i18n import in_language
from cogs.presenters import presenter_for
from rules import Match, all_games, get_game
from rules.bots import greedy, random_bot
from tests.rules.test_rule_ids import RULE_ID, folder_of, page_ids, page_prefix

#: matches per game and player count; the seats alternate random and greedy
MATCHES = 12


def taught_games() -> list[str]:
    return sorted(g for g, game in all_games().items() if game.decision_kinds)


def page(game_id: str) -> str:
    folder = folder_of(game_id)
    assert folder is not None
    return (folder / "rules.md").read_text(encoding="utf-8")


def test_the_five_games_name_their_kinds():
    assert {"keltis", "oracle", "keltis_dice", "cuttle", "cucco"} <= set(taught_games())


@pytest.mark.parametrize("game_id", taught_games())
def test_every_kind_has_a_lesson_and_every_lesson_a_kind(game_id):
    game = get_game(game_id)
    kinds = game.decision_kinds
    assert len(set(kinds)) == len(kinds)
    assert set(presenter_for(game_id).lessons) == set(kinds)


@pytest.mark.parametrize("game_id", taught_games())
def test_every_rule_a_lesson_cites_is_on_the_rules_page_and_in_its_text(game_id):
    text = page(game_id)
    prefix = page_prefix(text)
    ids = page_ids(prefix, text)
    for kind, lesson in presenter_for(game_id).lessons.items():
        assert lesson.rules, kind
        cited = {p + n for p, n in RULE_ID.findall(lesson.text) if p == prefix}
        for rule in lesson.rules:
            assert rule.replace("-", "") in ids, f"{game_id} {kind}: {rule} is not on the page"
        assert cited == {r.replace("-", "") for r in lesson.rules}, kind


@pytest.mark.parametrize("game_id", taught_games())
def test_every_lesson_is_translated(game_id):
    for kind, lesson in presenter_for(game_id).lessons.items():
        ja = in_language("ja", lesson.text)
        assert ja != lesson.text, kind
        for rule in lesson.rules:
            assert rule in ja, f"{game_id} {kind}: the Japanese drops {rule}"


def counts(game_id: str) -> list[int]:
    game = get_game(game_id)
    return sorted({game.min_players, game.max_players})


@pytest.mark.slow
@pytest.mark.parametrize("game_id", taught_games())
def test_playouts_meet_every_kind_and_an_acting_seat_always_faces_one(game_id: str) -> None:
    game = get_game(game_id)
    met: set[str] = set()
    for players in counts(game_id):
        for n in range(MATCHES):
            match = Match.new(game_id, players, f"learn-{n}")
            greedy_seat = n % players if n % 2 else None
            while not match.is_over():
                acting = match.to_act()
                for seat in range(players):
                    kind = match.decision_kind(seat)
                    if seat in acting:
                        assert kind in game.decision_kinds, (game_id, n, match.seq, seat, kind)
                        met.add(kind)
                    else:
                        assert kind is None
                seat = acting[0]
                legal = match.legal(seat)
                bot = greedy if seat == greedy_seat else random_bot
                match.act(seat, bot.choose(match, seat, legal), match.seq)
    assert met == set(game.decision_kinds)
