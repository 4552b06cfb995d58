"""Tournament pairing and standings, as pure functions of the record.

Nothing under `tournaments/` touches Discord, storage, the event loop, the
clock or chance: the entrants, the rounds played with their results and the
dropped players go in, the next round or the standings come out, so a
restarted bot rebuilds exactly the same tournament from what it stored.
"""

from tournaments.model import (
    FORMATS,
    ROUND_ROBIN,
    SINGLE_ELIMINATION,
    SWISS,
    Entrant,
    PlayedRound,
    Round,
    Table,
    TableResult,
)
from tournaments.pairing import (
    champion,
    elimination_round,
    is_over,
    round_robin_round,
    round_robin_schedule,
    rounds_needed,
    swiss_round,
    table_sizes,
)
from tournaments.scoring import BYE_POINTS, Standing, standings, table_points

__all__ = [
    "BYE_POINTS",
    "FORMATS",
    "ROUND_ROBIN",
    "SINGLE_ELIMINATION",
    "SWISS",
    "Entrant",
    "PlayedRound",
    "Round",
    "Standing",
    "Table",
    "TableResult",
    "champion",
    "elimination_round",
    "is_over",
    "round_robin_round",
    "round_robin_schedule",
    "rounds_needed",
    "standings",
    "swiss_round",
    "table_points",
    "table_sizes",
]
