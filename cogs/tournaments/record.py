"""A tournament as the pure pairing code reads it (tournaments/), rebuilt
from the store's record each time: the entrants, each round as paired with
the results of its finished tables, and who dropped out.

A table's result is its match's finishing places; a host's forfeit puts
the player it names last at that table (the others keep their places, or
share the first while the match has none). A table of bots stopped for
having no end (cogs/play/endless.py) is a draw: its seats share the first
place (but a person who left it, who is last), as the store gives it
(Store.seat_places); `stopped` says which, for the standings' words.
Nothing is stored twice, so a restart reads the same tournament."""

from __future__ import annotations

from dataclasses import dataclass, field

from storage import Store, UnknownMatch, stopped_after
from storage.tournament_records import Entrant, Tournament, TournamentTable
from tournaments.model import Entrant as Seeded
from tournaments.model import PlayedRound, Round, Table, TableResult

DROP, FORFEIT = "drop", "forfeit"


@dataclass(frozen=True, slots=True)
class Played:
    entrants: tuple[Entrant, ...]
    tables: tuple[TournamentTable, ...]
    history: tuple[PlayedRound, ...]
    dropped: frozenset[int]
    #: match -> the moves after which it was stopped for having no end
    stopped: dict[int, int] = field(default_factory=dict)

    @property
    def seeded(self) -> list[Seeded]:
        return [Seeded(e.entrant, e.seed) for e in self.entrants]

    def round_over(self, number: int) -> bool:
        return number < 1 or number > len(self.history) or self.history[number - 1].is_over

    def of_round(self, number: int) -> list[TournamentTable]:
        return [t for t in self.tables if t.round == number and not t.is_byes]


async def played(store: Store, tournament: Tournament) -> Played:
    entrants = tuple(await store.entrants(tournament.id))
    tables = tuple(await store.tournament_tables(tournament.id))
    acts = await store.tournament_acts(tournament.id)
    dropped = frozenset(int(a.args["entrant"]) for a in acts if a.act == DROP)
    forfeits = {(int(a.args["round"]), int(a.args["entrant"])) for a in acts if a.act == FORFEIT}
    history = []
    stopped: dict[int, int] = {}
    for number in sorted({t.round for t in tables}):
        seated = [t for t in tables if t.round == number and not t.is_byes]
        byes = next((t.players for t in tables if t.round == number and t.is_byes), ())
        results = []
        for table in seated:
            result = await _result(store, table, forfeits)
            if result is not None:
                results.append(result)
                moves = await _stopped(store, table)
                if moves is not None:
                    stopped[table.match_id or 0] = moves
        paired = Round(number, tuple(Table(t.players) for t in seated), tuple(byes))
        history.append(PlayedRound(paired, tuple(results)))
    return Played(entrants, tables, tuple(history), dropped, stopped)


async def _stopped(store: Store, table: TournamentTable) -> int | None:
    """The moves after which the table's match was stopped for having no
    end, or None (it ended otherwise)."""
    if table.match_id is None:
        return None
    try:
        return stopped_after(await store.info(table.match_id))
    except UnknownMatch:
        return None


async def _result(
    store: Store, table: TournamentTable, forfeits: set[tuple[int, int]]
) -> TableResult | None:
    places = await store.seat_places(table.match_id) if table.match_id is not None else None
    lost = [p for p in table.players if (table.round, p) in forfeits]
    if lost:
        last = len(table.players)
        base = places or [1] * last
        places = [last if p in lost else base[i] for i, p in enumerate(table.players)]
    return TableResult(table.players, tuple(places)) if places else None
