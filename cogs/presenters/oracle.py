"""Keltis: the Oracle in Discord: the spiral board as an image, the rows,
discard tops, stones, mirrors and scores so far as text, and each decision
of a turn (card, move, tile, draws) as buttons that name the fields.

Where a button says where a pawn or the oracle will land, the field comes
from the engine's preview in the view (`targets`); nothing here decides
what is legal or where a move ends.
"""
from __future__ import annotations

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import Phrase, Presenter, clip, plural
from cogs.presenters.keltis import COLOUR_ICON, COLOUR_NAME, DIRECTION, card, face
from cogs.presenters.oracle_board import render
from cogs.presenters.seats import SEAT_EMOJI
from rules import Action
from rules.oracle.cards import COLOURS

ORACLE = "🔮"
MOVE_BY = {"clover": "🍀 ", "spiral": "🌀 ", "card": ""}
DISCARD_FROM = {"hand": "", "goblin_hand": " from their hand for the goblin 👺",
                "goblin_row": " from the end of their row for the goblin 👺"}
TILE_ICON = {"clover": "🍀", "spiral": "🌀", "goblin": "👺", "mirror": "🪞"}
END_REASON = {"sanctuary": "the sanctuary is full",
              "deck_empty": "the draw pile ran out",
              "concede": "a player conceded"}
KEY_LINE = "⭐ points so far · ✋ cards in hand · 💎 wishing stones · 🪞 mirrors"


def field_name(field: int) -> str:
    return "the start" if field == 0 else f"field {field}"


def what_is_on(view: dict, field: int) -> str:
    """A short note on what lies on a field (for move buttons), or ''."""
    spot = view["board"][field]
    tile = spot["tile"]
    if spot["stones"]:
        return f" 💎×{spot['stones']}" if spot["stones"] > 1 else " 💎"
    if tile is None:
        return ""
    if tile["kind"] == "points":
        return f" (+{tile['value']} tile)"
    if tile["kind"] == "clover":
        return f" 🍀{COLOUR_ICON[tile['colour']]}"
    return f" {TILE_ICON[tile['kind']]}"


def pawns_text(fields: list[int]) -> str:
    return ", ".join("start" if f == 0 else str(f) for f in sorted(fields))


def rows_text(player: dict) -> str:
    lines = []
    for colour in COLOURS:
        row = player["rows"].get(colour)
        if row:
            values = " ".join(face(c) for c in row["cards"])
            lines.append(f"{COLOUR_ICON[colour]}{DIRECTION[row['direction']]} {values}")
    return "\n".join(lines) or "no rows yet"


def pile_tops(piles: dict) -> str:
    return " ".join(f"{card(p['top'])}({p['count']})" if p["top"] else f"{COLOUR_ICON[c]}–"
                    for c, p in piles.items())


