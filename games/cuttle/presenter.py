"""Cuttle in Discord: both point areas (with who controls each card and the
jacks that stole it), permanents, points against each target, the deck and
the scrap, and, during a counter window, the pending one-off with its chain
of 2s. A player picks a card from their hand, then what to do with it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import Phrase, Presenter, clip
from cogs.presenters.base import cards as n_cards
from cogs.presenters.seats import seat_emoji
from games.cuttle.board import alt, band_box, render
from games.cuttle.lessons import LESSONS, review
from rules import Action

SUIT = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RANK = {"a": "A", "j": "J", "q": "Q", "k": "K"}
#: C-3: what each one-off does, for labels and the table (2 and 9 name a target)
EFFECT = {
    "a": N_("scrap every point card"),
    "2": N_("scrap a permanent"),
    "3": N_("take a card from the scrap"),
    "4": N_("the opponent discards two cards"),
    "5": N_("draw two cards"),
    "6": N_("scrap every permanent"),
    "7": N_("reveal the top card and play it at once"),
    "9": N_("return a permanent to the hand of whoever played it"),
}
PERM_ICON = {"k": "👑", "q": "🛡️", "8": "👓"}
PERM_NAME = {"k": N_("King"), "q": N_("Queen"), "8": N_("glasses")}


def effect(rank: str) -> str:
    return _(EFFECT[rank])


def perm_name(rank: str) -> str:
    return _(PERM_NAME[rank])


def aimed(code: str, target: str) -> str:
    """What a 2 or a 9 does to its target: "scrap 7♥" / "return Q♠"."""
    if rank_of(code) == "2":
        return _("scrap {target}", target=target)
    return _("return {target}", target=target)


def card(code: str) -> str:
    """`7h` -> 7♥, `as` -> A♠, `10d` -> 10♦, `qc` -> Q♣."""
    rank = code[:-1]
    return f"{RANK.get(rank, rank)}{SUIT[code[-1]]}"


def cards(codes: list[str]) -> str:
    return " ".join(card(c) for c in codes)


def rank_of(code: str) -> str:
    return code[:-1]


def permanent(code: str) -> str:
    return f"{PERM_ICON[rank_of(code)]} {card(code)}"


def stack_text(stack: dict, names: list[str]) -> str:
    """`7♥ ← J♠ (stolen from Bob)`: the card, its jacks bottom first, and whose it was."""
    text = " ← ".join([card(stack["card"])] + [card(j) for j in stack["jacks"]])
    if stack["jacks"]:
        owner, controller = stack["owner"], stack["controller"]
        if controller != owner:
            text += _(" (stolen from {name})", name=names[owner])
        else:
            text += _(" (won back from {name})", name=names[1 - owner])
    return text


def whose(code: str, view: dict) -> int | None:
    """The seat a permanent on the table belongs to, as the view shows it: in
    front of a player, or the top jack of a stack (its controller's)."""
    for player in view["players"]:
        if code in player["permanents"]:
            return player["seat"]
    for stack in view["stacks"]:
        if stack["jacks"] and stack["jacks"][-1] == code:
            return stack["controller"]
    return None


def target_text(code: str, view: dict) -> str:
    """A 2 or 9's target from the panel owner's side: `Bob's` becomes `their`."""
    seat = whose(code, view)
    me = view.get("seat")
    shown = card(code)
    if rank_of(code) == "j":
        under = next((s["card"] for s in view["stacks"] if s["jacks"][-1:] == [code]), None)
        if under:
            shown = _("{jack} on {card}", jack=shown, card=card(under))
    if seat is None:
        return shown
    return _("your {card}", card=shown) if seat == me else _("their {card}", card=shown)


class CuttlePresenter(Presenter):
    game_id = "cuttle"
    title = N_("Cuttle")
    colour = 0x8B1E3F
    group_placeholder = N_("Choose a card to play…")
    lessons = LESSONS
    quick_passes = {
        "resolve": N_(
            "Cuttle: when you hold no 2, an opponent's one-off resolves without asking you. "
            'Your opponent can then read a quick pass as "no 2".'
        )
    }
    rules_summary = N_(
        "**Cuttle** (2 players). Be the first to hold **21 points** in point cards "
        "(14 with one King, 10 with two, 7 with three, 5 with four).\n"
        "Dealer 6 cards, the other 5; the non-dealer starts. Suits rank ♣ < ♦ < ♥ < ♠.\n"
        "**Your turn — one of:**\n"
        "• **Draw** a card (deck empty: **pass**; three passes in a row end in a draw).\n"
        "• **Points:** an A–10 in front of you, worth its rank (A = 1).\n"
        "• **Scuttle:** an A–10 onto an opponent's point card it beats (higher rank, or same "
        "rank and higher suit); both go to the scrap, with any jacks.\n"
        "• **One-off** (to the scrap): A scrap every point card · 2 scrap a permanent · "
        "3 take a card from the scrap · 4 the opponent discards two · 5 draw two · "
        "6 scrap every permanent · 7 reveal the top card and play it at once · "
        "9 return a permanent to the hand of whoever played it (8 and 10 have none).\n"
        "• **Permanent:** a King (lowers your target), a Queen (protects your other cards "
        "from 2s, 9s and jacks), a Jack on an opponent's point card (you control it; jacks "
        "stack and change control each time), or one 8 as **glasses** (you see their hand). "
        "Queens do not stop scuttles, A or 6.\n"
        "**Counters:** before a one-off resolves the opponent may scrap a 2 to cancel it; "
        "that 2 may be countered by a 2, and so on. An odd number of 2s cancels the one-off. "
        "A player with a Queen cannot be countered.\n"
        "**Winning:** reaching your target after any action (a whole counter chain, a 7's "
        "play) wins at once; if both do, the player whose turn it is. Conceding gives the "
        "win to the other player."
    )

    def learn_review(self, view: dict, outcome: dict, seat: int) -> list[str]:
        return review(view, outcome, seat)

    # -- actions --------------------------------------------------------------
    def label(self, action: Action, view: dict) -> str:
        verb, args = action.verb, action.args
        if verb == "draw":
            return _("Draw a card ({n} left)", n=view.get("deck", "?"))
        if verb == "pass":
            return _("Pass (passes in a row so far: {n})", n=view.get("passes", 0))
        if verb == "resolve":
            return _("Let it resolve")
        if verb == "counter":
            return _("Counter with {card}", card=card(args[0]))
        if verb == "take":
            return _("Take {card}", card=card(args[0]))
        if verb == "discard":
            return _("Discard {card}", card=card(args[0]))
        mine = card(args[0])
        if verb == "points":
            return _("{card} as points (+{n})", card=mine, n=view["point_values"][args[0]])
        if verb == "scuttle":
            return _("{card} scuttles {target}", card=mine, target=self._stack_label(args[1], view))
        if verb == "jack":
            return _(
                "{card} on {target}: take control",
                card=mine,
                target=self._stack_label(args[1], view),
            )
        if verb == "glasses":
            return _("{card} as glasses (see their hand)", card=mine)
        if verb == "perm":
            if rank_of(args[0]) == "k":
                return _("{card} as King (lowers your target)", card=mine)
            return _("{card} as Queen (protects your cards)", card=mine)
        if verb == "oneoff":
            rank = rank_of(args[0])
            what = aimed(args[0], target_text(args[1], view)) if len(args) > 1 else effect(rank)
            return clip(_("One-off {card}: {effect}", card=mine, effect=what), 80)
        return action.key()

    def _stack_label(self, code: str, view: dict) -> str:
        stack = next((s for s in view.get("stacks", []) if s["card"] == code), None)
        if stack and stack["jacks"]:
            return _("{card} (with {jacks})", card=card(code), jacks=cards(stack["jacks"]))
        return card(code)

    def group(self, action: Action) -> str | None:
        """Every play of a card from hand (or of a 7's card) is grouped by that card."""
        if action.verb in ("points", "scuttle", "oneoff", "perm", "jack", "glasses"):
            return action.args[0]
        return None

    def group_label(self, group: str, view: dict) -> str:
        if view.get("revealed") == group:
            return _("{card} (revealed by your 7)", card=card(group))
        return card(group)

    def is_public(self, action: Action) -> bool:
        return action.verb in ("draw", "pass")

    @staticmethod
    def answers(key: str) -> bool:
        """Countering, letting a one-off resolve and discarding for a 4 answer
        the opponent's one-off: they belong to its turn (story.py)."""
        return key.split(":")[0] in ("counter", "resolve", "discard")

    def phrase(self, event: dict, names: list[str]) -> Phrase | None:
        """Each kind of event in words, by its own small function (PHRASES)."""
        told = PHRASES.get(event["type"])
        if told is None:
            return super().phrase(event, names)
        played = card(event["card"]) if "card" in event else ""
        if event.get("from_seven"):
            played = _("{card} (revealed by the 7)", card=played)
        return told(Told(self, event, names, event.get("seat"), played))

    @staticmethod
    def _effect(code: str, target: str | None) -> str:
        if target is not None:
            return aimed(code, card(target))
        return effect(rank_of(code))

    @staticmethod
    def _effect_done(event: dict, names: list[str]) -> str:
        """What a resolved one-off did."""
        head = card(event["card"])
        if "scrapped" in event:
            gone = cards(event["scrapped"]) if event["scrapped"] else _("nothing")
            return _("{card} resolves: scrapped {cards}", card=head, cards=gone)
        if "to_hand" in event:
            return _(
                "{card} resolves: {target} goes back to {name}'s hand",
                card=head,
                target=card(event["target"]),
                name=names[event["to_hand"]],
            )
        if "target" in event:
            return _(
                "{card} resolves: {target} is scrapped", card=head, target=card(event["target"])
            )
        if "drawn" in event:
            return _(
                "{card} resolves: {name} draws {cards}",
                card=head,
                name=names[event["seat"]],
                cards=n_cards(event["drawn"]),
            )
        if "revealed" in event:
            return _(
                "{card} resolves: the top card is {top}", card=head, top=card(event["revealed"])
            )
        return _("{card} resolves: {effect}", card=head, effect=effect(rank_of(event["card"])))

    # -- images ---------------------------------------------------------------
    def render_board(self, view: dict, names: list[str]) -> bytes | None:
        return render(view, names)

    def seat_box(self, view: dict, seat: int) -> tuple[float, float, float, float]:
        return band_box(view, seat)

    def board_words(self, view: dict, names: list[str], outcome: dict | None) -> str:
        return alt(view, names, outcome)

    # -- embeds ---------------------------------------------------------------
    def pending_text(self, view: dict, names: list[str]) -> str:
        """The one-off waiting to resolve and its chain of counters."""
        pending = view["pending"]
        code = pending["card"]
        if pending["target"]:
            seat = whose(pending["target"], view)
            target = card(pending["target"])
            if seat is not None:
                target = _("{name}'s {card}", name=names[seat], card=target)
            what = aimed(code, target)
        else:
            what = effect(rank_of(code))
        lines = [
            _(
                "{name}'s {card}: {effect}",
                name=names[view["current"]],
                card=card(code),
                effect=what,
            )
        ]
        if pending["counters"]:
            lines.append(
                _("Counters: {cards}", cards=" ← ".join(card(c) for c in pending["counters"]))
            )
        return "\n".join(lines)

    def status_line(self, view: dict, names: list[str], to_act: tuple[int, ...]) -> str:
        phase = view["phase"]
        current = names[view["current"]]
        if phase == "main":
            if view["deck"]:
                return _("**{name}** to play: draw, or play a card.", name=current)
            return _("**{name}** to play or pass (the deck is empty).", name=current)
        if phase == "counter":
            responder = names[view["pending"]["responder"]]
            top = view["pending"]["counters"][-1:] or [view["pending"]["card"]]
            return _(
                "**{name}** may counter {card} with a 2, or let it resolve.",
                name=responder,
                card=card(top[0]),
            )
        if phase == "take":
            return _(
                "**{name}** takes a card from the scrap ({card}).",
                name=current,
                card=card(view["pending"]["card"]),
            )
        if phase == "discard":
            return _(
                "**{victim}** discards {cards} ({name}'s 4).",
                victim=names[view["to_act"][0]],
                cards=n_cards(view["discards_owed"]),
                name=current,
            )
        if phase == "seven":
            return _(
                "**{name}** must play {card}, revealed by the 7, at once.",
                name=current,
                card=card(view["revealed"]),
            )
        return _("The game is over.")

    def area_text(self, view: dict, seat: int, names: list[str]) -> str:
        """Two lines: the point cards this seat controls, then its permanents."""
        stacks = [stack_text(s, names) for s in view["stacks"] if s["controller"] == seat]
        perms = [permanent(p) for p in view["players"][seat]["permanents"]]
        return "\n".join(
            [" · ".join(stacks) or _("no point cards"), " · ".join(perms) or _("no permanents")]
        )

    def public_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        fields = []
        for player in view["players"]:
            seat = player["seat"]
            kings = f" (👑×{player['kings']})" if player["kings"] else ""
            dealer = _(" · dealer") if player["dealer"] else ""
            head = _(
                "{seat} {name} · {points}/{target} points{kings} · ✋{hand}{dealer}",
                seat=seat_emoji(seat),
                name=names[seat],
                points=player["points"],
                target=player["target"],
                kings=kings,
                hand=player["hand_size"],
                dealer=dealer,
            )
            fields.append((clip(head, 256), clip(self.area_text(view, seat, names))))
        scrap = view["scrap"]
        top = _(", top {card}", card=card(scrap[-1])) if scrap else ""
        middle = [
            _(
                "Deck: {deck} · scrap: {scrap}{top}",
                deck=n_cards(view["deck"]),
                scrap=n_cards(len(scrap)),
                top=top,
            )
        ]
        if len(scrap) > 1:
            middle.append(_("Scrap, oldest first: {cards}", cards=cards(scrap)))
        if not view["deck"] and view["phase"] != "over":
            middle.append(
                _("Passes in a row: {n}/3 (three end the game in a draw)", n=view["passes"])
            )
        fields.append((_("Deck and scrap"), "\n".join(middle)))
        if view["pending"] and view["phase"] in ("counter", "take", "discard"):
            fields.append((_("One-off"), clip(self.pending_text(view, names))))
        if view["revealed"]:
            fields.append((_("Revealed by the 7"), card(view["revealed"])))
        return fields

    def private_fields(self, view: dict, names: list[str] | None = None) -> list[tuple[str, str]]:
        if "hand" not in view:
            return []
        fields = [(_("Your hand"), cards(view["hand"]) or _("(empty)"))]
        if "opponent_hand" in view:
            fields.append(
                (_("Their hand (👓 your glasses)"), cards(view["opponent_hand"]) or _("(empty)"))
            )
        return fields

    def decision_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """The table as it stands: both point areas and permanents (the
        targets of scuttles, jacks, 2s and 9s), points against each target,
        the deck and the scrap (a 3's pick), the one-off pending."""
        return self.public_fields(view, names)

    @staticmethod
    def effect_text(pending: dict, view: dict) -> str:
        """What the pending one-off will do, from the panel owner's side."""
        rank = rank_of(pending["card"])
        if pending["target"]:
            return aimed(pending["card"], target_text(pending["target"], view))
        return effect(rank)

    def decision(self, view: dict) -> str:
        """What the panel's owner is asked, in words."""
        phase = view["phase"]
        if phase == "main":
            return (
                _("Draw, or choose a card and what to do with it.")
                if view["deck"]
                else _("Pass, or choose a card and what to do with it.")
            )
        if phase == "counter":
            pending = view["pending"]
            if pending["counters"] and view["current"] == view["seat"]:
                return _(
                    "Counter their counter {counter} (against your one-off {card}) with a "
                    "2, or let it resolve.",
                    counter=card(pending["counters"][-1]),
                    card=card(pending["card"]),
                )
            if pending["counters"]:
                return _(
                    "Counter their counter {counter} (against their one-off {card}) with "
                    "a 2, or let it resolve.",
                    counter=card(pending["counters"][-1]),
                    card=card(pending["card"]),
                )
            return _(
                "Counter their one-off {card} ({effect}) with a 2, or let it resolve.",
                card=card(pending["card"]),
                effect=self.effect_text(pending, view),
            )
        if phase == "take":
            return _("Your 3: take a card from the scrap.")
        if phase == "discard":
            return _(
                "Their 4: discard {cards} of your choice.", cards=n_cards(view["discards_owed"])
            )
        if phase == "seven":
            return _("Your 7 revealed {card}: play it now.", card=card(view["revealed"]))
        return super().decision(view)

    def outcome_lines(self, outcome: dict, names: list[str]) -> list[str]:
        reason = outcome.get("reason")
        lines = []
        if not outcome["winners"]:
            lines.append(
                _("**Draw**: three passes in a row.") if reason == "passes" else _("**Draw.**")
            )
        elif reason == "concede":
            lines.append(_("Won by concession."))
        for seat, b in enumerate(outcome["breakdown"]):
            crown = "🏆 " if seat in outcome["winners"] else ""
            kings = f" (👑×{b['kings']})" if b["kings"] else ""
            held = cards(b["point_cards"]) or _("no point cards")
            lines.append(
                crown
                + _(
                    "**{name}**: {points}/{target} points{kings} — {held}",
                    name=names[seat],
                    points=b["points"],
                    target=b["target"],
                    kings=kings,
                    held=held,
                )
            )
        return lines


@dataclass(frozen=True, slots=True)
class Told:
    """What a phrase function reads: the event, the names, the seat that
    acted and the card it played, already in words."""

    presenter: CuttlePresenter
    event: dict
    names: list[str]
    seat: int | None
    played: str


def _draw(t: Told) -> Phrase:
    left = t.event["left"]
    return Phrase(
        t.seat, ngettext("drew a card ({n} card left)", "drew a card ({n} cards left)", left)
    )


def _points(t: Told) -> Phrase:
    return Phrase(
        t.seat,
        ngettext(
            "played {card} for {n} point",
            "played {card} for {n} points",
            t.event["value"],
            card=t.played,
        ),
    )


def _scuttle(t: Told) -> Phrase:
    target = card(t.event["target"])
    if t.event["jacks"]:
        jacks = cards(t.event["jacks"])
        return Phrase(
            t.seat,
            _(
                "scuttled {target} and its jacks {jacks} with {card}",
                target=target,
                jacks=jacks,
                card=t.played,
            ),
        )
    return Phrase(t.seat, _("scuttled {target} with {card}", target=target, card=t.played))


def _jack(t: Told) -> Phrase:
    target = card(t.event["target"])
    return Phrase(
        t.seat, _("put {card} on {target} and took control of it", card=t.played, target=target)
    )


def _perm(t: Told) -> Phrase:
    permanent = perm_name(rank_of(t.event["card"]))
    return Phrase(t.seat, _("played {card} as a {permanent}", card=t.played, permanent=permanent))


def _oneoff(t: Told) -> Phrase:
    effect_ = t.presenter._effect(t.event["card"], t.event.get("target"))
    return Phrase(t.seat, _("played {card} as a one-off: {effect}", card=t.played, effect=effect_))


def _no_counter(t: Told) -> Phrase:
    name = t.names[1 - t.event["seat"]]
    return Phrase(t.seat, _("could not counter: {name} has a 🛡️ Queen", name=name))


# What a one-off did comes in parentheses after the move that set it off
# (letting it resolve, a counter), as in "let it resolve (…)": detail=True.
def _cancelled(t: Told) -> Phrase:
    return Phrase(
        None,
        ngettext(
            "{card} is cancelled by {n} counter and does nothing",
            "{card} is cancelled by {n} counters and does nothing",
            t.event["counters"],
            card=t.played,
        ),
        detail=True,
    )


#: event type -> its words
PHRASES: dict[str, Callable[[Told], Phrase]] = {
    "draw": _draw,
    "drawn": lambda t: Phrase(t.seat, cards(t.event["cards"]), detail=True),
    "pass": lambda t: Phrase(t.seat, _("passed ({n} in a row)", n=t.event["passes"])),
    "points": _points,
    "scuttle": _scuttle,
    "jack": _jack,
    "glasses": lambda t: Phrase(t.seat, _("put {card} down as glasses", card=t.played)),
    "perm": _perm,
    "oneoff": _oneoff,
    "counter": lambda t: Phrase(t.seat, _("countered with {card}", card=t.played)),
    "no_counter": _no_counter,
    "resolve": lambda t: Phrase(t.seat, _("let it resolve")),
    "cancelled": _cancelled,
    "effect": lambda t: Phrase(None, t.presenter._effect_done(t.event, t.names), detail=True),
    "take": lambda t: Phrase(t.seat, _("took {card} from the scrap", card=t.played)),
    "discard": lambda t: Phrase(t.seat, _("discarded {card}", card=t.played)),
    "no_use": lambda t: Phrase(
        None, _("{card} has no use and goes to the scrap", card=t.played), detail=True
    ),
}

PRESENTER = CuttlePresenter()
