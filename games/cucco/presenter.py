"""Cucco for five in Discord: the bidding, the called card, the trick on the
table, tricks and points per player, chips, and each deal's result.

Who partners the declarer is shown only as the engine's public view reveals
it (`teams_public`, `partner`, `solo`); the partner learns it from their own
panel (their private view's `you`). Cards read as on the rules page: Roman
numerals for the numbers suit, names for the pictures, with a suit marker.
"""

from __future__ import annotations

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import Phrase, Presenter, bold_names, clip
from cogs.presenters.seats import seat_emoji
from games.cucco.board import alt, player_box, render
from games.cucco.card_words import SUIT_ICON, card, face, suit
from games.cucco.engine import TRICKS
from games.cucco.lessons import LESSONS, review
from rules import Action

#: "a weaker {suit} card"
WEAKER_CARD = {"n": N_("a weaker numbers card"), "p": N_("a weaker pictures card")}
SHOWN_DEALS = 5
RESULT = {"win": N_("won"), "loss": N_("lost"), "draw": N_("drawn")}


def hand_text(hand: list[str]) -> str:
    """One line per suit, weakest first (the engine's order): `🔢 V · VI · VI`."""
    lines = []
    for s in SUIT_ICON:
        cards = [face(c) for c in hand if suit(c) == s]
        if cards:
            lines.append(f"{SUIT_ICON[s]} " + " · ".join(cards))
    return "\n".join(lines) or _("(empty)")


def points(half: int) -> str:
    """Half points as read by players: 7 -> 3½, 1 -> ½, 4 -> 2."""
    whole, half_left = divmod(half, 2)
    if not half_left:
        return str(whole)
    return f"{whole}½" if whole else "½"


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def deal_line(view: dict, names: list[str]) -> str:
    line = _(
        "Deal {n} of {deals} · dealer **{name}**",
        n=view["deal"],
        deals=view["deals"],
        name=names[view["dealer"]],
    )
    if view["thrown_in"]:
        line += _(" · {n} thrown in", n=view["thrown_in"])
    return line


def weaker_card(code: str) -> str:
    return _(WEAKER_CARD[suit(code)])


def bid_lines(view: dict, names: list[str]) -> list[str]:
    """Each bid and pass of this deal, in order."""
    return [
        _("**{name}** bid {card}", name=names[b["seat"]], card=card(b["bid"]))
        if b["bid"]
        else _("**{name}** passed", name=names[b["seat"]])
        for b in view["bids"]
    ]


def bids_text(view: dict, names: list[str]) -> str:
    lines = bid_lines(view, names)
    if view["current_bid"]:
        lines.append(
            _(
                "Current bid: {card} by **{name}** — only {weaker} may follow.",
                card=card(view["current_bid"]),
                name=names[view["bidder"]],
                weaker=weaker_card(view["current_bid"]),
            )
        )
    else:
        lines.append(_("No bid yet: any card kind you hold may open."))
    return "\n".join(lines)


def called_text(view: dict, names: list[str]) -> str:
    declarer, called = names[view["declarer"]], card(view["called"])
    lines = [_("**{name}** is the declarer and called {card}.", name=declarer, card=called)]
    if view["partner"] is not None:
        lines.append(
            _("Partner: **{name}** (played a {card}).", name=names[view["partner"]], card=called)
        )
    elif view["solo"]:
        lines.append(_("**{name}** plays alone (played both {card}).", name=declarer, card=called))
    else:
        lines.append(_("Partner: secret until a {card} is played.", card=called))
    return "\n".join(lines)


def trick_title(view: dict) -> str:
    return _("Trick {n} of {tricks}", n=len(view["tricks"]) + 1, tricks=TRICKS)


def trick_text(view: dict, names: list[str]) -> str:
    cards = view["trick"]["cards"]
    if not cards:
        return _("**{name}** leads.", name=names[view["trick"]["leader"]])
    return " → ".join(f"{names[seat]} {card(code)}" for seat, code in cards)


def last_trick_text(view: dict, names: list[str]) -> str:
    trick = view["tricks"][-1]
    cards = " → ".join(f"{names[seat]} {card(code)}" for seat, code in trick["cards"])
    return _("**{name}** took it: {cards}", name=names[trick["winner"]], cards=cards)


def roles(view: dict) -> dict[int, str]:
    """The roles everybody may know now: dealer, declarer, a revealed partner."""
    found: dict[int, list[str]] = {view["dealer"]: [_("dealer")]}
    if view["declarer"] is not None:
        found.setdefault(view["declarer"], []).append(
            _("declarer alone") if view["solo"] else _("declarer")
        )
    if view["partner"] is not None:
        found.setdefault(view["partner"], []).append(_("partner"))
    return {seat: _(", ").join(words) for seat, words in found.items()}


