"""`/game help`: every feature a player can use, briefly (how to start a
match, the Your move button and `/game mine`, the panel and what keeping
it open gives, bots, hints, who takes a seat a person leaves,
notifications, rematches and the record, ratings and seasons,
tournaments), a **🛠️ For hosts** button that answers with the hosts' part
(managing a match, the server's settings, seasons, tournaments), and a
select menu of the games that answers with a game's rules and example
pictures (cogs/presenters/rules_pictures.py), exactly as `/game rules`
does. Room for 25 games: every game offered (installed, as GAMEHOST_GAMES
picks them; cogs/presenters).

Each part names the `/game` commands it teaches; a command of the bot's
tree that no part teaches (one added since) is still listed, with its own
description, so the help never leaves a command out.

The chooser is restart-proof like every other component: its custom_id
`rules` and the chosen value (the game's id) are all it needs. The buttons
of earlier help messages, `rules:<game>`, still answer.

Every text names the bot's real labels (button labels, bot levels, notify
modes) through the catalogue messages that make them, so the help says what
players see, in their language.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord
from discord import app_commands

from cogs.component_table import Spec, components, matching, one_of
from cogs.components import first_value
from cogs.history.results import figure
from cogs.hosting.game_options import options_help
from cogs.hosting.moderation import NOTIFY_MODES, POLICY_NAMES
from cogs.i18n import N_, _
from cogs.play.buttons import HINT_LABEL
from cogs.presenters import presented_games, presenter_for, rules_pictures
from cogs.presenters.seats import BOT_LABELS
from cogs.replies import say
from rules.bots import DEFAULT_LEVEL
from storage.ratings import FRESH, scaled

log = logging.getLogger(__name__)

RULES = "rules"  # rules:<game> (earlier help messages' buttons) -> that game's rules
RULES_SELECT = "rules"  # the chooser; its value is the game
HELP = "help"  # help:hosts -> the hosts' part of the help
HOSTS_BUTTON = N_("🛠️ For hosts")
#: Discord's limit of a select menu's options
MAX_GAMES = 25
UNKNOWN_GAME = N_("I don't know that game; `/game help` shows the games I host.")

HELP_TITLE = N_("How to play here")
INTRO = N_(
    "Board games with the people of this server, one move at a time: a match waits "
    "for its players, even for days. Everything private (your hand, your moves) "
    "is shown only to you."
)


@dataclass(frozen=True)
class Part:
    """One part of the help: its title, its text, and the `/game` commands
    it teaches (their names under `/game`, as the command tree has them):
    the text quotes each as `/game <name>` in every language."""

    title: str
    text: str
    teaches: tuple[str, ...] = ()


#: the players' help, in the order taught
PLAYERS = (
    Part(
        N_("Start a match"),
        N_(
            "`/game new game:<game>` opens a lobby: others press **{join}** and you press "
            "**{start}**; or give `players:` and it starts when the seats are full. Each "
            "match gets its own thread, whose public table shows the board and whose "
            "move it is."
        ),
        ("new",),
    ),
    Part(
        N_("Learn a game"),
        N_(
            "`/game learn game:<game>` plays a guided practice match against bots in a "
            "private thread (or a DM): each new decision is explained, your first moves "
            "come with a hint, and nothing counts in stats or ratings."
        ),
        ("learn",),
    ),
    Part(
        N_("Your move"),
        N_(
            "When it's your move you are mentioned in the match's thread, or sent a direct "
            "message. Its **▶️ {your_move}** button opens your panel in one click, even "
            "days later. `/game mine` lists every match waiting on your move, longest "
            "waiting first, each with its own button (from a DM: those of every server)."
        ),
        ("mine",),
    ),
    Part(
        N_("Your panel"),
        N_(
            "**{my_hand}** on the table (or `/game hand`) opens a panel only you see: your "
            "hand and your moves as buttons. Pick one and the move is made. Keep the panel "
            "open: for 15 minutes after you last opened or clicked it (as long as Discord "
            "lets a bot edit it), it is redrawn in place when your turn comes, so you can "
            "move without opening it again. After that, **{refresh}** or **{your_move}** "
            "shows it afresh."
        ),
        ("hand",),
    ),
    Part(
        N_("Bots"),
        N_(
            "Three levels: **{random}** plays any legal move, **{greedy}** the move that "
            "gains most now, **{expert}** looks ahead. `/game new bots:<how many> "
            "bot_level:<level>` seats bots ({default} unless you choose one); in a lobby, "
            "the **🤖 {random}**, **🤖 {greedy}** and **🤖 {expert}** buttons add one each."
        ),
    ),
    Part(
        N_("Hints"),
        N_(
            "`/game new hints:True` lets the players of that match ask for hints: while "
            "your move is owed, your panel has a **{hint}** button. It tells you, and only "
            "you, which move the {expert} bot would choose and why, worked out from what "
            "your seat can see. Hints used are counted on the finished table and in the log."
        ),
    ),
    Part(
        N_("When a player leaves"),
        N_(
            "`/game concede`: between two players the match ends and the other wins; with "
            "more, an **{expert}** bot takes the seat and the others play on. A host's "
            "`/game kick` also gives the seat to an {expert} bot, and `/game replace` to "
            "another member. Whoever runs out of time (`/game timer`) is waited for, has "
            "that one move made by a bot, or has their seat taken by a bot, as the server "
            "chose. Leaving counts as a loss."
        ),
        ("concede",),
    ),
    Part(
        N_("Notifications"),
        N_(
            "`/game notify` chooses how you hear it's your move: {mention} (the default), "
            "{dm}, or {off}."
        ),
        ("notify",),
    ),
    Part(
        N_("After a match"),
        N_(
            "A finished table's **{rematch}** (any of its players) opens a lobby with the "
            "same game, options and seats; the others press **{join}** to confirm. "
            "`/game log` tells every move (also **{log}** on the table), `/game replay` "
            "steps through a finished match, `/game export` gives its seed and moves as "
            "JSON, and `/game history` lists this server's recent results."
        ),
        ("log", "replay", "export", "history"),
    ),
    Part(
        N_("Ratings and seasons"),
        N_(
            "`/game stats` and `/game leaderboard` show the results and ratings of each "
            "game (a new player starts at {fresh}; bots are not rated). Now and then a host "
            "starts a new season and everyone starts afresh: `/game season list` lists the "
            "seasons, and `season:N` shows a closed one's stats and leaderboard."
        ),
        ("stats", "leaderboard", "season list"),
    ),
    Part(
        N_("Tournaments"),
        N_(
            "A host opens a tournament's sign-up in a channel: press **{join}** there to "
            "play. The bot pairs the tables of each round (each match in its own thread) "
            "and starts the next round when every table is over. `/game tournament "
            "standings` shows the standings and the current round's tables."
        ),
        ("tournament standings",),
    ),
    Part(
        N_("More"),
        N_(
            "`/game list` shows this server's open matches; `/game status` a match's "
            "public table, only to you. `/game rules` sums up a "
            "game's rules (or choose the game below); `/game help` shows this again. "
            "Hosts: **{for_hosts}** below."
        ),
        ("list", "status", "rules", "help"),
    ),
)

HOSTS_TITLE = N_("For hosts")
HOSTS_INTRO = N_(
    "Hosts are members with **Manage Server** or the server's host role; a match's "
    "creator manages their own match too."
)
TOURNAMENT_ACTS = ("new", "drop", "forfeit", "pause", "resume", "cancel")
#: the hosts' help (its own message: Discord counts 6000 characters a message)
HOSTS = (
    Part(
        N_("A match"),
        N_(
            "`/game cancel` ends a lobby or a match without a result. `/game kick` gives a "
            "player's seat to a bot, `/game replace` to another member. `/game pause` and "
            "`/game resume`: no moves, reminders or timeouts in between. `/game timer` "
            "shows or sets a match's reminder and timeout (`30m`, `12h`, `2d`, `never`) and "
            "what happens then: {wait}, {bot} or {forfeit}. In a lobby, the creator or a "
            "host adds bots and presses **{start}**."
        ),
        ("cancel", "kick", "replace", "pause", "resume", "timer"),
    ),
    Part(
        N_("The server"),
        N_(
            "`/game config` shows this server's settings and which permissions the bot has "
            "here (✅/❌). With Manage Server it sets them: `threads:` (a thread per "
            "match), `reminder:`, `timeout:` and `policy:` (the defaults of `/game timer`), "
            "`host_role:` (who may host; `clear_host_role:` undoes it), `stand_in:` (the "
            "bot that takes a seat a person leaves; {expert} by default), `language:` (of "
            "tables and pings), and `forget:` (delete all this server's game data, after a "
            "confirmation)."
        ),
        ("config",),
    ),
    Part(
        N_("Seasons"),
        N_(
            "`/game season new` closes this season's ratings and starts the next, "
            "announced in the channel with the closed season's best players of each game. "
            "Everyone starts afresh at {fresh}; the closed season stays readable with "
            "`season:N`."
        ),
        ("season new",),
    ),
    Part(
        N_("Tournaments"),
        N_(
            "`/game tournament new game:<game> format:<format>` posts a sign-up here "
            "(Swiss, round robin or single elimination; also `rounds:`, "
            "`players_per_match:`, `timeout:`, `policy:`). "
            "Players press **{join}**, you may add bots (**{add_bot}**) and press "
            "**{start}**; the bot runs every round. `/game tournament drop` takes a player "
            "out of later rounds, `/game tournament forfeit` makes one lose this round's "
            "table, `/game tournament pause` and `/game tournament resume` hold and release "
            "the next round, `/game tournament cancel` ends it. Every act is recorded and "
            "announced."
        ),
        tuple(f"tournament {name}" for name in TOURNAMENT_ACTS),
    ),
)

#: a `/game` command no part teaches yet (added since): listed with its description
MORE_COMMANDS = N_("Other commands")


def taught() -> frozenset[str]:
    """The commands the parts teach, by their names under `/game`."""
    return frozenset(name for part in PLAYERS + HOSTS for name in part.teaches)


def commands_of(group: app_commands.Group | None) -> list[app_commands.Command]:
    """Every command under `/game` (those of its groups, not the groups)."""
    if group is None:
        return []
    return [c for c in group.walk_commands() if isinstance(c, app_commands.Command)]


def under_game(command: app_commands.Command) -> str:
    """A command's name under `/game` ("season new")."""
    return command.qualified_name.split(" ", 1)[1]


