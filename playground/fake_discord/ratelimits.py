"""Discord's rate limits, as developers/topics/rate-limits documents them; off by default.

Per-route buckets count requests per top-level resource (the channel, guild
or webhook in the path) in fixed windows that start with a bucket's first
request; every answer on a limited route carries ``X-RateLimit-Limit``,
``-Remaining``, ``-Reset`` (epoch seconds), ``-Reset-After`` and ``-Bucket``
(one hash per route, the same for every channel), so discord.py waits on its
own before a bucket runs dry, as it does on Discord. A request past the
limit is answered 429 ``{"message": "You are being rate limited.",
"retry_after": s, "global": false}`` with ``Retry-After`` and
``X-RateLimit-Scope: user``. The global limit (50 requests a second) counts
every bot-token request (interaction callbacks and their webhooks are
exempt, as on Discord); past it: 429 with ``"global": true``,
``X-RateLimit-Global: true`` and ``X-RateLimit-Scope: global``. A shared
(per-resource) limit, as when a busy channel hits its write limit, refuses
every write to one channel for a while with ``X-RateLimit-Scope: shared``;
those 429s do not count towards Discord's invalid-request ban.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

from .errors import RateLimited

SENDS = "POST /channels/{channel_id}/messages"
EDITS = "PATCH /channels/{channel_id}/messages/{message_id}"
#: "Interaction endpoints are not bound to the bot's Global Rate Limit"
EXEMPT_FROM_GLOBAL = ("/interactions/", "/webhooks/")


@dataclass
class Bucket:
    """A fixed window of ``limit`` requests per ``per`` seconds (monotonic clock)."""

    limit: int
    per: float
    remaining: int = 0
    reset_at: float = 0.0

    def take(self, now: float) -> bool:
        if now >= self.reset_at:
            self.remaining, self.reset_at = self.limit, now + self.per
        if self.remaining <= 0:
            return False
        self.remaining -= 1
        return True

    def headers(self, now: float, bucket: str) -> dict[str, str]:
        after = math.ceil(max(self.reset_at - now, 0.0) * 1000) / 1000  # never early
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.remaining),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": bucket,
        }


def bucket_hash(route: str) -> str:
    return hashlib.md5(route.encode()).hexdigest()


class RateLimits:
    """The fake's limits: ``routes`` maps ``"METHOD /path/{template}"`` to (count, seconds)."""

    def __init__(self) -> None:
        self.routes: dict[str, tuple[int, float]] = {}
        self.global_per_second: int | None = None
        self._buckets: dict[tuple[str, str], Bucket] = {}
        self._global: Bucket | None = None
        self._shared: dict[int, float] = {}  # channel id -> monotonic time it ends

    def configure(
        self, routes: dict[str, tuple[int, float]], global_per_second: int | None
    ) -> None:
        self.routes = dict(routes)
        self.global_per_second = global_per_second
        self._buckets.clear()
        self._global = None if global_per_second is None else Bucket(global_per_second, 1.0)

    def limit_channel(self, channel_id: int, seconds: float) -> None:
        """Refuse writes to the channel with a shared-scope 429 for ``seconds``."""
        self._shared[channel_id] = time.monotonic() + seconds

    def check(self, method: str, template: str, params: dict[str, str]) -> dict[str, str]:
        """Headers for the answer to this request, or :class:`RateLimited`.

        ``template`` is the route's path without the API prefix
        (``/channels/{channel_id}/messages``); ``params`` its matched values.
        """
        now = time.monotonic()
        route = f"{method} {template}"
        limit = self.routes.get(route)
        key = (route, _major(params))
        bucket = None
        if limit is not None:
            bucket = self._buckets.get(key)
            if bucket is None or (bucket.limit, bucket.per) != limit:
                bucket = self._buckets[key] = Bucket(*limit)
        headers: dict[str, str] = {}
        channel = params.get("channel_id", "")
        ends = self._shared.get(int(channel)) if channel.isdigit() else None
        if ends is not None and method != "GET" and now < ends:
            if bucket is not None:
                headers = bucket.headers(now, bucket_hash(route))
            raise RateLimited(ends - now, "shared", headers)
        limit_all = self._global
        if (
            limit_all is not None
            and not template.startswith(EXEMPT_FROM_GLOBAL)
            and not limit_all.take(now)
        ):
            raise RateLimited(limit_all.reset_at - now, "global", {})
        if bucket is None:
            return {}
        allowed = bucket.take(now)
        headers = bucket.headers(now, bucket_hash(route))
        if not allowed:
            raise RateLimited(bucket.reset_at - now, "user", headers)
        return headers


def _major(params: dict[str, str]) -> str:
    """The top-level resource of a path: its channel, guild or webhook (id + token)."""
    for name in ("channel_id", "guild_id"):
        if name in params:
            return f"{name}={params[name]}"
    if "token" in params:
        return f"webhook={params.get('app_id') or params.get('interaction_id')}:{params['token']}"
    return ""
