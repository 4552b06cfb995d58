"""`/game help`: what a player needs to know of today's bot, briefly (how
to start a match, the Your move button and `/game mine`, the panel and
what keeping it open gives, bots and who takes a seat a person leaves,
notifications), and a select menu of the games that answers with a game's
rules, exactly as `/game rules` does. Room for 25 games: every game
offered (installed, as GAMEHOST_GAMES picks them; cogs/presenters).

The chooser is restart-proof like every other component: its custom_id
`rules` and the chosen value (the game's id) are all it needs. The buttons
of earlier help messages, `rules:<game>`, still answer.

Every text names the bot's real labels (button labels, bot levels, notify
modes) through the catalogue messages that make them, so the help says what
players see, in their language.
"""

from __future__ import annotations

import logging

import discord

from cogs.component_table import Spec, components, matching
from cogs.components import first_value
from cogs.history.results import figure
from cogs.hosting.game_options import options_help
from cogs.hosting.moderation import NOTIFY_MODES
from cogs.i18n import N_, _
from cogs.presenters import presented_games, presenter_for
from cogs.presenters.seats import BOT_LABELS
from cogs.replies import say
from rules.bots import DEFAULT_LEVEL
from storage.ratings import FRESH, scaled

log = logging.getLogger(__name__)

RULES = "rules"  # rules:<game> (earlier help messages' buttons) -> that game's rules
RULES_SELECT = "rules"  # the chooser; its value is the game
#: Discord's limit of a select menu's options
MAX_GAMES = 25
UNKNOWN_GAME = N_("I don't know that game; `/game help` shows the games I host.")

INTRO = N_(
    "Board games with the people of this server, one move at a time: a match waits "
    "for its players, even for days. Everything private (your hand, your moves) "
    "is shown only to you."
)
#: (title, text) of each part, in the order taught
PARTS = (
    (
        N_("Start a match"),
        N_(
            "`/game new game:<game>` opens a lobby: others press **{join}** and you press "
            "**{start}**; or give `players:` and it starts when the seats are full. Each "
            "match gets its own thread, whose public table shows the board and whose "
            "move it is."
        ),
    ),
    (
        N_("Your move"),
        N_(
            "When it's your move you are mentioned in the match's thread, or sent a direct "
            "message. Its **▶️ {your_move}** button opens your panel in one click, even "
            "days later. `/game mine` lists every match waiting on your move, longest "
            "waiting first, each with its own button (from a DM: those of every server)."
        ),
    ),
    (
        N_("Your panel"),
        N_(
            "**{my_hand}** on the table (or `/game hand`) opens a panel only you see: your "
            "hand and your moves as buttons. Pick one and the move is made. Keep the panel "
            "open: for 15 minutes after you last opened or clicked it (as long as Discord "
            "lets a bot edit it), it is redrawn in place when your turn comes, so you can "
            "move without opening it again. After that, **{refresh}** or **{your_move}** "
            "shows it afresh."
        ),
    ),
    (
        N_("Bots"),
        N_(
            "Three levels: **{random}** plays any legal move, **{greedy}** the move that "
            "gains most now, **{expert}** looks ahead. `/game new bots:<how many> "
            "bot_level:<level>` seats bots ({default} unless you choose one); in a lobby, "
            "the **🤖 {random}**, **🤖 {greedy}** and **🤖 {expert}** buttons add one each."
        ),
    ),
    (
        N_("When a player leaves"),
        N_(
            "`/game concede`: between two players the match ends and the other wins; with "
            "more, an **{expert}** bot takes the seat and the others play on. A host's "
            "`/game kick` also gives the seat to an {expert} bot, and `/game replace` to "
            "another member. Whoever runs out of time (`/game timer`) is waited for, has "
            "that one move made by a bot, or has their seat taken by a bot, as the server "
            "chose. Leaving counts as a loss."
        ),
    ),
    (
        N_("Notifications"),
        N_(
            "`/game notify` chooses how you hear it's your move: {mention} (the default), "
            "{dm}, or {off}."
        ),
    ),
    (
        N_("More"),
        N_(
            "`/game log` tells every move so far, `/game list` shows the open matches, "
            "`/game stats` and `/game leaderboard` the results and ratings (a new player "
            "starts at {fresh}). The rules of each game: choose it below."
        ),
    ),
)


def words() -> dict[str, str]:
    """The labels and names the help quotes, as players see them now."""
    return {
        "join": _("Join"),
        "start": _("Start"),
        "your_move": _("Your move"),
        "my_hand": _("My hand"),
        "refresh": _("Refresh"),
        **{level: _(label) for level, label in BOT_LABELS.items()},
        "default": _(BOT_LABELS[DEFAULT_LEVEL]),
        **{mode: _(text) for mode, text in NOTIFY_MODES.items()},
        "fresh": figure(scaled(FRESH)),
    }


def rules_embed(game_id: str) -> discord.Embed:
    """A game's rules summary (`/game rules` and the help's chooser)."""
    presenter = presenter_for(game_id)
    embed = discord.Embed(
        title=_("How to play {game}", game=_(presenter.title)),
        description=_(presenter.rules_summary),
    )
    options = options_help(game_id)
    if options:
        embed.add_field(name=_("Options of `/game new`"), value=options, inline=False)
    return embed


def help_embed() -> discord.Embed:
    embed = discord.Embed(title=_("How to play here"), description=_(INTRO))
    quoted = words()
    for title, text in PARTS:
        embed.add_field(name=_(title), value=_(text, **quoted), inline=False)
    return embed


def help_message() -> tuple[discord.Embed, discord.ui.View]:
    view = discord.ui.View(timeout=None)
    view.add_item(RulesSelect(games=presented_games()[:MAX_GAMES]))
    return help_embed(), view


async def show_help(interaction: discord.Interaction) -> None:
    embed, view = help_message()
    await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


async def show_rules(interaction: discord.Interaction, game_id: str) -> None:
    """The rules, only to the asker; a game nobody can play is a forged click."""
    if game_id not in presented_games():
        await say(interaction, UNKNOWN_GAME)
        return
    await interaction.response.send_message(embed=rules_embed(game_id), ephemeral=True)


def _chooser(
    custom_id: str,
    carried: dict,
    *,
    games: list[str] | None = None,
    options: list[discord.SelectOption] | None = None,
) -> discord.ui.Select:
    """The help's game chooser: the chosen game's rules, only to the chooser."""
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=_("The rules of a game…"),
        options=options
        or [
            discord.SelectOption(label=_(presenter_for(g).title)[:100], value=g)
            for g in games or ()
        ]
        or [discord.SelectOption(label="—")],
    )


def _game(custom_id: str, carried: dict) -> discord.ui.Button:
    """A game's button on help messages sent before the chooser: still answered."""
    game_id = carried["game_id"]
    return discord.ui.Button(
        label=_(presenter_for(game_id).title)[:80] if game_id in presented_games() else "…",
        style=discord.ButtonStyle.secondary,
        custom_id=custom_id,
    )


#: the help's components: name, prefix, the fields of the custom_id, kind,
#: what a click does, how it looks
TABLE = (
    Spec(
        "RulesSelect",
        RULES_SELECT,
        (),
        discord.ui.Select,
        lambda i, c: show_rules(i, first_value(c.item.values)),
        _chooser,
    ),
    Spec(
        "RulesButton",
        RULES,
        (matching("game_id", "[a-z0-9_]{1,40}"),),
        discord.ui.Button,
        lambda i, c: show_rules(i, c.game_id),
        _game,
    ),
)
RulesSelect, RulesButton = components(TABLE, __name__)
