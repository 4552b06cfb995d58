"""The Match API's refusals, records and all-or-nothing `act`."""

import json
import random

import pytest

from rules import (
    BadOptions,
    GameOver,
    IllegalAction,
    Match,
    NotYourDecision,
    RecordError,
    StaleSeq,
    UnknownAction,
    UnknownGame,
    all_games,
    get_game,
)

GAMES = list(all_games())


def fresh():
    return Match.new("keltis", 2, "api", {"first_player": 0})


def test_unknown_game_and_bad_seed_are_refused():
    with pytest.raises(UnknownGame):
        Match.new("chess", 2, "s")
    with pytest.raises(BadOptions):
        Match.new("keltis", 2, "")


def test_refusals_are_typed_and_change_nothing():
    m = fresh()
    before = json.dumps(m.to_record())
    card = m.view(0)["hand"][0]
    with pytest.raises(StaleSeq):
        m.act(0, f"discard:{card}", 1)
    with pytest.raises(UnknownAction):
        m.act(0, "teleport:home", 0)
    with pytest.raises(NotYourDecision):
        m.act(1, f"discard:{card}", 0)
    with pytest.raises(IllegalAction):
        m.act(0, "draw:deck", 0)
    assert json.dumps(m.to_record()) == before


def test_a_failing_apply_leaves_the_match_untouched(monkeypatch):
    m = fresh()
    before = m.snapshot()
    card = m.view(0)["hand"][0]

    def explode(*args):
        m.state.hands[0].clear()
        raise RuntimeError("bug")

    monkeypatch.setattr(type(m.game), "apply", explode)
    with pytest.raises(RuntimeError):
        m.act(0, f"discard:{card}", 0)
    assert m.snapshot() == before and m.seq == 0


def test_records_round_trip_and_verify_against_the_log():
    m = fresh()
    card = m.view(0)["hand"][0]
    m.act(0, f"discard:{card}", 0)
    m.act(0, "draw:deck", 1)
    rec = json.loads(json.dumps(m.to_record()))
    assert rec["log"] == [[0, f"discard:{card}"], [0, "draw:deck"]]
    assert Match.from_record(rec, verify=True).snapshot() == m.snapshot()
    rec["snapshot"]["state"]["current"] ^= 1
    with pytest.raises(RecordError):
        Match.from_record(rec, verify=True)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda r: r.update(game="chess"),
        lambda r: r.update(rules_version=99),
        lambda r: r.update(format=7),
        lambda r: r["snapshot"].update(state={"hands": "nope"}),
        lambda r: r.update(log=[[0, "teleport"]], snapshot=None),
        lambda r: r.pop("seed"),
    ],
)
def test_corrupt_records_raise_record_error(mutate):
    rec = fresh().to_record()
    mutate(rec)
    with pytest.raises(RecordError):
        Match.from_record(rec)


def test_game_over_refuses_further_actions():
    from tests.rules.playout import play_out

    m = play_out("keltis", 2, "over")
    with pytest.raises(GameOver):
        m.act(0, "done", m.seq)
    assert m.to_act() == () and m.legal(0) == []


def test_concede_any_time_ends_the_match_and_replays():
    m = Match.new("keltis", 3, "concede", {"first_player": 0})
    with pytest.raises(StaleSeq):
        m.concede(2, 5)
    events = m.concede(2, 0)  # seat 2 owes nothing and may still concede
    assert {"type": "concede", "seat": 2} in events
    out = m.outcome()
    assert out is not None and 2 not in out["winners"] and out["winners"]
    assert m.log == [(2, "concede")]
    assert Match.replay(json.loads(json.dumps(m.to_record()))).snapshot() == m.snapshot()
    with pytest.raises(GameOver):
        m.concede(0, m.seq)


def test_a_failing_apply_mid_match_is_undone_exactly(monkeypatch):
    import random

    from tests.rules.playout import random_step

    m = fresh()
    rnd = random.Random(3)
    for _ in range(25):
        random_step(m, rnd)
    before = m.snapshot()
    seat = m.to_act()[0]
    action = m.legal(seat)[0]
    real_apply = type(m.game).apply

    armed = [True]  # the bug hits this one call only, not the replay that undoes it

    def half_then_fail(self, state, seat_, action_, rng):
        events = real_apply(self, state, seat_, action_, rng)
        if not armed[0]:
            return events
        armed[0] = False
        rng.next64()
        raise RuntimeError("bug after changing things")

    monkeypatch.setattr(type(m.game), "apply", half_then_fail)
    with pytest.raises(RuntimeError):
        m.act(seat, action, m.seq)
    monkeypatch.setattr(type(m.game), "apply", real_apply)
    assert m.snapshot() == before and m.seq == 25


