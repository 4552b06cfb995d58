"""What Discord refuses the bot's own REST calls (bot token) in guild channels and threads.

Interaction callbacks and the interaction webhook (followups, @original
edits) are not checked: Discord answers them whatever the channel's
permissions. DMs are not checked either. The rules follow Discord's docs
(developers/resources/message, developers/resources/channel,
developers/topics/threads, developers/topics/permissions); where the docs
are silent the choice is marked "not documented" and explained.
"""

from __future__ import annotations

from typing import Any

from . import errors
from .message_bodies import UploadedFile
from .messages import Message
from .models import Channel, ChannelType, Perm
from .state import State


class Access:
    def __init__(self, state: State):
        self.state = state

    def see(self, channel: Channel) -> int:
        """The bot's permissions in ``channel`` (DMs: everything a DM allows); 403 50001
        Missing Access where it lacks VIEW_CHANNEL (in a thread: in its parent)."""
        perms = self.state.bot_permissions(channel)
        if channel.guild_id is not None and not perms & Perm.VIEW_CHANNEL:
            raise errors.missing_access()
        return perms

    @staticmethod
    def need(perms: int, *bits: int) -> None:
        for bit in bits:
            if not perms & bit:
                raise errors.missing_permissions()

    # -- messages ----------------------------------------------------------------------
    def send(
        self, channel: Channel, body: dict[str, Any], files: list[UploadedFile]
    ) -> dict[str, Any]:
        """Check a new message; returns the body Discord keeps (embeds dropped without
        EMBED_LINKS).

        Create Message needs SEND_MESSAGES (in a thread SEND_MESSAGES_IN_THREADS, since
        SEND_MESSAGES "has no effect in threads"); a locked thread refuses all but
        MANAGE_THREADS with 160005; a reply needs READ_MESSAGE_HISTORY (160002). Not
        documented, from Discord's behaviour as reported (discord-api-docs #2601,
        discord.js #7544): files without ATTACH_FILES are refused 50013, and embeds without
        EMBED_LINKS are dropped, the request refused 50013 when nothing else is left.
        """
        perms = self.see(channel)
        if channel.guild_id is None:
            return body
        if channel.is_thread:
            self.need(perms, Perm.SEND_MESSAGES_IN_THREADS)
            if channel.locked and not perms & Perm.MANAGE_THREADS:
                raise errors.thread_locked()
        else:
            self.need(perms, Perm.SEND_MESSAGES)
        if files:
            self.need(perms, Perm.ATTACH_FILES)
        if body.get("message_reference") and not perms & Perm.READ_MESSAGE_HISTORY:
            raise errors.cannot_reply_without_history()
        if body.get("embeds") and not perms & Perm.EMBED_LINKS:
            body = dict(body, embeds=[])
            if not (
                body.get("content")
                or body.get("components")
                or files
                or body.get("sticker_ids")
                or body.get("poll")
            ):
                raise errors.missing_permissions()
        return body

    def edit(
        self, msg: Message, channel: Channel, body: dict[str, Any], files: list[UploadedFile]
    ) -> dict[str, Any]:
        """Check an edit of the bot's own message; returns the body Discord keeps.

        Editing one's own message needs no SEND_MESSAGES (the docs list none). A message
        in an archived thread cannot be edited: 400 50083; in a locked one only with
        MANAGE_THREADS: 160005. Files added need ATTACH_FILES (50013); embeds without
        EMBED_LINKS are dropped, and an edit left empty is refused 50006 (discord-api-docs
        #2601, #5648). Implicit permissions count: without the right to send there,
        EMBED_LINKS and ATTACH_FILES do not count either.
        """
        perms = self.see(channel)
        if channel.guild_id is None:
            return body
        if channel.is_thread and channel.archived:
            raise errors.thread_archived()
        if channel.is_thread and channel.locked and not perms & Perm.MANAGE_THREADS:
            raise errors.thread_locked()
        if files:
            self.need(perms, Perm.ATTACH_FILES)
        if body.get("embeds") and not perms & Perm.EMBED_LINKS:
            body = dict(body, embeds=[])
            kept = [body.get(k, getattr(msg, k)) for k in ("content", "components", "attachments")]
            if not (any(kept) or files):
                raise errors.empty_message()
        return body

    def delete(self, msg: Message, channel: Channel) -> None:
        """Deleting another user's message needs MANAGE_MESSAGES. Deleting is the one thing
        allowed in an archived thread, but not in an archived and locked one without
        MANAGE_THREADS (developers/topics/threads; the 160005 code is not documented
        for it)."""
        perms = self.see(channel)
        if channel.guild_id is None:
            return
        if msg.author is not self.state.bot:
            self.need(perms, Perm.MANAGE_MESSAGES)
        locked = channel.is_thread and channel.archived and channel.locked
        if locked and not perms & Perm.MANAGE_THREADS:
            raise errors.thread_locked()

    def read_one(self, channel: Channel) -> None:
        """Get Channel Message needs VIEW_CHANNEL and READ_MESSAGE_HISTORY (the code for a
        missing history permission is not documented: Missing Access)."""
        perms = self.see(channel)
        if channel.guild_id is not None and not perms & Perm.READ_MESSAGE_HISTORY:
            raise errors.missing_access()

    def read_history(self, channel: Channel) -> bool:
        """Get Channel Messages needs VIEW_CHANNEL; "if the current user is missing the
        READ_MESSAGE_HISTORY permission in the channel, then no messages will be returned"."""
        perms = self.see(channel)
        return channel.guild_id is None or bool(perms & Perm.READ_MESSAGE_HISTORY)

    def typing(self, channel: Channel) -> None:
        perms = self.see(channel)
        if channel.guild_id is not None:
            self.need(
                perms,
                Perm.SEND_MESSAGES_IN_THREADS if channel.is_thread else Perm.SEND_MESSAGES,
            )

    # -- channels and threads ------------------------------------------------------------
    def edit_channel(self, channel: Channel, body: dict[str, Any]) -> None:
        """Modify Channel: a channel needs MANAGE_CHANNELS; a thread, as Modify Channel
        (Thread) and the threads topic say:

        - a locked thread: only with MANAGE_THREADS (else 160005);
        - an archived thread: only a request that unarchives it (else 400 50083);
        - ``locked`` or ``rate_limit_per_user``: MANAGE_THREADS;
        - ``name``, ``auto_archive_duration``, archiving: MANAGE_THREADS or its creator;
        - unarchiving an unlocked thread: the right to send in it (the docs say
          SEND_MESSAGES, which in a thread is SEND_MESSAGES_IN_THREADS).
        """
        perms = self.see(channel)
        if channel.guild_id is None:
            return
        if not channel.is_thread:
            self.need(perms, Perm.MANAGE_CHANNELS)
            return
        manage = bool(perms & Perm.MANAGE_THREADS)
        creator = channel.owner_id == self.state.bot.id
        if channel.locked and not manage:
            raise errors.thread_locked()
        if channel.archived and body.get("archived") is not False:
            raise errors.thread_archived()
        if ("locked" in body or "rate_limit_per_user" in body) and not manage:
            raise errors.missing_permissions()
        if (
            {"name", "auto_archive_duration"} & body.keys() or body.get("archived") is True
        ) and not (manage or creator):
            raise errors.missing_permissions()
        if body.get("archived") is False and channel.archived and not (manage or creator):
            self.need(perms, Perm.SEND_MESSAGES_IN_THREADS)

    def delete_channel(self, channel: Channel) -> None:
        """Delete Channel: MANAGE_CHANNELS, or MANAGE_THREADS for a thread (closing a DM:
        nothing)."""
        perms = self.see(channel)
        if channel.guild_id is not None:
            self.need(perms, Perm.MANAGE_THREADS if channel.is_thread else Perm.MANAGE_CHANNELS)

    def start_thread(self, parent: Channel, *, private: bool) -> None:
        """Starting a thread needs CREATE_PUBLIC_THREADS (a private one
        CREATE_PRIVATE_THREADS); that it also needs SEND_MESSAGES is not documented, and
        discord.py asks only for the create permission, so neither does the fake."""
        perms = self.see(parent)
        if parent.guild_id is not None:
            self.need(perms, Perm.CREATE_PRIVATE_THREADS if private else Perm.CREATE_PUBLIC_THREADS)

    def thread_membership(self, thread: Channel, user_id: int, *, joining: bool) -> None:
        """Join/Leave Thread and Add/Remove Thread Member "require the thread is not
        archived" (50083); adding someone needs the right to send in the thread, removing
        someone MANAGE_THREADS (or being the creator of a private thread)."""
        perms = self.see(thread)
        if thread.archived:
            raise errors.thread_archived()
        if user_id == self.state.bot.id:
            return
        if joining:
            self.need(perms, Perm.SEND_MESSAGES_IN_THREADS)
        elif not (
            thread.type == ChannelType.PRIVATE_THREAD and thread.owner_id == self.state.bot.id
        ):
            self.need(perms, Perm.MANAGE_THREADS)
