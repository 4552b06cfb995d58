"""What hosts do to running matches (kick, replace, pause, resume, per-match
timers), server settings, and players' notification choice. Every refusal is
a polite private answer; every change is announced in the match's thread."""

from __future__ import annotations

import discord

from cogs import replies
from cogs.answer_first import PUBLIC, announce, holding
from cogs.hosting import forget as forget_data
from cogs.hosting.settings import (
    MATCH_KEYS,
    POLICIES,
    describe_duration,
    match_settings,
    may_manage,
    parse_duration,
    server_settings,
)
from cogs.i18n import LANGUAGES, N_, _, speaking
from cogs.permissions import report
from cogs.play.quick_pass import QUICK_PASS_KEY
from cogs.play.turns import humans_owing
from cogs.presenters import presented_games, presenter_for
from cogs.presenters.seats import BOT_LABELS
from cogs.replies import say, seat_problem
from storage import MatchInfo, SeatError, Status

NOTIFY_MODES = {
    "mention": N_("a mention in the match's thread"),
    "dm": N_("a direct message (a mention when your DMs are closed)"),
    "off": N_("nothing (the table still shows whose turn it is)"),
}
#: what happens on timeout (cogs/hosting/settings.POLICIES), in words
POLICY_NAMES = {
    "wait": N_("keep waiting"),
    "bot": N_("a bot makes the move"),
    "forfeit": N_("a bot takes the seat"),
}


def describe_settings(settings: dict) -> str:
    role = settings.get("host_role")
    policy = settings["policy"]
    lines = [
        _("Reminder after: **{time}**", time=describe_duration(settings["reminder"])),
        _("Timeout after: **{time}**", time=describe_duration(settings["timeout"])),
        _(
            "On timeout: **{policy}**",
            policy=_(POLICY_NAMES[policy]) if policy in POLICY_NAMES else policy,
        ),
    ]
    if "threads" in settings:
        lines.insert(
            0,
            _(
                "A thread per match: **{yes_no}**",
                yes_no=_("yes") if settings["threads"] else _("no"),
            ),
        )
    if "host_role" in settings:
        lines.append(
            _("Host role: {role}", role=f"<@&{role}>" if role else _("**none** (anyone may host)"))
        )
    if "stand_in" in settings:
        level = settings["stand_in"]
        lines.append(
            _(
                "A seat a person leaves goes to: **🤖 {level}**",
                level=_(BOT_LABELS[level]) if level in BOT_LABELS else level,
            )
        )
    if "language" in settings:
        chosen = settings["language"]
        lines.append(
            _(
                "Language of the tables and pings: **{language}**",
                language=LANGUAGES[chosen]
                if chosen in LANGUAGES
                else _("the server's preferred language"),
            )
        )
    return "\n".join(lines)


