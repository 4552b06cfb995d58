"""Writes snapshots.json: the frozen sample the state codec is held to.

Made once, from the hand-written dump/load the games had before the generic
codec (commit fead4e2), and never regenerated from the codec itself, or the
test would compare the codec with itself. Stored snapshots live in players'
databases: the codec must keep loading and writing exactly these.

Run (on a checkout of that commit): `python -m tests.rules.core.golden.make_snapshots OUT`
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from rules import Match, all_games

SEEDS = 2  # per game and player count
#: where full snapshots are kept, as fractions of the playout
MARKS = (0.0, 0.35, 0.7, 1.0)


def digest(texts: list[str]) -> str:
    h = hashlib.sha256()
    for text in texts:
        h.update(text.encode("utf-8") + b"\n")
    return h.hexdigest()


def sample(game_id: str, players: int, n: int) -> dict:
    seed = f"golden-{game_id}-{players}-{n}"
    match = Match.new(game_id, players, seed)
    rnd = random.Random(n)
    texts = [json.dumps(match.snapshot())]
    while match.to_act():
        if n == 1 and match.seq == 40:  # the second sample ends conceded
            match.concede(rnd.randrange(players), match.seq)
        else:
            seat = rnd.choice(match.to_act())
            match.act(seat, rnd.choice(match.legal(seat)), match.seq)
        texts.append(json.dumps(match.snapshot()))
    record = match.to_record()
    del record["snapshot"]
    keep = sorted({round(m * match.seq) for m in MARKS})
    return {**record, "digest": digest(texts), "snapshots": {str(q): texts[q] for q in keep}}


def main() -> None:
    out = [
        sample(gid, p, n)
        for gid, g in all_games().items()
        for p in range(g.min_players, g.max_players + 1)
        for n in range(SEEDS)
    ]
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps(sample) for sample in out) + "\n]\n")


if __name__ == "__main__":
    main()
