"""The short answers players get when a click or command cannot be honoured.

Kept in one place so the tone stays the same everywhere: say what happened
and what to do next, never a traceback.
"""

UNKNOWN_MATCH = ("I can't find that match any more. "
                 "Use `/game list` to see this server's matches.")
CORRUPT_MATCH = ("This match's saved data is damaged, so I can't continue it. "
                 "A moderator can end it with `/game cancel`.")
NOT_ACTIVE = "This match is not running any more."
FINISHED = "This match is over — see the final scores on the table."
NOT_SEATED = "You're not playing in this match. You can follow it in this thread."
NOT_YOUR_TURN = "It's not your turn — I'll mention you when it is."
ILLEGAL = "That move isn't possible right now. Open **My hand** to see your options."
INVALID_BUTTON = ("That button doesn't belong to a match I know. "
                  "Use `/game list` to find your match.")
STALE = "The table has moved on since that button was shown. Here is the current state."
STALE_SHORT = ("The table has moved on since that button was shown — "
               "the table shows the current state.")
RACED = ("Someone else moved at the same moment, and their move came first. "
         "Please look again.")
PAUSED = "A host has paused this match; moves are possible again once it is resumed."
NOT_HOST = ("Only the match's creator or a host (Manage Server, or the server's host role) "
            "can do that.")
BROKEN = "Something went wrong on my side; nothing was changed. Please try again."
NOT_STARTED = "This match hasn't started yet, so there is nothing to look back on."
REPLAY_RUNNING = ("A match can be replayed once it is over (a replay of a running match could "
                  "show what is still hidden). `/game log` tells what happened so far.")
REPLAY_CANCELLED = "This match was cancelled, so it has no replay; `/game log` tells its story."
NO_MATCH_HERE = ("There's no match in this channel. "
                 "Use `/game list` to find one, or `/game new` to start one.")


async def say(interaction, text: str) -> None:
    """A short private answer, whether or not the interaction was answered yet."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def guarded(interaction, work, log) -> None:
    """Run a handler; whatever goes wrong, the user gets a polite answer."""
    try:
        await work
    except Exception:
        log.exception("handling interaction %s failed", getattr(interaction, "id", "?"))
        try:
            await say(interaction, BROKEN)
        except Exception:
            log.exception("could not even apologise for interaction %s",
                          getattr(interaction, "id", "?"))
