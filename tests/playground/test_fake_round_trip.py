"""The fake Discord's round trip (`fake.round_trip`): every REST answer comes
back that late, as from Discord's servers; none by default."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from playground.fake_discord import FakeDiscord

pytestmark = pytest.mark.asyncio


async def timed_get(fake: FakeDiscord, path: str) -> tuple[int, float]:
    loop = asyncio.get_running_loop()
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as http:
        started = loop.time()
        async with http.get(fake.api_base + path, headers=headers) as response:
            await response.read()
            return response.status, loop.time() - started


async def test_every_answer_comes_back_after_the_round_trip_and_at_once_again_after_zero():
    async with FakeDiscord() as fake:
        fake.round_trip(0.3)
        status, took = await timed_get(fake, "/users/@me")
        assert status == 200 and took >= 0.3
        status, took = await timed_get(fake, "/channels/1")  # a refusal is as far away
        assert status == 404 and took >= 0.3
        fake.round_trip(0)
        assert fake.state.latency == 0.0
        assert [r.status for r in fake.requests] == [200, 404]