def players_text(view: dict, names: list[str]) -> str:
    known = roles(view)
    lines = []
    for seat, name in enumerate(names):
        role = _(" ({role})", role=known[seat]) if seat in known else ""
        lines.append(
            _(
                "{seat} **{name}**{role} — ✋{hand} · tricks {tricks} · points "
                "{points} · chips {chips}",
                seat=seat_emoji(seat),
                name=name,
                role=role,
                hand=view["hand_sizes"][seat],
                tricks=view["tricks_won"][seat],
                points=points(view["half_points"][seat]),
                chips=signed(view["chips"][seat]),
            )
        )
    return "\n".join(lines)


def teams_text(view: dict, names: list[str]) -> str:
    team = view["team_half_points"]
    side = names[view["declarer"]]
    if view["partner"] is not None:
        side += f" + {names[view['partner']]}"
    return _(
        "{side}: {points} · opponents: {theirs} (10 of the 19 points win)",
        side=side,
        points=points(team["declarer"]),
        theirs=points(team["opponents"]),
    )


def deal_result(record: dict, names: list[str]) -> str:
    """One settled deal: who called what with whom, the count and the chips."""
    declarer, called = names[record["declarer"]], card(record["called"])
    who = (
        _("**{name}** called {card} and played alone", name=declarer, card=called)
        if record["solo"]
        else _(
            "**{name}** called {card} with **{partner}**",
            name=declarer,
            card=called,
            partner=names[record["partner"]],
        )
    )
    ours, theirs = record["half_points"]
    count = _("{ours} to {theirs}", ours=points(ours), theirs=points(theirs))
    if record["recount"]:
        count += _(
            ", recount {ours} to {theirs}", ours=record["recount"][0], theirs=record["recount"][1]
        )
    chips = " · ".join(f"{names[s]} {signed(c)}" for s, c in enumerate(record["chips"]))
    result = RESULT[record["result"]]
    return (
        _(
            "Deal {n}: {who} — {result} {count}.",
            n=record["deal"],
            who=who,
            result=_(result),
            count=count,
        )
        + "\n"
        + _("Chips: {chips}", chips=chips)
    )


def history_text(view: dict, names: list[str]) -> str:
    history = view["history"]
    lines = [deal_result(r, names) for r in history[-SHOWN_DEALS:]]
    if len(history) > SHOWN_DEALS:
        lines.insert(
            0, ngettext("… {n} earlier deal", "… {n} earlier deals", len(history) - SHOWN_DEALS)
        )
    return clip("\n".join(lines))


def role_text(view: dict, names: list[str]) -> str:
    """What the seat's private view says about its side (Z-4, Z-9)."""
    you, called = view["you"], card(view["called"])
    declarer = names[view["declarer"]]
    if you["role"] == "declarer":
        if you["solo"]:
            return _(
                "You are the **declarer** and hold both {card}: you play **alone** "
                "against the other four. Nobody else knows until both are played.",
                card=called,
            )
        return _(
            "You are the **declarer**; you called {card}. Whoever holds the other "
            "{card} is your partner — nobody knows who until it is played.",
            card=called,
        )
    if you["role"] == "partner":
        if view["teams_public"]:
            return _(
                "**You are the partner** of **{name}**: you hold a {card} (everybody knows now).",
                name=declarer,
                card=called,
            )
        return _(
            "**You are the partner** of **{name}**: you hold a {card} (nobody else "
            "knows until you play it).",
            name=declarer,
            card=called,
        )
    if view["partner"] is not None:
        return _(
            "You are an **opponent** of **{name}** and **{partner}**.",
            name=declarer,
            partner=names[view["partner"]],
        )
    if view["solo"]:
        return _("You are an **opponent** of **{name}**, who plays alone.", name=declarer)
    return _(
        "You are an **opponent** of **{name}** and of whoever holds the other {card}.",
        name=declarer,
        card=called,
    )


def bidding_hint(view: dict, names: list[str]) -> str:
    if view["passed"][view["seat"]]:
        return _("You passed: you are out of the bidding for this deal.")
    current = view["current_bid"]
    if current is None:
        return _("No bid yet: bid any card kind you hold, or pass.")
    return _(
        "Current bid: {card} by **{name}**. You may bid {weaker} you hold, or pass.",
        card=card(current),
        name=names[view["bidder"]],
        weaker=weaker_card(current),
    )


