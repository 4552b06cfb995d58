"""Hidden bids in Discord: the prize turned up and each player's points,
prizes and shown bids as a text table (the game has no board picture), the
seat's hand and sealed bid in its own panel only, and the rounds in words.
Built from the presenter stencil (tests/cogs/presenters/example_presenter.py)."""

from __future__ import annotations

from cogs.i18n import N_, _
from cogs.presenters.base import Phrase, Presenter
from rules import Action


class HiddenBidsPresenter(Presenter):
    game_id = "hidden_bid"
    title = N_("Hidden bids")
    rules_summary = N_(
        "Each player holds cards from a deck numbered 1 up; the rest lie face down as "
        "the prize pile. Each round a prize is turned up and both players bid one card "
        "from their hand face down, at once. When both have bid, the bids are shown and "
        "the higher takes the prize: its number in points. When the hands are empty, "
        "the most points wins."
    )
    table_words = {
        "prize": N_("Prize turned up"),
        "prizes_left": N_("Prizes face down"),
        "points": N_("Points"),
        "won": N_("Prizes taken"),
        "shown": N_("Bids shown"),
        "cards": N_("Cards in hand"),
        "has_bid": N_("Has bid"),
    }

    def label(self, action: Action, view: dict) -> str:
        return _("Bid {card}", card=action.args[0])

    def decision(self, view: dict) -> str:
        return _("bid a card for the prize {prize}", prize=view["prize"])

    def status_line(self, view: dict, names: list[str], to_act: tuple[int, ...]) -> str:
        if not to_act:
            return super().status_line(view, names, to_act)
        who = _(", ").join(f"**{names[s]}**" for s in to_act)
        return _("Prize {prize} is up: waiting for {who} to bid.", prize=view["prize"], who=who)

    def private_fields(self, view: dict, names: list[str] | None = None) -> list[tuple[str, str]]:
        fields = [(_("Your hand"), " · ".join(map(str, view["hand"])) or _("(empty)"))]
        if view["bid"] is not None:
            fields.append((_("Your bid"), str(view["bid"])))
        return fields

    def phrase(self, event: dict, names: list[str]) -> Phrase | None:
        kind = event["type"]
        if kind == "bid":
            return Phrase(event["seat"], _("bid a card face down"))
        if kind == "reveal":
            bids = _(", ").join(f"{names[s]} {b}" for s, b in enumerate(event["bids"]))
            return Phrase(
                None,
                _(
                    "The bids are shown ({bids}): {name} takes the prize {prize}.",
                    bids=bids,
                    name=f"**{names[event['taker']]}**",
                    prize=event["prize"],
                ),
            )
        if kind == "prize":
            return Phrase(None, _("Prize {prize} is turned up.", prize=event["prize"]))
        return super().phrase(event, names)


PRESENTER = HiddenBidsPresenter()
