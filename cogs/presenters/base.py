"""What every presenter provides, with a plain fallback for any game.

A presenter turns an engine view (a JSON dict) and action keys into words and
embeds. It decides nothing: what is legal, whose turn it is and who won all
come from the engine. Presenters are pure (no I/O), so they are unit-tested
directly; the components are built generically in `cogs/play/panels.py`.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import discord

from cogs.i18n import N_, _, ngettext
from cogs.presenters.image_cache import BOARDS
from cogs.presenters.lessons import Lesson
from rules import Action

EMBED_COLOUR = 0x2F855A
MAX_FIELD = 1024
#: Discord's limits on an embed: characters in all, and fields
MAX_EMBED = 6000
MAX_FIELDS = 25
#: Discord's limit on an attachment's description (its alt text)
MAX_ALT = 1024


def clip(text: str, limit: int = MAX_FIELD) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plural(n: int, word: str) -> str:
    """`plural(2, "card")` -> "2 cards" (English only; being replaced by ngettext)."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def cards(n: int) -> str:
    """`cards(2)` -> "2 cards" (in the current language)."""
    return ngettext("{n} card", "{n} cards", n)


def clip_lines_from_end(lines: list[str], limit: int = MAX_FIELD) -> str:
    """The last lines that fit in `limit` characters (the newest matter most),
    with "…" in front when older ones were left out."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        line = clip(line, limit - 2)
        if size + len(line) + 1 > limit - 2:
            break
        kept.append(line)
        size += len(line) + 1
    text = "\n".join(reversed(kept))
    return text if len(kept) == len(lines) else "…\n" + text


def cell(value: object) -> str:
    """A view's value in a text table: lists joined, yes/no as marks."""
    if value is None or value == []:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "—"
    if isinstance(value, list):
        return " · ".join(map(str, value))
    return clip(str(value))


def bold_names(names: list[str], seats) -> str:
    """The seats' names in bold, listed the current language's way."""
    return _(", ").join(f"**{names[s]}**" for s in seats)


def board_view(view: dict, outcome: dict | None) -> dict:
    """What a board is drawn from: the public view, and once the game is
    over the outcome's public facts (final scores, the winners' seats; never
    a hand), under `"outcome"`, for the winner banner. It is what the image
    cache keys and the board worker is sent."""
    if not outcome:
        return view
    public = {"scores": list(outcome.get("scores", ())), "winners": list(outcome["winners"])}
    return {**view, "outcome": public}


def board_files(image: bytes | None, alt: str | None, filename: str) -> list[discord.File]:
    """A board picture as a message's one file (fresh: discord.py consumes
    it when sending), with its alt text as Discord's attachment description
    (screen readers, clients that show no images)."""
    if not image:
        return []
    description = clip(alt, MAX_ALT) if alt else None
    return [discord.File(io.BytesIO(image), filename=filename, description=description)]


def names_list(names: Sequence[str], seats) -> str:
    """Plain names listed the current language's way."""
    return _(", ").join(names[s] for s in seats)


@dataclass(frozen=True, slots=True)
class Phrase:
    """An event in words: `seat` is the subject (None: a sentence of its
    own); `detail` phrases add to the previous phrase of the same subject
    in parentheses (a private draw: "drew from the draw pile (🟢7)")."""

    seat: int | None
    text: str
    detail: bool = False


def sentences(parts: list[str]) -> str:
    """Whole sentences one after the other, as the language writes them:
    a space between them in English, none in Japanese (after 。)."""
    text = ""
    for part in filter(None, parts):
        text = _("{earlier} {later}", earlier=text, later=part) if text else part
    return text


def turn_alt(view: dict, names: list[str], outcome: dict | None) -> str:
    """ "Alice won." / "Alice and Bob won (tied)." / "Bob to play." from
    the outcome, else the view's seats owing a decision."""
    if outcome is not None:
        winners = outcome.get("winners") or []
        if not winners:
            return _("The game is over.")
        return ngettext(
            "{names} won.", "{names} won (tied).", len(winners), names=names_list(names, winners)
        )
    to_act = view.get("to_act")
    if to_act is None and view.get("current") is not None:
        to_act = [view["current"]]
    if not to_act:
        return ""
    return _("{names} to play.", names=names_list(names, to_act))


