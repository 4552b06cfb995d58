import pytest

from cogs.hosting.settings import describe_duration, parse_duration


@pytest.mark.parametrize(
    "text,seconds",
    [
        ("90m", 5400),
        ("12h", 43200),
        ("2d", 172800),
        ("1d 6h", 108000),
        ("never", None),
        ("off", None),
        ("3 days", 259200),
    ],
)
def test_durations(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["soon", "12", "5s", "0m", "90d", "2h and", "-1h"])
def test_bad_durations_are_refused_with_a_reason(text):
    with pytest.raises(ValueError):
        parse_duration(text)


def test_describe_duration():
    assert describe_duration(None) == "never"
    assert describe_duration(108000) == "1d 6h"
    assert describe_duration(5400) == "1h 30m"


def _member(user_id, guild_id, *, manage=False):
    from types import SimpleNamespace

    return SimpleNamespace(
        id=user_id,
        guild=SimpleNamespace(id=guild_id) if guild_id else None,
        guild_permissions=SimpleNamespace(manage_guild=manage, administrator=False),
        roles=(),
    )


class _NoSettings:
    async def get_setting(self, guild_id, key, default=None):
        return default


async def test_host_rights_count_only_in_the_matchs_own_server():
    from types import SimpleNamespace

    from cogs.hosting.settings import may_manage

    info = SimpleNamespace(guild_id=1, creator_id=10)
    store = _NoSettings()
    assert await may_manage(store, info, _member(10, 1))  # the creator, at home
    assert await may_manage(store, info, _member(11, 1, manage=True))  # a moderator, at home
    assert not await may_manage(store, info, _member(11, 2, manage=True))  # a moderator elsewhere
    assert not await may_manage(store, info, _member(10, 2))  # even the creator, elsewhere
    assert not await may_manage(store, info, _member(10, None))  # or in a DM


def test_an_overlong_duration_is_echoed_shortly():
    with pytest.raises(ValueError) as refused:
        parse_duration("x" * 5000)
    assert len(str(refused.value)) < 100
