"""What every presenter shares: the panel states the decision in words, and
the turn ping says where to click."""

import random

import pytest

from cogs.presenters import presented_games, presenter_for
from cogs.presenters.base import Presenter
from rules import Match, get_game
from tests.rules.playout import random_step

FALLBACK = Presenter().decision({})


@pytest.mark.parametrize("game_id", presented_games())
def test_every_panel_of_a_playout_states_the_decision_in_words(game_id):
    presenter = presenter_for(game_id)
    game = get_game(game_id)
    match = Match.new(game_id, game.min_players, "words")
    rnd = random.Random(5)
    phases = set()
    while not match.is_over():
        seat = match.to_act()[0]
        view = match.view(seat)
        asked = presenter.decision(view)
        assert asked and asked != FALLBACK, (view.get("phase"), asked)
        embed = presenter.panel_embed(
            match_id=1,
            view=view,
            names=["A", "B", "C", "D", "E"],
            seat=seat,
            to_act=match.to_act(),
            seq=match.seq,
        ).to_dict()
        assert embed["description"].startswith(f"**Your decision:** {asked[0].upper()}")
        phases.add(view.get("phase"))
        random_step(match, rnd)
    assert len(phases) >= 2  # the playout went through more than one kind of decision


def test_a_note_follows_the_decision_on_its_own_line():
    presenter = presenter_for("keltis")
    match = Match.new("keltis", 2, "note", {"first_player": 0})
    embed = presenter.panel_embed(
        match_id=1,
        view=match.view(0),
        names=["A", "B"],
        seat=0,
        to_act=(0,),
        seq=0,
        note="The table moved on.",
    )
    assert embed.description.endswith(".\nThe table moved on.")


def test_the_ping_hint_says_where_to_click():
    assert presenter_for("keltis").ping_hint == (
        "Press **Your move** below (or **My hand** on the table)."
    )
    assert presenter_for("keltis_dice").ping_hint == (
        "Roll the dice with the buttons on the table (or press **Your move** below)."
    )
    for game_id in presented_games():
        assert "**Your move**" in presenter_for(game_id).ping_hint


@pytest.mark.parametrize("game_id", sorted(presented_games()))
def test_a_finished_match_panel_says_it_is_over_and_still_shows_the_seat(game_id):
    presenter = presenter_for(game_id)
    game = get_game(game_id)
    match = Match.new(game_id, game.min_players, "over")
    rnd = random.Random(7)
    while not match.is_over():
        random_step(match, rnd)
    embed = presenter.panel_embed(
        match_id=1,
        view=match.view(0),
        names=["A", "B", "C", "D", "E"],
        seat=0,
        to_act=match.to_act(),
        seq=match.seq,
    ).to_dict()
    over = (
        "The game is over — the table shows the final chips."
        if game_id == "cucco"
        else "The game is over."
    )
    assert embed["description"] == over
    assert embed["footer"]["text"] == f"move {match.seq}"
