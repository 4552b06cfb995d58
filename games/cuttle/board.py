"""Cuttle's table as a PNG, drawn from the public view.

One band per player (seat 0 above, seat 1 below, the middle between them):
the point cards they control, each with the jacks on it below it (a stolen
card carries its owner's seat colour), and their permanents (kings,
queens, an 8 as glasses). The middle holds the deck, the scrap's top card,
a pending one-off with its target and its chain of 2s, and a card revealed
by a 7. The built-in font has no suit signs, so suits are drawn.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import sentences, turn_alt
from cogs.presenters.drawing import (
    BACKGROUND,
    BANNER,
    GOLD,
    HIGHLIGHT,
    INK,
    LINE,
    MIN_TEXT,
    MUTED,
    PANEL,
    TURN,
    VALUE_TEXT,
    WHITE,
    WIDTH,
    board_words,
    canvas,
    card,
    circle,
    fit,
    fixed_palette,
    name_tag,
    plain_name,
    seat_disc,
    swatch,
    text,
    to_png,
    turn_marker,
    with_banner,
)

CARD_W, CARD_H = 62, 86
JACK_H, JACK_STEP = 44, 36  # the jacks on a card hang below it, first on top
HEAD = 46
MIDDLE_H = 150
STEP = CARD_W + 8
RED = (200, 30, 40)
BACK = (70, 90, 130)
PERM_NAME = {"k": N_("king"), "q": N_("queen"), "8": N_("glasses")}
RANK = {"a": "A", "j": "J", "q": "Q", "k": "K"}


def rank_of(code: str) -> str:
    return code[:-1]


def _suit(draw: ImageDraw.ImageDraw, x: float, y: float, suit: str, s: float) -> None:
    """A suit sign of size `s` centred on (x, y)."""
    colour = RED if suit in "dh" else INK
    if suit == "d":
        draw.polygon(
            ((x, y - s / 2), (x + s * 0.38, y), (x, y + s / 2), (x - s * 0.38, y)), fill=colour
        )
        return
    if suit == "h":
        circle(draw, x - s * 0.22, y - s * 0.15, s * 0.26, fill=colour)
        circle(draw, x + s * 0.22, y - s * 0.15, s * 0.26, fill=colour)
        draw.polygon(
            ((x - s * 0.47, y - s * 0.06), (x + s * 0.47, y - s * 0.06), (x, y + s * 0.48)),
            fill=colour,
        )
        return
    if suit == "s":
        circle(draw, x - s * 0.22, y + s * 0.08, s * 0.24, fill=colour)
        circle(draw, x + s * 0.22, y + s * 0.08, s * 0.24, fill=colour)
        draw.polygon(((x - s * 0.46, y), (x + s * 0.46, y), (x, y - s * 0.5)), fill=colour)
    else:  # clubs
        circle(draw, x, y - s * 0.22, s * 0.22, fill=colour)
        circle(draw, x - s * 0.24, y + s * 0.08, s * 0.22, fill=colour)
        circle(draw, x + s * 0.24, y + s * 0.08, s * 0.22, fill=colour)
    draw.polygon(((x, y), (x - s * 0.18, y + s * 0.5), (x + s * 0.18, y + s * 0.5)), fill=colour)


def _card(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    code: str,
    h: float = CARD_H,
    outline=INK,
    width: int = 2,
) -> None:
    """A face: the rank in the top left corner, the suit beside or below it."""
    rank = rank_of(code)
    card(draw, (x, y, x + CARD_W, y + h), "", fill=WHITE, outline=outline, width=width)
    colour = RED if code[-1] in "dh" else INK
    text(draw, x + 6, y + 5, RANK.get(rank, rank), VALUE_TEXT, colour, anchor="la")
    if h < CARD_H:  # a jack below a card: the suit beside the rank
        _suit(draw, x + CARD_W - 17, y + 19, code[-1], 22)
    else:
        _suit(draw, x + CARD_W / 2, y + h - 26, code[-1], 30)


def _back(draw: ImageDraw.ImageDraw, x: float, y: float, label: str) -> None:
    card(draw, (x, y, x + CARD_W, y + CARD_H), label, fill=BACK, ink=WHITE)


def _band_height(view: dict) -> int:
    jacks = max((len(s["jacks"]) for s in view["stacks"]), default=0)
    return HEAD + CARD_H + jacks * JACK_STEP + 44


def height(view: dict) -> int:
    return MIDDLE_H + 2 * _band_height(view)


def band_box(view: dict, seat: int) -> tuple[float, float, float, float]:
    """Where a seat's band lies (without a banner): seat 0 on top."""
    band = _band_height(view)
    y = 0 if seat == 0 else band + MIDDLE_H
    return (4, y + 3, WIDTH - 4, y + band - 3)


