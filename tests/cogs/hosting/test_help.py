"""`/game help`: every `/game` subcommand of the bot's tree is taught, in
English and Japanese (the players' part, or the hosts' part behind its
restart-proof 🛠️ For hosts button); a command no part teaches is still
named. It teaches today's bot (Your move and `/game mine`, the panel
kept open, bot levels and who takes a seat a person leaves, notify modes) in
English and Japanese within Discord's embed limits, and offers every game's
rules in one restart-proof select menu, games registered from outside too;
the buttons of earlier help messages still answer."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest
from discord import app_commands

import cogs.presenters as presenters
from cogs import i18n
from cogs.app import EXTENSIONS, GameHost, make_clock
from cogs.config import Config
from cogs.hosting import help
from cogs.hosting.extension import ITEMS
from cogs.i18n import _, speaking
from cogs.presenters import presented_games, presenter_for, rules_pictures
from cogs.presenters.image_cache import BOARDS
from cogs.presenters.rules_pictures import examples_of
from rules import all_games
from rules.core import registry
from storage import SqliteStore
from tests.cogs.helpers import MockInteraction

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
        "ratings": ("/game leaderboard", "1,500", "bots are not rated"),
        "hints": ("hints:True", "**💡 Hint**", "only you"),
        "rematch": ("**🔁 Rematch**", "/game replay", "/game export", "**📜 Log**"),
        "seasons": ("/game season list", "season:N"),
        "tournaments": ("/game tournament standings", "sign-up"),
        "hosts' part": ("**🛠️ For hosts**",),
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
        "ratings": ("/game leaderboard", "1,500", "レーティング対象外"),
        "hints": ("ヒント:True", "**💡 ヒント**", "あなたにだけ"),
        "rematch": ("**🔁 再戦**", "/game replay", "/game export", "**📜 記録**"),
        "seasons": ("/game season list", "シーズン:N"),
        "tournaments": ("/game tournament standings", "参加受付"),
        "hosts' part": ("**🛠️ ホスト向け**",),
    },
}
#: what the hosts' part must mention, by language
HOSTS_TAUGHT = {
    "en": (
        "Manage Server",
        "keep waiting",
        "a bot takes the seat",
        "stand_in:",
        "language:",
        "forget:",
        "Swiss, round robin or single elimination",
        "**🤖 Add bot**",
        "Everyone starts afresh at 1,500",
    ),
    "ja": (
        "サーバー管理",
        "待ち続ける",
        "代わりのボット:",
        "言語:",
        "データ削除:",
        "スイス式・総当たり・勝ち抜き戦",
        "**🤖 ボットを追加**",
        "1,500",
    ),
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


def within_discords_limits(embed) -> None:
    assert len(embed.description) <= DESCRIPTION and len(embed.fields) <= FIELDS
    for f in embed.fields:
        assert len(f.name) <= FIELD_NAME and len(f.value) <= FIELD_VALUE, f.name
    assert len(embed) <= TOTAL


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hosts_part_teaches_the_hosts_commands_within_discords_limits(lang):
    with speaking(lang):
        embed = help.hosts_embed()
    text = whole_text(embed)
    assert [w for w in HOSTS_TAUGHT[lang] if w not in text] == []
    within_discords_limits(embed)
    if lang == "ja":
        assert embed.title == "ホスト向け" and not any(
            c.isascii() and c.isalpha() for c in embed.title
        )


async def the_bots_game_group(tmp_path):
    """The `/game` group as the bot builds it, every extension loaded."""
    config = Config(token="t", database_path=tmp_path / "games.db")
    store = await SqliteStore.open(config.database_path)
    bot = GameHost(config, store, make_clock(config))
    for setup in EXTENSIONS:  # as setup_hook does, without syncing
        await setup(bot, bot.game_group, bot.services)
    return bot, store


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_every_game_subcommand_of_the_bots_tree_is_taught(tmp_path, lang):
    bot, store = await the_bots_game_group(tmp_path)
    try:
        group = bot.tree.get_command("game")
        names = [c.qualified_name for c in help.commands_of(group)]
        assert len(names) > 25 and "game tournament forfeit" in names  # groups' commands too
        inter = SimpleNamespace(response=Response(), client=bot)
        with speaking(lang):
            await help.show_help(inter)
            hosts = whole_text(help.hosts_embed())
        [sent] = inter.response.sent
        players = whole_text(sent["embed"])
        missing = [
            n for n in names if f"/{n}`" not in players + hosts and f"/{n} " not in players + hosts
        ]
        assert missing == [], lang
        assert help.untaught(group) == []  # each taught by a part, none only listed
        assert all(
            f.name not in ("Other commands", "そのほかのコマンド") for f in sent["embed"].fields
        )
        for part in help.PLAYERS + help.HOSTS:  # a part quotes what it says it teaches
            with speaking(lang):
                text = i18n._(part.text, **help.words())
            assert [n for n in part.teaches if f"/game {n}" not in text] == [], part.title
    finally:
        await store.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_command_no_part_teaches_is_still_named_with_its_description(lang):
    group = app_commands.Group(name="game", description="d")
    group.add_command(
        app_commands.Command(name="new", description="Open a lobby for a new match", callback=_noop)
    )
    added = app_commands.Group(name="duel", description="d", parent=group)
    added.add_command(
        app_commands.Command(
            name="start", description="A summary of a game's rules", callback=_noop
        )
    )
    with speaking(lang):
        embed = help.help_embed(group)
    last = embed.fields[-1]
    assert last.name == {"en": "Other commands", "ja": "そのほかのコマンド"}[lang]
    described = {"en": "A summary of a game's rules", "ja": "ゲームのルール概要"}[lang]
    assert "`/game duel start`" in last.value and described in last.value
    assert "/game new`:" not in last.value  # taught already
    within_discords_limits(embed)


async def _noop(interaction) -> None:
    return None


async def test_the_hosts_button_answers_privately_with_the_hosts_part():
    _embed, view = help.help_message()
    button = view.children[1]
    assert isinstance(button, help.HelpButton) and button.item.custom_id == "help:hosts"
    assert button.item.label == "🛠️ For hosts"
    clicked = help.HelpButton.__discord_ui_compiled_template__.fullmatch("help:hosts")
    rebuilt = await help.HelpButton.from_custom_id(None, button.item, clicked)  # a restart
    inter = SimpleNamespace(response=Response())
    await rebuilt.callback(inter)
    [sent] = inter.response.sent
    assert sent["ephemeral"] and sent["embed"].to_dict() == help.hosts_embed().to_dict()
    assert help.HelpButton in ITEMS


def test_the_help_offers_every_games_rules_in_one_select():
    _embed, view = help.help_message()
    chooser, _hosts = view.children
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
    chooser, _hosts = view.children
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


def asked() -> MockInteraction:
    return MockInteraction(kind=discord.InteractionType.application_command)


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_rules_answer_is_private_with_the_games_example_pictures(lang):
    BOARDS.clear()
    with speaking(lang):
        first = asked()
        await help.show_rules(first, "cuttle")
        summary_now = help.rules_embed("cuttle").to_dict()
        captions = [_(example.caption) for example in examples_of("cuttle")]
        summary_text = _(presenter_for("cuttle").rules_summary)
    # the pictures were not drawn yet: acknowledged first, privately, then answered
    [(how, _args, kwargs)] = first.response.answered
    assert how == "defer" and kwargs == {"ephemeral": True, "thinking": True}
    sent = first.followup.send.await_args.kwargs
    assert sent["ephemeral"] and first.private()
    summary, *pictures = sent["embeds"]
    assert summary.to_dict() == summary_now and summary.description == summary_text
    assert pictures and [p.description for p in pictures] == captions
    assert all(("C-5a：" if lang == "ja" else "C-5a: ") in p.description for p in pictures[:1])
    files = sent["files"]
    assert [f"attachment://{f.filename}" for f in files] == [p.image.url for p in pictures]
    assert all(f.fp.read().startswith(b"\x89PNG") and f.description for f in files)
    # drawn now (cached): the same answer at once, no wait
    with speaking(lang):
        again = asked()
        await help.show_rules(again, "cuttle")
    [(how, _args, kwargs)] = again.response.answered
    assert how == "send_message" and kwargs["ephemeral"]
    assert [e.to_dict() for e in kwargs["embeds"]] == [e.to_dict() for e in sent["embeds"]]
    assert len(kwargs["files"]) == len(files) and not again.followup.send.await_args_list


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_every_games_rules_answer_fits_discords_limits(lang):
    for game_id in presented_games():
        with speaking(lang):
            answer = await help.rules_answer(game_id)
        embeds = answer.get("embeds") or [answer["embed"]]
        files = answer.get("files", [])
        assert len(embeds) <= 10 and len(files) <= 10, game_id
        assert len(embeds) == 1 + len(examples_of(game_id)) == 1 + len(files), game_id
        assert sum(len(whole_text(e)) for e in embeds) <= TOTAL, game_id
        assert all(len(e.description or "") <= DESCRIPTION for e in embeds)
        assert sum(len(f.fp.getvalue()) for f in files) <= 25 * 1024 * 1024


async def test_a_game_without_examples_answers_with_its_summary_alone(monkeypatch):
    monkeypatch.setattr(rules_pictures, "examples_of", lambda game_id: ())
    rules_pictures._views.cache_clear()
    try:
        inter = asked()
        await help.show_rules(inter, "keltis")
    finally:
        rules_pictures._views.cache_clear()
    [(how, _args, kwargs)] = inter.response.answered
    assert how == "send_message" and kwargs["ephemeral"]
    assert kwargs["embed"].to_dict() == help.rules_embed("keltis").to_dict()
    assert "files" not in kwargs


async def test_a_forged_game_gets_a_private_answer():
    inter = SimpleNamespace(response=Response())
    await help.show_rules(inter, "chess")
    assert inter.response.sent == [{"content": help.UNKNOWN_GAME, "ephemeral": True}]
    assert help.RulesButton("chess").item.label == "…"  # an old button's forged game
