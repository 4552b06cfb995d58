"""`/game help`: one rules button per game, restart-proof, answering exactly
as `/game rules` does; a forged game gets a private answer."""

from __future__ import annotations

from types import SimpleNamespace

from cogs.hosting import help
from cogs.hosting.extension import ITEMS
from cogs.presenters import presented_games, presenter_for


class Response:
    def __init__(self):
        self.sent: list[dict] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content=None, *, ephemeral=False, **kwargs):
        self.sent.append({"content": content, "ephemeral": ephemeral, **kwargs})


def test_the_help_names_the_basics_and_offers_every_games_rules():
    embed, view = help.help_message()
    for words in ("/game new", "Join", "My hand", "/game notify", "only you see"):
        assert words in embed.description
    assert [b.item.custom_id for b in view.children] == [f"rules:{g}" for g in presented_games()]
    assert [b.item.label for b in view.children] == [
        presenter_for(g).title for g in presented_games()
    ]
    assert help.RulesButton in ITEMS  # registered, so a click works after a restart


async def test_a_rules_button_answers_privately_with_the_games_rules():
    inter = SimpleNamespace(response=Response())
    await help.show_rules(inter, "cuttle")
    [sent] = inter.response.sent
    assert sent["ephemeral"] and sent["embed"].to_dict() == help.rules_embed("cuttle").to_dict()
    assert sent["embed"].description == presenter_for("cuttle").rules_summary


async def test_a_forged_game_gets_a_private_answer():
    inter = SimpleNamespace(response=Response())
    await help.show_rules(inter, "chess")
    assert inter.response.sent == [{"content": help.UNKNOWN_GAME, "ephemeral": True}]
