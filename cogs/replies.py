"""The short answers players get when a click or command cannot be honoured.

Kept in one place so the tone stays the same everywhere: say what happened
and what to do next, never a traceback. Each is a catalogue message (English
id), worded in the clicker's language when it is said.
"""

import discord

from cogs.i18n import N_, _, ngettext, speaking
from storage import ReadOnlyStorage, SeatError, StoreClosed, WrongStatus

UNKNOWN_MATCH = N_(
    "I can't find that match any more. Use `/game list` to see this server's matches."
)
CORRUPT_MATCH = N_(
    "This match's saved data is damaged, so I can't continue it. "
    "A moderator can end it with `/game cancel`."
)
NOT_ACTIVE = N_("This match is not running any more.")
FINISHED = N_("This match is over — see the final scores on the table.")
NOT_SEATED = N_("You're not playing in this match. You can follow it in this thread.")
NOT_YOUR_TURN = N_("It's not your turn — I'll mention you when it is.")
ILLEGAL = N_("That move isn't possible right now. Open **My hand** to see your options.")
INVALID_BUTTON = N_(
    "That button doesn't belong to a match I know. Use `/game list` to find your match."
)
STALE = N_("The table has moved on since that button was shown. Here is the current state.")
STALE_SHORT = N_(
    "The table has moved on since that button was shown — the table shows the current state."
)
RACED = N_("Someone else moved at the same moment, and their move came first. Please look again.")
PAUSED = N_("A host has paused this match; moves are possible again once it is resumed.")
NOT_HOST = N_(
    "Only the match's creator or a host (Manage Server, or the server's host role) can do that."
)
#: what a server's hosts alone may do (seasons, tournaments), asked by another
HOSTS_ONLY = N_("Only a host (Manage Server, or the server's host role) can do that.")
BROKEN = N_("Something went wrong on my side; nothing was changed. Please try again.")
SHUTTING_DOWN = N_(
    "I'm restarting right now. If your last click doesn't show, try it again in a minute."
)
READ_ONLY = N_(
    "I can't save anything right now: the host's storage is read-only. Nothing was "
    "changed, and trying again won't help until whoever runs this bot fixes it."
)
NOT_STARTED = N_("This match hasn't started yet, so there is nothing to look back on.")
REPLAY_RUNNING = N_(
    "A match can be replayed once it is over (a replay of a running match could "
    "show what is still hidden). `/game log` tells what happened so far."
)
REPLAY_CANCELLED = N_("This match was cancelled, so it has no replay; `/game log` tells its story.")
CONCEDE_ASK = N_("Give up match #{match}? {what}")
CONCEDE_TWO = N_("The match ends and the other player wins.")
CONCEDE_MANY = N_("A bot takes your seat and the others play on; it counts as a loss for you.")
CONCEDE_NO = N_("Good — you're still in the game.")
NO_MATCH_HERE = N_(
    "There's no match in this channel. Use `/game list` to find one, or `/game new` to start one."
)

#: a SeatError's reason (storage/errors.py) in words, for "That didn't work: {reason}"
SEAT_PROBLEMS = {
    SeatError.ALREADY_SEATED: N_("{who} already has a seat in this match"),
    SeatError.NO_SEAT: N_("this match has no seat {seat}"),
    SeatError.NOT_SEATED: N_("{who} has no seat in this lobby"),
}


def seat_problem(exc: SeatError) -> str:
    """Why a seat change was refused, in the current language (storage only
    gives a reason code and its values)."""
    params = exc.params
    if exc.reason == SeatError.LOBBY_FULL:
        return ngettext(
            "the lobby is full ({n} seat)", "the lobby is full ({n} seats)", params["seats"]
        )
    if exc.reason == SeatError.SEAT_COUNT:
        return ngettext(
            "the lobby has {n} seat, the match needs {players}",
            "the lobby has {n} seats, the match needs {players}",
            params["seats"],
            players=params["players"],
        )
    words: dict[str, str | int] = {}
    if "user_id" in params:
        words["who"] = f"<@{params['user_id']}>"
    if "seat" in params:
        words["seat"] = params["seat"] + 1  # people count seats from 1
    return _(SEAT_PROBLEMS[exc.reason], **words)


