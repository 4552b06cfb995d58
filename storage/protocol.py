"""`Store`: everything the bot stores, as a protocol two backends implement
(storage/sqlite: one process on a file; storage/postgres: shard processes
sharing a server). The Discord layer is written against this, never against
a backend, and the storage suite holds both to the same behaviour.

The protocol is the sum of one small protocol per aggregate, so that a
backend can be written (and read) one concern at a time; callers still see
one flat API (`store.commit_move(...)`). The docstrings here are the
contract: a backend's methods only say what is particular to it.

A match's life: `create_lobby` -> seats come and go -> `start_match` ->
`commit_action`/`commit`/`commit_move` per move (the last one may finish it;
`finish` ends it otherwise) -> maybe `archive`. `cancel` abandons it at any
live stage.

The guarantee that matters: a move is one transaction that appends the log
rows and replaces snapshot and seq, and it only happens if the stored seq is
the one the caller's move was computed from. So an acknowledged move is
durable, a racing duplicate changes nothing, and log and snapshot never
diverge.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, Protocol, Self

from rules import Match
from storage.ratings import RatingChange
from storage.records import (
    UNCHANGED,
    Deadline,
    DeadlinePlan,
    HintUse,
    Holder,
    LoadedMatch,
    LoggedAction,
    MatchInfo,
    MessageRef,
    Season,
    Seat,
    Stats,
    Unchanged,
)
from storage.seating import DEFAULT_BOT
from storage.tournament_records import Entrant, Tournament, TournamentAct, TournamentTable


class Lifecycle(Protocol):
    """Open (each backend has its own `open`; the bot uses
    `storage.open_store`), use, close. Every method of a store is a
    coroutine, safe to call from concurrent tasks."""

    async def close(self) -> None: ...

    async def __aenter__(self) -> Self: ...

    async def __aexit__(self, *exc_info: object) -> None: ...

    @property
    def transactions(self) -> int:
        """Write transactions committed since the store opened: what tests
        and bench/load count per move (one per move at most)."""
        ...

    @property
    def commits_on_a_server(self) -> bool:
        """Whether a commit is mostly a wait on a database server
        (PostgreSQL), during which the caller's own work can run, rather
        than work in this process (SQLite's statements and fsync, in a
        thread that needs the GIL too)."""
        ...


class Matches(Protocol):
    """A match from lobby to archive, and reading it back."""

    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        game_id: str,
        options: dict[str, Any] | None,
        creator_id: int,
        thread_id: int | None = None,
        *,
        learn: bool = False,
    ) -> int:
        """A new match in the lobby (no seats, no engine state); its id.
        `learn`: a learn match (`/game learn`), never rated nor counted in
        stats, seasons or leaderboards, and not listed in history.
        Raises rules.UnknownGame for a game this code does not have."""
        ...

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        """Record the thread that shows the match (created after the lobby,
        since its name usually carries the match id)."""
        ...

    async def start_match(self, match_id: int, match: Match) -> None:
        """Lobby -> active with a fresh `Match` (seq 0) whose player count is
        the number of seats; stores seed, players, the engine-normalised
        options, rules version and the first snapshot. Seats are then fixed."""
        ...

    async def cancel(self, match_id: int) -> None:
        """Abandon a lobby or an active match (status 'cancelled')."""
        ...

    async def stop_endless(self, match_id: int, *, expected_seq: int) -> None:
        """Cancel an active match that has no end in sight (a table of bots
        only past its game's `max_actions`: cogs/play/endless.py), keeping
        why with it (`records.endless_outcome`: read by `stopped_after`);
        nothing is rated. Only if no move was committed since
        `expected_seq` (else StaleCommit; WrongStatus when not active)."""
        ...

    async def finish(
        self, match_id: int, outcome: dict[str, Any], *, expected_seq: int | None = None
    ) -> None:
        """End an active match outside the rules (a forfeit on timeout, a
        moderator's decision; a concession is an engine action, committed
        like a move) with the given outcome. With `expected_seq`, only if no
        move was committed since (else StaleCommit)."""
        ...

    async def archive(self, match_id: int) -> None:
        """Hide an ended match from history listings (kept, still loadable).
        Archiving twice keeps the first time."""
        ...

    async def set_match_settings(self, match_id: int, settings: dict[str, Any]) -> None:
        """The host's settings for one live match (deadlines, timeout policy)."""
        ...

    async def pause(self, match_id: int) -> None:
        """A host pauses an active match (pausing twice keeps the first time)."""
        ...

    async def resume(self, match_id: int) -> None:
        """Un-pause an active match."""
        ...

    async def info(self, match_id: int) -> MatchInfo:
        """Metadata and seats, without the engine state (cheap). UnknownMatch
        if there is no such match."""
        ...

    async def load(
        self, match_id: int, *, verify: bool = False, for_move: bool = False
    ) -> LoadedMatch:
        """Metadata and the `Match` rebuilt from its snapshot; with `verify`,
        the log is replayed too and must give the same snapshot. Raises
        UnknownMatch, or CorruptMatch (carrying match_id) if unreadable.
        `for_move`: the load a move is decided on, then committed; where the
        commit itself checks that nothing changed the match since (on
        PostgreSQL), it may come from memory without a read, and the commit
        raises ChangedMeanwhile if the match had changed."""
        ...

    async def live_matches(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        user_id: int | None = None,
        departed: bool = True,
    ) -> list[MatchInfo]:
        """Lobby and active matches, oldest first, filtered by guild, by
        channel or thread (`channel_id` matches either, so a channel's id
        also finds the matches in its threads) and by seated user; with
        `departed=False`, not those of guilds the bot has left. A row whose
        JSON is bad is listed flagged (`problem`); one that cannot be
        decoded at all is left out (and logged)."""
        ...

    async def finished_matches(
        self, guild_id: int, *, limit: int = 20, include_archived: bool = False
    ) -> list[MatchInfo]:
        """A guild's finished matches, most recently ended first."""
        ...

    async def unclosed_matches(self) -> list[MatchInfo]:
        """Finished matches, in the guilds the bot has not left, whose
        wrap-up (ratings told, thread archived) is not recorded as done by a
        message of kind 'closed': the process stopped or died between their
        last move and their wrap-up. Oldest ended first."""
        ...

    async def match_shown_in(self, place_id: int) -> MatchInfo | None:
        """The match shown in a thread, or directly in a channel (a match
        without a thread): the newest live one, else the newest at all."""
        ...


class MoveLog(Protocol):
    """The moves: the append-only action log, conditioned on the stored seq."""

    async def commit_action(
        self,
        match_id: int,
        expected_seq: int,
        seat: int,
        key: str,
        snapshot: dict[str, Any],
        events: list[dict[str, Any]],
        *,
        finished_outcome: dict[str, Any] | None = None,
    ) -> int:
        """Append (seat, key) and the action's engine events to the log as
        action number `expected_seq` and store the snapshot after it, in one
        transaction, only if the stored seq is `expected_seq` and the match
        is active; with `finished_outcome`, the match also ends. Returns the
        new seq.

        Raises StaleCommit (someone moved first), WrongStatus (not active)
        or UnknownMatch, and then nothing has changed. Once it returns, the
        move is durable; if the calling task is cancelled instead, the move
        may or may not be stored: reload to find out. The snapshot must be
        the state after applying `key` to the state at `expected_seq`;
        `commit(match_id, match)` derives all of it from the Match."""
        ...

    async def commit(self, match_id: int, match: Match, events: list[dict[str, Any]]) -> int:
        """Commit the last action applied to `match` (loaded from this store,
        then `events = match.act(...)` once). Ends the match when the engine
        says it is over. After StaleCommit the in-memory match holds a move
        that was not stored: discard it and reload."""
        ...

    async def commit_move(
        self,
        match_id: int,
        match: Match,
        steps: Sequence[list[dict[str, Any]]],
        *,
        deadline: DeadlinePlan | None | Unchanged = UNCHANGED,
        messages: Sequence[tuple[str, int, int]] = (),
        names: dict[int, str] | None = None,
    ) -> int:
        """A whole move in one transaction: the last `len(steps)` actions
        applied to `match` (loaded from this store; `steps[i]` the events
        `match.act` returned for each), the snapshot after them (ending the
        match when the engine says it is over), and what the move implies
        besides:

        - `deadline`: the deadline of the decision the match waits on after
          the move (a DeadlinePlan), or None to clear it; left alone by default;
        - `messages`: (kind, channel id, message id) rows of messages that
          show the match (e.g. the last turn ping), replacing those kinds;
        - `names`: user id -> display name, for their seats here.

        All or nothing, conditioned on the stored seq like `commit_action`
        (StaleCommit, WrongStatus, UnknownMatch). Returns the new seq."""
        ...

    async def story(
        self, match_id: int, *, since: int = 0, until: int | None = None
    ) -> list[LoggedAction]:
        """Logged actions `since` <= seq < `until` with their events, oldest
        first. Events are every seat's: filter them for the reader
        (rules.core.events.visible)."""
        ...


class Seats(Protocol):
    """Who holds which seat: lobby seats, hand-overs in play, the history."""

    async def add_user_seat(self, match_id: int, user_id: int, name: str | None = None) -> int:
        """Seat a user at the next free lobby seat; its number. SeatError if
        the user is already seated or the lobby is full. `name`: their
        display name, kept with the seat so tables never wait on Discord for it."""
        ...

    async def add_bot_seat(self, match_id: int, bot: str = DEFAULT_BOT) -> int:
        """Seat a bot of kind `bot` at the next free lobby seat; its number."""
        ...

    async def remove_seat(self, match_id: int, seat: int) -> Seat:
        """Free a lobby seat; later seats move up one so seats stay 0..n-1.
        Returns the removed seat."""
        ...

    async def remove_user_seat(self, match_id: int, user_id: int) -> Seat:
        """A user leaves the lobby; returns the seat they had."""
        ...

    async def replace_seat(
        self,
        match_id: int,
        seat: int,
        *,
        how: str,
        user_id: int | None = None,
        bot: str | None = None,
        name: str | None = None,
    ) -> Seat:
        """Give a seat of a live match to another user or to a bot; `how` the
        holder left (HAND_OVERS: conceded, kicked, forfeited, replaced).
        Returns the seat as it was. The seat history keeps the old holder
        and their moves. SeatError if the new user is already seated or the
        seat is missing."""
        ...

    async def seat_history(self, match_id: int) -> list[Holder]:
        """Every holder of every seat of a started match, in order of seat
        and time (empty for a lobby)."""
        ...

    async def rename_seats(self, guild_id: int, user_id: int, name: str) -> int:
        """A member's display name changed: their seats in the guild's live
        matches show the new one (the seat history keeps the name each
        holder had when taking the seat). Returns the seats renamed; writes
        nothing when none is out of date."""
        ...


class Messages(Protocol):
    """Which Discord messages show a match."""

    async def set_message(
        self, match_id: int, kind: str, channel_id: int, message_id: int
    ) -> MessageRef | None:
        """Record the message of `kind` ('table', 'lobby', ...) showing the
        match, replacing the previous one of that kind, which is returned
        (so the caller can delete or edit it)."""
        ...

    async def message(self, match_id: int, kind: str) -> MessageRef | None:
        """The match's message of `kind`, if one is recorded."""
        ...

    async def messages(self, match_id: int) -> dict[str, MessageRef]:
        """kind -> message, for every message recorded for the match."""
        ...

    async def find_message(self, message_id: int) -> MessageRef | None:
        """Which match (and kind) a Discord message shows, if any."""
        ...

    async def forget_message(self, match_id: int, kind: str) -> MessageRef | None:
        """Drop the record of a message (e.g. deleted on Discord); the old one."""
        ...


class Deadlines(Protocol):
    """When the decision a match waits on needs a reminder or times out."""

    async def set_deadline(
        self,
        match_id: int,
        seq: int,
        *,
        remind_at: datetime | None,
        timeout_at: datetime | None,
    ) -> bool:
        """The deadlines of the decision the match waits on at `seq`
        (replacing any earlier one); False, and nothing changes, when the
        match has moved on since `seq`: the deadline of a decision already
        made must not replace the one of the decision it waits on now."""
        ...

    async def clear_deadline(self, match_id: int, *, reminder_only: bool = False) -> None:
        """No deadline for the match any more (or, `reminder_only`, no reminder)."""
        ...

    async def deadline(self, match_id: int) -> Deadline | None:
        """The match's deadline, if it has one (stale or not)."""
        ...

    async def due_deadlines(self, now: datetime) -> list[Deadline]:
        """Deadlines due by `now` of active, unpaused matches still at the
        deadline's seq (a move since makes a deadline stale), except in
        guilds the bot has left (they fire once it is back); by match id."""
        ...


class Settings(Protocol):
    """JSON values by key: a guild's settings and each player's own."""

    async def get_user_setting(self, user_id: int, key: str, default: Any = None) -> Any:
        """A player's own setting (not per guild), else `default`."""
        ...

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        """Store a player's JSON-encodable setting."""
        ...

    async def get_setting(self, guild_id: int, key: str, default: Any = None) -> Any:
        """A guild's setting, else `default` (also for an unreadable one)."""
        ...

    async def settings(
        self, guild_id: int, defaults: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """All of a guild's settings over the caller's defaults."""
        ...

    async def set_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Store a JSON-encodable value (None is stored as null, not unset)."""
        ...

    async def delete_setting(self, guild_id: int, key: str) -> bool:
        """Back to the caller's default; whether a value was stored."""
        ...


class PlayerStats(Protocol):
    """History, stats and ratings: derived from the seat history and the
    outcomes when a match finishes (storage/standings.py), never from who
    sits in a seat now."""

    async def player_stats(
        self, guild_id: int, user_id: int, *, season: int | None = None
    ) -> dict[str, Stats]:
        """game -> the member's finished matches, wins and rating on a guild
        in a season (default: the current one); ValueError for a season the
        guild has not had."""
        ...

    async def leaderboard(
        self, guild_id: int, game: str, *, season: int | None = None, limit: int = 10
    ) -> list[Stats]:
        """A guild's best players of a game in a season (default: the
        current one): highest rating (its ordinal; a player never rated
        counts as a fresh one) first, then most wins. A past season's is
        replayed from its matches, so it reads as it did when it closed;
        ValueError for a season the guild has not had."""
        ...

    async def new_season(self, guild_id: int, by_user: int) -> int:
        """Close the guild's current rating season and start the next (its
        number is returned; concurrent calls each get the next one): every
        rating of the guild starts fresh, and the finished matches stay
        counted for the season they finished in. Rewrites no record."""
        ...

    async def seasons(self, guild_id: int) -> list[Season]:
        """The guild's seasons, the first (implicit: no start) first."""
        ...

    async def current_season(self, guild_id: int) -> int:
        """The number of the guild's current season (1 until a host starts one)."""
        ...

    async def rating_changes(self, match_id: int) -> list[RatingChange]:
        """What a finished match did to its people's ratings (derived from
        the record, by replaying the server's game up to it); empty for a
        match not finished or not rated."""
        ...

    async def rebuild_ratings(self, guild_id: int, game: str) -> int:
        """Recompute a guild's results and ratings of a game from the stored
        history (same figures as the updates made as matches finished);
        returns the number of matches counted."""
        ...

    async def rate_unrated(self) -> int:
        """Rate the matches that finished before ratings existed (run at
        open): a rebuild of each guild and game concerned. Returns how many
        guild-and-game ratings were rebuilt."""
        ...


class Hints(Protocol):
    """The hints players asked for (issue 32): append-only, part of the
    match's record, gone only with their match."""

    async def record_hint(self, match_id: int, seq: int, seat: int, user_id: int) -> bool:
        """Record that `user_id` asked for a hint on `seat`'s decision at
        move `seq`; False (nothing written) when that decision's hint was
        recorded already: asking again is the same hint, counted once.
        UnknownMatch if there is no such match."""
        ...

    async def hints(self, match_id: int) -> list[HintUse]:
        """The match's hints, in the order of the decisions they were for."""
        ...


class Guilds(Protocol):
    """A guild's data as a whole: the bot leaving, coming back, forgetting."""

    async def delete_guild(self, guild_id: int) -> int:
        """Remove everything of a guild at once (it asked to be forgotten, or
        its retention ended): matches with their seats, logs, messages and
        deadlines, its settings, ratings and any pending purge. Returns the
        matches removed. Players' own settings are not per guild."""
        ...

    async def guild_departed(self, guild_id: int, purge_at: datetime) -> datetime:
        """The bot left the guild: keep its data until `purge_at`, then
        `purge_departed_guilds` deletes it. A second departure before a
        return keeps the first date. Returns the date in force."""
        ...

    async def guilds_back(self, guild_ids: Iterable[int]) -> list[int]:
        """The bot is in these guilds (again): cancel their pending purges.
        Returns the guilds that had one (ascending), whose data is thus kept.
        Costs no write when none had (the bot calls it for every guild at
        start-up)."""
        ...

    async def purge_date(self, guild_id: int) -> datetime | None:
        """When a departed guild's data will be purged; None if it is not departed."""
        ...

    async def purge_departed_guilds(self, now: datetime) -> list[tuple[int, int]]:
        """Delete the data of every departed guild whose retention ended by
        `now`, one transaction per guild; [(guild id, matches removed)] by
        guild id."""
        ...


class Tournaments(Protocol):
    """Tournaments (storage/sql/tournaments.py): their sign-up, rounds as
    paired, the matches of their tables, and the hosts' acts (append-only).
    Standings are derived from those (tournaments/), never stored."""

    async def create_tournament(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        format: str,
        rounds: int,
        per_match: int,
        settings: dict[str, Any],
        creator_id: int,
    ) -> int: ...

    async def tournament(self, tournament_id: int) -> Tournament:
        """UnknownTournament if there is none."""
        ...

    async def tournaments(self, guild_id: int, *, live: bool = True) -> list[Tournament]:
        """A guild's tournaments, oldest first; `live`: in sign-up or running."""
        ...

    async def running_tournaments(self) -> list[Tournament]:
        """Every running tournament, in guilds the bot has not left."""
        ...

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None: ...

    async def join_tournament(
        self, tournament_id: int, entrant: int, name: str | None, bot: str | None = None
    ) -> None:
        """Sign up a person (`entrant`: their user id) or, with `bot` (a
        level), the tournament's next bot. TournamentConflict after the
        sign-up, or for a person signed up already."""
        ...

    async def leave_tournament(self, tournament_id: int, entrant: int) -> None: ...

    async def entrants(self, tournament_id: int) -> list[Entrant]: ...

    async def start_tournament(
        self, tournament_id: int, seeds: dict[int, float], rounds: int, actor_id: int
    ) -> None:
        """End the sign-up: the entrants' seeds and the rounds it plays are
        fixed, and the start recorded. TournamentConflict unless in sign-up
        (a second Start)."""
        ...

    async def pair_round(
        self,
        tournament_id: int,
        number: int,
        tables: Sequence[Sequence[int]],
        byes: Sequence[int],
    ) -> bool:
        """Store round `number` as paired, if the last round paired is the
        one before and the tournament runs unpaused; False (nothing
        written) otherwise."""
        ...

    async def tournament_tables(self, tournament_id: int) -> list[TournamentTable]: ...

    async def open_table(
        self,
        tournament_id: int,
        number: int,
        table_no: int,
        channel_id: int,
        options: dict[str, Any],
        bots: dict[int, str],
        names: dict[int, str],
    ) -> int:
        """The match a table is played in: created as a lobby with every
        entrant seated in order (a bot entrant at its level) and the
        tournament's settings (deadline, timeout policy), the first time;
        the same match every later time."""
        ...

    async def table_of_match(self, match_id: int) -> tuple[int, int, int] | None:
        """(tournament, round, table) a match is played for, if any."""
        ...

    async def seat_places(self, match_id: int) -> list[int] | None: ...

    async def tournament_act(
        self, tournament_id: int, actor_id: int, act: str, args: dict[str, Any]
    ) -> None:
        """Record a host's act ("drop", "forfeit", "pause", "resume",
        "cancel") and apply what it changes of the tournament's row."""
        ...

    async def finish_tournament(self, tournament_id: int) -> bool:
        """Running -> finished; False if it was not running."""
        ...

    async def tournament_acts(self, tournament_id: int) -> list[TournamentAct]: ...


class Store(
    Lifecycle,
    Matches,
    MoveLog,
    Seats,
    Messages,
    Deadlines,
    Settings,
    PlayerStats,
    Hints,
    Guilds,
    Tournaments,
    Protocol,
):
    """The whole store: what the bot holds, whichever backend it runs on."""