class OraclePresenter(Presenter):
    game_id = "oracle"
    title = N_("Keltis: the Oracle")
    colour = 0x3A76D0
    group_placeholder = N_("Choose a card to play or discard…")
    then = ("draw:deck", N_("then draw"))
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

    # -- actions --------------------------------------------------------------
    def label(self, action: Action, view: dict) -> str:
        verb, args = action.verb, action.args
        if verb == "play":
            return f"Play {card(args[0])} on your {COLOUR_NAME[args[0][0]]} row, then move"
        if verb == "discard":
            return f"Discard {card(args[0])} (no move)"
        if verb == "pawn":
            return self.move_label("Pawn", view, int(args[0]))
        if verb == "oracle":
            dest = view["targets"]["oracle"][int(args[0]) - 1]
            mine = dest in view["players"][view["current"]]["pawns"]
            return (f"{ORACLE} Oracle +{args[0]} → field {dest}"
                    + (" (your pawn is there)" if mine else ""))
        if verb == "clover":
            pending = view["pending"]
            pawn = int(args[0]) if args else pending["pawn"]
            return self.move_label("🍀 Clover: pawn", view, pawn)
        if verb == "spiral":
            field = int(args[0])
            return f"🌀 Back to field {field}{what_is_on(view, field)}"
        if verb == "goblin":
            if args[0] == "hand":
                return f"👺 Discard {card(args[1])} from your hand"
            row = view["players"][view["current"]]["rows"].get(args[1], {}).get("cards")
            last = card(row[-1]) if row else COLOUR_ICON[args[1]]
            return f"👺 Discard {last}, the end of your {COLOUR_NAME[args[1]]} row"
        if verb == "skip":
            kind = (view.get("pending") or {}).get("kind", "tile")
            return f"Skip the {kind}"
        if verb == "draw":
            if args[0] == "deck":
                return f"Draw from the draw pile ({view['deck']})"
            top = view["piles"][args[0]]["top"]
            return f"Take {card(top)} from the {COLOUR_NAME[args[0]]} pile"
        return action.key()

    def move_label(self, prefix: str, view: dict, pawn: int) -> str:
        """'Pawn from field 3 → field 8 🍀🟡', as the engine previews it.
        Pawns sharing a field but not their start this turn are told apart by it."""
        fields = view["players"][view["current"]]["pawns"]
        src = fields[pawn]
        where = field_name(src)
        came = view["moved_from"][pawn]
        if any(f == src and view["moved_from"][i] != came for i, f in enumerate(fields)):
            where += (" (not moved yet)" if came is None
                      else f" (came from {field_name(came)})")
        dest = view["targets"]["pawns"][pawn]
        if dest is None:  # not offered by the engine; kept safe all the same
            return f"{prefix} from {where}"
        return f"{prefix} from {where} → field {dest}{what_is_on(view, dest)}"

    def group(self, action: Action) -> str | None:
        return action.args[0] if action.verb in ("play", "discard") else None

    def group_label(self, group: str, view: dict) -> str:
        return f"{card(group)} · oracle up to {view['oracle_steps'][group]}"

    def is_public(self, action: Action) -> bool:
        return action.verb == "draw"

    def phrase(self, event: dict, names: list[str]) -> Phrase | None:
        kind, seat = event["type"], event.get("seat")
        if kind == "play":
            return Phrase(seat, f"played {card(event['card'])}")
        if kind == "discard":
            return Phrase(seat, f"discarded {card(event['card'])}{DISCARD_FROM[event['from']]}")
        if kind == "move":
            how = MOVE_BY.get(event["by"], "")
            return Phrase(seat, f"{how}moved a pawn from {field_name(event['from'])} to "
                                f"{field_name(event['to'])}")
        if kind == "oracle":
            return Phrase(seat, f"moved the oracle {ORACLE} {event['from']} → {event['to']}")
        if kind == "oracle_bonus":
            return Phrase(seat, f"scored {event['points']} for the oracle on their pawn")
        if kind == "goblin_bonus":
            return Phrase(seat, f"scored {event['points']} for three pawns on goblins 👺")
        if kind == "stone":
            return Phrase(seat, f"took the wishing stone 💎 on field {event['field']}")
        if kind == "points":
            return Phrase(seat, f"scored {event['points']} on field {event['field']}")
        if kind == "mirror":
            return Phrase(seat, f"took the mirror 🪞 on field {event['field']}")
        if kind == "skip":
            return Phrase(seat, f"let the {event['tile']} on field {event['field']} be")
        if kind == "draw":
            if event["from"] == "deck":
                return Phrase(seat, "drew from the draw pile")
            return Phrase(seat, f"took {card(event['card'])} from the "
                                f"{COLOUR_NAME[event['from']]} pile")
        if kind == "drawn":
            return Phrase(seat, card(event["card"]), detail=True)
        if kind == "end":
            return Phrase(None, f"The game ends: {END_REASON[event['reason']]}.")
        return super().phrase(event, names)

    # -- images ---------------------------------------------------------------
    def render_board(self, view: dict, names: list[str]) -> bytes | None:
        return render(view, names)

    # -- embeds ---------------------------------------------------------------
    def decision(self, view: dict) -> str:
        """What the current player is deciding, without their name."""
        phase = view["phase"]
        if phase == "play":
            return "play a card into a row (then move), or discard one."
        if phase == "move":
            played = view["played"]
            n = len(view["targets"]["oracle"])
            steps = "1 field" if n == 1 else f"1-{n} fields"
            return (f"played {card(played)}: move a pawn to its next "
                    f"{COLOUR_ICON[played[0]]} field, or the oracle {steps}.")
        if phase == "tile":
            pending = view["pending"]
            where = f"field {pending['field']}"
            kind = pending["kind"]
            if kind == "clover":
                colour = pending["colour"]
                who = ("another pawn" if view["options"]["clover_other_pawn"]
                       else "this pawn")
                return (f"a 🍀{COLOUR_ICON[colour]} clover on {where}: move {who} on to its "
                        f"next {COLOUR_NAME[colour]} field, or skip.")
            if kind == "spiral":
                return f"a 🌀 spiral on {where}: go back to an earlier field, or skip."
            return (f"a 👺 goblin on {where}: discard a card from hand or the end of a row, "
                    f"or skip.")
        if phase == "draw":
            return (f"draw {plural(view['draws_owed'], 'card')} from the draw pile or a "
                    f"discard top.")
        return "nothing (the game is over)."

    def status_line(self, view: dict, names: list[str], to_act: tuple[int, ...]) -> str:
        if not to_act or view["phase"] == "over":
            return "The game is over."
        return f"**{names[view['current']]}** — {self.decision(view)}"

    def player_head(self, player: dict, names: list[str]) -> str:
        seat = player["seat"]
        head = (f"{SEAT_EMOJI[seat]} {names[seat]} · ⭐{player['points']} · "
                f"✋{player['hand_size']} · 💎{player['stones']} · 🪞{player['mirrors']}")
        if player["goblin_bonus"]:
            head += " · 👺 bonus"
        return clip(head, 256)

    def public_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        fields = []
        for player in view["players"]:
            body = f"Pawns on {pawns_text(player['pawns'])}\n{rows_text(player)}"
            fields.append((self.player_head(player, names), clip(body)))
        stones = ", ".join(f"{spot['field']}×{spot['stones']}"
                           for spot in view["board"] if spot["stones"]) or "none"
        board = (f"{ORACLE} Oracle on {field_name(view['oracle'])} · sanctuary (29-35): "
                 f"{view['sanctuary']['pawns']}/5 pawns\n"
                 f"Draw pile: {plural(view['deck'], 'card')} · discard tops: "
                 f"{pile_tops(view['piles'])}\n"
                 f"💎 left on fields {stones}\n{KEY_LINE}")
        fields.append(("Board", clip(board)))
        return fields

    def private_fields(self, view: dict) -> list[tuple[str, str]]:
        if "hand" not in view:
            return []
        me = view["players"][view["seat"]]
        fields = [
            ("Your hand", " ".join(card(c) for c in view["hand"]) or "(empty)"),
            ("Your rows", clip(rows_text(me))),
            ("Your pawns", (f"on {pawns_text(me['pawns'])} · {ORACLE} oracle on "
                            f"{field_name(view['oracle'])}")),
            ("Discard tops", pile_tops(view["piles"])),
        ]
        if view["discarded_this_turn"] and view["current"] == view["seat"]:
            gone = " ".join(card(c) for c in view["discarded_this_turn"])
            fields.append(("Discarded this turn (can't be drawn back)", gone))
        return fields

    def outcome_lines(self, outcome: dict, names: list[str]) -> list[str]:
        lines = []
        reason = END_REASON.get(outcome.get("reason"))
        if reason:
            lines.append(f"_The game ended: {reason}._")
        ranked = sorted(enumerate(outcome["breakdown"]), key=lambda p: -p[1]["total"])
        for seat, b in ranked:
            crown = "🏆 " if seat in outcome["winners"] else ""
            earned = b["earned"]
            pawns = " ".join(f"{p:+d}" for p in b["pawns"])
            lines.append(
                f"{crown}**{names[seat]}**: {b['total']} = play {b['in_game']} "
                f"(tiles {earned.get('tiles', 0)}, oracle {earned.get('oracle', 0)}, "
                f"goblins {earned.get('goblin', 0)}) · pawns {b['pawn_points']} ({pawns}) · "
                f"💎{b['stones']} {b['stone_points']:+d} · 🪞{b['mirrors']} "
                f"{b['mirror_points']:+d}")
        return lines


PRESENTER = OraclePresenter()
