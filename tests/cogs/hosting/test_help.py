"""`/game help`: teaches today's bot (Your move and `/game mine`, the panel
kept open, bot levels and who takes a seat a person leaves, notify modes) in
English and Japanese within Discord's embed limits, and offers every game's
rules in one restart-proof select menu, games registered from outside too;
the buttons of earlier help messages still answer."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import cogs.presenters as presenters
from cogs import i18n
from cogs.hosting import help
from cogs.hosting.extension import ITEMS
from cogs.i18n import speaking
from cogs.presenters import presented_games, presenter_for
from rules import all_games
from rules.core import registry

#: Discord's embed limits (the fake Discord enforces them too)
DESCRIPTION, FIELD_NAME, FIELD_VALUE, FIELDS, TOTAL = 4096, 256, 1024, 25, 6000

#: what each taught item must mention, by language
TAUGHT = {
    "en": {
        "start": ("/game new", "**Join**", "**Start**", "own thread"),
        "your move": ("**▶️ Your move**", "direct message", "even days later"),
        "mine": ("/game mine", "waiting on your move"),
        "panel": ("**My hand**", "only you see", "Keep the panel open", "15 minutes"),
        "panel redrawn": ("redrawn in place when your turn comes", "**Refresh**"),
        "bot levels": ("**Random**", "**Greedy**", "**Expert**", "bots:", "bot_level:"),
        "lobby bots": ("**🤖 Random**", "**🤖 Greedy**", "**🤖 Expert**"),
        "seat left": ("/game concede", "/game kick", "/game replace", "/game timer"),
        "notify": (
            "/game notify",
            "a mention in the match's thread",
            "a direct message (a mention when your DMs are closed)",
            "nothing (the table still shows whose turn it is)",
        ),
        "ratings": ("/game leaderboard", "1,500"),
    },
    "ja": {
        "start": ("対戦を始める", "/game new", "**参加**", "**開始**", "スレッド"),
        "your move": ("**▶️ あなたの番**", "ダイレクトメッセージ", "何日"),
        "mine": ("/game mine",),
        "panel": ("**手札**", "あなたにだけ見える", "15 分"),
        "panel redrawn": ("**更新**",),
        "bot levels": ("**ランダム**", "**エキスパート**", "ボット数:", "ボットの強さ:"),
        "seat left": ("/game concede", "/game kick", "/game replace", "/game timer"),
        "notify": ("/game notify", "対戦のスレッドでのメンション"),
        "ratings": ("/game leaderboard", "1,500"),
    },
}


class Response:
    def __init__(self):
        self.sent: list[dict] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content=None, *, ephemeral=False, **kwargs):
        self.sent.append({"content": content, "ephemeral": ephemeral, **kwargs})


def whole_text(embed) -> str:
    return "\n".join(
        [embed.title or "", embed.description or ""]
        + [f"{f.name}\n{f.value}" for f in embed.fields]
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_help_teaches_todays_bot_within_discords_limits(lang):
    with speaking(lang):
        embed, _view = help.help_message()
    text = whole_text(embed)
    missing = {
        item: [w for w in words if w not in text]
        for item, words in TAUGHT[lang].items()
        if any(w not in text for w in words)
    }
    assert not missing, f"{lang}: {missing}"
    assert len(embed.description) <= DESCRIPTION and len(embed.fields) <= FIELDS
    for f in embed.fields:
        assert len(f.name) <= FIELD_NAME and len(f.value) <= FIELD_VALUE, f.name
    assert len(embed) <= TOTAL  # discord.py counts as Discord does
    if lang == "ja":  # the catalogue covers every part (no English left over)
        assert not any(c.isascii() and c.isalpha() for c in embed.title + embed.description)
        assert [f.name for f in embed.fields][0] == "対戦を始める"


def test_the_help_offers_every_games_rules_in_one_select():
    _embed, view = help.help_message()
    [chooser] = view.children
    assert chooser.item.custom_id == "rules" and isinstance(chooser, help.RulesSelect)
    assert [(o.value, o.label) for o in chooser.item.options] == [
        (g, presenter_for(g).title) for g in presented_games()
    ]
    assert help.RulesSelect in ITEMS and help.RulesButton in ITEMS  # restart-proof


@pytest.fixture
def sixth_game(monkeypatch):
    """tests/games/hidden_bid registered as GAMEHOST_GAMES would, undone after."""
    monkeypatch.setattr(registry, "_games", dict(all_games()))
    monkeypatch.setattr(registry, "_packages", dict(registry._packages))
    monkeypatch.setattr(presenters, "_presenters", dict(presenters._all()))
    monkeypatch.setattr("rules.bots.policy._registered", {})
    i18n.translator_for.cache_clear()
    monkeypatch.setattr(i18n, "_extra", {lang: list(pos) for lang, pos in i18n._extra.items()})
    presenters.load_games(["tests.games.hidden_bid"])
    yield "hidden_bid"
    monkeypatch.undo()
    i18n.translator_for.cache_clear()


async def test_a_game_registered_from_outside_is_offered_and_answered(sixth_game):
    _embed, view = help.help_message()
    [chooser] = view.children
    offered = [o.value for o in chooser.item.options]
    assert offered == presented_games() and sixth_game in offered
    inter = SimpleNamespace(response=Response(), data={"values": [sixth_game]})
    chooser.item._values = [sixth_game]  # as discord.py sets them from the click
    await chooser.callback(inter)
    [sent] = inter.response.sent
    assert sent["ephemeral"] and sent["embed"].to_dict() == help.rules_embed(sixth_game).to_dict()


async def test_the_chooser_rebuilt_from_a_click_answers_with_the_rules():
    _embed, view = help.help_message()
    item = view.children[0].item
    rebuilt = await help.RulesSelect.from_custom_id(None, item, None)
    assert [o.value for o in rebuilt.item.options] == presented_games()
    assert not rebuilt.misfit


async def test_a_rules_answer_is_private_and_the_same_as_game_rules():
    inter = SimpleNamespace(response=Response())
    await help.show_rules(inter, "cuttle")
    [sent] = inter.response.sent
    assert sent["ephemeral"] and sent["embed"].to_dict() == help.rules_embed("cuttle").to_dict()
    assert sent["embed"].description == presenter_for("cuttle").rules_summary


async def test_a_forged_game_gets_a_private_answer():
    inter = SimpleNamespace(response=Response())
    await help.show_rules(inter, "chess")
    assert inter.response.sent == [{"content": help.UNKNOWN_GAME, "ephemeral": True}]
    assert help.RulesButton("chess").item.label == "…"  # an old button's forged game
