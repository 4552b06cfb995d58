"""Interaction records and the INTERACTION_CREATE payloads sent to the bot.

An :class:`Interaction` is both what the fake dispatched and the log of how
the bot answered it (callback type and time, original response, followups,
edits made through its token) - the object a test holds after ``fake.slash``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .ids import snowflake
from .messages import Message, walk_components
from .models import Channel, Guild, Member, Perm, Role, User

if TYPE_CHECKING:
    from .state import State

COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


class Interaction:
    """One dispatched interaction and everything the bot did with its token."""

    def __init__(
        self,
        state: State,
        *,
        type: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None = None,
        name: str | None = None,
    ):
        self._state = state
        self.id = snowflake()
        self.token = secrets.token_urlsafe(48)
        self.type = type
        self.user = user
        self.channel = channel
        self.guild: Guild | None = state.guilds.get(channel.guild_id) if channel.guild_id else None
        self.data = data
        self.message = message  # the message a component/modal lives on
        self.name = name  # "game new" for commands
        self.dispatched_at: float | None = None  # loop.time()
        self.answered_at: float | None = None
        self.response_type: int | None = None
        self.response: dict[str, Any] | None = None  # callback's "data"
        self.original: Message | None = None
        self.followups: list[Message] = []
        self.touched: list[Message] = []  # every message created or edited through this interaction
        self.refused: list[str] = []  # Discord errors the bot got back for this interaction
        self.expired = False
        self.carried: dict[str, Any] | None = (
            None  # a forged component shown on the message (see forge)
        )

    # -- what happened -------------------------------------------------------
    @property
    def custom_id(self) -> str | None:
        return self.data.get("custom_id")

    @property
    def answered(self) -> bool:
        return self.response_type is not None

    @property
    def answered_after(self) -> float | None:
        """Seconds between dispatch and the bot's callback (Discord allows 3)."""
        if self.answered_at is None or self.dispatched_at is None:
            return None
        return self.answered_at - self.dispatched_at

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.response if self.response_type == 9 else None

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        return (self.response or {}).get("choices") if self.response_type == 8 else None

    def touch(self, msg: Message) -> None:
        if msg not in self.touched:
            self.touched.append(msg)

    def expire(self) -> None:
        """Make the token invalid, as Discord does after 15 minutes."""
        self.expired = True

    # -- waiting -------------------------------------------------------------
    async def wait_until(
        self,
        predicate: Callable[[Interaction], Any],
        timeout: float = 5.0,
        what: str = "condition",
    ):
        return await self._state.wait_for(lambda: predicate(self), timeout, f"{what} on {self!r}")

    async def wait_answered(self, timeout: float = 3.0) -> Interaction:
        """Wait for the initial callback (any type); TimeoutError if the bot stays silent."""
        await self.wait_until(lambda i: i.answered, timeout, "an answer")
        return self

    async def answered_within(self, seconds: float) -> bool:
        try:
            await self.wait_answered(seconds)
        except TimeoutError:
            return False
        return True

    async def wait_reply(self, timeout: float = 5.0) -> Message:
        """The first message this interaction created or updated that is no longer 'thinking'."""
        return await self.wait_until(
            lambda i: next((m for m in i.touched if not m.loading), None), timeout, "a reply"
        )

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[Message]:
        await self.wait_until(lambda i: len(i.followups) >= count, timeout, f"{count} followup(s)")
        return self.followups[:count]

    # -- payloads ------------------------------------------------------------
    def metadata(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.payload(),
            "authorizing_integration_owners": self._owners(),
        }
        if self.name:
            data["name"] = self.name
        if self.message is not None:
            data["interacted_message_id"] = str(self.message.id)
        if self.original is not None:
            data["original_response_message_id"] = str(self.original.id)
        return data

    def _owners(self) -> dict[str, str]:
        return {"0": str(self.guild.id)} if self.guild else {"1": str(self.user.id)}

    def payload(self) -> dict[str, Any]:
        state = self._state
        channel_data = self.channel.payload(me_id=state.bot.id)
        data: dict[str, Any] = {
            "id": str(self.id),
            "application_id": str(state.application_id),
            "type": self.type,
            "data": self.data,
            "token": self.token,
            "version": 1,
            "channel_id": str(self.channel.id),
            "channel": channel_data,
            "locale": self.user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": self._owners(),
            "context": 0 if self.guild else 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if self.guild is not None:
            member = self.guild.members[self.user.id]
            # "total permissions of the member in the channel, including overwrites"
            # (implicit permissions excluded, as Discord says of these fields)
            in_channel = str(state.permissions(self.user, self.channel, implicit=False))
            channel_data["permissions"] = in_channel
            data.update(
                guild_id=str(self.guild.id),
                guild_locale=self.guild.preferred_locale,
                guild={
                    "id": str(self.guild.id),
                    "locale": self.guild.preferred_locale,
                    "features": [],
                },
                member=dict(member.payload(), permissions=in_channel),
                app_permissions=str(state.permissions(state.bot, self.channel, implicit=False)),
            )
        else:
            data.update(user=self.user.payload(), app_permissions=str(Perm.EVERYONE))
        if self.message is not None:
            data["message"] = state.render(self.message)
            if self.carried is not None:  # as if the message showed the forged component
                rows = data["message"]["components"]
                data["message"]["components"] = [{"type": 1, "components": [self.carried]}, *rows][
                    :5
                ]
        return data

    def __repr__(self) -> str:
        what = self.name or self.custom_id or self.data.get("name")
        state = f"answered type {self.response_type}" if self.answered else "unanswered"
        return f"<Interaction {self.id} {what!r} by {self.user.name} ({state})>"


# -- building the "data" of each interaction type -----------------------------


def resolve(values: list[Any], guild: Guild | None, state: State) -> dict[str, Any]:
    """Discord's ``resolved`` block for users, members, roles and channels among ``values``."""
    resolved: dict[str, dict[str, Any]] = {}
    for value in values:
        if isinstance(value, Member):
            value = value.user
        if isinstance(value, User):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            if guild is not None and value.id in guild.members:
                member = guild.members[value.id].payload(with_permissions=True)
                member.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = member
        elif isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        elif isinstance(value, Channel):
            channel = value.payload(me_id=state.bot.id)
            channel["permissions"] = str(Perm.ALL)
            resolved.setdefault("channels", {})[str(value.id)] = channel
    return resolved


def snowflake_of(value: Any) -> str:
    if isinstance(value, Member):
        value = value.user
    return str(getattr(value, "id", value))


def component_data(
    message: Message,
    component: dict[str, Any],
    values: list[Any] | None,
    guild: Guild | None,
    state: State,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "custom_id": component["custom_id"],
        "component_type": component["type"],
    }
    if component["type"] != 2:
        data["values"] = [v if isinstance(v, str) else snowflake_of(v) for v in values or []]
        if component["type"] != 3:
            data["resolved"] = resolve(values or [], guild, state)
    return data


def modal_submit_data(modal: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """Mirror the modal's layout with the typed values (action rows or labels)."""
    unknown = set(values) - {
        c.get("custom_id") for c in walk_components(modal.get("components", []))
    }
    if unknown:
        raise LookupError(f"modal {modal.get('custom_id')!r} has no inputs {sorted(unknown)}")

    def answer(comp: dict[str, Any]) -> dict[str, Any] | None:
        if comp.get("type") == 1:
            return {
                "type": 1,
                "components": [a for a in map(answer, comp.get("components", [])) if a],
            }
        if comp.get("type") == 18:
            inner = answer(comp["component"])
            return {"type": 18, "id": comp.get("id"), "component": inner} if inner else None
        custom_id = comp.get("custom_id")
        if custom_id is None:
            return None
        value = values.get(custom_id, comp.get("value", ""))
        if comp.get("type") == 4:
            return {"type": 4, "id": comp.get("id"), "custom_id": custom_id, "value": value}
        listed = value if isinstance(value, list) else [value]
        return {
            "type": comp["type"],
            "id": comp.get("id"),
            "custom_id": custom_id,
            "values": listed,
        }

    return {
        "custom_id": modal["custom_id"],
        "components": [a for a in map(answer, modal.get("components", [])) if a],
    }