class Moderation:
    def __init__(self, store, tables, deadlines):
        self.store = store
        self.tables = tables
        self.deadlines = deadlines

    async def _managed(
        self, interaction: discord.Interaction, info: MatchInfo, statuses=(Status.ACTIVE,)
    ) -> bool:
        if not await may_manage(self.store, info, interaction.user):
            await say(interaction, replies.NOT_HOST)
            return False
        if info.status not in statuses:
            await say(interaction, replies.NOT_ACTIVE)
            return False
        return True

    # -- seats ----------------------------------------------------------------------
    async def kick(self, interaction: discord.Interaction, info: MatchInfo, member) -> None:
        """The member's seat goes to a bot, which plays on for them."""
        await self._hand_over(interaction, info, member, None)

    async def replace(
        self, interaction: discord.Interaction, info: MatchInfo, member, substitute
    ) -> None:
        """Another member takes the member's seat, hand and all."""
        if substitute.bot:
            await say(
                interaction,
                N_(
                    "A bot account can't take a seat; use `/game kick` to "
                    "hand the seat to one of my bots."
                ),
            )
            return
        await self._hand_over(interaction, info, member, substitute)

    async def _hand_over(self, interaction, info, member, substitute) -> None:
        if not await self._managed(interaction, info):
            return
        seat = info.seat_of(member.id)
        if seat is None:
            await say(
                interaction,
                N_("{member} doesn't play in match #{match}."),
                member=member.mention,
                match=info.id,
            )
            return
        async with self.tables.lock(info.id):
            before = humans_owing(await self.store.load(info.id))
            try:
                if substitute is None:
                    await self.tables.seats.to_bot(info.id, seat, how="kicked")
                else:
                    await self.tables.seats.to_member(
                        info.id, seat, substitute.id, substitute.display_name
                    )
            except SeatError as exc:
                await say(interaction, N_("That didn't work: {reason}"), reason=seat_problem(exc))
                return
        loaded = await self.store.load(info.id)
        with speaking(await self.tables.languages.of_server(info.guild_id)):  # in public
            taker = _("a bot") if substitute is None else substitute.mention
            await interaction.response.send_message(
                _(
                    "{host} gave {member}'s seat in match #{match} to {taker}.",
                    host=interaction.user.mention,
                    member=member.mention,
                    match=info.id,
                    taker=taker,
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            if loaded.place_id != interaction.channel_id:
                await self.tables.pings.announce(
                    loaded,
                    N_("{member}'s seat now belongs to {taker}."),
                    member=member.mention,
                    taker=taker,
                )
        await self.tables.after_move(loaded, before)

    # -- pause ------------------------------------------------------------------------
    async def pause(self, interaction: discord.Interaction, info: MatchInfo) -> None:
        if not await self._managed(interaction, info):
            return
        if info.paused:
            await say(interaction, N_("Match #{match} is already paused."), match=info.id)
            return
        # not between a move's load and its commit; a public "thinking" first
        # when that waits (nothing is refused after it: cogs/answer_first.py)
        async with holding(interaction, self.tables.lock(info.id), PUBLIC):
            await self.store.pause(info.id)
        with speaking(await self.tables.languages.of_server(info.guild_id)):  # in public
            text = _(
                "⏸ {host} paused match #{match}. No moves, reminders or timeouts until "
                "it is resumed.",
                host=interaction.user.mention,
                match=info.id,
            )
        await announce(interaction, text, allowed_mentions=discord.AllowedMentions.none())
        loaded = await self.tables.refresh(info.id)
        if loaded is not None:
            await self.deadlines.schedule(loaded)

    async def resume(self, interaction: discord.Interaction, info: MatchInfo) -> None:
        if not await self._managed(interaction, info):
            return
        if not info.paused:
            await say(interaction, N_("Match #{match} is not paused."), match=info.id)
            return
        async with holding(interaction, self.tables.lock(info.id), PUBLIC):
            await self.store.resume(info.id)
        with speaking(await self.tables.languages.of_server(info.guild_id)):  # in public
            text = _(
                "▶ {host} resumed match #{match}.", host=interaction.user.mention, match=info.id
            )
        await announce(interaction, text, allowed_mentions=discord.AllowedMentions.none())
        await self.tables.show_change(info.id, frozenset())

    # -- timers --------------------------------------------------------------------------
    async def timer(
        self,
        interaction: discord.Interaction,
        info: MatchInfo,
        reminder: str | None,
        timeout: str | None,
        policy: str | None,
    ) -> None:
        """Show, or set, this match's reminder, timeout and timeout policy."""
        if reminder is None and timeout is None and policy is None:
            await self._say_settings(interaction, N_("Match #{match}:\n{settings}"), info)
            return
        if not await self._managed(interaction, info, (Status.LOBBY, Status.ACTIVE)):
            return
        try:
            changes = self._parse(reminder, timeout, policy)
        except ValueError as exc:
            await say(interaction, str(exc))
            return
        await self.store.set_match_settings(info.id, {**info.settings, **changes})
        loaded = await self.store.load(info.id)
        await self.deadlines.schedule(loaded)
        await self._say_settings(interaction, N_("Match #{match} now:\n{settings}"), loaded)

    async def _say_settings(self, interaction, text: str, info: MatchInfo) -> None:
        """`text` with the match's id and its own settings as they stand (its
        timers: the server-wide ones are `/game config`'s, not the match's)."""
        settings = await match_settings(self.store, info)
        timers = {key: settings[key] for key in MATCH_KEYS}
        await say(interaction, text, match=info.id, settings=describe_settings(timers))

    @staticmethod
    def _parse(reminder, timeout, policy) -> dict:
        changes = {}
        if reminder is not None:
            changes["reminder"] = parse_duration(reminder)
        if timeout is not None:
            changes["timeout"] = parse_duration(timeout)
        if policy is not None:
            if policy not in POLICIES:
                raise ValueError(
                    _("the policy must be one of {policies}", policies=", ".join(POLICIES))
                )
            changes["policy"] = policy
        return changes

    async def configure(
        self,
        interaction: discord.Interaction,
        *,
        threads: bool | None,
        reminder: str | None,
        timeout: str | None,
        policy: str | None,
        host_role: discord.Role | None,
        clear_host_role: bool,
        forget: bool = False,
        language: str | None = None,
        stand_in: str | None = None,
    ) -> None:
        """Server defaults; changing them needs Manage Server. `forget` asks
        to delete all of the server's data (see cogs/hosting/forget.py). `language`
        is the tables' and pings' (cogs/language.py); `stand_in` the bot level
        that takes a seat a person leaves (cogs/play/seats.py)."""
        guild_id = interaction.guild_id
        assert guild_id is not None  # /game runs in servers only (cogs/game_group.py)
        wants_change = any(
            v is not None
            for v in (threads, reminder, timeout, policy, host_role, language, stand_in)
        )
        if forget:
            if wants_change or clear_host_role:
                await say(interaction, N_("Use `forget` on its own; nothing was changed."))
            else:
                await forget_data.ask(interaction)
            return
        if wants_change or clear_host_role:
            perms = getattr(interaction.user, "guild_permissions", None)
            if not (perms and (perms.manage_guild or perms.administrator)):
                await say(
                    interaction,
                    N_("Only members with Manage Server can change the server's game settings."),
                )
                return
            try:
                changes = self._parse(reminder, timeout, policy)
            except ValueError as exc:
                await say(interaction, str(exc))
                return
            if threads is not None:
                changes["threads"] = threads
            if host_role is not None:
                changes["host_role"] = host_role.id
            if clear_host_role:
                changes["host_role"] = None
            if language is not None:
                if language not in LANGUAGES:
                    await say(
                        interaction, N_("Choose one of: {modes}."), modes=", ".join(LANGUAGES)
                    )
                    return
                changes["language"] = language
            if stand_in is not None:
                if stand_in not in BOT_LABELS:
                    await say(
                        interaction, N_("Choose one of: {modes}."), modes=", ".join(BOT_LABELS)
                    )
                    return
                changes["stand_in"] = stand_in
            for key, value in changes.items():
                await self.store.set_setting(guild_id, key, value)
        settings = await server_settings(self.store, guild_id)
        said = _("Game settings of this server:\n{settings}", settings=describe_settings(settings))
        await say(interaction, f"{said}\n\n{report(interaction.app_permissions)}")

    # -- players -----------------------------------------------------------------------------
    async def notify(
        self, interaction: discord.Interaction, mode: str | None, quick_pass: bool | None = None
    ) -> None:
        """`/game notify`: how the player hears it's their move, and their
        quick passes (cogs/play/quick_pass.py); with neither, what they chose."""
        if quick_pass is not None and not isinstance(quick_pass, bool):
            await say(interaction, replies.BAD_OPTION)
            return
        if mode is not None and mode not in NOTIFY_MODES:
            await say(interaction, N_("Choose one of: {modes}."), modes=", ".join(NOTIFY_MODES))
            return
        user_id = interaction.user.id
        if mode is not None:
            await self.store.set_user_setting(user_id, "notify", mode)
        if quick_pass is not None:
            await self.store.set_user_setting(user_id, QUICK_PASS_KEY, quick_pass)
        mode = await self.store.get_user_setting(user_id, "notify", "mention")
        passes = await self.store.get_user_setting(user_id, QUICK_PASS_KEY, False) is True
        lines = [_("When it's your move you'll get {how}.", how=_(NOTIFY_MODES.get(mode, "")))]
        if passes:
            lines.append(
                _("Quick passes are on: when passing is all you can do, it is done for you.")
            )
            lines += [f"• {_(text)}" for text in quick_pass_words()]
        else:
            lines.append(_("Quick passes are off: you are asked every decision, even a pass."))
        await say(interaction, "\n".join(lines))


def quick_pass_words() -> list[str]:
    """Each game's quick passes, in words (untranslated), in the games' order."""
    return [
        text
        for game_id in presented_games()
        for text in presenter_for(game_id).quick_passes.values()
    ]
