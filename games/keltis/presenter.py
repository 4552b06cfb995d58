"""Keltis (card game) in Discord: coloured rows with their direction, the six
discard tops, wishing stones, hand sizes and the draw pile."""

from __future__ import annotations

from collections.abc import Callable

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import Phrase, Presenter, bold_names, cards, clip
from cogs.presenters.seats import seat_emoji
from games.keltis.board import COLOUR_WORDS, alt, block_box, render
from games.keltis.lessons import LESSONS, review
from rules import Action

COLOUR_ICON = {"b": "🟤", "y": "🟡", "p": "🩷", "g": "🟢", "u": "🔵", "x": "⚪"}
#: a colour (or "x": grey) in words: the board's alt text says the same
COLOUR_NAME = COLOUR_WORDS
#: a row (a colour, or "x": the point row) as a sentence names it
ROW_NAME = {
    "b": N_("brown row"),
    "y": N_("yellow row"),
    "p": N_("pink row"),
    "g": N_("green row"),
    "u": N_("blue row"),
    "x": N_("point row"),
}
#: a discard pile as a sentence names it
PILE_NAME = {
    "b": N_("brown pile"),
    "y": N_("yellow pile"),
    "p": N_("pink pile"),
    "g": N_("green pile"),
    "u": N_("blue pile"),
    "x": N_("grey pile"),
}
DIRECTION = {"up": "↑", "down": "↓", None: ""}
ROW_ORDER = ("b", "y", "p", "g", "u")
END_REASON = {
    "end_cards": N_("five rows hold an end card"),
    "deck_empty": N_("the draw pile is empty"),
}


def face(code: str) -> str:
    """A card without its colour: `y7` -> 7, `ye` -> 🔚."""
    return "🔚" if code[1:] == "e" else code[1:]


def card(code: str) -> str:
    """`y7` -> 🟡7, `ye` -> 🟡🔚 (end card), `x3` -> ⚪3 (point card)."""
    return f"{COLOUR_ICON[code[0]]}{face(code)}"


def pile_tops(piles: dict) -> str:
    return " ".join(
        f"{COLOUR_ICON[p]}{face(i['top'])}({i['count']})" if i["top"] else f"{COLOUR_ICON[p]}–"
        for p, i in piles.items()
    )


def stones_text(values: list[int]) -> str:
    """A player's wishing stones: `💎3 💎5`."""
    return " ".join(f"💎{v}" for v in values) or _("no stones")


def colour_name(colour: str) -> str:
    return _(COLOUR_NAME[colour])


def pile_name(colour: str) -> str:
    return _(PILE_NAME[colour])


def end_reason(reason: str) -> str:
    return _(END_REASON[reason])


def row_name(row: str) -> str:
    return _(ROW_NAME[row])


def draw_phrase(event: dict) -> Phrase:
    """A draw in the Keltis card games (this one and the Oracle): from the
    draw pile (the card itself is a private detail for the drawer), or the
    top of a discard pile."""
    seat = event["seat"]
    if event["type"] == "drawn":
        return Phrase(seat, card(event["card"]), detail=True)
    if event["from"] == "deck":
        return Phrase(seat, _("drew from the draw pile"))
    return Phrase(
        seat,
        _("took {card} from the {pile}", card=card(event["card"]), pile=pile_name(event["from"])),
    )


