"""Discord's error responses, raised anywhere and rendered by the HTTP layer."""

from __future__ import annotations

import math
from typing import Any


class DiscordError(Exception):
    """An error Discord would answer with: HTTP status + JSON ``{code, message, errors?}``."""

    #: extra response headers (a 429's Retry-After, X-RateLimit-Scope...)
    headers: dict[str, str] = {}
    #: X-RateLimit-Scope of a 429 (user, global, shared), else None
    scope: str | None = None

    def __init__(
        self, status: int, code: int | None, message: str, errors: dict[str, Any] | None = None
    ):
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


class RateLimited(DiscordError):
    """429 as developers/topics/rate-limits shows it: ``{message, retry_after, global}``
    (no ``code``), with Retry-After and X-RateLimit-Scope headers."""

    def __init__(self, retry_after: float, scope: str, headers: dict[str, str]):
        shared = scope == "shared"
        message = "The resource is being rate limited." if shared else "You are being rate limited."
        super().__init__(429, None, message)  # a 429's body has no code
        self.retry_after, self.scope = retry_after, scope
        self.headers = dict(headers, **{"Retry-After": str(math.ceil(retry_after))})
        self.headers["X-RateLimit-Scope"] = scope
        if scope == "global":
            self.headers["X-RateLimit-Global"] = "true"

    def body(self) -> dict[str, Any]:
        return {
            "message": self.message,
            "retry_after": math.ceil(self.retry_after * 1000) / 1000,
            "global": self.scope == "global",
        }


def unauthorized() -> DiscordError:
    return DiscordError(401, 0, "401: Unauthorized")


def not_found_route() -> DiscordError:
    return DiscordError(404, 0, "404: Not Found")


def unknown(kind: str) -> DiscordError:
    """404 for a missing resource, e.g. ``unknown('Channel')`` (codes as documented by Discord)."""
    codes = {
        "Channel": 10003,
        "Guild": 10004,
        "Member": 10007,
        "Message": 10008,
        "Role": 10011,
        "User": 10013,
        "Webhook": 10015,
        "Application": 10002,
        "interaction": 10062,
        "Command": 10063,
    }
    return DiscordError(404, codes[kind], f"Unknown {kind}")


def already_acknowledged() -> DiscordError:
    return DiscordError(400, 40060, "Interaction has already been acknowledged.")


def cannot_dm() -> DiscordError:
    return DiscordError(403, 50007, "Cannot send messages to this user")


def empty_message() -> DiscordError:
    return DiscordError(400, 50006, "Cannot send an empty message")


def missing_access() -> DiscordError:
    """A channel the bot cannot see (VIEW_CHANNEL), or a message it may not read."""
    return DiscordError(403, 50001, "Missing Access")


def missing_permissions() -> DiscordError:
    return DiscordError(403, 50013, "Missing Permissions")


def thread_archived() -> DiscordError:
    return DiscordError(400, 50083, "Thread is archived")


def thread_locked() -> DiscordError:
    return DiscordError(403, 160005, "Thread is locked")


def cannot_reply_without_history() -> DiscordError:
    return DiscordError(403, 160002, "Cannot reply without permission to read message history")


def invalid_webhook_token() -> DiscordError:
    return DiscordError(401, 50027, "Invalid Webhook Token")


class FormErrors:
    """Collects field errors in Discord's nested ``{"a": {"0": {"_errors": [...]}}}``
    shape (code 50035)."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: tuple[Any, ...], code: str, message: str) -> None:
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def raise_if_any(self) -> None:
        if self.tree:
            raise DiscordError(400, 50035, "Invalid Form Body", self.tree)
