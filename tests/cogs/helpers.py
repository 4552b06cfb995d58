"""Mocks of discord.py objects for unit tests of the services under cogs/.

In the style of python-discord/bot's tests/helpers.py: each mock is built on
`spec_set`, so it has exactly the attributes of the discord.py class it
stands for. Code that reads or sets anything else (a typo, an attribute of
another class) fails the test with an AttributeError, and `isinstance`
checks pass. Coroutine methods of the class are AsyncMocks.

A few behave like the real thing where the services depend on it:
`MockInteractionResponse.is_done()` turns True once the interaction is
answered, and a second answer raises `discord.InteractionResponded`, as
Discord refuses it.
"""

from __future__ import annotations

import inspect
import itertools
import unittest.mock
from typing import Any

import discord
from discord.ext import commands

#: ids for mocks that are not given one (Discord's snowflakes are unique too)
IDS = itertools.count(10_000)
GUILD_ID = 1
CHANNEL_ID = 2


class SpecMock:
    """Mixed into the mocks below: their children (attributes, return values)
    are plain MagicMocks, and AsyncMocks for the spec's coroutine methods.
    (Mock would make them of the mock's own class, a Guild's `get_member`
    a Guild.)"""

    def _get_child_mock(self, **kw: Any) -> unittest.mock.Mock:
        name = kw.get("_new_name", "")
        spec = self.__class__  # a spec'd mock reports the spec's class
        if inspect.iscoroutinefunction(getattr(spec, name, None)):
            return unittest.mock.AsyncMock(**kw)
        return unittest.mock.MagicMock(**kw)


class MockRole(SpecMock, unittest.mock.Mock):
    """A `discord.Role`."""

    def __init__(self, *, id: int | None = None, name: str = "role", **kwargs: Any):
        super().__init__(spec_set=discord.Role, **kwargs)
        self.id = id if id is not None else next(IDS)
        self.name = name
        self.mention = f"<@&{self.id}>"


class MockGuild(SpecMock, unittest.mock.Mock):
    """A `discord.Guild` the bot knows no member of (`get_member` gives None;
    set `fetch_member`'s return value or side effect for a fetch)."""

    def __init__(self, *, id: int = GUILD_ID, **kwargs: Any):
        super().__init__(spec_set=discord.Guild, **kwargs)
        self.id = id
        self.preferred_locale = discord.Locale.american_english
        self.get_member.return_value = None


class MockMember(SpecMock, unittest.mock.Mock):
    """A `discord.Member` of `guild`, without rights unless given some."""

    def __init__(
        self,
        *,
        id: int | None = None,
        name: str = "member",
        display_name: str | None = None,
        guild: MockGuild | None = None,
        permissions: discord.Permissions | None = None,
        roles: list[MockRole] | None = None,
        **kwargs: Any,
    ):
        super().__init__(spec_set=discord.Member, **kwargs)
        self.id = id if id is not None else next(IDS)
        self.name = name
        self.display_name = display_name or name
        self.mention = f"<@{self.id}>"
        self.bot = False
        self.guild = guild or MockGuild()
        self.guild_permissions = permissions or discord.Permissions.none()
        self.roles = roles or []


class MockMessageMetadata(SpecMock, unittest.mock.Mock):
    """`discord.Message.interaction_metadata`: who the message was shown to."""

    def __init__(self, *, user: MockMember, **kwargs: Any):
        super().__init__(spec_set=discord.MessageInteractionMetadata, **kwargs)
        self.user = user
        self.type = discord.InteractionType.component


class MockMessage(SpecMock, unittest.mock.Mock):
    """A `discord.Message`: public, or `ephemeral` and shown to `shown_to`."""

    def __init__(
        self,
        *,
        id: int | None = None,
        ephemeral: bool = False,
        shown_to: MockMember | None = None,
        **kwargs: Any,
    ):
        super().__init__(spec_set=discord.Message, **kwargs)
        self.id = id if id is not None else next(IDS)
        self.flags = discord.MessageFlags(ephemeral=ephemeral)
        self.interaction_metadata = (
            MockMessageMetadata(user=shown_to) if shown_to is not None else None
        )
        self.components: list[discord.Component] = []


class MockWebhook(SpecMock, unittest.mock.Mock):
    """A `discord.Webhook`: an interaction's followup."""

    def __init__(self, **kwargs: Any):
        super().__init__(spec_set=discord.Webhook, **kwargs)