def conflict_problem(exc: SeatError | WrongStatus) -> str:
    """A lobby's refusal (a seat change, or a match no longer in that state)
    in words."""
    if isinstance(exc, SeatError):
        return seat_problem(exc)
    return _("the match has moved on (it started, ended or was cancelled meanwhile)")


# Failures that are no bug: the answer says what happened, and no traceback is logged.
EXPECTED = ((ReadOnlyStorage, READ_ONLY), (StoreClosed, SHUTTING_DOWN))


def own_panel(interaction: discord.Interaction) -> bool:
    """Is the clicked message the clicker's own ephemeral panel? Only then may
    an answer replace it: anything else (the public table, a forged id) gets a
    new private message, so no public message ever turns into a hand."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return False
    shown = message.interaction_metadata
    return shown is not None and shown.user.id == interaction.user.id


async def say(interaction, text: str, **params) -> None:
    """A short private answer, whether or not the interaction was answered
    yet, in the current language (`text` is a catalogue message; an already
    worded text passes through unchanged)."""
    text = _(text, **params)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


#: Discord's code for an interaction it no longer knows: not answered within
#: its 3 s (a busy machine), so nothing can be said through it any more
UNKNOWN_INTERACTION = 10062


def expired(exc: BaseException) -> bool:
    """Did Discord refuse an answer because the interaction had expired?"""
    return isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_INTERACTION


def log_expired(log, interaction) -> None:
    """One line, no traceback: no bug of ours, and no one left to tell."""
    log.warning(
        "interaction %s expired before it was answered (Discord allows 3 s); "
        "the user saw no answer",
        getattr(interaction, "id", "?"),
    )


async def guarded(interaction, work, log) -> None:
    """Run a handler; whatever goes wrong, the user gets a polite answer.
    Read-only storage is not a bug and no retry can fix it (the store has
    logged it once), so the player is told so instead of "try again"; a
    store closed by a shutdown is not a bug either. An interaction that
    expired before it was answered can be told nothing: one warning."""
    try:
        with speaking(getattr(interaction, "locale", None)):
            await work
    except Exception as exc:
        if expired(exc):
            log_expired(log, interaction)
            return
        answer = next((text for kind, text in EXPECTED if isinstance(exc, kind)), None)
        if answer is None:
            answer = BROKEN
            log.exception("handling interaction %s failed", getattr(interaction, "id", "?"))
        try:
            with speaking(getattr(interaction, "locale", None)):
                await say(interaction, answer)
        except Exception as apology:
            if expired(apology):
                log_expired(log, interaction)
                return
            log.exception(
                "could not even apologise for interaction %s", getattr(interaction, "id", "?")
            )


# -- forged or mistyped input (issue 13) ------------------------------------------
WRONG_SERVER = N_(
    "That match belongs to another server; it can only be played there. "
    "Use `/game list` to see this server's matches."
)
SERVER_ONLY = N_(
    "That command works in a server, where its matches are. "
    "Here, `/game mine` lists the matches waiting on your move."
)
LOBBY_UPDATED = N_("Done — the lobby message shows the seats.")
BAD_OPTION = N_("One of the options has a value I can't use; please pick it from the list.")
UNKNOWN_COMMAND = N_(
    "I don't know that command as it was sent; your Discord may be showing an old list "
    "of my commands (reloading Discord refreshes it). `/game help` shows what I can do."
)
UNKNOWN_GAME = N_("I don't know that game. Pick one from the list.")
OPTIONS_TOO_LONG = N_("Those options are too long; write them like `side=B deals=3`.")
NEGATIVE_BOTS = N_("The number of bots can't be negative.")
