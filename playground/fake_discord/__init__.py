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

Typical test (see tests/playground/test_fake_discord.py and tests/e2e/conftest.py)::

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
    ``Perm`` bits (Discord's values); ``guild.everyone`` (the @everyone role),
    ``fake.bot_role(guild)`` (the bot's managed role)
    ``fake.member(guild, user) -> Member``; ``fake.close_dms(user, closed=True)``

A moderator's hand (each sends the gateway events Discord sends, so the bot's cache follows)
    ``fake.deny(place, *perms, role=None)`` / ``fake.allow(place, *perms, role=None)``: in a
    text channel, the bot's permission overwrite (or ``role``'s, e.g. ``guild.everyone``)
    denies / allows the ``Perm`` bits (CHANNEL_UPDATE); its threads follow it (Discord has
    no overwrites per thread, so a thread is refused: change its parent, or lock it). In a
    guild, ``deny`` takes the bits from every role the bot has, @everyone included, and
    ``allow`` adds them to the bot's role (or to ``role``) (GUILD_ROLE_UPDATE). A channel the
    bot can see again gets THREAD_LIST_SYNC. ``fake.clear_overwrite(channel, *, role=None)``
    removes the overwrite. ``fake.bot_permissions(channel_or_thread) -> int``: what the bot
    may do there (overwrites and implicit permissions), which is what discord.py's
    ``channel.permissions_for(guild.me)`` computes from what the fake sent.
    ``fake.delete_message(message)`` (MESSAGE_DELETE), ``fake.delete_channel(channel)``
    (CHANNEL_DELETE / THREAD_DELETE), ``fake.archive_thread(thread, archived=True)``,
    ``fake.lock_thread(thread, locked=True)`` (THREAD_UPDATE; unarchiving also sends
    THREAD_MEMBER_UPDATE).

Discord's round trip (none by default)
    ``fake.round_trip(seconds)``: every REST answer (interaction callbacks and webhooks
    included) comes back that late, as from Discord's servers; a callback is still timed on
    arrival. ``fake.round_trip(0)`` answers at once again.

Rate limits (off by default) and Discord's invalid-request ban
    ``fake.rate_limits(enabled=True, *, sends_per_channel=(5, 5.0),
    edits_per_channel=(5, 5.0), global_per_second=50, routes=None)``: (requests, seconds)
    per channel for POST / PATCH ``/channels/{id}/messages[/{id}]``, every bot-token
    request per second (interaction callbacks and webhooks exempt), ``routes`` for more
    (``{"DELETE /channels/{channel_id}/messages/{message_id}": (5, 1.0)}``); None leaves
    one out, ``fake.rate_limits(False)`` turns them off.
    ``fake.rate_limit_channel(channel, seconds)``: a shared (per-resource) limit refusing
    every write there with 429 ``X-RateLimit-Scope: shared``.
    ``fake.invalid_requests(since=None) -> Counter``: 401/403/429 answers (not shared 429s)
    since ``since`` (a ``time.time()``; default the last 10 minutes) by (status, code), e.g.
    ``{(403, 50013): 3, (429, None): 1}``; Discord bans an IP for an hour at 10,000 in 10
    minutes. Each of ``fake.requests`` also has ``.invalid``, ``.scope`` and ``.at``.

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
    ``await fake.wait_until(predicate, timeout=5)``; ``fake.state.version`` counts every change
    (the playground's page waits for it to move).

Discord behaviour reproduced: ``Authorization: Bot <token>`` (401 otherwise; interaction
callbacks and webhooks carry no token), JSON with Content-Type exactly ``application/json``
and ``Via`` on every API answer, 404 + record for unknown routes, 40060 when answering twice,
10062 for a callback after ``callback_deadline``, 50007 for closed DMs, 50006 for empty
messages, 50035 for broken limits (2000-char content, 10 embeds / 6000 chars, 5 rows x 5
buttons, custom_id 1-100 chars, label 80, 25 select options, duplicate custom_ids),
ephemeral messages invisible to channel routes, threads started from a message sharing its
id. 404 10008 Unknown Message for a deleted message, 10003 Unknown Channel for a deleted
channel or thread.
Permissions (permissions.py, access.py): guild roles plus channel overwrites in Discord's
order, threads taking their parent's, implicit permissions (no VIEW_CHANNEL: nothing; no
right to send: no EMBED_LINKS, ATTACH_FILES, MENTION_EVERYONE); payloads carry
``permission_overwrites`` and the bot's roles, interactions ``app_permissions`` with
overwrites. Enforced on the bot's own REST calls (never on interaction callbacks or the
interaction webhook, as on Discord; nor in DMs): no VIEW_CHANNEL: 403 ``{"message":
"Missing Access", "code": 50001}``; otherwise 403 ``{"message": "Missing Permissions",
"code": 50013}`` for a send without SEND_MESSAGES (in a thread SEND_MESSAGES_IN_THREADS),
files without ATTACH_FILES (sent or added by an edit), starting a thread without
CREATE_PUBLIC_THREADS (private: CREATE_PRIVATE_THREADS), deleting others' messages without
MANAGE_MESSAGES, thread changes that need MANAGE_THREADS (locking; renaming or archiving
unless the bot created it; deleting), channel edits without MANAGE_CHANNELS; 403 160002 for a
reply without READ_MESSAGE_HISTORY. Editing its own messages needs no SEND_MESSAGES. Without
READ_MESSAGE_HISTORY history is empty and a message fetch is 403 50001. Without EMBED_LINKS
embeds are dropped (a send left with nothing: 403 50013; an edit: 400 50006). Events about
messages and threads of a channel the bot cannot see are not sent to it.
Threads: an archived thread refuses edits of its messages, joins and changes other than
unarchiving with 400 ``{"message": "Thread is archived", "code": 50083}``; a send unarchives
it (THREAD_UPDATE) unless it is locked; a locked thread refuses sends, edits and changes
with 403 ``{"message": "Thread is locked", "code": 160005}`` unless the bot has
MANAGE_THREADS (its role has it by default); unarchiving an unlocked thread needs the right
to send there.
Rate limits (ratelimits.py): fixed windows per route and top-level resource, X-RateLimit-*
headers on every answer of a limited route, 429 ``{"message": "You are being rate
limited.", "retry_after": s, "global": b}`` with Retry-After, X-RateLimit-Scope (user,
global, shared) and X-RateLimit-Global, so discord.py waits as it does on Discord.
Not documented by Discord, so chosen and marked in access.py: the embed and file rules (from
Discord's behaviour as reported), the codes for a fetch without READ_MESSAGE_HISTORY and for
deleting in an archived locked thread, and that starting a thread needs no SEND_MESSAGES.
Not reproduced: reactions/pins, RESUME (answered with INVALID_SESSION), the 30046
old-message edit limit, auto-archiving by itself (``archive_thread`` does it), member
timeouts, the active-thread limit (160006), webhook buckets unless asked via ``routes``,
Discord's real bucket sizes beyond the documented global 50/s (tests choose them).
"""

from .commands import CommandNotAvailable
from .errors import DiscordError
from .interactions import Interaction
from .messages import Attachment, Message
from .models import Channel, Guild, Member, Overwrite, Perm, Role, User
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
    "Overwrite",
    "Perm",
    "Role",
    "User",
    "python_argv",
]