class Presenter:
    game_id: str | None = None
    title: str = N_("Game")
    colour: int = EMBED_COLOUR
    rules_summary: str = N_("No summary yet for this game.")
    #: the table's button that opens a player's private panel
    hand_label: str = N_("My hand")
    #: placeholder of the select that picks a group (e.g. a card) in the panel
    group_placeholder: str = N_("Choose a card…")
    #: placeholder of the panel's list of whole turns, each one click
    turn_placeholder: str = N_("Your whole turn in one click…")
    #: placeholder of the panel's further lists of whole turns (the rarer ones)
    more_turns_placeholder: str = N_("More whole turns…")
    #: placeholder of the panel's list of single decisions beside whole turns
    step_placeholder: str = N_("Or one decision at a time…")
    #: placeholder of the select that marks items (e.g. dice to reroll) in the panel
    marking_placeholder: str = N_("Choose what to mark…")
    #: a decision offered joined to each move before it, so a "move, then
    #: draw" turn is one click: what the label adds for it (`follows`)
    then_words: str = N_("then draw")
    #: the bots' evaluation of this game is in its own points (about), so a
    #: hint tells how much better its move is in points; otherwise only
    #: "clearly better" or "about as good" (cogs/play/hints.py)
    hint_points: bool = False
    #: event types told in no words (the next phrase or the table says it all)
    silent_events: frozenset[str] = frozenset({"over"})
    #: the view's values the table lists in text, with their words (`N_`): the
    #: table of a game without a board picture (`table_fields`)
    table_words: Mapping[str, str] = {}
    #: decisions a player may have made for them when it is their only one
    #: (`/game notify quick_pass:`, cogs/play/quick_pass.py): verb -> what
    #: that means, and what a quick pass then tells the other players (`N_`)
    quick_passes: Mapping[str, str] = {}
    #: a learn match's explanation of each kind of decision the engine names
    #: (`Game.decision_kinds` -> `Lesson`, cogs/presenters/lessons.py)
    lessons: Mapping[str, Lesson] = {}

    @property
    def ping_hint(self) -> str:
        """Where a player told it's their move clicks to make it (the turn
        ping, DM and reminder add it)."""
        return _("Press **Your move** below (or **{hand}** on the table).", hand=_(self.hand_label))

    # -- actions --------------------------------------------------------------
    def label(self, action: Action, view: dict) -> str:
        """Button text for an action (max 80 chars)."""
        return action.key()

    def group(self, action: Action) -> str | None:
        """Actions of one group are offered together after the player picks
        the group (e.g. a card, then what to do with it). None: offered
        directly."""
        return action.args[0] if len(action.args) > 1 else None

    def group_label(self, group: str, view: dict) -> str:
        return group

    #: event types whose phrases are the turn's details, told in one
    #: parenthesis after its sentence (the dice rolled: cogs/history/story.py)
    asides: frozenset[str] = frozenset()

    @staticmethod
    def answers(key: str) -> bool:
        """Does the action `key` answer the move in progress, so that it
        belongs to the turn of the seat that made that move (Cuttle's
        counters)? The story tells a turn as one entry (story.py)."""
        return False

    @staticmethod
    def opens_turn(key: str) -> bool:
        """Does the action `key` always open a new turn, even by the seat
        that just moved (a Cucco card, the dice game's roll)?"""
        return False

    def follows(self, action: Action) -> bool:
        """Is `action` the usual next decision of a turn (the draw after a
        card is played), offered joined to the decisions before it so that
        an ordinary turn is one click? The engine says where it is legal
        (cogs/play/hand_panels.py); the rarer paths stay a click further."""
        return False

    def turn_tier(self, keys: list[str]) -> int:
        """How usual a whole turn (its action keys) is: 0 the most. The
        panel offers whole turns tier by tier, each tier whole, as far as
        they fit beside the single decisions (cogs/play/panels.py); every
        whole turn is also offered under its first decision's group (its
        card), one click further."""
        return 0

    def joined_label(self, steps: list[tuple[Action, Callable[[], dict]]]) -> str:
        """The label of decisions made in one click, each with the view it
        is made from (drawn when asked: most words need none): the first
        move's label, then each usual follow-up's words."""
        (first, view), *rest = steps
        words = [self.label(first, view())] + [self.follow_words(a, v) for a, v in rest]
        return _(", ").join(words)

    def follow_words(self, action: Action, view: Callable[[], dict]) -> str:
        """A follow-up decision in a joined label ("then draw")."""
        return _(self.then_words)

    def is_public(self, action: Action) -> bool:
        """Public decisions also get buttons on the table message."""
        return False

    # -- decisions made by marking items (dice to reroll) ----------------------
    def toggles(self, view: dict) -> list[str] | None:
        """Labels of the items a decision is made by marking (one toggle
        button each), or None when the decision is an ordinary choice."""
        return None

    def toggle_moves(self, view: dict, mask: int) -> list[tuple[str, str]]:
        """The moves on offer with the items of `mask` marked, as (key,
        label); a key may join two actions with `+` (cogs/play/hand_panels.py)."""
        return []

    # -- the story: events in words ------------------------------------------
    def phrase(self, event: dict, names: list[str]) -> Phrase | None:
        """One event in words, or None for an event that needs no words (a
        turn passing on, a marker). `names` are the seats' names when it
        happened. The phrase's subject is a seat's name, added by the
        story-teller (cogs/history/story.py), which joins a seat's phrases into one
        sentence; phrases with no subject stand alone."""
        if event["type"] == "concede":
            return Phrase(event["seat"], _("conceded"))
        return None

    # -- images ---------------------------------------------------------------
    def table_image(
        self, view: dict, names: list[str], outcome: dict | None = None
    ) -> bytes | None:
        """The PNG shown in the table embed, or None, drawn here (tests,
        benches; the bot asks `board_pool.board_image`, which draws in a
        worker process); an unchanged view is drawn once (`image_cache`).
        `outcome`: the finished game's, for the winner banner."""
        return BOARDS.get(self.game_id, board_view(view, outcome), names, self.render_board)

    def render_board(self, view: dict, names: list[str]) -> bytes | None:
        """Draw the board of a public view (`Match.view(None)`), or None for
        no picture. Pure: it runs in a worker process (or thread). Optional:
        without it the table is text alone (`table_fields`)."""
        return None

    @property
    def has_board(self) -> bool:
        """Does this game draw a board picture?"""
        return type(self).render_board is not Presenter.render_board

    def seat_box(self, view: dict, seat: int) -> tuple[float, float, float, float] | None:
        """Where a seat's block lies on the board picture of this public view
        (x0, y0, x1, y1, without the winner banner): the part its turn marker
        lights up. None: the game does not say (no board, or a board that
        does not declare it); the shared board checks then test the marker
        without its place."""
        return None

    def board_words(self, view: dict, names: list[str], outcome: dict | None) -> str:
        """What the board picture shows, in words (a game with a board says
        it all, from its board module); by default who won or whose turn."""
        return turn_alt(view, names, outcome)

    def board_alt(self, view: dict, names: list[str], outcome: dict | None) -> str:
        """The board picture in words, its alt text (Discord's attachment
        `description`, at most `MAX_ALT` characters): the game, whose turn
        it is or who won, each player's score or position, the public piles.
        Drawn from the public view and the outcome only: the game's name,
        then `board_words`."""
        words = self.board_words(view, names, outcome)
        head = _("Board of {game}.", game=_(self.title))
        return clip(sentences([head, words]), MAX_ALT)

    # -- embeds ---------------------------------------------------------------
    def status_line(self, view: dict, names: list[str], to_act: tuple[int, ...]) -> str:
        if not to_act:
            return _("The game is over.")
        return _("Waiting for {who}.", who=bold_names(names, to_act))

    def public_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """(name, value) embed fields showing the public view: its text table
        (`table_fields`), or the bare view for a game with no words at all."""
        if self.table_words:
            return self.table_fields(view, names)
        return [(_("Table"), clip(f"```{view}```"))]

    def table_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """The view as a text table, in `table_words`' words: a field per
        value of the view's own, then a field per player (named by the seat)
        with that player's values of `view["players"]`."""
        words = self.table_words
        fields = [(_(w), cell(view[k])) for k, w in words.items() if k in view and k != "players"]
        for seat, player in enumerate(view.get("players", ())):
            lines = [f"{_(w)}: {cell(player[k])}" for k, w in words.items() if k in player]
            fields.append((names[seat], "\n".join(lines)))
        return fields

    def private_fields(self, view: dict, names: list[str] | None = None) -> list[tuple[str, str]]:
        """(name, value) fields only the seat's owner may see (their hand);
        `names` the seats' names, where a field names other players."""
        if "hand" in view:
            return [(_("Your hand"), clip(", ".join(map(str, view["hand"])) or _("(empty)")))]
        return []

    def decision_fields(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """(name, value) fields of the public view a player needs for their
        decision (the others' cards on the table, the trick…), so the panel
        spares them scrolling back to the table; none by default."""
        return []

    def learn_review(self, view: dict, outcome: dict, seat: int) -> list[str]:
        """The end of a learn match: one or two translated lines on what the
        learner (`seat`) did well or missed, read from the final view and the
        outcome (never a rule re-derived here). None to say: []."""
        return []

    def outcome_lines(self, outcome: dict, names: list[str]) -> list[str]:
        lines = []
        for seat, score in sorted(enumerate(outcome["scores"]), key=lambda p: -p[1]):
            crown = "🏆 " if seat in outcome["winners"] else ""
            lines.append(f"{crown}**{names[seat]}**: {score}")
        return lines

    def table_embed(
        self,
        *,
        match_id: int,
        view: dict,
        names: list[str],
        to_act: tuple[int, ...],
        recent: list[str],
        outcome: dict | None,
        seq: int,
    ) -> discord.Embed:
        """The public table; `recent` the sentences of the moves since the
        previous human turn (cogs/history/story.py)."""
        embed = discord.Embed(
            title=_("{game} · match #{match}", game=_(self.title), match=match_id),
            colour=self.colour,
        )
        if outcome is not None:
            embed.description = (
                _("**Game over.**") + "\n" + "\n".join(self.outcome_lines(outcome, names))
            )
        else:
            embed.description = self.status_line(view, names, to_act)
        for name, value in self.public_fields(view, names):
            embed.add_field(name=name, value=value or "—", inline=False)
        if recent:
            embed.add_field(name=_("Recent moves"), value=clip_lines_from_end(recent), inline=False)
        embed.set_footer(text=_("move {n}", n=seq))
        return embed

    def decision(self, view: dict) -> str:
        """What the seat owing a decision is asked, in words ("Play a card or
        discard one"), read from its own view."""
        return _("Choose your move below.")

    def decision_line(self, view: dict, note: str | None = None) -> str:
        """The panel's first line when its owner owes a decision."""
        asked = self.decision(view)
        return _("**Your decision:** {asked}", asked=f"{asked[:1].upper()}{asked[1:]}") + (
            f"\n{note}" if note else ""
        )

    def panel_over_line(self, view: dict, to_act: tuple[int, ...]) -> str | None:
        """The panel's first line once the game is over; None while it is not."""
        return None if to_act else _("The game is over.")

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
        """The seat's private panel: the decision, its private fields, the
        public ones its decision needs (while the game runs), and `recent`,
        the story since its last turn (cogs/history/story.py), clipped to
        what room Discord's limits leave."""
        embed = discord.Embed(
            title=_("{game} · match #{match} · your seat", game=_(self.title), match=match_id),
            colour=self.colour,
        )
        over = self.panel_over_line(view, to_act)
        if over is not None:
            embed.description = over
        elif seat in to_act:
            embed.description = self.decision_line(view, note)
        else:
            embed.description = self.status_line(view, names, to_act)
        embed.set_footer(text=_("move {n}", n=seq))
        fields = list(self.private_fields(view, names))
        if over is None:
            fields += self.decision_fields(view, names)
        title = _("Since your last turn")
        room = MAX_EMBED - (len(title) + 200 if recent else 0)  # a few lines of the story
        for name, value in fields:
            if len(embed.fields) >= MAX_FIELDS - 1 or len(embed) + len(name) + len(value) > room:
                break  # what matters most comes first: the private fields
            embed.add_field(name=name, value=value or "—", inline=False)
        if recent:
            room = min(MAX_FIELD, MAX_EMBED - len(embed) - len(title))
            if room > 40:
                embed.add_field(
                    name=title, value=clip_lines_from_end(list(recent), room), inline=False
                )
        return embed
