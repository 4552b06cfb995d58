"""What every presenter shares: the panel states the decision in words, and
the turn ping says where to click."""

import random

import pytest

from cogs.i18n import speaking
from cogs.presenters import presented_games, presenter_for
from cogs.presenters.base import Presenter
from rules import Match, get_game
from rules.core.rng import Rng
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
    # the playout went through the kinds of decision the game declares, two at least
    assert phases <= {None, *game.kind.phases}
    assert len(phases - {None}) >= min(2, len(game.kind.phases))


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
    # the dice game's leads with Your move too (issue 42): the panel is the short path
    dice = presenter_for("keltis_dice").ping_hint
    assert dice.startswith("Press ▶️ **Your move** below")
    with speaking("ja"):
        assert presenter_for("keltis_dice").ping_hint.startswith("下の ▶️ **あなたの番** を押して")
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
    over = presenter.panel_over_line(match.view(0), match.to_act())
    assert over is not None and over.startswith("The game is over")
    assert embed["description"] == over
    assert embed["footer"]["text"] == f"move {match.seq}"
    assert len(embed.get("fields", [])) <= len(presenter.private_fields(match.view(0)))


@pytest.mark.parametrize("game_id", sorted(presented_games()))
def test_what_a_decision_needs_is_public_never_a_hand_not_even_the_seats_own(game_id):
    """The fields a decision needs depend only on the public view and whose
    panel it is: re-dealing everything another seat cannot see (the
    others' hands and this seat's own, the deck) changes none of them. A
    presenter that declares such fields gives some at every decision; one
    that keeps the default gives none (its panel needs no table)."""
    presenter = presenter_for(game_id)
    declares = type(presenter).decision_fields is not Presenter.decision_fields
    game = get_game(game_id)
    players = max(game.min_players, 3) if game.max_players >= 3 else game.min_players
    names = ["A", "B", "C", "D", "E"][:players]
    match = Match.new(game_id, players, "decide")
    rnd = random.Random(3)
    for step in range(30):
        if match.is_over():
            break
        if step % 6 == 0:
            for seat in range(players):
                fields = presenter.decision_fields(match.view(seat), names)
                assert bool(fields) == declares
                assert all(len(v) <= 1024 and len(n) <= 256 for n, v in fields)
                for other in range(players):
                    if other == seat:
                        continue
                    twin = Match.from_record(match.to_record())
                    twin.game.redeal_hidden(twin.state, other, Rng(rnd.getrandbits(64)))
                    assert presenter.decision_fields(twin.view(seat), names) == fields
        random_step(match, rnd)


def test_the_story_since_the_last_turn_comes_last_clipped_from_the_end():
    presenter = presenter_for("keltis")
    match = Match.new("keltis", 2, "story", {"first_player": 0})

    def panel(recent):
        return presenter.panel_embed(
            match_id=1,
            view=match.view(0),
            names=["A", "B"],
            seat=0,
            to_act=(0,),
            seq=0,
            recent=recent,
        )

    assert "Since your last turn" not in str(panel(()).to_dict())
    last = panel(["**B** discarded 🟤3.", "**B** drew from the draw pile."]).to_dict()["fields"][-1]
    assert last == {
        "name": "Since your last turn",
        "value": "**B** discarded 🟤3.\n**B** drew from the draw pile.",
        "inline": False,
    }
    long = [f"**B** move {n} " + "x" * 80 for n in range(100)]
    embed = panel(long)
    value = embed.fields[-1].value or ""
    assert value.startswith("…\n") and value.endswith(long[-1]) and len(value) <= 1024
    assert len(embed) <= 6000 and len(embed.fields) <= 25


def test_a_panel_too_full_for_discord_keeps_its_private_fields_and_some_story():
    class Crowded(Presenter):
        def private_fields(self, view, names=None):
            return [("Your hand", "h" * 1000)]

        def decision_fields(self, view, names):
            return [(f"public {n}", "p" * 1000) for n in range(30)]

    embed = Crowded().panel_embed(
        match_id=1, view={}, names=["A"], seat=0, to_act=(0,), seq=0, recent=["s" * 50]
    )
    names = [f.name for f in embed.fields]
    assert names[0] == "Your hand" and names[-1] == "Since your last turn"
    assert len(embed) <= 6000 and len(embed.fields) <= 25
