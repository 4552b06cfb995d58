"""Bot players: pure functions from a match to the action a bot seat takes.

Three levels (`LEVELS`): a uniformly random legal move, a one-ply greedy
player and an expert that searches within an iteration budget. Each is
deterministic given (match seed, seq, seat, level), decides only from what
its seat may know, and never touches the match it is given (it works on
clones), so it may run in a worker thread.
"""

from rules.bots.levels import (
    DEFAULT_LEVEL,
    LABELS,
    LEVELS,
    choose_action,
    level_of_seat_kind,
)

__all__ = ["DEFAULT_LEVEL", "LABELS", "LEVELS", "choose_action", "level_of_seat_kind"]
