"""Every registry a test may add a game to, saved and restored by pytest's
monkeypatch: the engines (and their packages), the presenters, the bots'
policies and the games' catalogues. A test that registers a game calls
`isolate_registries(monkeypatch)` first, so no other test sees its game."""

from __future__ import annotations

import pytest

import cogs.presenters as presenters
from cogs import i18n
from rules import all_games
from rules.bots import policy
from rules.core import registry


def isolate_registries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_games", dict(all_games()))
    monkeypatch.setattr(registry, "_packages", dict(registry._packages))
    monkeypatch.setattr(presenters, "_presenters", dict(presenters._all()))
    monkeypatch.setattr(policy, "_registered", dict(policy._registered))
    monkeypatch.setattr(i18n, "_extra", {k: list(v) for k, v in i18n._extra.items()})
    i18n.translator_for.cache_clear()
