"""Race to 21, registered only in the tests: take turns adding 1, 2 or 3 to
a total; who makes it 21 wins. Six methods are all a game writes; snapshots,
copies, options, concession and re-deals come from its declarations."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.actions import Action
from rules.core.game import OVER, Game, GameType
from rules.core.options import first_player

GOAL = 21


@dataclass(slots=True)
class RaceState:
    current: int  # the seat to add next
    total: int = 0
    phase: str = "play"
    end_reason: str | None = None
    conceded: int | None = None


class RaceTo21(Game):
    id, name = "race21", "Race to 21"
    kind = GameType(min_players=2, max_players=2, chance=True)  # who starts, by lot
    verbs = frozenset({"add"})
    max_actions = GOAL
    state_type = RaceState
    options_schema = (first_player("first", "who adds first (otherwise by lot)"),)

    def setup(self, n_players, options, rng) -> RaceState:
        first = options.get("first")
        return RaceState(current=rng.below(2) if first is None else first)

    def to_act(self, s: RaceState) -> tuple[int, ...]:
        return () if s.phase == OVER else (s.current,)

    def legal(self, s: RaceState, seat: int) -> list[Action]:
        return [Action.of("add", k) for k in (1, 2, 3) if s.total + k <= GOAL]

    def apply(self, s: RaceState, seat: int, action: Action, rng) -> list[dict]:
        s.total += int(action.args[0])
        if s.total == GOAL:
            s.phase, s.end_reason = OVER, "goal"
        else:
            s.current = 1 - seat
        return [{"type": "add", "seat": seat, "total": s.total}]

    def view(self, s: RaceState, seat: int | None) -> dict:
        return {"game": self.id, "total": s.total, "to_act": list(self.to_act(s)), "seat": seat}

    def outcome(self, s: RaceState) -> dict | None:
        if s.phase != OVER:
            return None
        winner = s.current if s.conceded is None else 1 - s.conceded
        return {
            "scores": [int(i == winner) for i in (0, 1)],
            "breakdown": [{}, {}],
            "winners": [winner],
            "reason": s.end_reason,
        }


GAME = RaceTo21()
