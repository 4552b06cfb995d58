"""Cuttle in Discord: both point areas (with who controls each card and the
jacks that stole it), permanents, points against each target, the deck and
the scrap, and, during a counter window, the pending one-off with its chain
of 2s. A player picks a card from their hand, then what to do with it."""
from __future__ import annotations

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import Phrase, Presenter, clip, plural
from cogs.presenters.cuttle_board import render
from cogs.presenters.seats import seat_emoji
from rules import Action

SUIT = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RANK = {"a": "A", "j": "J", "q": "Q", "k": "K"}
#: C-3: what each one-off does, for labels and the table (2 and 9 name a target)
EFFECT = {
    "a": "scrap every point card",
    "2": "scrap a permanent",
    "3": "take a card from the scrap",
    "4": "the opponent discards two cards",
    "5": "draw two cards",
    "6": "scrap every permanent",
    "7": "reveal the top card and play it at once",
    "9": "return a permanent to the hand of whoever played it",
}
PERM_ICON = {"k": "👑", "q": "🛡️", "8": "👓"}
PERM_NAME = {"k": "King", "q": "Queen", "8": "glasses"}


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
            text += f" (stolen from {names[owner]})"
        else:
            text += f" (won back from {names[1 - owner]})"
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
    side = "" if seat is None else ("your " if seat == me else "their ")
    where = ""
    if rank_of(code) == "j":
        under = next((s["card"] for s in view["stacks"] if s["jacks"][-1:] == [code]), None)
        where = f" on {card(under)}" if under else ""
    return f"{side}{card(code)}{where}"


