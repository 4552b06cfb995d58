"""Two games registered only in these tests, each a package of its own as
GAMEHOST_GAMES names them (cogs/presenters `load_games`), both with an option
people call `cards`, as Hidden bids (tests/games/hidden_bid) has one:
`card_games.race` means something else by it and takes other numbers;
`card_games.flag` makes it a yes or no, which one slash option can't offer
beside a number. Both are Race to 21 (tests/rules/example_game.py) under
another id: only their options differ."""

from __future__ import annotations

from cogs.presenters.base import Presenter
from rules.core.options import Option
from tests.cogs.presenters.example_presenter import RacePresenter
from tests.rules.example_game import RaceTo21


def race_with(game_id: str, title: str, option: Option) -> tuple[RaceTo21, Presenter]:
    """Race to 21 as the game `game_id`, with one option: its GAME and PRESENTER."""
    game_type = type(
        f"Race_{game_id}", (RaceTo21,), {"id": game_id, "name": title, "options_schema": (option,)}
    )
    presenter_type = type(
        f"RacePresenter_{game_id}", (RacePresenter,), {"game_id": game_id, "title": title}
    )
    return game_type(), presenter_type()