def untaught(group: app_commands.Group | None) -> list[app_commands.Command]:
    """The commands of the tree that no part teaches: the help still names them."""
    known = taught()
    return [c for c in commands_of(group) if under_game(c) not in known]


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
        **{policy: _(text) for policy, text in POLICY_NAMES.items()},
        "fresh": figure(scaled(FRESH)),
        "hint": _(HINT_LABEL),
        "rematch": _("🔁 Rematch"),
        "log": _("📜 Log"),
        "add_bot": _("🤖 Add bot"),
        "for_hosts": _(HOSTS_BUTTON),
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


def _embed(title: str, intro: str, parts: tuple[Part, ...]) -> discord.Embed:
    embed = discord.Embed(title=_(title), description=_(intro))
    quoted = words()
    for part in parts:
        embed.add_field(name=_(part.title), value=_(part.text, **quoted), inline=False)
    return embed


def help_embed(group: app_commands.Group | None = None) -> discord.Embed:
    """The players' help; a command of `group` (the bot's `/game`) that no
    part teaches is still named, with its description."""
    embed = _embed(HELP_TITLE, INTRO, PLAYERS)
    more = [f"`/{c.qualified_name}`: {_(str(c.description))}" for c in untaught(group)]
    if more:
        embed.add_field(name=_(MORE_COMMANDS), value="\n".join(more)[:1024], inline=False)
    return embed