class KeltisPresenter(Presenter):
    game_id = "keltis"
    title = N_("Keltis")
    hint_points = True  # the bots reckon in the game's points (policy.py: the score margin)
    colour = 0x7B4F2C
    turn_placeholder = N_("Play or discard a card, then draw…")
    group_placeholder = N_("Or choose a card, then what to do with it…")
    rules_summary = N_(
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

    lessons = LESSONS

    def learn_review(self, view: dict, outcome: dict, seat: int) -> list[str]:
        return review(view, outcome, seat)

    # -- actions --------------------------------------------------------------
    def label(self, action: Action, view: dict) -> str:
        verb, args = action.verb, action.args
        if verb == "discard":
            return _("Discard {card}", card=card(args[0]))
        if verb == "play":
            return _("Play {card} on your {row}", card=card(args[0]), row=row_name(args[1]))
        if verb == "stone":
            first, second = args
            return _(
                "💎{value}: discard {first} then {second}",
                value=second[1:],
                first=card(first),
                second=card(second),
            )
        if verb == "draw":
            if args[0] == "deck":
                return _("Draw from the draw pile ({n})", n=view.get("deck", "?"))
            top = view.get("piles", {}).get(args[0], {}).get("top")
            pile = pile_name(args[0])
            return (
                _("Take {card} from the {pile}", card=card(top), pile=pile)
                if top
                else _("Take from the {pile}", pile=pile)
            )
        if verb == "done":
            return _("I'm done placing cards")
        return action.key()

    def group(self, action: Action) -> str | None:
        return action.args[0] if action.verb in ("discard", "play", "stone") else None

    def group_label(self, group: str, view: dict) -> str:
        return card(group)

    more_turns_placeholder = N_("Or discard a card, then take a discard top…")

    def follows(self, action: Action) -> bool:
        """After the card played or discarded: a draw, from the draw pile or
        a discard top (both known before: a draw ends the path)."""
        return action.verb == "draw"

    def turn_tier(self, keys: list[str]) -> int:
        """Drawing from the draw pile is usual (0); a discard and a discard
        top next (1); a card played, then a discard top, under its card (2)."""
        if all(not k.startswith("draw:") or k == "draw:deck" for k in keys):
            return 0
        return 1 if not keys[0].startswith("play:") else 2

    def follow_words(self, action: Action, view: Callable[[], dict]) -> str:
        if action.verb == "draw" and action.args[0] != "deck":
            top = view()["piles"][action.args[0]]["top"]
            return _("then take {card}", card=card(top))
        return super().follow_words(action, view)

    def is_public(self, action: Action) -> bool:
        return action.verb in ("draw", "done")

    def phrase(self, event: dict, names: list[str]) -> Phrase | None:
        kind, seat = event["type"], event.get("seat")
        if kind == "discard":
            return Phrase(seat, _("discarded {card}", card=card(event["card"])))
        if kind == "play":
            return Phrase(
                seat,
                _(
                    "played {card} on their {row}",
                    card=card(event["card"]),
                    row=row_name(event["row"]),
                ),
            )
        if kind == "stone":
            # told after the second discard: "discarded 🟤4 (took the 💎4 wishing stone)"
            return Phrase(
                seat, _("took the 💎{value} wishing stone", value=event["value"]), detail=True
            )
        if kind in ("draw", "drawn"):
            return draw_phrase(event)
        if kind == "end":
            return Phrase(
                None,
                _(
                    "🔚 The game ends: {reason}. Everyone may place up to two more cards.",
                    reason=end_reason(event["reason"]),
                ),
            )
        if kind == "done":
            return Phrase(seat, _("was done placing cards"))
        return super().phrase(event, names)

    # -- images ---------------------------------------------------------------
    def render_board(self, view: dict, names: list[str]) -> bytes | None:
        return render(view, names)

    def seat_box(self, view: dict, seat: int) -> tuple[float, float, float, float]:
        return block_box(seat, len(view["players"]))

    def board_words(self, view: dict, names: list[str], outcome: dict | None) -> str:
        return alt(view, names, outcome)

    # -- embeds ---------------------------------------------------------------
    def status_line(self, view: dict, names: list[str], to_act: tuple[int, ...]) -> str:
        phase = view["phase"]
        if phase == "play":
            return _("**{name}** to play a card.", name=names[view["current"]])
        if phase == "draw":
            return ngettext(
                "**{name}** to draw {n} card.",
                "**{name}** to draw {n} cards.",
                view["draws_owed"],
                name=names[view["current"]],
            )
        if phase == "final":
            return _(
                "The game has ended ({reason}). Final placements — up to two cards each. "
                "Waiting for {who}.",
                reason=end_reason(view["end_reason"]),
                who=bold_names(names, to_act),
            )
        return _("The game is over.")

    def decision(self, view: dict) -> str:
        phase = view["phase"]
        if phase == "play":
            return _(
                "Play a card on one of your rows, or discard one (two of equal value "
                "take a 💎 wishing stone); then draw."
            )
        if phase == "draw":
            return _(
                "Draw {cards}: the draw pile or a discard top (not a card you discarded "
                "this turn).",
                cards=cards(view["draws_owed"]),
            )
        if phase == "final":
            left = view["players"][view["seat"]]["placements_left"]
            return ngettext(
                "The game has ended: place up to {n} more card on your rows, or say you're done.",
                "The game has ended: place up to {n} more cards on your rows, or say you're done.",
                left,
            )
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
        return "\n".join(lines) or _("no rows yet")

    def player_head(self, player: dict, names: list[str]) -> str:
        stones = stones_text(player["stones"])
        # the running score is the engine's (K-7 on the table as it stands)
        head = (
            f"{seat_emoji(player['seat'])} {names[player['seat']]} · ⭐{player['score']}"
            f" · ✋{player['hand_size']} · {stones}"
        )
        return clip(head, 256)

    def middle_lines(self, view: dict) -> list[str]:
        """The draw pile, the rows closed (how near the end is) and the
        wishing stones left."""
        stones = " ".join(f"💎{v}" for v in view["stones_left"]) or _("none")
        return [
            _(
                "Draw pile: {cards} · rows closed by end cards: {closed}/5",
                cards=cards(view["deck"]),
                closed=view["end_rows"],
            ),
            _("Wishing stones left: {stones}", stones=stones),
        ]

    def public_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        fields = [
            (self.player_head(player, names), clip(self.rows_text(player)))
            for player in view["players"]
        ]
        tops = _("Discard tops: {tops}", tops=pile_tops(view["piles"]))
        fields.append((_("Middle"), "\n".join([tops, *self.middle_lines(view)])))
        return fields

    def private_fields(self, view: dict, names: list[str] | None = None) -> list[tuple[str, str]]:
        if "hand" not in view:
            return []
        me = view["players"][view["seat"]]
        return [
            (_("Your hand"), " ".join(card(c) for c in view["hand"]) or _("(empty)")),
            (_("Your rows"), clip(self.rows_text(me))),
            (_("Discard tops"), pile_tops(view["piles"])),
        ]

    def decision_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """The others' rows (what they need, what not to feed them), and the
        middle: how near the end is, the stones left, the seat's own score."""
        me = view["players"][view["seat"]]
        others = [
            (self.player_head(player, names), clip(self.rows_text(player)))
            for player in view["players"]
            if player is not me
        ]
        mine = _("You: ⭐{score} · {stones}", score=me["score"], stones=stones_text(me["stones"]))
        return [*others, (_("Middle"), "\n".join([*self.middle_lines(view), mine]))]

    def outcome_lines(self, outcome: dict, names: list[str]) -> list[str]:
        lines = []
        ranked = sorted(enumerate(outcome["breakdown"]), key=lambda p: -p[1]["total"])
        for seat, b in ranked:
            crown = "🏆 " if seat in outcome["winners"] else ""
            rows = " ".join(f"{COLOUR_ICON[c]}{p:+d}" for c, p in b["rows"].items()) or _("no rows")
            lines.append(
                crown
                + _(
                    "**{name}**: {total} (rows {rows} · point row +{point_row} · stones {stones})",
                    name=names[seat],
                    total=b["total"],
                    rows=rows,
                    point_row=b["point_row"],
                    stones=f"{b['stones']:+d}",
                )
            )
        return lines


PRESENTER = KeltisPresenter()