class CuttlePresenter(Presenter):
    game_id = "cuttle"
    title = N_("Cuttle")
    colour = 0x8B1E3F
    group_placeholder = N_("Choose a card to play…")
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

    # -- actions --------------------------------------------------------------
    def label(self, action: Action, view: dict) -> str:
        verb, args = action.verb, action.args
        if verb == "draw":
            return f"Draw a card ({view.get('deck', '?')} left)"
        if verb == "pass":
            return f"Pass (passes in a row so far: {view.get('passes', 0)})"
        if verb == "resolve":
            return "Let it resolve"
        if verb == "counter":
            return f"Counter with {card(args[0])}"
        if verb == "take":
            return f"Take {card(args[0])}"
        if verb == "discard":
            return f"Discard {card(args[0])}"
        mine = card(args[0])
        if verb == "points":
            return f"{mine} as points (+{view['point_values'][args[0]]})"
        if verb == "scuttle":
            return f"{mine} scuttles {self._stack_label(args[1], view)}"
        if verb == "jack":
            return f"{mine} on {self._stack_label(args[1], view)}: take control"
        if verb == "glasses":
            return f"{mine} as glasses (see their hand)"
        if verb == "perm":
            effect = "lowers your target" if rank_of(args[0]) == "k" else "protects your cards"
            return f"{mine} as {PERM_NAME[rank_of(args[0])]} ({effect})"
        if verb == "oneoff":
            rank = rank_of(args[0])
            if len(args) > 1:
                what = "scrap" if rank == "2" else "return"
                return clip(f"One-off {mine}: {what} {target_text(args[1], view)}", 80)
            return clip(f"One-off {mine}: {EFFECT[rank]}", 80)
        return action.key()

    def _stack_label(self, code: str, view: dict) -> str:
        stack = next((s for s in view.get("stacks", []) if s["card"] == code), None)
        if stack and stack["jacks"]:
            return f"{card(code)} (with {cards(stack['jacks'])})"
        return card(code)

    def group(self, action: Action) -> str | None:
        """Every play of a card from hand (or of a 7's card) is grouped by that card."""
        if action.verb in ("points", "scuttle", "oneoff", "perm", "jack", "glasses"):
            return action.args[0]
        return None

    def group_label(self, group: str, view: dict) -> str:
        if view.get("revealed") == group:
            return f"{card(group)} (revealed by your 7)"
        return card(group)

    def is_public(self, action: Action) -> bool:
        return action.verb in ("draw", "pass")

    def phrase(self, event: dict, names: list[str]) -> Phrase | None:
        kind, seat = event["type"], event.get("seat")
        seven = " (revealed by the 7)" if event.get("from_seven") else ""
        if kind == "draw":
            return Phrase(seat, f"drew a card ({plural(event['left'], 'card')} left)")
        if kind == "drawn":
            return Phrase(seat, cards(event["cards"]), detail=True)
        if kind == "pass":
            return Phrase(seat, f"passed ({event['passes']} in a row)")
        if kind == "points":
            return Phrase(seat, f"played {card(event['card'])}{seven} for "
                                f"{plural(event['value'], 'point')}")
        if kind == "scuttle":
            jacks = f" and its jacks {cards(event['jacks'])}" if event["jacks"] else ""
            return Phrase(seat, f"scuttled {card(event['target'])}{jacks} with "
                                f"{card(event['card'])}{seven}")
        if kind == "jack":
            return Phrase(seat, f"put {card(event['card'])}{seven} on {card(event['target'])} "
                                "and took control of it")
        if kind == "glasses":
            return Phrase(seat, f"put {card(event['card'])}{seven} down as glasses")
        if kind == "perm":
            rank = rank_of(event["card"])
            return Phrase(seat, f"played {card(event['card'])}{seven} as a {PERM_NAME[rank]}")
        if kind == "oneoff":
            return Phrase(seat, f"played {card(event['card'])}{seven} as a one-off: "
                                f"{self._effect(event['card'], event.get('target'))}")
        if kind == "counter":
            return Phrase(seat, f"countered with {card(event['card'])}")
        if kind == "no_counter":
            return Phrase(seat, "cannot counter (their opponent has a 🛡️ Queen)")
        if kind == "resolve":
            return Phrase(seat, "let it resolve")
        if kind == "cancelled":
            return Phrase(None, f"{card(event['card'])} is cancelled by "
                                f"{plural(event['counters'], 'counter')} and does nothing.")
        if kind == "effect":
            return Phrase(None, self._effect_done(event, names))
        if kind == "take":
            return Phrase(seat, f"took {card(event['card'])} from the scrap")
        if kind == "discard":
            return Phrase(seat, f"discarded {card(event['card'])}")
        if kind == "no_use":
            return Phrase(None, f"{card(event['card'])} has no use and goes to the scrap.")
        return super().phrase(event, names)

    @staticmethod
    def _effect(code: str, target: str | None) -> str:
        if target is not None:
            what = "scrap" if rank_of(code) == "2" else "return"
            return f"{what} {card(target)}"
        return EFFECT[rank_of(code)]

    @staticmethod
    def _effect_done(event: dict, names: list[str]) -> str:
        """What a resolved one-off did."""
        head = f"{card(event['card'])} resolves"
        if "scrapped" in event:
            gone = cards(event["scrapped"]) if event["scrapped"] else "nothing"
            return f"{head}: scrapped {gone}."
        if "to_hand" in event:
            return f"{head}: {card(event['target'])} goes back to {names[event['to_hand']]}'s hand."
        if "target" in event:
            return f"{head}: {card(event['target'])} is scrapped."
        if "drawn" in event:
            return f"{head}: {names[event['seat']]} draws {plural(event['drawn'], 'card')}."
        if "revealed" in event:
            return f"{head}: the top card is {card(event['revealed'])}."
        return f"{head}: {EFFECT[rank_of(event['card'])]}."

    # -- images ---------------------------------------------------------------
    def render_board(self, view: dict, names: list[str]) -> bytes | None:
        return render(view, names)

    # -- embeds ---------------------------------------------------------------
    def pending_text(self, view: dict, names: list[str]) -> str:
        """The one-off waiting to resolve and its chain of counters."""
        pending = view["pending"]
        code = pending["card"]
        head = f"{names[view['current']]}'s {card(code)}: "
        if pending["target"]:
            what = "scrap" if rank_of(code) == "2" else "return"
            seat = whose(pending["target"], view)
            owner = f"{names[seat]}'s " if seat is not None else ""
            head += f"{what} {owner}{card(pending['target'])}"
        else:
            head += EFFECT[rank_of(code)]
        lines = [head]
        if pending["counters"]:
            lines.append("Counters: " + " ← ".join(card(c) for c in pending["counters"]))
        return "\n".join(lines)

    def status_line(self, view: dict, names: list[str], to_act: tuple[int, ...]) -> str:
        phase = view["phase"]
        current = names[view["current"]]
        if phase == "main":
            if view["deck"]:
                return f"**{current}** to play: draw, or play a card."
            return f"**{current}** to play or pass (the deck is empty)."
        if phase == "counter":
            responder = names[view["pending"]["responder"]]
            top = view["pending"]["counters"][-1:] or [view["pending"]["card"]]
            return (f"**{responder}** may counter {card(top[0])} with a 2, "
                    f"or let it resolve.")
        if phase == "take":
            return f"**{current}** takes a card from the scrap ({card(view['pending']['card'])})."
        if phase == "discard":
            victim = names[view["to_act"][0]]
            return f"**{victim}** discards {plural(view['discards_owed'], 'card')} ({current}'s 4)."
        if phase == "seven":
            return f"**{current}** must play {card(view['revealed'])}, revealed by the 7, at once."
        return "The game is over."

    def area_text(self, view: dict, seat: int, names: list[str]) -> str:
        """Two lines: the point cards this seat controls, then its permanents."""
        stacks = [stack_text(s, names) for s in view["stacks"] if s["controller"] == seat]
        perms = [permanent(p) for p in view["players"][seat]["permanents"]]
        return "\n".join([" · ".join(stacks) or "no point cards",
                          " · ".join(perms) or "no permanents"])

    def public_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        fields = []
        for player in view["players"]:
            seat = player["seat"]
            kings = f" (👑×{player['kings']})" if player["kings"] else ""
            dealer = " · dealer" if player["dealer"] else ""
            head = (f"{seat_emoji(seat)} {names[seat]} · {player['points']}/{player['target']} points{kings} · "
                    f"✋{player['hand_size']}{dealer}")
            fields.append((clip(head, 256), clip(self.area_text(view, seat, names))))
        scrap = view["scrap"]
        top = f", top {card(scrap[-1])}" if scrap else ""
        middle = [f"Deck: {plural(view['deck'], 'card')} · "
                  f"scrap: {plural(len(scrap), 'card')}{top}"]
        if len(scrap) > 1:
            middle.append(f"Scrap, oldest first: {cards(scrap)}")
        if not view["deck"] and view["phase"] != "over":
            middle.append(f"Passes in a row: {view['passes']}/3 (three end the game in a draw)")
        fields.append(("Deck and scrap", "\n".join(middle)))
        if view["pending"] and view["phase"] in ("counter", "take", "discard"):
            fields.append(("One-off", clip(self.pending_text(view, names))))
        if view["revealed"]:
            fields.append(("Revealed by the 7", card(view["revealed"])))
        return fields

    def private_fields(self, view: dict) -> list[tuple[str, str]]:
        if "hand" not in view:
            return []
        me, other = view["players"][view["seat"]], view["players"][1 - view["seat"]]
        fields = [("Your hand", cards(view["hand"]) or "(empty)")]
        if "opponent_hand" in view:
            fields.append(("Their hand (👓 your glasses)",
                           cards(view["opponent_hand"]) or "(empty)"))
        fields.append(("Points", f"you {me['points']}/{me['target']} · "
                                 f"them {other['points']}/{other['target']}"))
        return fields

    @staticmethod
    def effect_text(pending: dict, view: dict) -> str:
        """What the pending one-off will do, from the panel owner's side."""
        rank = rank_of(pending["card"])
        if pending["target"]:
            what = "scrap" if rank == "2" else "return"
            return f"{what} {target_text(pending['target'], view)}"
        return EFFECT[rank]

    def decision(self, view: dict) -> str:
        """What the panel's owner is asked, in words."""
        phase = view["phase"]
        if phase == "main":
            return "Draw, or choose a card and what to do with it." if view["deck"] else \
                "Pass, or choose a card and what to do with it."
        if phase == "counter":
            pending = view["pending"]
            if pending["counters"]:
                one_off = "your" if view["current"] == view["seat"] else "their"
                what = (f"their counter {card(pending['counters'][-1])} "
                        f"(against {one_off} one-off {card(pending['card'])})")
            else:
                what = f"their one-off {card(pending['card'])} ({self.effect_text(pending, view)})"
            return f"Counter {what} with a 2, or let it resolve."
        if phase == "take":
            return "Your 3: take a card from the scrap."
        if phase == "discard":
            return f"Their 4: discard {plural(view['discards_owed'], 'card')} of your choice."
        if phase == "seven":
            return f"Your 7 revealed {card(view['revealed'])}: play it now."
        return super().decision(view)

    def outcome_lines(self, outcome: dict, names: list[str]) -> list[str]:
        reason = outcome.get("reason")
        lines = []
        if not outcome["winners"]:
            lines.append("**Draw**: three passes in a row." if reason == "passes"
                         else "**Draw.**")
        elif reason == "concede":
            lines.append("Won by concession.")
        for seat, b in enumerate(outcome["breakdown"]):
            crown = "🏆 " if seat in outcome["winners"] else ""
            kings = f" (👑×{b['kings']})" if b["kings"] else ""
            held = cards(b["point_cards"]) or "no point cards"
            lines.append(f"{crown}**{names[seat]}**: {b['points']}/{b['target']} points{kings}"
                         f" — {held}")
        return lines


PRESENTER = CuttlePresenter()
