"""What a thinking job asks and answers, as JSON: the same code runs in the
worker process (`run`) and in the bot (`decide_request`, `hint_request`,
`action_of`, `hint_of`), so a decision made in a worker is the one the bot
would make in process: the match travels as its record (`Match.to_record`:
seed, log and snapshot, generator state included) and is rebuilt there
exactly.

A request: {"job": "decide", "record", "seat", "level"} or {"job": "hint",
"record", "seat"}; the answer: {"action": key} or the hint's fields."""

from __future__ import annotations

from typing import Any

from rules import Action, Match
from rules.bots import choose_action
from rules.bots.hint import Hint, hint

DECIDE = "decide"
HINT = "hint"


def decide_request(match: Match, seat: int, level: str) -> dict[str, Any]:
    return {"job": DECIDE, "record": match.to_record(), "seat": seat, "level": level}


def hint_request(match: Match, seat: int) -> dict[str, Any]:
    return {"job": HINT, "record": match.to_record(), "seat": seat}


def run(request: dict[str, Any]) -> dict[str, Any]:
    """Do one job (in the worker)."""
    match = Match.from_record(request["record"])
    seat = int(request["seat"])
    if request["job"] == DECIDE:
        return {"action": choose_action(match, seat, str(request["level"])).key()}
    if request["job"] == HINT:
        found = hint(match, seat)
        return {
            "action": found.action.key(),
            "only": found.only,
            "runner_up": None if found.runner_up is None else found.runner_up.key(),
            "gain": found.gain,
            "then": [a.key() for a in found.then],
            "runner_then": [a.key() for a in found.runner_then],
            "close": [a.key() for a in found.close],
        }
    raise ValueError(f"unknown job {request['job']!r}")


def action_of(answer: dict[str, Any]) -> Action:
    return Action.parse(answer["action"])


def hint_of(answer: dict[str, Any]) -> Hint:
    rival = answer["runner_up"]
    return Hint(
        Action.parse(answer["action"]),
        only=bool(answer["only"]),
        runner_up=None if rival is None else Action.parse(rival),
        gain=float(answer["gain"]),
        then=tuple(Action.parse(k) for k in answer.get("then", ())),
        runner_then=tuple(Action.parse(k) for k in answer.get("runner_then", ())),
        close=tuple(Action.parse(k) for k in answer.get("close", ())),
    )
