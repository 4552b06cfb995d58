"""SIGTERM and SIGINT stop the real bot.py within 5 s in every state:
connected, just connected (before on_ready), reconnecting, in the reconnect
back-off while Discord is unreachable, with a bot seat thinking, and in the
middle of a click. A move is stored whole or not at all, and a move that was
acknowledged is stored."""

from __future__ import annotations

import asyncio
import signal

import pytest
import pytest_asyncio

from playground.fake_discord import BotProcess, FakeDiscord, python_argv
from storage import SqliteStore

from .bot_helpers import ROOT, answered, current_table, move_button

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Shutdown night",
        channel="games",
        users=("alice", "bob"),
        seed="shutdown",
        start=False,  # each test starts its own bot
    ),
]
GRACE = 5.0  # seconds from the signal to the end of the process
ACKNOWLEDGED = (6, 7)  # deferred update, message updated: the move was taken


async def stop_timed(bot: BotProcess, sig: int = signal.SIGTERM) -> float:
    """Send `sig`; the seconds until the process exited with 0."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    assert bot.proc is not None  # started
    bot.proc.send_signal(sig)
    try:
        code = await asyncio.wait_for(bot.proc.wait(), 3 * GRACE)
    except TimeoutError:
        await bot.kill()
        pytest.fail(f"the bot was still running {3 * GRACE:.0f} s after the signal")
    took = loop.time() - started
    log = bot.log_tail(200)
    assert code == 0, log
    assert took < GRACE, f"took {took:.2f} s\n{log}"
    tail = log[log.rfind("===== start") :]
    assert "Traceback" not in tail and "stopped" in tail, tail
    return took


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(world):
    """The shared world, its bots started by the tests (``await world.spawn(**env)``)."""
    world.times, world.outcomes = [], []
    yield world
    # the report, after the module's tests in whatever order they ran (`-s` shows it);
    # each stop above was checked against GRACE
    print(f"\nshutdown times (s): {', '.join(f'{t:.2f}' for t in world.times)}")
    print(f"clicks racing the signal: {world.outcomes}")


async def test_connected_and_idle(world):
    bot = await world.spawn()
    await asyncio.sleep(2.5)  # past on_ready
    world.times.append(await stop_timed(bot))


async def test_sigint_just_after_connecting_before_on_ready(world):
    # discord.py waits guild_ready_timeout (2 s) before on_ready; closing
    # within it used to end with an AttributeError from _delay_ready.
    bot = await world.spawn()
    world.times.append(await stop_timed(bot, signal.SIGINT))


async def test_while_reconnecting(world):
    bot = await world.spawn()
    await asyncio.sleep(2.5)
    await world.fake.reconnect_bot()
    world.times.append(await stop_timed(bot))


async def test_with_a_bot_seat_thinking(world):
    bot = await world.spawn(BOT_MOVE_DELAY="60")
    fake = world.fake
    channel = fake.add_text_channel(world.guild, "bot-seat")  # its match alone there
    new = await answered(
        await fake.slash(
            world.alice,
            channel,
            "game new",
            game="cuttle",
            players=2,
            bots=1,
            first_player=1,
            here=True,
        )
    )
    assert new.answered
    await fake.wait_until(lambda: current_table(fake, channel), 5, "the table")
    async with SqliteStore.open(world.db) as store:
        [info] = await store.live_matches(channel_id=channel.id)
        assert list((await store.load(info.id)).match.to_act()) == [1]  # the bot seat
    world.times.append(await stop_timed(bot))


async def test_in_the_reconnect_back_off_with_discord_unreachable(tmp_path):
    fake = await FakeDiscord().start()
    fake.add_guild("Offline night")
    env = {"DATABASE_PATH": str(tmp_path / "games.db")}
    bot = BotProcess(
        fake, python_argv(ROOT / "bot.py"), env=env, cwd=ROOT, log_path=tmp_path / "bot.log"
    )
    try:
        await bot.start()
        await fake.stop()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 20
        while bot.log_tail(200).count("Attempting a reconnect") < 2:
            assert loop.time() < deadline, bot.log_tail()
            await asyncio.sleep(0.1)
        took = await stop_timed_in_back_off(bot)
        print(f"\nshutdown in the reconnect back-off: {took:.2f} s")
        assert took < GRACE
    finally:
        if bot.alive:
            bot.proc.kill()
            await bot.proc.wait()
        bot.forget()


async def stop_timed_in_back_off(bot: BotProcess) -> float:
    """Like stop_timed, but the back-off's own reconnect tracebacks are
    expected in the log (discord.py logs each failed attempt)."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    assert bot.proc is not None  # started
    bot.proc.send_signal(signal.SIGTERM)
    code = await asyncio.wait_for(bot.proc.wait(), 3 * GRACE)
    took = loop.time() - started
    log = bot.log_tail(30)
    assert code == 0 and "stopped" in log, log
    return took


# -- in the middle of a click -------------------------------------------------------


@pytest.mark.parametrize("delay", [0.0, 0.005, 0.02, 0.05])
async def test_in_the_middle_of_a_click(world, delay):
    fake = world.fake
    bot = await world.spawn()
    if not hasattr(world, "thread"):
        new = await answered(
            await fake.slash(world.alice, world.channel, "game new", game="keltis", players=2)
        )
        lobby = await new.wait_reply()
        await answered(await fake.click(world.bob, lobby, label="Join"))
        [world.thread] = fake.threads(world.channel)
        await fake.wait_until(lambda: current_table(fake, world.thread), 5, "the table")
    user, panel, custom_id = await move_button(fake, world.thread, (world.alice, world.bob))
    async with SqliteStore.open(world.db) as store:  # (choosing a card may have been a move)
        [info] = await store.live_matches(channel_id=world.thread.id)
        before = (await store.load(info.id)).match.seq
    steps = len(custom_id.split(":", 3)[3].split("+"))  # a whole turn is one move of its steps
    click = await fake.click(user, panel, custom_id=custom_id)
    await asyncio.sleep(delay)
    world.times.append(await stop_timed(bot))
    async with SqliteStore.open(world.db) as store:
        after = (await store.load(info.id, verify=True)).match.seq  # log and snapshot agree
    assert after in (before, before + steps)
    if click.response_type in ACKNOWLEDGED:
        assert after == before + steps, "an acknowledged move was not stored"
    world.outcomes.append(
        "acknowledged"
        if click.response_type in ACKNOWLEDGED
        else "stored, not acknowledged"
        if after > before
        else click.original.text
        if click.original
        else "no answer"
    )
