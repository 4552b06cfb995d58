"""`Match`: one game, its state, its seeded generator and its action log.

This is the only API the rest of the bot uses. `act()` is all-or-nothing: a
refused or failing action leaves the match exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core.actions import Action
from rules.core.errors import (
    BadOptions,
    GameOver,
    IllegalAction,
    NotYourDecision,
    RecordError,
    RulesError,
    StaleSeq,
    UnknownAction,
)
from rules.core.events import Event
from rules.core.game import Game, Outcome, View
from rules.core.registry import get_game
from rules.core.rng import Rng
from rules.core.state_codec import json_copy

RECORD_FORMAT = 1
#: the log key of a concession; no game may use `concede` as a verb of its own
CONCEDE = "concede"


class Match:
    __slots__ = ("game", "players", "options", "seed", "rng", "state", "log")

    def __init__(
        self,
        game: Game[Any],
        players: int,
        options: dict[str, Any],
        seed: str,
        rng: Rng,
        state: Any,
        log: list[tuple[int, str]],
    ):
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        self.rng = rng
        self.state = state
        self.log = log

    # -- creation ---------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_id: str,
        players: int | Sequence[object],
        seed: str,
        options: dict[str, Any] | None = None,
    ) -> Match:
        game = get_game(game_id)
        n = players if isinstance(players, int) else len(players)
        if not game.min_players <= n <= game.max_players:
            raise BadOptions(
                f"{game.name} takes {game.min_players}-{game.max_players} players, not {n}"
            )
        if not isinstance(seed, str) or not seed:
            raise BadOptions("seed must be a non-empty string")
        opts = game.check_options(n, dict(options or {}))
        rng = Rng.from_seed(seed)
        state = game.setup(n, opts, rng)
        return cls(game, n, opts, seed, rng, state, [])

    # -- queries ----------------------------------------------------------
    @property
    def seq(self) -> int:
        return len(self.log)

    @property
    def game_id(self) -> str:
        return self.game.id

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def is_over(self) -> bool:
        return not self.game.to_act(self.state)

    def legal(self, seat: int) -> list[Action]:
        if seat not in self.game.to_act(self.state):
            return []
        return self.game.legal(self.state, seat)

    def view(self, seat: int | None = None) -> View:
        if seat is not None and not 0 <= seat < self.players:
            raise NotYourDecision(f"no seat {seat} in this match")
        return self.game.view(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def decision_kind(self, seat: int) -> str | None:
        """The kind of decision `seat` faces now (`Game.decision_kind`);
        None when it is not the seat's turn."""
        if seat not in self.game.to_act(self.state):
            return None
        return self.game.decision_kind(self.state, seat)

    def legal_after(self, seat: int, action: Action | str) -> list[Action]:
        """What `seat` could do next if it made `action` now (nothing if the
        turn passes to another seat): a preview, played on a copy, so the
        match does not change. Lets a panel offer "play, then draw" as one
        click only where the rules allow that draw. Raises as `act` would
        for an action that is not legal now."""
        return self.preview(seat, action).legal(seat)

    def preview(self, seat: int, action: Action | str) -> Match:
        """The match as it would stand after `seat` made `action` now: a
        copy, so this match does not change (`legal_after` is its legal
        actions). Raises as `act` would for an action not legal now."""
        twin = self.copy()
        twin.act(seat, action, twin.seq)
        return twin

    def reveals(self, action: Action | str, seat: int | None = None) -> bool:
        """Does `action` show its maker what they could not know before (a
        draw, a roll; `Game.reveals`, asked of the state now)? A preview
        never looks past such a step. `seat`: its maker, by default the seat
        that may make it now."""
        if isinstance(action, str):
            action = Action.parse(action)
        if seat is None:
            seat = self._maker(action)
        return self.game.reveals(self.state, seat, action)

    def _maker(self, action: Action) -> int:
        """The seat that may make `action` now: the one owing a decision, or
        of several (simultaneous moves) the first to whom it is legal."""
        owed = self.to_act()
        if len(owed) > 1:
            return next((s for s in owed if action in self.game.legal(self.state, s)), owed[0])
        return owed[0] if owed else 0

    def forced(self, seat: int) -> Action | None:
        """The seat's decision when there is nothing to decide: its only
        legal action, if the game lets it be made without asking
        (`Game.forced_verbs`); else None."""
        legal = self.legal(seat)
        if len(legal) == 1 and legal[0].verb in self.game.forced_verbs:
            return legal[0]
        return None

    def copy(self) -> Match:
        """A match sharing nothing mutable with this one (the state through
        the game's own copy: `load(dump(state))`, only faster)."""
        return Match(
            self.game,
            self.players,
            json_copy(self.options),
            self.seed,
            Rng(self.rng.state),
            self.game.copy(self.state),
            list(self.log),
        )

    # -- the one way to change a match -----------------------------------
    def act(self, seat: int, action: Action | str, expected_seq: int) -> list[Event]:
        owed = self.game.to_act(self.state)
        if not owed:
            raise GameOver("the match is over")
        if expected_seq != self.seq:
            raise StaleSeq(expected_seq, self.seq)
        if isinstance(action, str):
            action = Action.parse(action)
        if action.verb not in self.game.verbs:
            raise UnknownAction(f"{self.game.id} has no action {action.key()!r}")
        if seat not in owed:
            raise NotYourDecision(f"seat {seat} owes no decision now")
        if action not in self.game.legal(self.state, seat):
            raise IllegalAction(f"{action.key()} is not legal now")
        return self._apply(
            seat, action, lambda: self.game.apply(self.state, seat, action, self.rng)
        )

    def concede(self, seat: int, expected_seq: int) -> list[Event]:
        """`seat` gives up: the game ends at once and that seat cannot win.
        Allowed at any time, whether or not the seat owes a decision."""
        if not self.game.to_act(self.state):
            raise GameOver("the match is over")
        if expected_seq != self.seq:
            raise StaleSeq(expected_seq, self.seq)
        if not 0 <= seat < self.players:
            raise NotYourDecision(f"no seat {seat} in this match")
        return self._apply(seat, Action(CONCEDE), lambda: self.game.concede(self.state, seat))

    def _apply(self, seat: int, action: Action, change: Callable[[], list[Event]]) -> list[Event]:
        try:
            events = change()
        except BaseException:
            self._rebuild()
            raise
        self.log.append((seat, action.key()))
        return events

    def _rebuild(self) -> None:
        """Undo a half-applied action by replaying the log: the engine is
        deterministic, so this restores the exact state without paying for a
        backup on every action (failures are bugs, hence rare)."""
        fresh = Match.replay(
            {
                "game": self.game.id,
                "players": self.players,
                "options": self.options,
                "seed": self.seed,
                "log": [[seat, key] for seat, key in self.log],
            }
        )
        self.rng, self.state = fresh.rng, fresh.state

    # -- persistence -----------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {"rng": self.rng.state, "state": self.game.dump(self.state)}

    def to_record(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "log": [[seat, key] for seat, key in self.log],
            "snapshot": self.snapshot(),
        }

    @classmethod
    def from_record(cls, rec: dict[str, Any], *, verify: bool = False) -> Match:
        """Load from a record's snapshot; with `verify`, also replay the log
        and refuse the record if the two disagree. A record without a
        snapshot is rebuilt from its log."""
        try:
            game = get_game(rec["game"])
            if rec.get("format") != RECORD_FORMAT:
                raise RecordError(f"unknown record format {rec.get('format')!r}")
            if rec["rules_version"] != game.rules_version:
                raise RecordError(
                    f"{game.id} rules version {rec['rules_version']}"
                    f" (this code: {game.rules_version})"
                )
            snap = rec.get("snapshot")
            if snap is None or verify:
                replayed = cls.replay(rec)
                if snap is not None and replayed.snapshot() != snap:
                    raise RecordError("snapshot disagrees with the replayed action log")
                return replayed
            log = [(int(seat), str(key)) for seat, key in rec["log"]]
            return cls(
                game,
                int(rec["players"]),
                dict(rec["options"]),
                str(rec["seed"]),
                Rng(int(snap["rng"])),
                game.load(snap["state"]),
                log,
            )
        except RecordError:
            raise
        except (RulesError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise RecordError(f"corrupt record: {exc!r}") from exc

    @classmethod
    def replay(cls, rec: dict[str, Any]) -> Match:
        """Rebuild a match from seed and log alone (the log is the truth)."""
        return cls.replay_story(rec)[0]

    @classmethod
    def replay_story(cls, rec: dict[str, Any]) -> tuple[Match, list[list[Event]]]:
        """Rebuild a match from seed and log, with the events of each logged
        action (to backfill a log stored before events were)."""
        match = cls.new(rec["game"], int(rec["players"]), rec["seed"], rec["options"])
        story = [match.apply_logged(int(seat), key) for seat, key in rec["log"]]
        return match, story

    def apply_logged(self, seat: int, key: str) -> list[Event]:
        """Apply one logged key (an action or a concession) at the current seq."""
        if key == CONCEDE:
            return self.concede(seat, self.seq)
        return self.act(seat, key, self.seq)
