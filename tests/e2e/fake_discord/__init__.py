"""A fake Discord for end-to-end tests of the real bot, run as a separate process.

An aiohttp server on 127.0.0.1 (random port) speaks enough of Discord's REST
API v10 and gateway (JSON text frames) for the unmodified discord.py 2.7
client. The bot process needs only two redirections, read from its env::

    # http://127.0.0.1:PORT/api/v10
    discord.http.Route.BASE = os.environ['DISCORD_API_BASE']
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ['DISCORD_GATEWAY_URL'])

(set them after any ``_set_api_version()``); ``fake.env()`` gives those two
plus ``DISCORD_TOKEN``. Only a plain ``commands.Bot``/``Client`` is covered;
``AutoShardedBot`` also works (``GET /gateway/bot`` is served).

Typical test (see tests/e2e/test_fake_discord.py and conftest.py)::

    pytestmark = pytest.mark.asyncio(loop_scope='module')

    async def test_new_game(fake_discord, spawn_bot):
        fake = fake_discord
        guild = fake.add_guild('Dev')
        channel = fake.add_text_channel(guild, 'games')
        alice = fake.add_user('alice')
        bot = await spawn_bot(python_argv('bot.py'), env={'DEV_GUILD_ID': str(guild.id)})

        inter = await fake.slash(alice, channel, 'game new', game='keltis', players=3)
        table = await inter.wait_reply()                 # Message
        click = await fake.click(alice, table, label='Join')
        await click.wait_answered()
        await bot.restart()                              # kill -9 + start
        assert not fake.problems()

The world (synchronous, usable before or while the bot runs; a connected
bot gets the matching gateway events)
    ``FakeDiscord(token='fake-bot-token', *, bot_name='GameBot', callback_deadline=3.0)``
    ``await fake.start()`` / ``await fake.stop()`` / ``async with FakeDiscord() as fake``
    ``fake.api_base``, ``fake.gateway_url``, ``fake.env()``, ``fake.bot`` (User),
    ``fake.application_id``
    ``fake.add_guild(name, *, preferred_locale='en-US') -> Guild`` (the bot is a member,
    with a managed role)
    ``fake.add_text_channel(guild, name) -> Channel``
    ``fake.add_user(name, *, bot=False, guilds=None, manage_guild=False, roles=(),
    locale='en-US') -> User``
    ``fake.add_role(guild, name, *, permissions=0) -> Role``; ``fake.give_role(user, role)``;
    ``Perm`` bits
    ``fake.member(guild, user) -> Member``; ``fake.close_dms(user, closed=True)``

The bot's connection
    ``await fake.wait_until_bot_ready(timeout=15, *, after=None)``: a session has IDENTIFYed
    and got READY and every GUILD_CREATE, so interactions sent now find the guild cached.
    That is *before* discord.py's ``on_ready`` (fired ``guild_ready_timeout``, 2 s, after the
    last GUILD_CREATE); wait for side effects of on_ready explicitly if the bot does work
    there.
    ``fake.bot_presence`` (last op 3 sent, e.g. by ``change_presence`` in on_ready: a way to
    wait for it), ``await fake.wait_until_bot_disconnected()``, ``fake.bot_connected``,
    ``await fake.reconnect_bot()`` (op 7; discord.py then sleeps 5 s before re-identifying,
    since the fake refuses RESUME).
    ``BotProcess(fake, argv, *, env, cwd, log_path)``: ``await start()``, ``kill()``
    (SIGKILL, waits for the fake to drop the socket), ``stop()`` (SIGTERM),
    ``restart(hard=True)``, ``log_tail()``, ``pid``, ``alive``.

Interactions (each returns an :class:`Interaction` as soon as it is dispatched)
    ``await fake.slash(user, channel, 'game new', **options)``: option tree, ``data.id`` and
    ``data.guild_id`` come from the commands the bot synced; unknown or missing options,
    choices, ranges and ``default_member_permissions`` are checked like Discord's client
    (ValueError, TypeError, CommandNotAvailable). User/channel/role options take fake
    ``User``/``Channel``/``Role``.
    ``await fake.autocomplete(user, channel, 'game new', 'game', game='ke')`` ->
    ``inter.choices``
    ``await fake.click(user, message, custom_id=None, *, label=None)`` (custom_id ending in
    ':' = prefix)
    ``await fake.select(user, message, values, custom_id=None, *, placeholder=None)``
    ``await fake.submit_modal(user, shown_interaction, **{input_custom_id: value})``
    ``await fake.say(user, channel, content) -> Message`` (a user message, MESSAGE_CREATE)
    Clicking checks what a user could do: the component exists on the message and is
    enabled, and an ephemeral message is only clickable by the user it was shown to.
    Forged requests skip those checks, so the bot's own are what is tested:
    ``await fake.forge(user, channel, message_or_None, custom_id, *, component_type=2,
    values=None, carried=True)`` (any channel, any guild's or a DM; ``carried`` shows the
    forged component on the payload's message, as if Discord had relayed it), and
    ``await fake.forge_slash(user, channel, 'game new', *, scope=guild, **options)`` (option
    values unchecked; ``scope`` finds guild commands from elsewhere).

An ``Interaction`` record
    ``id, token, type, user, channel, guild, data, message, name, custom_id``
    ``answered``, ``response_type`` (4 message, 5 deferred, 6 deferred update, 7 update,
    8 choices, 9 modal), ``response`` (callback data), ``answered_after`` (seconds),
    ``deferred``, ``modal``, ``choices``, ``original`` (Message created/updated),
    ``followups``, ``touched`` (every message created or edited with its token), ``refused``
    (Discord errors it caused, e.g. answered twice), ``expire()``.
    ``await inter.wait_answered(timeout=3)``, ``await inter.answered_within(seconds) -> bool``,
    ``await inter.wait_reply(timeout=5) -> Message`` (first non-"thinking" message it
    produced), ``await inter.wait_followups(count=1)``, ``await inter.wait_until(predicate)``.
    After a "thinking" defer, the first followup resolves the loading message (as on
    Discord), so it is both ``original`` and ``followups[0]``.

Messages
    ``fake.messages(channel=None, *, author=None, ephemeral=None, visible_to=None,
    include_deleted=False)`` (oldest first; ``visible_to`` = public ones plus that user's
    ephemerals), ``fake.latest_message(channel, **filters)``, ``fake.mark()`` +
    ``await fake.wait_for_message(channel, predicate=..., after=mark)``,
    ``await fake.wait_for_edit(message, edits=1)``, ``fake.threads(parent=None)``,
    ``fake.dm_channel(user)``, ``fake.dms(user)``.
    A ``Message`` has ``id, channel_id, guild_id, author, content, embeds, components,
    attachments (filename, data, url, content_type, width, height), flags, ephemeral,
    visible_to, loading, interaction, via ('channel'|'dm'|'response'|'followup'),
    created_at, edited_at, deleted, history (Revisions before each edit), edits, text``
    (content + embed text), ``mentioned_ids``, ``button(label | custom_id=)``,
    ``select(placeholder | custom_id=)``, ``buttons()``, ``selects()``, ``custom_ids()``, and
    ``make_old(hours=2)`` (older snowflake + timestamp; the old id stays valid as an alias).

Health checks
    ``fake.problems()`` (empty = healthy: unknown routes, fake bugs, unanswered or late
    interactions, refused callbacks), ``fake.unanswered()``,
    ``fake.answered_late(limit=3.0)``, ``fake.unknown_routes``, ``fake.requests`` /
    ``fake.failed_requests()`` (method, path, status, Discord error code),
    ``fake.command_syncs`` (every bulk overwrite), ``fake.synced_commands(guild=None)``,
    ``await fake.wait_until(predicate, timeout=5)``.

Discord behaviour reproduced: ``Authorization: Bot <token>`` (401 otherwise; interaction
callbacks and webhooks carry no token), JSON with Content-Type exactly ``application/json``,
404 + record for unknown routes, 40060 when answering twice, 10062 for a callback after
``callback_deadline``, 50007 for closed DMs, 50006 for empty messages, 50035 for broken
limits (2000-char content, 10 embeds / 6000 chars, 5 rows x 5 buttons, custom_id 1-100
chars, label 80, 25 select options, duplicate custom_ids), ephemeral messages invisible to
channel routes, threads started from a message sharing its id. Not reproduced: rate limits,
permission overwrites, reactions/pins, RESUME (answered with INVALID_SESSION), the 30046
old-message edit limit.
"""

from .commands import CommandNotAvailable
from .errors import DiscordError
from .interactions import Interaction
from .messages import Attachment, Message
from .models import Channel, Guild, Member, Perm, Role, User
from .process import BotProcess, python_argv
from .server import FakeDiscord

__all__ = [
    "Attachment",
    "BotProcess",
    "Channel",
    "CommandNotAvailable",
    "DiscordError",
    "FakeDiscord",
    "Guild",
    "Interaction",
    "Member",
    "Message",
    "Perm",
    "Role",
    "User",
    "python_argv",
]