def _band(
    draw: ImageDraw.ImageDraw, y: float, view: dict, seat: int, names: list[str], acting: bool
) -> None:
    player = view["players"][seat]
    left, ink = 10.0, INK
    if acting:
        box = band_box(view, seat)
        left, ink = turn_marker(draw, box, box[1] + HEAD - 3), WHITE
    name_tag(draw, left, y + HEAD / 2, seat, names[seat], 300, ink=ink)
    head = board_words(
        "{points}/{target} points · hand {hand}",
        points=player["points"],
        target=player["target"],
        hand=player["hand_size"],
    )
    if player["dealer"]:
        head += board_words(" · dealer")
    text(draw, WIDTH - 12, y + HEAD / 2, head, MIN_TEXT, ink, anchor="rm")
    perms = player["permanents"]
    perm_x = WIDTH - 12 - len(perms) * (CARD_W + 20)
    stacks = [s for s in view["stacks"] if s["controller"] == seat]
    room = perm_x - 24 - CARD_W
    step = min(STEP, room / max(len(stacks) - 1, 1))
    top = y + HEAD + 6
    for n, stack in enumerate(stacks):
        x = 12 + n * step
        _card(draw, x, top, stack["card"])
        for j, jack in enumerate(stack["jacks"]):
            _card(draw, x, top + CARD_H - 8 + j * JACK_STEP, jack, JACK_H)
        if stack["owner"] != seat:  # stolen: its owner's colour on it
            seat_disc(draw, x + CARD_W - 14, top + 16, 9, stack["owner"])
    if not stacks:
        text(
            draw, 12, top + CARD_H / 2, board_words("no point cards"), MIN_TEXT, MUTED, anchor="lm"
        )
    if perms:
        draw.line((perm_x - 12, top, perm_x - 12, top + CARD_H + 30), fill=LINE, width=2)
    for n, code in enumerate(perms):
        x = perm_x + n * (CARD_W + 20) + 10
        _card(draw, x, top, code)
        name = PERM_NAME[rank_of(code)]
        text(draw, x + CARD_W / 2, top + CARD_H + 16, board_words(name), MIN_TEXT, MUTED)


def _middle(draw: ImageDraw.ImageDraw, y: float, view: dict, names: list[str]) -> None:
    draw.rectangle((0, y, WIDTH, y + MIDDLE_H), fill=PANEL)
    cap, top = y + 20, y + 40
    text(draw, 12, cap, board_words("deck"), MIN_TEXT, MUTED, anchor="lm")
    _back(draw, 12, top, str(view["deck"]))
    scrap = view["scrap"]
    text(draw, 100, cap, board_words("scrap {n}", n=len(scrap)), MIN_TEXT, MUTED, anchor="lm")
    if scrap:
        _card(draw, 100, top, scrap[-1])
    x = 230
    pending = view["pending"]
    if pending and view["phase"] in ("counter", "take", "discard"):
        who = plain_name(names[view["current"]], view["current"])
        text(
            draw,
            x,
            cap,
            fit(board_words("one-off by {name}", name=who), MIN_TEXT, 360),
            MIN_TEXT,
            anchor="lm",
        )
        _card(draw, x, top, pending["card"], outline=GOLD, width=4)
        x += CARD_W + 10
        if pending["target"]:
            text(draw, x + 16, top + CARD_H / 2, board_words("on"), MIN_TEXT, anchor="mm")
            _card(draw, x + 34, top, pending["target"])
            x += CARD_W + 44
        for counter in pending["counters"]:
            text(draw, x + 8, top + CARD_H / 2, "<", VALUE_TEXT, RED)
            _card(draw, x + 20, top, counter, outline=RED, width=3)
            x += CARD_W + 26
    if view["revealed"]:
        x = max(x + 20, WIDTH - 12 - CARD_W - 60)
        text(draw, WIDTH - 12, cap, board_words("revealed by a 7"), MIN_TEXT, anchor="rm")
        _card(draw, WIDTH - 12 - CARD_W, top, view["revealed"], outline=GOLD, width=4)


def render(view: dict, names: list[str]) -> bytes:
    """The table for a public view (`Match.view(None)`), as PNG bytes."""
    band = _band_height(view)
    image, draw = canvas(height(view))
    acting = set(view["to_act"])
    _band(draw, 0, view, 0, names, 0 in acting)
    _middle(draw, band, view, names)
    _band(draw, band + MIDDLE_H, view, 1, names, 1 in acting)
    return to_png(with_banner(image, view, names), palette=_palette())


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """The colours of every Cuttle board (`drawing.fixed_palette`): its
    cards, backs, panels and marks, with their texts."""
    pairs = [
        (BACKGROUND, INK),
        (BACKGROUND, MUTED),
        (PANEL, MUTED),
        (WHITE, INK),
        (WHITE, RED),
        (BACK, WHITE),
        (HIGHLIGHT, INK),
        (TURN, WHITE),
        (BANNER, GOLD),
        (BANNER, WHITE),
        (GOLD, LINE),
    ]
    return fixed_palette(swatch(pairs))


SUIT_SIGN = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def _card_words(code: str) -> str:
    """A card as text reads it: "3♥", "K♠"."""
    return RANK.get(rank_of(code), rank_of(code)) + SUIT_SIGN.get(code[-1], "")


def alt(view: dict, names: list[str], outcome: dict | None) -> str:
    """The board in words (its alt text): whose turn or who won, each
    player's points and goal, hand size, point cards and permanents, the
    deck, the scrap pile's top and a one-off under way."""
    parts = [turn_alt(view, names, outcome)]
    for player in view["players"]:
        seat = player["seat"]
        mine = [s["card"] for s in view["stacks"] if s["controller"] == seat]
        parts.append(
            _(
                "{name}: {points} (goal {target}), {hand} in hand; point cards: {cards}; "
                "permanents: {perms}.",
                name=names[seat],
                points=ngettext("{n} point", "{n} points", player["points"]),
                target=player["target"],
                hand=ngettext("{n} card", "{n} cards", player["hand_size"]),
                cards=_(", ").join(map(_card_words, mine)) or _("none"),
                perms=_(", ").join(map(_card_words, player["permanents"])) or _("none"),
            )
        )
    parts.append(ngettext("Deck: {n} card.", "Deck: {n} cards.", view["deck"]))
    if view["scrap"]:
        top = _card_words(view["scrap"][-1])
        parts.append(_("Scrap pile: {n}, {top} on top.", n=len(view["scrap"]), top=top))
    if view["pending"]:
        parts.append(_("One-off under way: {card}.", card=_card_words(view["pending"]["card"])))
    if view["revealed"]:
        parts.append(_("Revealed by a 7: {card}.", card=_card_words(view["revealed"])))
    return sentences(parts)
