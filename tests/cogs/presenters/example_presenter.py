"""The presenter stencil: a complete presenter for Race to 21
(tests/rules/example_game.py), to copy when adding a game. A presenter turns
the engine's views, action keys and events into words; it decides nothing
(what is legal, whose turn it is and who won come from the engine). Every
word is marked: `_()` where it is said, `N_()` where it is declared as data;
the words go to the game's catalogues (README, "Adding a game").

What the base class (cogs/presenters/base.py) already does, and needs no
code here: the table and panel embeds, the outcome lines, the "My hand"
button, the concession phrase. What is optional: `render_board` (a board
picture; without it the table is the text of `table_words`), `group` (a
choice in two steps: a card, then what to do with it), `is_public` (buttons
on the table instead of the panel), `toggles` (a decision made by marking
items, like dice to reroll), `follows` (a follow-up offered joined to a move).
"""

from __future__ import annotations

from cogs.i18n import N_, _
from cogs.presenters.base import Phrase, Presenter
from rules import Action


class RacePresenter(Presenter):
    #: the engine's id: the presenter is found by it
    game_id = "race21"
    #: the game's name, shown in every title and in /game new's choices
    title = N_("Race to 21")
    #: /game rules: how to play, in a few sentences
    rules_summary = N_("Take turns adding 1, 2 or 3 to the total. Whoever makes it 21 wins.")
    #: the table as text (a game with no board picture): the view's values
    #: shown, with their words; a value of `view["players"]` is shown per seat
    table_words = {"total": N_("Total")}

    def label(self, action: Action, view: dict) -> str:
        """A move's button (80 characters at most), from its key."""
        return _("Add {n}", n=action.args[0])

    def decision(self, view: dict) -> str:
        """What the seat owing a decision is asked, from its own view."""
        return _("add 1, 2 or 3 to {total}", total=view["total"])

    def private_fields(self, view: dict, names: list[str] | None = None) -> list[tuple[str, str]]:
        """What only the seat's owner may see (a hand): its ephemeral panel
        alone shows these. Race to 21 hides nothing."""
        return []

    def phrase(self, event: dict, names: list[str]) -> Phrase | None:
        """An event in words: with a seat, a phrase the story puts after that
        seat's name ("**Ann** made it 18"); None for no words."""
        if event["type"] == "add":
            return Phrase(event["seat"], _("made it {total}", total=event["total"]))
        return super().phrase(event, names)


PRESENTER = RacePresenter()