class MockInteractionResponse(SpecMock, unittest.mock.Mock):
    """A `discord.InteractionResponse` that remembers being answered: one
    answer (message, edit, defer), kept in `answered`, and `is_done()` from
    then on; a second answer raises, as Discord refuses it."""

    ANSWERS = ("send_message", "edit_message", "defer", "send_modal", "pong")

    def __init__(
        self, *, kind: discord.InteractionType = discord.InteractionType.component, **kwargs: Any
    ):
        super().__init__(spec_set=discord.InteractionResponse, **kwargs)
        answered: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.__dict__["answered"] = answered  # the mock's own record, beside the spec
        self.type = None  # how it was answered, as discord.py records it

        def answering(name: str) -> Any:
            async def answer(*args: Any, **kwargs: Any) -> None:
                if answered:
                    raise discord.InteractionResponded(None)  # type: ignore[arg-type]
                answered.append((name, args, kwargs))
                self.type = response_type(name, kind, kwargs)

            return answer

        for name in self.ANSWERS:
            getattr(self, name).side_effect = answering(name)
        self.is_done.side_effect = lambda: bool(answered)


def response_type(
    name: str, kind: discord.InteractionType, kwargs: dict[str, Any]
) -> discord.InteractionResponseType:
    """The type discord.py records for an answer (`InteractionResponse.type`):
    a click's defer is a deferred update unless it is "thinking"."""
    types = discord.InteractionResponseType
    if name == "defer":
        kinds = discord.InteractionType
        if kind in (kinds.component, kinds.modal_submit) and not kwargs.get("thinking"):
            return types.deferred_message_update
        return types.deferred_channel_message
    return {
        "send_message": types.channel_message,
        "edit_message": types.message_update,
        "send_modal": types.modal,
        "pong": types.pong,
    }[name]


class MockPartialMessage(SpecMock, unittest.mock.Mock):
    """A `discord.PartialMessage` (edited or deleted by id)."""

    def __init__(self, *, id: int | None = None, **kwargs: Any):
        super().__init__(spec_set=discord.PartialMessage, **kwargs)
        self.id = id if id is not None else next(IDS)


#: a PartialMessageable sets its attributes in __init__: the spec is an instance
channel_instance = discord.PartialMessageable(state=unittest.mock.MagicMock(), id=CHANNEL_ID)


class MockChannel(SpecMock, unittest.mock.Mock):
    """A `discord.PartialMessageable`: a match's thread or channel. What is
    sent there is a `MockMessage`; `get_partial_message` gives one
    MockPartialMessage per id."""

    def __init__(self, *, id: int = CHANNEL_ID, **kwargs: Any):
        super().__init__(spec_set=channel_instance, **kwargs)
        self.id = id
        self.send.side_effect = lambda *args, **kwargs: MockMessage()
        messages: dict[int, MockPartialMessage] = {}
        self.get_partial_message.side_effect = lambda message_id: messages.setdefault(
            message_id, MockPartialMessage(id=message_id)
        )


class MockInteraction(SpecMock, unittest.mock.Mock):
    """A `discord.Interaction`: by default a click by a new member on a
    public message in guild GUILD_ID, in English."""

    def __init__(
        self,
        *,
        user: MockMember | None = None,
        message: MockMessage | None = None,
        guild_id: int | None = GUILD_ID,
        channel_id: int = CHANNEL_ID,
        client: Any = None,
        kind: discord.InteractionType = discord.InteractionType.component,
        locale: discord.Locale = discord.Locale.american_english,
        **kwargs: Any,
    ):
        super().__init__(spec_set=discord.Interaction, **kwargs)
        self.id = next(IDS)
        self.user = user or MockMember()
        self.message = message if message is not None else MockMessage()
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.client = client if client is not None else MockBot()
        self.type = kind
        self.locale = locale
        self.created_at = discord.utils.utcnow()
        self.response = MockInteractionResponse(kind=kind)
        self.followup = MockWebhook()
        self.extras: dict[Any, Any] = {}

    def answers(self) -> list[tuple[str, str | None]]:
        """(how, text) of every answer, in order: the response
        (send_message, edit_message, defer), then followups."""
        found = [
            (name, args[0] if args else kwargs.get("content"))
            for name, args, kwargs in self.response.answered
        ]
        for call in self.followup.send.await_args_list:
            found.append(("followup", call.args[0] if call.args else call.kwargs.get("content")))
        return found

    def private(self) -> bool:
        """Was every message sent in answer ephemeral (only the clicker saw it)?"""
        sent = [kw for name, _, kw in self.response.answered if name == "send_message"]
        sent += [call.kwargs for call in self.followup.send.await_args_list]
        return all(kwargs.get("ephemeral") for kwargs in sent)


#: a real bot to take the spec from (no connection is made)
bot_instance = commands.Bot(command_prefix="!", intents=discord.Intents.none())


class MockBot(SpecMock, unittest.mock.MagicMock):
    """A `commands.Bot` that knows no guild or user (get_guild and get_user
    give None) and whose channels are MockChannels, one per id."""

    def __init__(self, **kwargs: Any):
        super().__init__(spec_set=bot_instance, **kwargs)
        self.get_guild.return_value = None
        self.get_user.return_value = None
        self.get_channel.return_value = None
        channels: dict[int, MockChannel] = {}
        self.get_partial_messageable.side_effect = lambda channel_id, **kw: channels.setdefault(
            channel_id, MockChannel(id=channel_id)
        )
