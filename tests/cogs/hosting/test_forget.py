"""The forget confirmation deletes only on Yes, in its own server, for a
member with Manage Server, while it is fresh; every other click is answered
privately and deletes nothing."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cogs.hosting import forget

GUILD, ISSUED = 1001, 1_000_000


class Response:
    def __init__(self):
        self.said: list[str] = []

    def is_done(self) -> bool:
        return bool(self.said)

    async def send_message(self, text, *, ephemeral=False, **_):
        assert ephemeral
        self.said.append(text)

    async def edit_message(self, *, content, view):
        assert view is None
        self.said.append(content)


class Store:
    def __init__(self):
        self.deleted: list[int] = []

    async def live_matches(self, *, guild_id):
        return [SimpleNamespace(id=7)]

    async def delete_guild(self, guild_id):
        self.deleted.append(guild_id)
        return 3


def click(*, guild_id=GUILD, manager=True, now=ISSUED + 60, ephemeral=True):
    async def stop_bots(ids):
        stopped.extend(ids)

    stopped: list[int] = []
    perms = SimpleNamespace(manage_guild=manager, administrator=False)
    services = SimpleNamespace(
        clock=SimpleNamespace(time=lambda: now),
        store=Store(),
        seats=SimpleNamespace(stop_matches=stop_bots),
    )
    client = SimpleNamespace(services=services)  # the bot holds the services
    return SimpleNamespace(
        guild_id=guild_id,
        user=SimpleNamespace(guild_permissions=perms),
        client=client,
        response=Response(),
        stopped=stopped,
        message=SimpleNamespace(flags=SimpleNamespace(ephemeral=ephemeral)),
    )


async def test_yes_deletes_the_server_and_stops_its_bots_first():
    inter = click()
    await forget.answered(inter, GUILD, ISSUED, "yes")
    assert inter.client.services.store.deleted == [GUILD] and inter.stopped == [7]
    assert inter.response.said == [forget.DONE.format(removed=3)]


@pytest.mark.parametrize(
    "case, answer, expected",
    [
        (dict(), "no", forget.KEPT),
        (dict(guild_id=GUILD + 1), "yes", forget.WRONG_SERVER),
        (dict(manager=False), "yes", forget.ONLY_MANAGERS),
        (dict(now=ISSUED + forget.CONFIRM_TTL + 1), "yes", forget.EXPIRED),
        (dict(now=ISSUED - 5), "yes", forget.EXPIRED),  # issued "in the future": forged
    ],
)
async def test_anything_else_deletes_nothing_and_says_why(case, answer, expected):
    inter = click(**case)
    await forget.answered(inter, GUILD, ISSUED, answer)
    assert inter.client.services.store.deleted == [] and inter.response.said == [expected]


def test_the_button_ids_are_claimed_and_bound_to_their_server():
    button = forget.ForgetButton(GUILD, ISSUED, "yes")
    assert button.item.custom_id == f"forget:{GUILD}:{ISSUED}:yes"
    assert forget.ForgetButton.claims(button.item.custom_id)
    assert not forget.ForgetButton.claims(f"forget:{GUILD}:{ISSUED}:maybe")
