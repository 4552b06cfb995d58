"""The Keltis dice game in Discord: five colour rows drawn as text (fields 1-9
with their symbols, forbidden fields and every stone, one marker per seat),
the dice, chips and the running score. Everything is public (D-7), so every
decision is a public button on the table; the panel repeats the seat's own
stones for convenience."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import discord

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import Phrase, Presenter, clip
from cogs.presenters.seats import seat_emoji
from games.keltis_dice.board import alt, player_box, render
from games.keltis_dice.engine.board import (
    CLOVER,
    COLOURS,
    FACES,
    FIELD_POINTS,
    FIELDS,
    GOAL_FIELDS,
    KOBOLD,
    STONES_PER_PLAYER,
    WISHING,
    forbidden,
    symbol_at,
)
from games.keltis_dice.lessons import LESSONS, review
from rules import Action

FACE_ICON = {"b": "🟤", "y": "🟡", "p": "🩷", "g": "🟢", "u": "🔵", "w": "💎"}
COLOUR_NAME = {
    "b": N_("Brown"),
    "y": N_("Yellow"),
    "p": N_("Pink"),
    "g": N_("Green"),
    "u": N_("Blue"),
}
SYMBOL_ICON = {WISHING: "💎", CLOVER: "🍀", KOBOLD: "👺"}
FORBIDDEN_ICON = "⛔"
END_REASON = {
    "goal_stones": N_("enough stones reached the goal areas"),
    "four_in_goal": N_("a player has all four stones in the goal areas"),
    "concede": N_("a player conceded"),
}


def end_reason(reason: str) -> str:
    return _(END_REASON[reason]) if reason in END_REASON else reason


def row_title(colour: str) -> str:
    return f"{FACE_ICON[colour]} " + _(COLOUR_NAME[colour])


def sorted_faces(faces) -> list[str]:
    return sorted(faces, key=FACES.index)


def dice_text(faces) -> str:
    """`"wbb"` or `["w", "b", "b"]` -> 🟤🟤💎: sorted by face, so equal dice
    stand together (their positions mean nothing to the player)."""
    return "".join(FACE_ICON[f] for f in sorted_faces(faces))


def kept_faces(dice: list[str], rerolled: str) -> list[str]:
    """The dice a reroll choice keeps: the dice minus the rerolled faces."""
    left = Counter(dice)
    left.subtract(rerolled)
    return sorted_faces(left.elements())


def marker(seat: int) -> str:
    """The seat's colour, as in the board image (seats.py)."""
    return seat_emoji(seat)


def side_text(view: dict) -> str:
    sides = view["sides"]
    side = _("Side **{side}**", side=view["side"])
    if view["side"] == "B":
        side += _(" (⛔ forbidden fields)")
    if len(sides) > 1:
        side += _(
            " · game {n} of {games} ({sides})",
            n=view["game_no"],
            games=len(sides),
            sides=_(" then ").join(sides),
        )
    return side


def mark(colour: str, field: int) -> str:
    """The symbol printed on a field, if any."""
    return SYMBOL_ICON.get(symbol_at(colour, field) or "", "")


def chips_text(n: int) -> str:
    return ngettext("💎 {n} chip", "💎 {n} chips", n)


def row_cells(colour: str, side: str, stones: list[dict]) -> str:
    """One row as a line of fields: number, symbol or ⛔, then the stones
    standing there; the goal area (7-9) after a bar."""
    cells = []
    for f in range(1, FIELDS + 1):
        here = "".join(marker(seat) for seat, mine in enumerate(stones) if mine.get(colour) == f)
        sign = FORBIDDEN_ICON if forbidden(side, colour, f) else mark(colour, f)
        number = f"**{f}**" if here else str(f)
        if f == min(GOAL_FIELDS):
            cells.append("┃")
        cells.append(f"{number}{sign}{here}")
    return " ".join(cells)


def breakdown_text(game: dict) -> str:
    """One game's score: `🟤+10 🟡+6 · 💎5 +2`."""
    rows = " ".join(f"{FACE_ICON[c]}{p:+d}" for c, p in game["rows"].items()) or _("no stones")
    return f"{rows} · 💎{game['chips']} {game['chip_points']:+d}"