def hosts_embed() -> discord.Embed:
    """The hosts' help: the `/game` commands that manage matches, the server,
    seasons and tournaments."""
    return _embed(HOSTS_TITLE, HOSTS_INTRO, HOSTS)


def help_message(
    group: app_commands.Group | None = None,
) -> tuple[discord.Embed, discord.ui.View]:
    view = discord.ui.View(timeout=None)
    view.add_item(RulesSelect(games=presented_games()[:MAX_GAMES]))
    view.add_item(HelpButton("hosts"))
    return help_embed(group), view


def game_group(interaction: discord.Interaction) -> app_commands.Group | None:
    """The bot's `/game` group, as its command tree holds it."""
    tree = getattr(interaction.client, "tree", None)
    found = tree.get_command("game") if tree is not None else None
    return found if isinstance(found, app_commands.Group) else None


async def show_help(interaction: discord.Interaction) -> None:
    embed, view = help_message(game_group(interaction))
    await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


#: the parts of the help sent on their own, by the HelpButton's `part`
SENT_APART = {"hosts": hosts_embed}


async def show_part(interaction: discord.Interaction, part: str) -> None:
    """A part of the help sent on its own (the hosts'), only to the asker."""
    await interaction.response.send_message(embed=SENT_APART[part](), ephemeral=True)


async def rules_answer(game_id: str) -> dict:
    """The rules answer's message: the summary embed, then an embed per
    example picture (its caption, its image) with the pictures attached
    (at most 2: well within Discord's 10 embeds and 10 files a message).
    A game without a board picture or examples gets the summary alone."""
    shown = await rules_pictures.pictures(game_id)
    embeds = [rules_embed(game_id), *(embed for embed, _file in shown)]
    if not shown:
        return {"embed": embeds[0]}
    return {"embeds": embeds, "files": [file for _embed, file in shown]}


async def show_rules(interaction: discord.Interaction, game_id: str) -> None:
    """The rules with their example pictures, only to the asker; a game
    nobody can play is a forged click. Pictures not drawn yet (the first
    ask since the bot started, or in another language) may take a while:
    the command is acknowledged first, and the answer follows."""
    if game_id not in presented_games():
        await say(interaction, UNKNOWN_GAME)
        return
    if rules_pictures.drawn(game_id):
        await interaction.response.send_message(**await rules_answer(game_id), ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.followup.send(**await rules_answer(game_id), ephemeral=True)


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


def _part(custom_id: str, carried: dict) -> discord.ui.Button:
    """The help's button that shows the hosts' part."""
    return discord.ui.Button(
        label=_(HOSTS_BUTTON), style=discord.ButtonStyle.secondary, custom_id=custom_id
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
    Spec(
        "HelpButton",
        HELP,
        (one_of("part", "hosts"),),
        discord.ui.Button,
        lambda i, c: show_part(i, c.part),
        _part,
    ),
)
RulesSelect, RulesButton, HelpButton = components(TABLE, __name__)
