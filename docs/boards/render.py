"""The README's board pictures: one representative position per game,
drawn by the bot's own presenters into docs/boards/<game>.png.

Deterministic: each position comes from a seeded random playout (the
match's seed and the moves' chooser both fixed), stopped part of the way
through (Cucco: at its end, to show the winner banner). Labels in English.

Run from the repository's root: `.venv/bin/python docs/boards/render.py`
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cogs.i18n import speaking  # noqa: E402
from cogs.presenters import presenter_for  # noqa: E402
from rules import Match  # noqa: E402

NAMES = ["Alice", "Bob", "Zoë", "🤖 Expert 4", "Eve"]
#: game -> (players, how far through the playout: a fraction of its moves, 1 = its end)
POSITIONS = {
    "keltis": (3, 0.6),
    "oracle": (3, 0.5),
    "keltis_dice": (3, 0.45),
    "cuttle": (2, 0.7),
    "cucco": (5, 1.0),
}
OUT = Path(__file__).resolve().parent


def position(game_id: str, players: int, fraction: float) -> tuple[dict, dict | None]:
    """The public view part of the way through a seeded random playout
    (and the outcome, at its end)."""
    match = Match.new(game_id, players, f"readme-{game_id}")
    rnd = random.Random(game_id)
    seen = []
    while match.to_act():
        seen.append(match.to_record())
        seat = rnd.choice(match.to_act())
        match.act(seat, rnd.choice(match.legal(seat)), match.seq)
    if fraction >= 1:
        return match.view(None), match.outcome()
    return Match.from_record(seen[int(len(seen) * fraction)]).view(None), None


def main() -> None:
    with speaking("en"):
        for game_id, (players, fraction) in POSITIONS.items():
            view, outcome = position(game_id, players, fraction)
            png = presenter_for(game_id).table_image(view, NAMES[:players], outcome)
            assert png is not None
            path = OUT / f"{game_id}.png"
            path.write_bytes(png)
            print(f"{path.relative_to(ROOT)}: {len(png) / 1024:.1f} KB")


if __name__ == "__main__":
    main()
