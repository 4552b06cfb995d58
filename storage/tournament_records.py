"""What the store hands out about tournaments (storage/sql/tournaments.py):
small frozen records decoded from rows. Standings are not among them: they
are derived from the tables' matches and the hosts' acts (tournaments/)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from storage.errors import StoreError
from storage.records import Row, from_ms

SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"


class UnknownTournament(StoreError, LookupError):
    def __init__(self, tournament_id: int):
        super().__init__(f"no tournament {tournament_id}")
        self.tournament_id = tournament_id


class TournamentConflict(StoreError):
    """A tournament write refused by its state (nothing was changed): `why`
    is one of the codes below, which the Discord layer words."""

    NOT_SIGNUP = "not_signup"  # join, leave or start after the sign-up
    JOINED = "joined"  # already an entrant
    NOT_JOINED = "not_joined"  # not an entrant
    NOT_RUNNING = "not_running"  # finished, cancelled or not started
    PAIRED = "paired"  # the round was paired already (a second Start, a race)

    def __init__(self, tournament_id: int, why: str):
        super().__init__(f"tournament {tournament_id}: {why}")
        self.tournament_id = tournament_id
        self.why = why


@dataclass(frozen=True, slots=True, kw_only=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    game: str
    format: str
    rounds: int  # the rounds it plays (before the start: asked for; 0: the format's)
    per_match: int  # players at each table
    settings: dict[str, Any]  # the deadline and timeout policy of its matches
    status: str
    paused: bool
    round: int  # the last round paired (0: none yet)
    creator_id: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Entrant:
    entrant: int  # a user id, or -n for the tournament's n-th bot
    bot: str | None  # a bot's level; None for a person
    name: str | None
    seed: float  # the rating at the start (0 before)

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


@dataclass(frozen=True, slots=True)
class TournamentTable:
    round: int
    table_no: int  # 0: the round's byes
    players: tuple[int, ...]  # entrants, in seat order
    match_id: int | None  # once its match is opened

    @property
    def is_byes(self) -> bool:
        return self.table_no == 0


@dataclass(frozen=True, slots=True)
class TournamentAct:
    """What a host did (or the bot, for the start): never rewritten."""

    id: int
    at: datetime
    actor_id: int
    act: str  # "start", "drop", "forfeit", "pause", "resume", "cancel"
    args: dict[str, Any]


def decode_tournament(row: Row) -> Tournament:
    return Tournament(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        game=row["game"],
        format=row["format"],
        rounds=row["rounds"],
        per_match=row["per_match"],
        settings=json.loads(row["settings"]),
        status=row["status"],
        paused=bool(row["paused"]),
        round=row["round"],
        creator_id=row["creator_id"],
        created_at=from_ms(row["created_at"]),
    )


def decode_entrant(row: Row) -> Entrant:
    return Entrant(row["entrant"], row["bot"], row["name"], float(row["seed"]))


def decode_table(row: Row) -> TournamentTable:
    players = tuple(int(p) for p in json.loads(row["players"]))
    return TournamentTable(row["round"], row["table_no"], players, row["match_id"])


def decode_act(row: Row) -> TournamentAct:
    return TournamentAct(
        row["id"], from_ms(row["at"]), row["actor_id"], row["act"], json.loads(row["args"])
    )
