"""The tournament's public message once started (cogs/tournaments/board.py):
its round counter reads the round being played from the Start on (never
"Round 0"), says how many rounds were played at the end, and the
standings show how equal scores are ordered (issue 42), in English and
Japanese."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from cogs.i18n import speaking
from cogs.tournaments.board import render, round_text
from cogs.tournaments.record import Played
from storage.tournament_records import CANCELLED, FINISHED, RUNNING, Entrant, Tournament
from tournaments.model import PlayedRound, Round, Table, TableResult

A, B, C, D = 1001, 1002, 1003, 1004

STARTED = Tournament(
    id=7,
    guild_id=1,
    channel_id=2,
    message_id=3,
    game="cuttle",
    format="swiss",
    rounds=2,
    per_match=2,
    settings={},
    status=RUNNING,
    paused=False,
    round=0,
    creator_id=A,
    created_at=datetime.now(UTC),
)


@pytest.mark.parametrize(
    ("number", "status", "paused", "english", "japanese"),
    [
        (0, RUNNING, False, "Round 1 of 2.", "第1 / 2ラウンド。"),
        (1, RUNNING, False, "Round 1 of 2.", "第1 / 2ラウンド。"),
        (2, RUNNING, False, "Round 2 of 2.", "第2 / 2ラウンド。"),
        (0, RUNNING, True, "before round 1 of 2", "全2ラウンドの第1ラウンド"),
        (1, RUNNING, True, "Round 1 of 2 · paused", "第1 / 2ラウンド · ホストが一時停止中"),
        (2, FINISHED, False, "Finished after round 2 of 2.", "全2ラウンド中、第2ラウンドまで"),
        (1, CANCELLED, False, "Cancelled by a host.", "中止"),
    ],
)
def test_the_round_counter_reads_the_round_being_played(
    number: int, status: str, paused: bool, english: str, japanese: str
) -> None:
    tournament = replace(STARTED, round=number, status=status, paused=paused)
    assert english in round_text(tournament)
    assert "Round 0" not in round_text(tournament)
    with speaking("ja"):
        assert japanese in round_text(tournament)
        assert "第 0" not in round_text(tournament)


def four_level() -> Played:
    """Round 1: A beat B, C beat D; round 2: A beat C, D beat B. A 2, C 1,
    D 1, B 0; C and D are level on points, and C met the stronger (A 2 +
    D 1 against C 1 + B 0): ahead on Buchholz."""
    entrants = tuple(
        Entrant(p, None, name, 0.0) for p, name in zip((A, B, C, D), "ABCD", strict=True)
    )
    one = PlayedRound(
        Round(1, (Table((A, B)), Table((C, D)))),
        (TableResult.ranking(A, B), TableResult.ranking(C, D)),
    )
    two = PlayedRound(
        Round(2, (Table((A, C)), Table((B, D)))),
        (TableResult.ranking(A, C), TableResult.ranking(D, B)),
    )
    return Played(entrants, (), (one, two), frozenset())


def test_the_standings_show_the_tie_break_and_how_ties_are_broken() -> None:
    tournament = replace(STARTED, round=2)
    embed, view = render(tournament, four_level())
    assert view is None
    [standings, *_rest] = embed.fields
    lines = (standings.value or "").splitlines()
    # C (1 point, Buchholz 2 + 1) ahead of D (1 point, Buchholz 1 + 0)
    assert lines[1].startswith("2. C — score 1 · Buchholz 3")
    assert lines[2].startswith("3. D — score 1 · Buchholz 1")
    assert "head-to-head" not in (standings.value or "")  # Buchholz told them apart
    assert embed.footer.text is not None and "Buchholz" in embed.footer.text
    assert "head-to-head" in embed.footer.text
    with speaking("ja"):
        embed, _view = render(tournament, four_level())
        assert embed.footer.text is not None and "ブッフホルツ" in embed.footer.text


def test_head_to_head_is_shown_where_it_orders_players_level_on_buchholz() -> None:
    """A round robin of four: B beat C and D, A beat B and C, D beat A,
    C beat D. A and B: 2 points, Buchholz 4; C and D: 1 point, Buchholz
    5. Level pairs are ordered by their own game, which is shown; the seeds
    (B and D ahead) would order them the other way."""
    entrants = tuple(
        Entrant(p, None, name, seed)
        for p, name, seed in zip((A, B, C, D), "ABCD", (0, 5, 0, 5), strict=True)
    )
    rounds = (
        ((A, B), (C, D)),
        ((A, C), (B, D)),
        ((D, A), (B, C)),
    )
    history = tuple(
        PlayedRound(
            Round(n, tuple(Table(t) for t in tables)),
            tuple(TableResult.ranking(*t) for t in tables),
        )
        for n, tables in enumerate(rounds, start=1)
    )
    tournament = replace(STARTED, round=3, rounds=3, status=FINISHED)
    played = Played(entrants, (), history, frozenset())
    embed, _view = render(tournament, played)
    assert (embed.fields[0].value or "").splitlines() == [
        "1. A — score 2 · Buchholz 4 · head-to-head 1",
        "2. B — score 2 · Buchholz 4 · head-to-head 0",
        "3. C — score 1 · Buchholz 5 · head-to-head 1",
        "4. D — score 1 · Buchholz 5 · head-to-head 0",
    ]
    with speaking("ja"):
        embed, _view = render(tournament, played)
        lines = (embed.fields[0].value or "").splitlines()
        assert lines[0].startswith("1. A") and "直接対決1" in lines[0]
        assert lines[1].startswith("2. B") and "直接対決0" in lines[1]
