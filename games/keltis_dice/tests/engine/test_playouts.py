"""Random playouts with the options the generic contract test does not use
(it plays the default side A): side B and both sides (D-3)."""

import json
import random

import pytest

from games.keltis_dice.engine.board import FORBIDDEN
from rules import Match


@pytest.mark.parametrize("side", ["B", "both"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_D3_random_playouts_on_side_B_and_both_finish_and_replay(side, players):
    for n in range(12):
        m = Match.new("keltis_dice", players, f"playout-{side}-{n}", {"side": side})
        rnd = random.Random(n)
        while m.to_act():
            assert m.seq < m.game.max_actions
            (seat,) = m.to_act()
            legal = [a.key() for a in m.legal(seat)]
            assert legal and len(legal) == len(set(legal))
            assert all(len(k) <= 60 for k in legal)
            events = m.act(seat, rnd.choice(legal), m.seq)
            assert json.loads(json.dumps(events)) == events
        out = m.outcome()
        games = 2 if side == "both" else 1
        assert len(out["games"]) == games
        assert [g["side"] for g in out["games"]] == (["A", "B"] if side == "both" else ["B"])
        for seat in range(players):
            assert len(out["breakdown"][seat]["games"]) == games
            assert out["scores"][seat] == sum(g["total"] for g in out["breakdown"][seat]["games"])
        if side == "B":  # no stone ever ended on a forbidden field
            for stones in m.state.stones:
                assert all(f not in FORBIDDEN["B"][c] for c, f in stones.items())
        record = json.loads(json.dumps(m.to_record()))
        assert Match.replay(record).snapshot() == m.snapshot()
