"""The playground's tests use the end-to-end fixtures (a fake Discord and bot
processes against it, with the bots' logs in a failure's report): the fake's
own tests moved here beside its source, playground/fake_discord/."""

from __future__ import annotations

from tests.e2e.conftest import fake_discord, pytest_runtest_makereport, spawn_bot

__all__ = ["fake_discord", "pytest_runtest_makereport", "spawn_bot"]