class CuccoPresenter(Presenter):
    game_id = "cucco"
    title = N_("Cucco for five")
    colour = 0xB7791F
    lessons = LESSONS
    rules_summary = N_(
        "**Cucco for five** (5 players): bid for a partner, then eight tricks without trumps.\n"
        "**Cards:** 40, two identical copies of 20 kinds in two suits, weakest first — "
        "🔢 numbers I II III IIII V VI VII VIII VIIII X; 🖼️ pictures Mask, Bucket, Zero, Mat, "
        "House (XI), Cat (XII), Horse (XIII), Man (XIIII), Cuckoo (XV), Lion. 8 cards each.\n"
        "**Bidding:** from the seat after the dealer, in turn: **bid** a card kind you hold, "
        "or **pass** (final for the deal). Each later bid must be a weaker card of the same "
        "suit as the current bid; you may bid again when your turn comes round. When all "
        "others have passed, the last bidder is the **declarer** and their card the **called "
        "card**. If all five pass, the deal is thrown in and the next seat deals.\n"
        "**Partner:** whoever holds the other copy of the called card — secret until it is "
        "played (the partner knows). Holding both, the declarer plays alone against four.\n"
        "**Play:** the seat after the dealer leads. Follow suit if you can, else play any "
        "card. The strongest card of the suit led wins (of two identical cards, the first "
        "played); the winner leads next.\n"
        "**Count:** V-VIIII ½ point each; X, House…Cuckoo and Lion 1 each (19 in all). "
        "10 points win the deal. At 9½ each, a recount (I VI House 1, II VII Cat 2, III VIII "
        "Horse 3, IIII VIIII Man 4, Cuckoo 5, Lion 6): 42 of 82 wins, 41 each is a draw.\n"
        "**Chips:** with a partner, a win pays declarer +2, partner +1, each opponent -1 "
        "(a loss the reverse). Alone: ±2 from each of the four others. A draw: nothing.\n"
        "**Match:** a number of counted deals (option `deals`, default 5); most chips win."
    )

    def learn_review(self, view: dict, outcome: dict, seat: int) -> list[str]:
        return review(view, outcome, seat)

    # -- actions --------------------------------------------------------------
    def label(self, action: Action, view: dict) -> str:
        if action.verb == "bid":
            return _("Bid {card}", card=card(action.args[0]))
        if action.verb == "play":
            return card(action.args[0])
        if action.verb == "pass":
            return _("Pass")
        return action.key()

    def group(self, action: Action) -> str | None:
        return None  # at most 8 cards (+ pass): direct buttons fit

    def is_public(self, action: Action) -> bool:
        return False  # the bids offered would show what the bidder holds

    @staticmethod
    def opens_turn(key: str) -> bool:
        """Every bid, pass and card is a turn of its own (a trick's winner
        leads the next one at once: two turns, not one; story.py)."""
        return True

    def phrase(self, event: dict, names: list[str]) -> Phrase | None:
        kind, seat = event["type"], event.get("seat")
        if kind == "bid":
            return Phrase(seat, _("bid {card}", card=card(event["card"])))
        if kind == "pass":
            return Phrase(seat, _("passed"))
        if kind == "thrown_in":
            return Phrase(None, _("Everybody passed: the cards are thrown in."))
        if kind == "deal":
            return Phrase(
                None, _("Deal {n}: **{name}** deals.", n=event["deal"], name=names[event["dealer"]])
            )
        if kind == "declarer":
            return Phrase(
                seat, _("became the declarer and called {card}", card=card(event["called"]))
            )
        if kind == "play":
            return Phrase(seat, _("played {card}", card=card(event["card"])))
        if kind == "partner":
            return Phrase(
                seat, _("was revealed as **{name}**'s partner", name=names[event["declarer"]])
            )
        if kind == "solo":
            return Phrase(seat, _("played the second called card: they play alone"))
        if kind == "trick":
            return Phrase(
                event["winner"],
                ngettext(
                    "won trick {trick} ({points} point)",
                    "won trick {trick} ({points} points)",
                    # one point or half of one: singular
                    1 if 0 < event["half_points"] <= 2 else 2,
                    trick=event["number"],
                    points=points(event["half_points"]),
                ),
            )
        if kind == "deal_end":
            return Phrase(None, deal_result(event, names).replace("\n", " "))
        return super().phrase(event, names)

    # -- images ---------------------------------------------------------------
    def render_board(self, view: dict, names: list[str]) -> bytes | None:
        return render(view, names)

    def seat_box(self, view: dict, seat: int) -> tuple[float, float, float, float]:
        return player_box(seat)

    def board_words(self, view: dict, names: list[str], outcome: dict | None) -> str:
        return alt(view, names, outcome)

    # -- embeds ---------------------------------------------------------------
    def status_line(self, view: dict, names: list[str], to_act: tuple[int, ...]) -> str:
        if not to_act or view["phase"] == "over":
            return _("The game is over.")
        who = bold_names(names, to_act)
        if view["phase"] == "bidding":
            doing = _("{who} to bid or pass.", who=who)
        else:
            doing = _(
                "{who} to play to trick {n} of {tricks}.",
                who=who,
                n=len(view["tricks"]) + 1,
                tricks=TRICKS,
            )
        return f"{deal_line(view, names)}\n{doing}"

    def public_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        fields: list[tuple[str, str]] = []
        if view["phase"] == "bidding":
            fields.append((_("Bidding"), clip(bids_text(view, names))))
        elif view["phase"] == "play":
            fields.append((_("Called card"), clip(called_text(view, names))))
            fields.append((trick_title(view), clip(trick_text(view, names))))
            if view["tricks"]:
                fields.append(
                    (
                        _("Last trick ({n})", n=len(view["tricks"])),
                        clip(last_trick_text(view, names)),
                    )
                )
            if view["team_half_points"] is not None:
                fields.append((_("Points by side"), clip(teams_text(view, names))))
        if view["phase"] != "over":
            fields.append((_("Players"), clip(players_text(view, names))))
        if view["history"]:
            fields.append((_("Deals"), history_text(view, names)))
        return fields

    def private_fields(
        self,
        view: dict,
        names: list[str] | None = None,
    ) -> list[tuple[str, str]]:
        if "hand" not in view or view["phase"] == "over":
            return []
        names = names or [_("Player {n}", n=s + 1) for s in range(len(view["chips"]))]
        fields = [(_("Your hand"), hand_text(view["hand"]))]
        if view["phase"] == "bidding":
            fields.append((_("Bidding"), clip(bidding_hint(view, names))))
        elif view["phase"] == "play":
            fields.append((_("Your side"), clip(role_text(view, names))))
            fields.append((trick_title(view), clip(trick_text(view, names))))
        return fields

    def decision_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """The bids so far (who is still in), or the last trick and the
        points by side; and every player's tricks, points and chips. (The
        current bid, the trick and the called card are the seat's fields.)"""
        fields: list[tuple[str, str]] = []
        if view["phase"] == "bidding" and view["bids"]:
            fields.append((_("Bids so far"), clip("\n".join(bid_lines(view, names)))))
        elif view["phase"] == "play":
            if view["tricks"]:
                last = _("Last trick ({n})", n=len(view["tricks"]))
                fields.append((last, clip(last_trick_text(view, names))))
            if view["team_half_points"] is not None:
                fields.append((_("Points by side"), clip(teams_text(view, names))))
        return [*fields, (_("Players"), clip(players_text(view, names)))]

    def decision(self, view: dict) -> str:
        if view["phase"] == "bidding":
            return _("Bid or pass.")
        if view["phase"] == "play":
            return _(
                "Play a card to trick {n} of {tricks}.", n=len(view["tricks"]) + 1, tricks=TRICKS
            )
        return super().decision(view)

    def panel_over_line(self, view: dict, to_act: tuple[int, ...]) -> str | None:
        if not to_act or view["phase"] == "over":
            return _("The game is over — the table shows the final chips.")
        return None

    def outcome_lines(self, outcome: dict, names: list[str]) -> list[str]:
        lines = []
        ranked = sorted(enumerate(outcome["breakdown"]), key=lambda p: -p[1]["chips"])
        for seat, b in ranked:
            crown = "🏆 " if seat in outcome["winners"] else ""
            deals = ", ".join(signed(c) for c in b["per_deal"]) or _("none")
            lines.append(
                crown
                + ngettext(
                    "**{name}**: {chips} chip (deals {deals} · declared {declared})",
                    "**{name}**: {chips} chips (deals {deals} · declared {declared})",
                    abs(b["chips"]),
                    name=names[seat],
                    chips=signed(b["chips"]),
                    deals=deals,
                    declared=b["declared"],
                )
            )
        if outcome["reason"] == "concede":
            lines.append(_("The match ended by a concession."))
        elif not outcome["winners"]:
            lines.append(_("Everybody is level: the match is drawn."))
        return lines


PRESENTER = CuccoPresenter()
