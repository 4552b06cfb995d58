"""Keltis (card game) in Discord: coloured rows with their direction, the six
discard tops, wishing stones, hand sizes and the draw pile."""
from __future__ import annotations

from cogs.presenters.base import Phrase, Presenter, clip, plural
from cogs.presenters.keltis_board import render
from cogs.presenters.seats import seat_emoji
from rules import Action

COLOUR_ICON = {"b": "🟤", "y": "🟡", "p": "🩷", "g": "🟢", "u": "🔵", "x": "⚪"}
COLOUR_NAME = {"b": "brown", "y": "yellow", "p": "pink", "g": "green", "u": "blue", "x": "grey"}
DIRECTION = {"up": "↑", "down": "↓", None: ""}
ROW_ORDER = ("b", "y", "p", "g", "u")
END_REASON = {"end_cards": "five rows hold an end card", "deck_empty": "the draw pile is empty"}


def face(code: str) -> str:
    """A card without its colour: `y7` -> 7, `ye` -> 🔚."""
    return "🔚" if code[1:] == "e" else code[1:]


def card(code: str) -> str:
    """`y7` -> 🟡7, `ye` -> 🟡🔚 (end card), `x3` -> ⚪3 (point card)."""
    return f"{COLOUR_ICON[code[0]]}{face(code)}"


def pile_tops(piles: dict) -> str:
    return " ".join(f"{COLOUR_ICON[p]}{face(i['top'])}({i['count']})" if i["top"]
                    else f"{COLOUR_ICON[p]}–" for p, i in piles.items())


def row_name(row: str) -> str:
    return "point row" if row == "x" else f"{COLOUR_NAME[row]} row"