def play_on(match: Match, moves: int, seed: int) -> Match:
    rnd = random.Random(seed)
    for _ in range(moves):
        if match.is_over():
            break
        seat = rnd.choice(match.to_act())
        match.act(seat, rnd.choice(match.legal(seat)), match.seq)
    return match


@pytest.mark.parametrize("game, players", [(g, get_game(g).min_players) for g in GAMES])
def test_a_copy_shares_nothing_mutable(game, players):
    match = play_on(Match.new(game, players, "copy"), 5, 1)
    record = json.dumps(match.to_record())
    twin = match.copy()
    assert json.dumps(twin.to_record()) == record
    play_on(twin, 30, 2)  # the copy plays on; the original does not move
    assert json.dumps(match.to_record()) == record
    assert twin.seq > match.seq
    # and the original plays on exactly as it would have without the copy
    alone = play_on(Match.from_record(json.loads(record)), 30, 3)
    assert play_on(match, 30, 3).to_record() == alone.to_record()


@pytest.mark.parametrize("game, players", [(g, get_game(g).min_players) for g in GAMES])
def test_legal_after_is_what_the_seat_could_do_next_and_changes_nothing(game, players):
    for seed in range(6):
        match = play_on(Match.new(game, players, f"after-{seed}"), seed * 3, seed)
        if match.is_over():
            continue
        record = json.dumps(match.to_record())
        seat = match.to_act()[0]
        for action in match.legal(seat):
            twin = Match.from_record(json.loads(record))  # the long way round
            twin.act(seat, action, twin.seq)
            assert match.legal_after(seat, action) == twin.legal(seat)
        assert json.dumps(match.to_record()) == record


def test_legal_after_finds_the_oracles_moves_that_a_draw_may_follow():
    """What the panel offers as "…, then draw" in one click: found by the
    engine, and each is really followed by a legal draw."""
    match, rnd, found = Match.new("oracle", 2, "then-draw"), random.Random(5), 0
    while not match.is_over() and match.seq < 60:
        seat = match.to_act()[0]
        for action in match.legal(seat):
            if "draw:deck" in [a.key() for a in match.legal_after(seat, action)]:
                twin = match.copy()
                twin.act(seat, action, twin.seq)
                twin.act(seat, "draw:deck", twin.seq)
                found += 1
        match.act(seat, rnd.choice(match.legal(seat)), match.seq)
    assert found


def test_legal_after_refuses_what_act_refuses_and_changes_nothing():
    m = fresh()
    before = json.dumps(m.to_record())
    with pytest.raises(NotYourDecision):
        m.legal_after(1, f"discard:{m.view(0)['hand'][0]}")
    with pytest.raises(IllegalAction):
        m.legal_after(0, "discard:99")
    assert json.dumps(m.to_record()) == before


@pytest.mark.parametrize("game, players", [(g, get_game(g).min_players) for g in GAMES])
def test_forced_is_an_only_legal_action_of_a_verb_the_game_lets_be_made(game, players):
    """`forced` never picks among choices, and only verbs the game declares."""
    match, rnd = Match.new(game, players, "forced"), random.Random(3)
    kind = type(match.game)
    assert kind.forced_verbs <= kind.verbs and kind.revealing_verbs <= kind.verbs
    while not match.is_over() and match.seq < 300:
        for seat in range(players):
            legal = match.legal(seat)
            forced = match.forced(seat)
            if forced is not None:
                assert legal == [forced] and forced.verb in kind.forced_verbs
            elif len(legal) == 1:
                assert legal[0].verb not in kind.forced_verbs
        seat = match.to_act()[0]
        match.act(seat, rnd.choice(match.legal(seat)), match.seq)


def test_the_dice_games_roll_is_forced_and_a_keltis_play_is_not():
    dice = Match.new("keltis_dice", 2, "forced")
    seat = dice.to_act()[0]
    assert dice.forced(seat) is not None and dice.forced(seat).key() == "roll"
    assert dice.forced(1 - seat) is None  # owes nothing
    keltis = fresh()
    assert keltis.forced(0) is None and keltis.forced(1) is None


def test_preview_is_the_match_after_one_action_and_reveals_names_draws():
    m = fresh()
    before = json.dumps(m.to_record())
    card = m.view(0)["hand"][0]
    twin = m.preview(0, f"discard:{card}")
    assert twin.seq == 1 and json.dumps(m.to_record()) == before
    assert m.reveals("draw:deck") and not m.reveals(f"discard:{card}")
    with pytest.raises(NotYourDecision):
        m.preview(1, f"discard:{m.view(1)['hand'][0]}")