class KeltisDicePresenter(Presenter):
    game_id = "keltis_dice"
    title = N_("Keltis dice game")
    hint_points = True  # the bots reckon in the game's points (policy.py: the score margin)
    colour = 0x3B7A57
    silent_events = frozenset({"over", "symbol", "turn"})
    #: the dice of a turn are told in a parenthesis after its moves (story.py)
    asides = frozenset({"roll", "reroll", "stop"})
    hand_label = N_("My panel")  # nothing is hidden in this game: the panel is a private copy
    marking_placeholder = N_("🎲 Reroll: choose the dice…")
    lessons = LESSONS
    rules_summary = N_(
        "**Keltis: the dice game** (2-4 players). Five rows of nine fields, one per colour; "
        "each player has 4 stones, at most one per row.\n"
        "**Your turn:** 🎲 roll five dice (faces 🟤🟡🩷🟢🔵 and the 💎 wishing stone). "
        "You may keep any of them and **reroll the others once**. If two or more dice show "
        "💎, take a wishing-stone chip. Then **move** the stone of one colour shown on the "
        "dice **exactly** as many fields as dice show that colour (a new stone enters from "
        "before field 1), or pass. A stone stops on field 9 at the latest.\n"
        "**Symbols** where your stone stops: 🍀 clover — one of your stones one field on, "
        "or a new stone onto field 1 (its symbol works too); 💎 — take a chip; "
        "👺 kobold — another whole turn afterwards.\n"
        "**Side B:** a stone may not stop on a ⛔ forbidden field (passing over is fine). "
        "Option `side:` of `/game new`: A, B or both (two games, totals added).\n"
        "**End:** at once when the stones in the goal areas (fields 7-9, all players) reach "
        "5 (2 players), 7 (3) or 8 (4), or one player has all 4 stones there. The move that "
        "ends the game gets no symbol.\n"
        "**Score:** each stone by its field (1-9: -4 -3 -2 1 2 3 6 7 10); chips "
        "(0-9+: -10 -4 -3 -2 1 2 3 6 7 10). Highest total wins; ties share the win."
    )

    def learn_review(self, view: dict, outcome: dict, seat: int) -> list[str]:
        return review(view, outcome, seat)

    # -- the reroll decision, as one toggle per die -------------------------------
    def toggles(self, view: dict) -> list[str] | None:
        if view["phase"] != "reroll":
            return None
        return [FACE_ICON[face] for face in view["dice"]]

    def toggle_moves(self, view: dict, mask: int) -> list[tuple[str, str]]:
        """Marked dice: reroll them. None marked: keep them all and move at
        once (or pass), in one click, as the engine previews the moves."""
        dice = view["dice"]
        marked = [face for i, face in enumerate(dice) if mask >> i & 1]
        if marked:
            faces = "".join(face * marked.count(face) for face in FACES)
            kept = [face for i, face in enumerate(dice) if not mask >> i & 1]
            label = _("🎲 Reroll {dice}", dice=dice_text(marked))
            if kept:
                label += _(" · keep {dice}", dice=dice_text(kept))
            return [(f"reroll:{faces}", label)]
        moves = [
            (f"stop+move:{colour}", _("Keep all · {move}", move=self._move_label(colour, view)))
            for colour in view["moves"]
        ]
        return moves + [("stop+pass", _("Keep all · pass"))]

    # -- actions --------------------------------------------------------------
    def label(self, action: Action, view: dict) -> str:
        verb, args = action.verb, action.args
        dice = view.get("dice") or []
        if verb == "roll":
            return _("🎲 Roll the dice")
        if verb == "stop":
            return _("Keep all {dice}", dice=dice_text(dice))
        if verb == "reroll":
            kept = kept_faces(dice, args[0])
            if not kept:
                return _("Reroll all {dice}", dice=dice_text(args[0]))
            return _("Keep {kept} · reroll {dice}", kept=dice_text(kept), dice=dice_text(args[0]))
        if verb == "move":
            return self._move_label(args[0], view)
        if verb == "pass":
            return _("Pass (don't move)")
        if verb in ("clover", "clover_new"):
            return "🍀 " + self._move_label(args[0], view)
        if verb == "skip":
            return _("Don't use the clover")
        return action.key()

    @staticmethod
    def _move_label(colour: str, view: dict) -> str:
        """Where the stone would stop, as the engine previews it (D-4)."""
        move = view["moves"][colour]
        start, to = move["from"], move["to"]
        if start == 0:
            return _(
                "New {stone} stone → {to}", stone=FACE_ICON[colour], to=f"{to}{mark(colour, to)}"
            )
        return _(
            "Move {stone} {start} → {to}",
            stone=FACE_ICON[colour],
            start=start,
            to=f"{to}{mark(colour, to)}",
        )

    def group(self, action: Action) -> str | None:
        return None  # every choice is offered directly, as on the table

    def follows(self, action: Action) -> bool:
        """A 🍀 clover the move reached is used (or not) in the same click:
        all is public, and the engine previews where each stone stops."""
        return action.verb in ("clover", "clover_new", "skip")

    def follow_words(self, action: Action, view: Callable[[], dict]) -> str:
        return self.label(action, view())

    def is_public(self, action: Action) -> bool:
        return True  # D-7: everything is public

    @staticmethod
    def opens_turn(key: str) -> bool:
        """A roll opens a turn: after a 👺 kobold, the same seat's next one."""
        return key == "roll"

    def phrase(self, event: dict, names: list[str]) -> Phrase | None:
        kind, seat = event["type"], event.get("seat")
        if kind == "roll":
            return Phrase(seat, _("rolled {dice}", dice=dice_text(event["dice"])))
        if kind == "reroll":  # the dice kept are the others
            return Phrase(
                seat,
                _(
                    "rerolled {dice} into {new}",
                    dice=dice_text(event["before"]),
                    new=dice_text(event["new"]),
                ),
            )
        if kind == "stop":
            return Phrase(seat, _("kept all the dice"))
        if kind == "chip":
            if not event["taken"]:
                return Phrase(seat, _("earned a 💎 chip, but none are left"))
            if event["source"] == "dice":
                return Phrase(seat, _("took a 💎 chip for two 💎 dice"))
            return Phrase(seat, _("took a 💎 chip on a 💎 field"), detail=True)
        if kind in ("move", "clover"):
            colour, start, to = event["colour"], event["from"], event["to"]
            stone, field = FACE_ICON[colour], f"{to}{mark(colour, to)}"
            if start == 0:
                text = _("moved a new {stone} stone onto {to}", stone=stone, to=field)
            else:
                text = _(
                    "moved their {stone} stone {start} → {to}", stone=stone, start=start, to=field
                )
            if kind == "clover":
                text = "🍀 " + text
            if event.get("lost"):
                text += _(" ({n} more lost past field 9)", n=event["lost"])
            # a clover's step: a detail of the move that reached the clover
            return Phrase(seat, text, detail=kind == "clover")
        if kind == "clover_unused":
            return Phrase(seat, _("had no stone the 🍀 clover could move"), detail=True)
        if kind == "clover_skip":
            return Phrase(seat, _("let the 🍀 clover be"), detail=True)
        if kind == "pass":
            return Phrase(seat, _("passed"))
        if kind == "extra_turn":
            return Phrase(seat, _("took another turn for the 👺 kobold"))
        if kind == "game_end":
            scores = " · ".join(f"{names[i]} {p}" for i, p in enumerate(event["scores"]))
            return Phrase(
                None,
                _(
                    "Game {n} (side {side}) is over: {reason}. {scores}",
                    n=event["game"],
                    side=event["side"],
                    reason=end_reason(event["reason"]),
                    scores=scores,
                ),
            )
        if kind == "game_start":
            return Phrase(
                None,
                _(
                    "Game {n} on side {side} begins; **{name}** starts.",
                    n=event["game"],
                    side=event["side"],
                    name=names[event["seat"]],
                ),
            )
        return super().phrase(event, names)

    # -- images ---------------------------------------------------------------
    def render_board(self, view: dict, names: list[str]) -> bytes | None:
        return render(view, names)

    def seat_box(self, view: dict, seat: int) -> tuple[float, float, float, float]:
        return player_box(seat, len(view["chips"]))

    def board_words(self, view: dict, names: list[str], outcome: dict | None) -> str:
        return alt(view, names, outcome)

    # -- embeds ---------------------------------------------------------------
    #: every decision is a public button on the table (D-7)
    @property
    def ping_hint(self) -> str:
        return _(
            "Press ▶️ **Your move** below to play (a roll with nothing to choose is "
            "made for you), or use the buttons on the table."
        )

    def decision(self, view: dict) -> str:
        dice = dice_text(view["dice"])
        phase = view["phase"]
        if phase == "roll":
            return _("Roll the dice.")
        if phase == "reroll":
            return _(
                "You rolled {dice}: keep them all, or keep some and reroll the others.", dice=dice
            )
        if phase == "move":
            return _("Move a stone with {dice}, or pass.", dice=dice)
        if phase == "clover":
            icon = FACE_ICON.get(view.get("clover_for") or "", "")
            return _("A 🍀 clover with {icon}: move one stone one field on, or skip.", icon=icon)
        return super().decision(view)

    def status_line(self, view: dict, names: list[str], to_act: tuple[int, ...]) -> str:
        phase = view["phase"]
        who = f"**{names[view['current']]}** {marker(view['current'])}"
        dice = dice_text(view["dice"])
        if phase == "roll":
            line = _("{who} to roll the dice.", who=who)
        elif phase == "reroll":
            line = _("{who} rolled {dice} — keep them all or reroll some.", who=who, dice=dice)
        elif phase == "move":
            line = _("{who} to move with {dice} (or pass).", who=who, dice=dice)
        elif phase == "clover":
            icon = FACE_ICON.get(view.get("clover_for") or "", "")
            line = _(
                "{who} reached a 🍀 clover with {icon}: one stone one field on, or skip.",
                who=who,
                icon=icon,
            )
        else:
            return _("The game is over.")
        return f"{side_text(view)}\n{line}"

    def public_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        fields = [(_("Players"), self.players_text(view, names))]
        for colour in COLOURS:
            fields.append((row_title(colour), row_cells(colour, view["side"], view["stones"])))
        fields.append((_("Game"), self.game_text(view)))
        return fields

    def players_text(self, view: dict, names: list[str]) -> str:
        lines = []
        for seat, name in enumerate(names[: len(view["stones"])]):  # one per seat
            placed = len(view["stones"][seat])
            lines.append(
                _(
                    "{marker} **{name}** · {chips} · stones {placed}/{stones} · score {score}",
                    marker=marker(seat),
                    name=name,
                    chips=chips_text(view["chips"][seat]),
                    placed=placed,
                    stones=STONES_PER_PLAYER,
                    score=view["scores"][seat],
                )
            )
        return clip("\n".join(lines))

    def game_text(self, view: dict) -> str:
        lines = [
            _(
                "Stones in goal areas (7-9): {n}/{end} · chips left: {chips}",
                n=view["goal_stones"],
                end=view["goal_stones_to_end"],
                chips=view["supply"],
            ),
            _(
                "Fields: {points}",
                points=" ".join(f"{f}:{FIELD_POINTS[f]:+d}" for f in range(1, FIELDS + 1)),
            ),
        ]
        for number, game in enumerate(view["finished_games"], 1):
            scores = " · ".join(f"{marker(s)} {p}" for s, p in enumerate(game["scores"]))
            lines.append(
                _("Game {n} (side {side}): {scores}", n=number, side=game["side"], scores=scores)
            )
        return clip("\n".join(lines))

    def private_fields(self, view: dict, names: list[str] | None = None) -> list[tuple[str, str]]:
        """Nothing is secret (D-7): the seat's own summary (the dice are in
        the status line)."""
        seat = view.get("seat")
        if seat is None:
            return []
        mine = view["stones"][seat]
        stones = " · ".join(f"{FACE_ICON[c]} {f}" for c, f in mine.items()) or _("none yet")
        summary = _(
            "{marker} {stones} ({left} left) · {chips} · score {score}",
            marker=marker(seat),
            stones=stones,
            left=STONES_PER_PLAYER - len(mine),
            chips=chips_text(view["chips"][seat]),
            score=view["scores"][seat],
        )
        return [(_("Your stones"), summary)]

    def decision_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """Everyone's chips and score, and the rows with every stone: where
        a move lands and whom it passes."""
        rows = [(row_title(c), row_cells(c, view["side"], view["stones"])) for c in COLOURS]
        return [(_("Players"), self.players_text(view, names)), *rows]

    def panel_embed(
        self,
        *,
        match_id: int,
        view: dict,
        names: list[str],
        seat: int,
        to_act: tuple[int, ...],
        seq: int,
        note: str | None = None,
        recent: Sequence[str] = (),
    ) -> discord.Embed:
        """The base panel, with the board's side under the decision."""
        embed = super().panel_embed(
            match_id=match_id,
            view=view,
            names=names,
            seat=seat,
            to_act=to_act,
            seq=seq,
            note=note,
            recent=recent,
        )
        if seat in to_act:
            embed.description = f"{embed.description or ''}\n{side_text(view)}"
        return embed

    def outcome_lines(self, outcome: dict, names: list[str]) -> list[str]:
        lines = []
        ranked = sorted(enumerate(outcome["breakdown"]), key=lambda p: -p[1]["total"])
        for seat, b in ranked:
            crown = "🏆 " if seat in outcome["winners"] else ""
            games = b["games"]
            if len(games) == 1:
                detail = breakdown_text(games[0])
            else:
                detail = " + ".join(
                    f"{g['side']} {g['total']} ({breakdown_text(g)})" for g in games
                )
            lines.append(
                f"{crown}{marker(seat)} "
                + _(
                    "**{name}**: {total} ({detail})",
                    name=names[seat],
                    total=b["total"],
                    detail=detail,
                )
            )
        ends = [
            _("game {side}: {reason}", side=g["side"], reason=end_reason(g["reason"]))
            for g in outcome.get("games", [])
        ]
        if ends:
            lines.append(_("Ended — {ends}.", ends=_("; ").join(ends)))
        return lines


PRESENTER = KeltisDicePresenter()
