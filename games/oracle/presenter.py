"""Keltis: the Oracle in Discord: the spiral board as an image, the rows,
discard tops, stones, mirrors and scores so far as text, and each decision
of a turn (card, move, tile, draws) as buttons that name the fields.

Where a button says where a pawn or the oracle will land, the field comes
from the engine's preview in the view (`targets`); nothing here decides
what is legal or where a move ends.
"""

from __future__ import annotations

from collections.abc import Callable

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import Phrase, Presenter, cards, clip
from cogs.presenters.seats import SEAT_EMOJI
from games.keltis.presenter import (
    COLOUR_ICON,
    DIRECTION,
    card,
    colour_name,
    draw_phrase,
    face,
    pile_name,
    row_name,
)
from games.oracle.board import alt, player_box, render
from games.oracle.engine.cards import COLOURS
from games.oracle.lessons import LESSONS, review
from rules import Action

ORACLE = "🔮"
MOVE_BY = {"clover": "🍀 ", "spiral": "🌀 ", "card": ""}
DISCARD_FROM = {
    "hand": N_("discarded {card}"),
    "goblin_hand": N_("discarded {card} from their hand for the goblin 👺"),
    "goblin_row": N_("discarded {card} from the end of their row for the goblin 👺"),
}
TILE_ICON = {"clover": "🍀", "spiral": "🌀", "goblin": "👺", "mirror": "🪞"}
END_REASON = {
    "sanctuary": N_("the sanctuary is full"),
    "deck_empty": N_("the draw pile ran out"),
    "concede": N_("a player conceded"),
}
#: a tile a player may let be, by its kind
TILE_NAME = {
    "clover": N_("clover"),
    "spiral": N_("spiral"),
    "goblin": N_("goblin"),
    "tile": N_("tile"),
}
KEY_LINE = N_("⭐ points so far · ✋ cards in hand · 💎 wishing stones · 🪞 mirrors")


def field_name(field: int) -> str:
    return _("the start") if field == 0 else _("field {n}", n=field)


def end_reason(reason: str) -> str:
    return _(END_REASON[reason])


def tile_name(kind: str) -> str:
    name = TILE_NAME.get(kind) or TILE_NAME["tile"]
    return _(name)


def what_is_on(view: dict, field: int) -> str:
    """A short note on what lies on a field (for move buttons), or ''."""
    spot = view["board"][field]
    tile = spot["tile"]
    if spot["stones"]:
        return f" 💎×{spot['stones']}" if spot["stones"] > 1 else " 💎"
    if tile is None:
        return ""
    if tile["kind"] == "points":
        return _(" (+{n} tile)", n=tile["value"])
    if tile["kind"] == "clover":
        return f" 🍀{COLOUR_ICON[tile['colour']]}"
    return f" {TILE_ICON[tile['kind']]}"


def pawns_text(fields: list[int]) -> str:
    return _(", ").join(_("start") if f == 0 else str(f) for f in sorted(fields))


def rows_text(player: dict) -> str:
    lines = []
    for colour in COLOURS:
        row = player["rows"].get(colour)
        if row:
            values = " ".join(face(c) for c in row["cards"])
            lines.append(f"{COLOUR_ICON[colour]}{DIRECTION[row['direction']]} {values}")
    return "\n".join(lines) or _("no rows yet")


def pile_tops(piles: dict) -> str:
    return " ".join(
        f"{card(p['top'])}({p['count']})" if p["top"] else f"{COLOUR_ICON[c]}–"
        for c, p in piles.items()
    )


