"""Cucco for five in Discord: the bidding, the called card, the trick on the
table, tricks and points per player, chips, and each deal's result.

Who partners the declarer is shown only as the engine's public view reveals
it (`teams_public`, `partner`, `solo`); the partner learns it from their own
panel (their private view's `you`). Cards read as on the rules page: Roman
numerals for the numbers suit, names for the pictures, with a suit marker.
"""
from __future__ import annotations

import discord

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import Phrase, Presenter, clip
from cogs.presenters.seats import seat_emoji
from rules import Action
from rules.cucco.cards import KIND_BY_CODE, KINDS

SUIT_ICON = {"n": "🔢", "p": "🖼️"}
SUIT_NAME = {"n": "numbers", "p": "pictures"}
PICTURE_NAME = {"mask": "Mask", "bucket": "Bucket", "zero": "Zero", "mat": "Mat",
                "p11": "House", "p12": "Cat", "p13": "Horse", "p14": "Man",
                "p15": "Cuckoo", "lion": "Lion"}
ROMAN = ("I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "VIIII", "X")
TRICKS = 8
SHOWN_DEALS = 5
RESULT = {"win": "won", "loss": "lost", "draw": "drawn"}


def suit(code: str) -> str:
    return KINDS[KIND_BY_CODE[code]].suit


def face(code: str) -> str:
    """A card without its suit marker: `n7` -> VII, `p13` -> Horse."""
    if code in PICTURE_NAME:
        return PICTURE_NAME[code]
    return ROMAN[int(code[1:]) - 1]


def card(code: str) -> str:
    """`n7` -> 🔢VII, `p13` -> 🖼️Horse."""
    return f"{SUIT_ICON[suit(code)]}{face(code)}"


def hand_text(hand: list[str]) -> str:
    """One line per suit, weakest first (the engine's order): `🔢 V · VI · VI`."""
    lines = []
    for s in SUIT_ICON:
        cards = [face(c) for c in hand if suit(c) == s]
        if cards:
            lines.append(f"{SUIT_ICON[s]} " + " · ".join(cards))
    return "\n".join(lines) or "(empty)"


def points(half: int) -> str:
    """Half points as read by players: 7 -> 3½, 1 -> ½, 4 -> 2."""
    whole, half_left = divmod(half, 2)
    if not half_left:
        return str(whole)
    return f"{whole}½" if whole else "½"


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def deal_line(view: dict, names: list[str]) -> str:
    line = f"Deal {view['deal']} of {view['deals']} · dealer **{names[view['dealer']]}**"
    if view["thrown_in"]:
        line += f" · {view['thrown_in']} thrown in"
    return line


def bids_text(view: dict, names: list[str]) -> str:
    lines = [f"**{names[b['seat']]}** bid {card(b['bid'])}" if b["bid"]
             else f"**{names[b['seat']]}** passed" for b in view["bids"]]
    if view["current_bid"]:
        lines.append(f"Current bid: {card(view['current_bid'])} by "
                     f"**{names[view['bidder']]}** — only a weaker "
                     f"{SUIT_NAME[suit(view['current_bid'])]} card may follow.")
    else:
        lines.append("No bid yet: any card kind you hold may open.")
    return "\n".join(lines)


def called_text(view: dict, names: list[str]) -> str:
    declarer, called = names[view["declarer"]], card(view["called"])
    lines = [f"**{declarer}** is the declarer and called {called}."]
    if view["partner"] is not None:
        lines.append(f"Partner: **{names[view['partner']]}** (played a {called}).")
    elif view["solo"]:
        lines.append(f"**{declarer}** plays alone (played both {called}).")
    else:
        lines.append(f"Partner: secret until a {called} is played.")
    return "\n".join(lines)


def trick_text(view: dict, names: list[str]) -> str:
    cards = view["trick"]["cards"]
    if not cards:
        return f"**{names[view['trick']['leader']]}** leads."
    return " → ".join(f"{names[seat]} {card(code)}" for seat, code in cards)


def last_trick_text(view: dict, names: list[str]) -> str:
    trick = view["tricks"][-1]
    cards = " → ".join(f"{names[seat]} {card(code)}" for seat, code in trick["cards"])
    return f"**{names[trick['winner']]}** took it: {cards}"


def roles(view: dict) -> dict[int, str]:
    """The roles everybody may know now: dealer, declarer, a revealed partner."""
    found: dict[int, list[str]] = {view["dealer"]: ["dealer"]}
    if view["declarer"] is not None:
        found.setdefault(view["declarer"], []).append(
            "declarer alone" if view["solo"] else "declarer")
    if view["partner"] is not None:
        found.setdefault(view["partner"], []).append("partner")
    return {seat: ", ".join(words) for seat, words in found.items()}


def players_text(view: dict, names: list[str]) -> str:
    known = roles(view)
    lines = []
    for seat, name in enumerate(names):
        role = f" ({known[seat]})" if seat in known else ""
        lines.append(f"{seat_emoji(seat)} **{name}**{role} — ✋{view['hand_sizes'][seat]} · "
                     f"tricks {view['tricks_won'][seat]} · "
                     f"points {points(view['half_points'][seat])} · "
                     f"chips {signed(view['chips'][seat])}")
    return "\n".join(lines)


def teams_text(view: dict, names: list[str]) -> str:
    team = view["team_half_points"]
    side = names[view["declarer"]]
    if view["partner"] is not None:
        side += f" + {names[view['partner']]}"
    return (f"{side}: {points(team['declarer'])} · opponents: {points(team['opponents'])} "
            "(10 of the 19 points win)")


def deal_result(record: dict, names: list[str]) -> str:
    """One settled deal: who called what with whom, the count and the chips."""
    declarer, called = names[record["declarer"]], card(record["called"])
    who = (f"**{declarer}** called {called} and played alone" if record["solo"]
           else f"**{declarer}** called {called} with **{names[record['partner']]}**")
    ours, theirs = record["half_points"]
    count = f"{points(ours)} to {points(theirs)}"
    if record["recount"]:
        count += f", recount {record['recount'][0]} to {record['recount'][1]}"
    chips = " · ".join(f"{names[s]} {signed(c)}" for s, c in enumerate(record["chips"]))
    return (f"Deal {record['deal']}: {who} — {RESULT[record['result']]} {count}.\n"
            f"Chips: {chips}")


def history_text(view: dict, names: list[str]) -> str:
    history = view["history"]
    lines = [deal_result(r, names) for r in history[-SHOWN_DEALS:]]
    if len(history) > SHOWN_DEALS:
        lines.insert(0, f"… {len(history) - SHOWN_DEALS} earlier deal(s)")
    return clip("\n".join(lines))


def role_text(view: dict, names: list[str]) -> str:
    """What the seat's private view says about its side (Z-4, Z-9)."""
    you, called = view["you"], card(view["called"])
    declarer = names[view["declarer"]]
    if you["role"] == "declarer":
        if you["solo"]:
            return (f"You are the **declarer** and hold both {called}: you play **alone** "
                    "against the other four. Nobody else knows until both are played.")
        return (f"You are the **declarer**; you called {called}. Whoever holds the other "
                f"{called} is your partner — nobody knows who until it is played.")
    if you["role"] == "partner":
        secret = "everybody knows now" if view["teams_public"] else \
            "nobody else knows until you play it"
        return (f"**You are the partner** of **{declarer}**: you hold a {called} "
                f"({secret}).")
    if view["partner"] is not None:
        return (f"You are an **opponent** of **{declarer}** and "
                f"**{names[view['partner']]}**.")
    if view["solo"]:
        return f"You are an **opponent** of **{declarer}**, who plays alone."
    return (f"You are an **opponent** of **{declarer}** and of whoever holds the other "
            f"{called}.")


def bidding_hint(view: dict, names: list[str]) -> str:
    if view["passed"][view["seat"]]:
        return "You passed: you are out of the bidding for this deal."
    current = view["current_bid"]
    if current is None:
        return "No bid yet: bid any card kind you hold, or pass."
    return (f"Current bid: {card(current)} by **{names[view['bidder']]}**. You may bid a "
            f"weaker {SUIT_NAME[suit(current)]} card you hold, or pass.")


class CuccoPresenter(Presenter):
    game_id = "cucco"
    title = N_("Cucco for five")
    colour = 0xB7791F
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

    # -- actions --------------------------------------------------------------
    def label(self, action: Action, view: dict) -> str:
        if action.verb == "bid":
            return f"Bid {card(action.args[0])}"
        if action.verb == "play":
            return card(action.args[0])
        if action.verb == "pass":
            return "Pass"
        return action.key()

    def group(self, action: Action) -> str | None:
        return None  # at most 8 cards (+ pass): direct buttons fit

    def is_public(self, action: Action) -> bool:
        return False  # the bids offered would show what the bidder holds

    def phrase(self, event: dict, names: list[str]) -> Phrase | None:
        kind, seat = event["type"], event.get("seat")
        if kind == "bid":
            return Phrase(seat, f"bid {card(event['card'])}")
        if kind == "pass":
            return Phrase(seat, "passed")
        if kind == "thrown_in":
            return Phrase(None, "Everybody passed: the cards are thrown in.")
        if kind == "deal":
            return Phrase(None, f"Deal {event['deal']}: **{names[event['dealer']]}** deals.")
        if kind == "declarer":
            return Phrase(seat, f"is the declarer and calls {card(event['called'])}")
        if kind == "play":
            return Phrase(seat, f"played {card(event['card'])}")
        if kind == "partner":
            return Phrase(seat, f"is revealed as **{names[event['declarer']]}**'s partner")
        if kind == "solo":
            return Phrase(seat, "played the second called card: they play alone")
        if kind == "trick":
            return Phrase(event["winner"], f"won trick {event['number']} "
                                           f"({points(event['half_points'])} points)")
        if kind == "deal_end":
            return Phrase(None, deal_result(event, names).replace("\n", " "))
        return super().phrase(event, names)

    # -- images ---------------------------------------------------------------
    def render_board(self, view: dict, names: list[str]) -> bytes | None:
        from cogs.presenters.cucco_board import render  # it names cards with this module
        return render(view, names)

    # -- embeds ---------------------------------------------------------------
    def status_line(self, view: dict, names: list[str], to_act: tuple[int, ...]) -> str:
        if not to_act or view["phase"] == "over":
            return "The game is over."
        who = ", ".join(f"**{names[s]}**" for s in to_act)
        if view["phase"] == "bidding":
            doing = "to bid or pass"
        else:
            doing = f"to play to trick {len(view['tricks']) + 1} of {TRICKS}"
        return f"{deal_line(view, names)}\n{who} {doing}."

    def public_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        fields: list[tuple[str, str]] = []
        if view["phase"] == "bidding":
            fields.append(("Bidding", clip(bids_text(view, names))))
        elif view["phase"] == "play":
            fields.append(("Called card", clip(called_text(view, names))))
            fields.append((f"Trick {len(view['tricks']) + 1} of {TRICKS}",
                           clip(trick_text(view, names))))
            if view["tricks"]:
                fields.append((f"Last trick ({len(view['tricks'])})",
                               clip(last_trick_text(view, names))))
            if view["team_half_points"] is not None:
                fields.append(("Points by side", clip(teams_text(view, names))))
        if view["phase"] != "over":
            fields.append(("Players", clip(players_text(view, names))))
        if view["history"]:
            fields.append(("Deals", history_text(view, names)))
        return fields

    def private_fields(self, view: dict, names: list[str] | None = None,
                       ) -> list[tuple[str, str]]:
        if "hand" not in view or view["phase"] == "over":
            return []
        names = names or [f"Player {s + 1}" for s in range(len(view["chips"]))]
        fields = [("Your hand", hand_text(view["hand"]))]
        if view["phase"] == "bidding":
            fields.append(("Bidding", clip(bidding_hint(view, names))))
        elif view["phase"] == "play":
            fields.append(("Your side", clip(role_text(view, names))))
            fields.append((f"Trick {len(view['tricks']) + 1} of {TRICKS}",
                           clip(trick_text(view, names))))
        return fields

    def decision(self, view: dict) -> str:
        if view["phase"] == "bidding":
            return "Bid or pass."
        if view["phase"] == "play":
            return f"Play a card to trick {len(view['tricks']) + 1} of {TRICKS}."
        return super().decision(view)

    def panel_embed(self, *, match_id: int, view: dict, names: list[str], seat: int,
                    to_act: tuple[int, ...], seq: int, note: str | None = None) -> discord.Embed:
        embed = discord.Embed(title=f"{self.title} · match #{match_id} · your seat",
                              colour=self.colour)
        if not to_act or view["phase"] == "over":
            embed.description = "The game is over — the table shows the final chips."
        elif seat in to_act:
            embed.description = self.decision_line(view, note)
        else:
            embed.description = self.status_line(view, names, to_act)
        for name, value in self.private_fields(view, names):
            embed.add_field(name=name, value=value or "—", inline=False)
        embed.set_footer(text=f"move {seq}")
        return embed

    def outcome_lines(self, outcome: dict, names: list[str]) -> list[str]:
        lines = []
        ranked = sorted(enumerate(outcome["breakdown"]), key=lambda p: -p[1]["chips"])
        for seat, b in ranked:
            crown = "🏆 " if seat in outcome["winners"] else ""
            deals = ", ".join(signed(c) for c in b["per_deal"]) or "none"
            unit = "chip" if abs(b["chips"]) == 1 else "chips"
            lines.append(f"{crown}**{names[seat]}**: {signed(b['chips'])} {unit} "
                         f"(deals {deals} · declared {b['declared']})")
        if outcome["reason"] == "concede":
            lines.append("The match ended by a concession.")
        elif not outcome["winners"]:
            lines.append("Everybody is level: the match is drawn.")
        return lines


PRESENTER = CuccoPresenter()