class KeltisPresenter(Presenter):
    game_id = "keltis"
    title = "Keltis"
    colour = 0x7B4F2C
    rules_summary = (
        "**Keltis** (2-4 players). Build rows of one colour, each running up or down.\n"
        "**Your turn:** play one card, then draw back to 8.\n"
        "• **Play** a card into your row of its colour: after the first card, every card "
        "must be ≥ the last (rising) or ≤ it (falling); equal values never fix the direction.\n"
        "• A **grey point card** goes to your point row, or onto a row whose last card has "
        "its value.\n"
        "• An **end card** 🔚 closes a started row of its colour.\n"
        "• Or **discard** a card to its pile, or **two cards of equal value** to take the "
        "matching 💎 wishing stone (then draw two).\n"
        "• **Draw** from the draw pile or any discard pile — never a card you discarded "
        "this turn.\n"
        "**End:** when five rows (all players) hold an end card, or the draw pile runs out. "
        "Then everyone may place up to two more cards.\n"
        "**Score:** rows by length (1: -4, 2: -3, 3: -2, 4: 1, 5: 2, 6: 3, 7: 6, 8: 7, 9+: 10), "
        "+1 per point-row card, stones (0: -4, 1: -1, 2: 0, 3: 4, 4: 6, 5+: 10)."
    )

    # -- actions --------------------------------------------------------------
    def label(self, action: Action, view: dict) -> str:
        verb, args = action.verb, action.args
        if verb == "discard":
            return f"Discard {card(args[0])}"
        if verb == "play":
            return f"Play {card(args[0])} on your {row_name(args[1])}"
        if verb == "stone":
            first, second = args
            value = second[1:]
            return f"💎{value}: discard {card(first)} then {card(second)}"
        if verb == "draw":
            if args[0] == "deck":
                return f"Draw from the draw pile ({view.get('deck', '?')})"
            top = view.get("piles", {}).get(args[0], {}).get("top")
            return f"Take {card(top)} from the {COLOUR_NAME[args[0]]} pile" if top else \
                f"Take from the {COLOUR_NAME[args[0]]} pile"
        if verb == "done":
            return "I'm done placing cards"
        return action.key()

    def group(self, action: Action) -> str | None:
        return action.args[0] if action.verb in ("discard", "play", "stone") else None

    def group_label(self, group: str, view: dict) -> str:
        return card(group)

    def is_public(self, action: Action) -> bool:
        return action.verb in ("draw", "done")

    def phrase(self, event: dict, names: list[str]) -> Phrase | None:
        kind, seat = event["type"], event.get("seat")
        if kind == "discard":
            return Phrase(seat, f"discarded {card(event['card'])}")
        if kind == "play":
            return Phrase(seat, f"played {card(event['card'])} on their {row_name(event['row'])}")
        if kind == "stone":
            return Phrase(seat, f"took the 💎{event['value']} wishing stone")
        if kind == "draw":
            if event["from"] == "deck":
                return Phrase(seat, "drew from the draw pile")
            return Phrase(seat, f"took {card(event['card'])} from the "
                                f"{COLOUR_NAME[event['from']]} pile")
        if kind == "drawn":
            return Phrase(seat, card(event["card"]), detail=True)
        if kind == "end":
            return Phrase(None, f"🔚 The game ends: {END_REASON[event['reason']]}. "
                                "Everyone may place up to two more cards.")
        if kind == "done":
            return Phrase(seat, "is done placing cards")
        return super().phrase(event, names)

    # -- images ---------------------------------------------------------------
    def render_board(self, view: dict, names: list[str]) -> bytes | None:
        return render(view, names)

    # -- embeds ---------------------------------------------------------------
    def status_line(self, view: dict, names: list[str], to_act: tuple[int, ...]) -> str:
        phase = view["phase"]
        if phase == "play":
            return f"**{names[view['current']]}** to play a card."
        if phase == "draw":
            n = view["draws_owed"]
            return f"**{names[view['current']]}** to draw {n} card{'s' if n > 1 else ''}."
        if phase == "final":
            reason = END_REASON[view["end_reason"]]
            waiting = ", ".join(f"**{names[s]}**" for s in to_act)
            return (f"The game has ended ({reason}). Final placements — up to two cards each. "
                    f"Waiting for {waiting}.")
        return "The game is over."

    def decision(self, view: dict) -> str:
        phase = view["phase"]
        if phase == "play":
            return ("Play a card on one of your rows, or discard one (two of equal value "
                    "take a 💎 wishing stone); then draw.")
        if phase == "draw":
            return (f"Draw {plural(view['draws_owed'], 'card')}: the draw pile or a discard "
                    "top (not a card you discarded this turn).")
        if phase == "final":
            left = view["players"][view["seat"]]["placements_left"]
            return (f"The game has ended: place up to {plural(left, 'more card')} on your "
                    "rows, or say you're done.")
        return super().decision(view)

    def rows_text(self, player: dict) -> str:
        lines = []
        for colour in ROW_ORDER:
            row = player["rows"].get(colour)
            if not row:
                continue
            cards = " ".join(face(c) if c[0] == colour else card(c) for c in row["cards"])
            closed = " 🔒" if row["closed"] else ""
            lines.append(f"{COLOUR_ICON[colour]}{DIRECTION[row['direction']]} {cards}{closed}")
        if player["point_row"]:
            lines.append("⚪ " + " ".join(face(c) for c in player["point_row"]))
        return "\n".join(lines) or "no rows yet"

    def public_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        fields = []
        for player in view["players"]:
            stones = " ".join(f"💎{v}" for v in player["stones"]) or "no stones"
            # the running score is the engine's (K-7 on the table as it stands)
            head = (f"{seat_emoji(player['seat'])} {names[player['seat']]} · ⭐{player['score']}"
                    f" · ✋{player['hand_size']} · {stones}")
            fields.append((clip(head, 256), clip(self.rows_text(player))))
        stones = " ".join(f"💎{v}" for v in view["stones_left"]) or "none"
        middle = (f"Discard tops: {pile_tops(view['piles'])}\n"
                  f"Draw pile: {view['deck']} cards · rows closed by end cards: "
                  f"{view['end_rows']}/5\n"
                  f"Wishing stones left: {stones}")
        fields.append(("Middle", middle))
        return fields

    def private_fields(self, view: dict) -> list[tuple[str, str]]:
        if "hand" not in view:
            return []
        me = view["players"][view["seat"]]
        return [
            ("Your hand", " ".join(card(c) for c in view["hand"]) or "(empty)"),
            ("Your rows", clip(self.rows_text(me))),
            ("Discard tops", pile_tops(view["piles"])),
        ]

    def outcome_lines(self, outcome: dict, names: list[str]) -> list[str]:
        lines = []
        ranked = sorted(enumerate(outcome["breakdown"]), key=lambda p: -p[1]["total"])
        for seat, b in ranked:
            crown = "🏆 " if seat in outcome["winners"] else ""
            rows = " ".join(f"{COLOUR_ICON[c]}{p:+d}" for c, p in b["rows"].items()) or "no rows"
            lines.append(f"{crown}**{names[seat]}**: {b['total']} "
                         f"(rows {rows} · point row +{b['point_row']} · stones {b['stones']:+d})")
        return lines


PRESENTER = KeltisPresenter()