class OraclePresenter(Presenter):
    game_id = "oracle"
    title = N_("Keltis: the Oracle")
    hint_points = True  # the bots reckon in the game's points (policy.py: the score margin)
    colour = 0x3A76D0
    group_placeholder = N_("Choose a card to play or discard…")
    turn_placeholder = N_("Play or discard a card, then draw…")
    lessons = LESSONS
    rules_summary = N_(
        "**Keltis: the Oracle** (2-4 players). Move three pawns up a spiral of fields 0-35 "
        "by building colour rows; the best total wins.\n"
        "**Your turn:** play a card into your row of its colour — after the first card a row "
        "only rises or only falls, equal values always fit — then **move** one pawn to the "
        "next field of that colour, or the **oracle** 1 to N fields (N = the card's oracle "
        "number: 0-2 → 1, 3-5 → 2, 6-8 → 3, 9-10 → 4); the oracle stopping on your pawn gives "
        "5 points. Or **discard** a card. Then **draw** back to 8 from the draw pile or a "
        "discard top (not one you discarded this turn).\n"
        "**Tiles** where your pawn lands: points (score them), 🍀 clover (may jump on to the "
        "next field of its colour), 🌀 spiral (may go back to an earlier field, not where the pawn "
        "began the turn), 👺 goblin (may discard a hand card or a row's last card), 🪞 mirror "
        "(take it), 💎 wishing stone on large stones and the centre (take one). All three pawns "
        "on goblins: 5/10/15 points once (1/2/3 goblin fields). The variant "
        "(`/game new … variant:True`): a clover moves one of your *other* pawns instead.\n"
        "**End:** at once when a player's third pawn or the fifth pawn overall enters the "
        "sanctuary (fields 29-35; that move triggers nothing), or when the draw pile is empty.\n"
        "**Score:** points won in play + each pawn's field value (start 0, up to 10 in the "
        "centre) + wishing stones (0: -4, 1: -3, 2: 2, 3: 3, 4: 6, 5+: 10) × (1 + mirrors)."
    )

    def learn_review(self, view: dict, outcome: dict, seat: int) -> list[str]:
        return review(view, outcome, seat)

    # -- actions --------------------------------------------------------------
    def label(self, action: Action, view: dict) -> str:
        verb, args = action.verb, action.args
        if verb == "play":
            return _(
                "Play {card} on your {row}, then move", card=card(args[0]), row=row_name(args[0][0])
            )
        if verb == "discard":
            return _("Discard {card} (no move)", card=card(args[0]))
        if verb == "pawn":
            return self.move_label(_("Pawn"), view, int(args[0]))
        if verb == "oracle":
            dest = view["targets"]["oracle"][int(args[0]) - 1]
            mine = dest in view["players"][view["current"]]["pawns"]
            text = _("{oracle} Oracle +{n} → field {dest}", oracle=ORACLE, n=args[0], dest=dest)
            return text + (_(" (your pawn is there)") if mine else "")
        if verb == "clover":
            pending = view["pending"]
            pawn = int(args[0]) if args else pending["pawn"]
            return self.move_label(_("🍀 Clover: pawn"), view, pawn)
        if verb == "spiral":
            field = int(args[0])
            return _("🌀 Back to field {n}", n=field) + what_is_on(view, field)
        if verb == "goblin":
            if args[0] == "hand":
                return _("👺 Discard {card} from your hand", card=card(args[1]))
            row = view["players"][view["current"]]["rows"].get(args[1], {}).get("cards")
            last = card(row[-1]) if row else COLOUR_ICON[args[1]]
            return _("👺 Discard {card}, the end of your {row}", card=last, row=row_name(args[1]))
        if verb == "skip":
            kind = (view.get("pending") or {}).get("kind", "tile")
            return _("Skip the {tile}", tile=tile_name(kind))
        if verb == "draw":
            if args[0] == "deck":
                return _("Draw from the draw pile ({n})", n=view["deck"])
            top = view["piles"][args[0]]["top"]
            return _("Take {card} from the {pile}", card=card(top), pile=pile_name(args[0]))
        return action.key()

    def move_label(self, prefix: str, view: dict, pawn: int) -> str:
        """'Pawn from field 3 → field 8 🍀🟡', as the engine previews it.
        Pawns sharing a field but not their start this turn are told apart by it."""
        fields = view["players"][view["current"]]["pawns"]
        src = fields[pawn]
        where = field_name(src)
        came = view["moved_from"][pawn]
        if any(f == src and view["moved_from"][i] != came for i, f in enumerate(fields)):
            where += (
                _(" (not moved yet)")
                if came is None
                else _(" (came from {field})", field=field_name(came))
            )
        dest = view["targets"]["pawns"][pawn]
        if dest is None:  # not offered by the engine; kept safe all the same
            return _("{pawn} from {where}", pawn=prefix, where=where)
        return _(
            "{pawn} from {where} → field {dest}", pawn=prefix, where=where, dest=dest
        ) + what_is_on(view, dest)

    def group(self, action: Action) -> str | None:
        return action.args[0] if action.verb in ("play", "discard") else None

    def group_label(self, group: str, view: dict) -> str:
        return _("{card} · oracle up to {n}", card=card(group), n=view["oracle_steps"][group])

    more_turns_placeholder = N_("Or the oracle, or a discard top…")

    def follows(self, action: Action) -> bool:
        """A card played moves a pawn or the oracle (and a pawn's 🍀 or 🌀
        tile is used), and the turn ends with a draw, from the
        draw pile or a discard top (both known before: a draw ends the
        path). A 👺 goblin's discard stays a decision of its own."""
        return action.verb in ("pawn", "oracle", "draw", "clover", "spiral")

    def turn_tier(self, keys: list[str]) -> int:
        """Usual (0): a card played and a pawn moved, or a card discarded
        (or a tile's choice made), then the draw pile; then a discard (or a
        tile's choice) and a discard top (1); then the oracle, or a tile's
        choice (🍀 🌀), and the draw pile (2); a card played, then a
        discard top, is under its card (3)."""
        top = any(k.startswith("draw:") and k != "draw:deck" for k in keys)
        rarer = any(k.split(":")[0] in ("oracle", "clover", "spiral") for k in keys)
        if not keys[0].startswith("play:"):  # a discard, or a tile's choice (no card to pick)
            return int(top)
        return 3 if top else 2 if rarer else 0

    def joined_label(self, steps: list[tuple[Action, Callable[[], dict]]]) -> str:
        first, rest = steps[0][0], steps[1:]
        if first.verb != "play" or not rest:
            return super().joined_label(steps)
        words = [_("Play {card}", card=card(first.args[0]))]
        return _(", ").join(words + [self.follow_words(a, v) for a, v in rest])

    def follow_words(self, action: Action, view: Callable[[], dict]) -> str:
        if action.verb == "pawn":
            return self.move_label(_("pawn"), view(), int(action.args[0]))
        if action.verb in ("oracle", "clover", "spiral"):
            return self.label(action, view())
        if action.verb == "draw" and action.args[0] != "deck":
            return _("then take {card}", card=card(view()["piles"][action.args[0]]["top"]))
        return super().follow_words(action, view)

    def is_public(self, action: Action) -> bool:
        return action.verb == "draw"

    def phrase(self, event: dict, names: list[str]) -> Phrase | None:
        kind, seat = event["type"], event.get("seat")
        if kind == "play":
            return Phrase(seat, _("played {card}", card=card(event["card"])))
        if kind == "discard":
            how = DISCARD_FROM[event["from"]]  # for a goblin: a detail of the move
            return Phrase(seat, _(how, card=card(event["card"])), detail=event["from"] != "hand")
        if kind == "move":  # a tile's move is a detail of the move that reached it
            how = MOVE_BY.get(event["by"], "")
            return Phrase(
                seat,
                how
                + _(
                    "moved a pawn from {start} to {end}",
                    start=field_name(event["from"]),
                    end=field_name(event["to"]),
                ),
                detail=event["by"] != "card",
            )
        if kind == "oracle":
            return Phrase(
                seat,
                _(
                    "moved the oracle {oracle} {start} → {end}",
                    oracle=ORACLE,
                    start=event["from"],
                    end=event["to"],
                ),
            )
        if kind == "oracle_bonus":
            return Phrase(
                seat, _("scored {n} for the oracle on their pawn", n=event["points"]), detail=True
            )
        if kind == "goblin_bonus":
            return Phrase(
                seat, _("scored {n} for three pawns on goblins 👺", n=event["points"]), detail=True
            )
        if kind == "stone":
            return Phrase(
                seat, _("took the wishing stone 💎 on field {n}", n=event["field"]), detail=True
            )
        if kind == "points":
            return Phrase(
                seat,
                _("scored {points} on field {n}", points=event["points"], n=event["field"]),
                detail=True,
            )
        if kind == "mirror":
            return Phrase(seat, _("took the mirror 🪞 on field {n}", n=event["field"]), detail=True)
        if kind == "skip":
            return Phrase(
                seat,
                _(
                    "let the {tile} on field {n} be",
                    tile=tile_name(event["tile"]),
                    n=event["field"],
                ),
                detail=True,
            )
        if kind in ("draw", "drawn"):
            return draw_phrase(event)
        if kind == "end":
            return Phrase(None, _("The game ends: {reason}.", reason=end_reason(event["reason"])))
        return super().phrase(event, names)

    # -- images ---------------------------------------------------------------
    def render_board(self, view: dict, names: list[str]) -> bytes | None:
        return render(view, names)

    def seat_box(self, view: dict, seat: int) -> tuple[float, float, float, float]:
        return player_box(seat, len(view["players"]))

    def board_words(self, view: dict, names: list[str], outcome: dict | None) -> str:
        return alt(view, names, outcome)

    # -- embeds ---------------------------------------------------------------
    def decision(self, view: dict) -> str:
        """What the current player is deciding, without their name."""
        phase = view["phase"]
        if phase == "play":
            return _("play a card into a row (then move), or discard one.")
        if phase == "move":
            played = view["played"]
            return ngettext(
                "played {card}: move a pawn to its next {colour} field, or the oracle 1 field.",
                "played {card}: move a pawn to its next {colour} "
                "field, or the oracle 1-{n} fields.",
                len(view["targets"]["oracle"]),
                card=card(played),
                colour=COLOUR_ICON[played[0]],
            )
        if phase == "tile":
            pending = view["pending"]
            where = field_name(pending["field"])
            kind = pending["kind"]
            if kind == "clover":
                icon, colour = COLOUR_ICON[pending["colour"]], colour_name(pending["colour"])
                if view["options"]["clover_other_pawn"]:
                    return _(
                        "a 🍀{icon} clover on {where}: move another pawn on to its next "
                        "{colour} field, or skip.",
                        icon=icon,
                        colour=colour,
                        where=where,
                    )
                return _(
                    "a 🍀{icon} clover on {where}: move this pawn on to its next "
                    "{colour} field, or skip.",
                    icon=icon,
                    colour=colour,
                    where=where,
                )
            if kind == "spiral":
                return _(
                    "a 🌀 spiral on {where}: go back to an earlier field, or skip.", where=where
                )
            return _(
                "a 👺 goblin on {where}: discard a card from hand or the end of a row, or skip.",
                where=where,
            )
        if phase == "draw":
            return _(
                "draw {cards} from the draw pile or a discard top.", cards=cards(view["draws_owed"])
            )
        return _("nothing (the game is over).")

    def status_line(self, view: dict, names: list[str], to_act: tuple[int, ...]) -> str:
        if not to_act or view["phase"] == "over":
            return _("The game is over.")
        return _(
            "**{name}** — {decision}", name=names[view["current"]], decision=self.decision(view)
        )

    def player_head(self, player: dict, names: list[str]) -> str:
        seat = player["seat"]
        head = (
            f"{SEAT_EMOJI[seat]} {names[seat]} · ⭐{player['points']} · "
            f"✋{player['hand_size']} · 💎{player['stones']} · 🪞{player['mirrors']}"
        )
        if player["goblin_bonus"]:
            head += _(" · 👺 bonus")
        return clip(head, 256)

    def player_field(self, player: dict, names: list[str]) -> tuple[str, str]:
        body = _("Pawns on {fields}", fields=pawns_text(player["pawns"])) + f"\n{rows_text(player)}"
        return self.player_head(player, names), clip(body)

    @staticmethod
    def oracle_line(view: dict) -> str:
        return _(
            "{oracle} Oracle on {field} · sanctuary (29-35): {n}/5 pawns",
            oracle=ORACLE,
            field=field_name(view["oracle"]),
            n=view["sanctuary"]["pawns"],
        )

    @staticmethod
    def stones_line(view: dict) -> str:
        stones = ", ".join(
            f"{spot['field']}×{spot['stones']}" for spot in view["board"] if spot["stones"]
        ) or _("none")
        return _("💎 left on fields {stones}", stones=stones)

    def public_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        fields = [self.player_field(player, names) for player in view["players"]]
        board = "\n".join(
            (
                self.oracle_line(view),
                _(
                    "Draw pile: {cards} · discard tops: {tops}",
                    cards=cards(view["deck"]),
                    tops=pile_tops(view["piles"]),
                ),
                self.stones_line(view),
                _(KEY_LINE),
            )
        )
        fields.append((_("Board"), clip(board)))
        return fields

    def decision_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """The others' pawns and rows, and the board: the oracle, the
        sanctuary (how near the end is), the stones left, the seat's own
        points (the tiles ahead are on the moves' buttons)."""
        me = view["players"][view["seat"]]
        others = [self.player_field(p, names) for p in view["players"] if p is not me]
        board = "\n".join(
            (
                self.oracle_line(view),
                _("Draw pile: {cards}", cards=cards(view["deck"])),
                self.stones_line(view),
                _(
                    "You: ⭐{points} · 💎{stones} · 🪞{mirrors}",
                    points=me["points"],
                    stones=me["stones"],
                    mirrors=me["mirrors"],
                ),
                _(KEY_LINE),
            )
        )
        return [*others, (_("Board"), clip(board))]

    def private_fields(self, view: dict, names: list[str] | None = None) -> list[tuple[str, str]]:
        if "hand" not in view:
            return []
        me = view["players"][view["seat"]]
        fields = [
            (_("Your hand"), " ".join(card(c) for c in view["hand"]) or _("(empty)")),
            (_("Your rows"), clip(rows_text(me))),
            (
                _("Your pawns"),
                _(
                    "on {fields} · {oracle} oracle on {field}",
                    fields=pawns_text(me["pawns"]),
                    oracle=ORACLE,
                    field=field_name(view["oracle"]),
                ),
            ),
            (_("Discard tops"), pile_tops(view["piles"])),
        ]
        if view["discarded_this_turn"] and view["current"] == view["seat"]:
            gone = " ".join(card(c) for c in view["discarded_this_turn"])
            fields.append((_("Discarded this turn (can't be drawn back)"), gone))
        return fields

    def outcome_lines(self, outcome: dict, names: list[str]) -> list[str]:
        lines = []
        if outcome.get("reason") in END_REASON:
            lines.append(_("_The game ended: {reason}._", reason=end_reason(outcome["reason"])))
        ranked = sorted(enumerate(outcome["breakdown"]), key=lambda p: -p[1]["total"])
        for seat, b in ranked:
            crown = "🏆 " if seat in outcome["winners"] else ""
            earned = b["earned"]
            pawns = " ".join(f"{p:+d}" for p in b["pawns"])
            lines.append(
                crown
                + _(
                    "**{name}**: {total} = play {in_game} (tiles {tiles}, oracle {oracle}, goblins "
                    "{goblins}) · pawns {pawn_points} ({pawns}) · 💎{stones} {stone_points} · "
                    "🪞{mirrors} {mirror_points}",
                    name=names[seat],
                    total=b["total"],
                    in_game=b["in_game"],
                    tiles=earned.get("tiles", 0),
                    oracle=earned.get("oracle", 0),
                    goblins=earned.get("goblin", 0),
                    pawn_points=b["pawn_points"],
                    pawns=pawns,
                    stones=b["stones"],
                    stone_points=f"{b['stone_points']:+d}",
                    mirrors=b["mirrors"],
                    mirror_points=f"{b['mirror_points']:+d}",
                )
            )
        return lines


PRESENTER = OraclePresenter()
