"""Cucco's table as a PNG, drawn from the public view.

At the top the deal and the called card (with the partner as far as the
public knows); then the trick in progress, one place per seat from its
leader on (empty places are still to play), or during the bidding each
seat's last bid; then the last trick with its winner; at the bottom every
player's tricks, points and chips. Cards read as in the text: Roman
numerals for the numbers suit (blue), names for the pictures (red).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from cogs.i18n import _, ngettext
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
from games.cucco.card_words import board_face as face
from games.cucco.card_words import face as card_name
from games.cucco.card_words import suit
from games.cucco.engine import PLAYERS, TRICKS

SLOT = WIDTH / PLAYERS
CARD_W, CARD_H = 136, 84
SMALL_H = 52
HEAD = 96
TRICK_Y = HEAD + 36
TRICK_NAMES_Y = TRICK_Y + CARD_H + 22
LAST_Y = TRICK_NAMES_Y + 24 + 36
PLAYERS_Y = LAST_Y + SMALL_H + 16
HEIGHT = PLAYERS_Y + 152
SUIT_STYLE = {"n": ((226, 234, 250), (30, 60, 140)), "p": ((252, 228, 214), (150, 40, 30))}


def _card(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    code: str,
    h: float = CARD_H,
    outline=INK,
    width: int = 2,
    seat: int | None = None,
) -> None:
    """A card; with `seat`, who played it as a disc at its left."""
    fill, ink = SUIT_STYLE[suit(code)]
    card(draw, (x, y, x + CARD_W, y + h), "", fill=fill, outline=outline, width=width)
    shift = 0
    if seat is not None:
        seat_disc(draw, x + 18, y + h / 2, 9, seat)
        shift = 12
    text(draw, x + CARD_W / 2 + shift, y + h / 2, face(code), VALUE_TEXT, ink)


def _empty(draw: ImageDraw.ImageDraw, x: float, y: float, h: float = CARD_H) -> None:
    draw.rounded_rectangle((x, y, x + CARD_W, y + h), radius=6, outline=LINE, width=3)


def half(points: int) -> str:
    """Half points as a decimal (the built-in font has no ½)."""
    return f"{points // 2}.5" if points % 2 else str(points // 2)


def _head(draw: ImageDraw.ImageDraw, view: dict, names: list[str]) -> None:
    draw.rectangle((0, 0, WIDTH, HEAD), fill=PANEL)
    text(
        draw,
        12,
        24,
        board_words("deal {n} of {deals}", n=view["deal"], deals=view["deals"]),
        MIN_TEXT,
        anchor="lm",
    )
    if view["called"] is not None:
        declarer = view["declarer"]
        text(draw, 12, 66, board_words("called"), MIN_TEXT, MUTED, anchor="lm")
        _card(draw, 90, 44, view["called"], SMALL_H)
        who = plain_name(names[declarer], declarer)
        if view["partner"] is not None:
            side = board_words(
                "{who} with {partner}",
                who=who,
                partner=plain_name(names[view["partner"]], view["partner"]),
            )
        elif view["solo"]:
            side = board_words("{who} alone", who=who)
        else:
            side = board_words("{who}, partner secret", who=who)
        text(
            draw,
            90 + CARD_W + 14,
            70,
            fit(side, MIN_TEXT, WIDTH - CARD_W - 120),
            MIN_TEXT,
            anchor="lm",
        )
    elif view["current_bid"] is not None:
        text(draw, 12, 66, board_words("bid"), MIN_TEXT, MUTED, anchor="lm")
        _card(draw, 90, 44, view["current_bid"], SMALL_H)
        bidder = plain_name(names[view["bidder"]], view["bidder"])
        text(
            draw,
            90 + CARD_W + 14,
            70,
            fit(board_words("by {name}", name=bidder), MIN_TEXT, 400),
            MIN_TEXT,
            anchor="lm",
        )
    if view["team_half_points"] is not None:
        team = view["team_half_points"]
        text(
            draw,
            WIDTH - 12,
            24,
            board_words(
                "declarer's side {ours}, others {theirs}",
                ours=half(team["declarer"]),
                theirs=half(team["opponents"]),
            ),
            MIN_TEXT,
            anchor="rm",
        )


def _places(
    draw: ImageDraw.ImageDraw,
    y: float,
    first: int,
    cards: dict[int, str | None],
    h: float,
    winner: int | None = None,
    names: list[str] | None = None,
) -> None:
    """Five places from seat `first` on: a card, "pass" (None) or nothing yet;
    under each the seat's name, or without `names` its disc on the card."""
    for i in range(PLAYERS):
        seat = (first + i) % PLAYERS
        x = i * SLOT + (SLOT - CARD_W) / 2
        card = cards.get(seat)
        if seat not in cards:
            _empty(draw, x, y, h)
        elif card is None:
            _empty(draw, x, y, h)
            text(draw, x + CARD_W / 2, y + h / 2, board_words("pass"), MIN_TEXT, MUTED)
        else:
            won = seat == winner
            _card(
                draw,
                x,
                y,
                card,
                h,
                GOLD if won else INK,
                5 if won else 2,
                None if names else seat,
            )
        if names is not None:
            name_tag(draw, x, y + h + 22, seat, names[seat], CARD_W + 10)


def player_box(seat: int) -> tuple[float, float, float, float]:
    """Where a seat's entry in the players' strip lies (without a banner)."""
    x = seat * SLOT
    return (x + 3, PLAYERS_Y + 5, x + SLOT - 3, HEIGHT - 5)


def _players(draw: ImageDraw.ImageDraw, view: dict, names: list[str]) -> None:
    draw.rectangle((0, PLAYERS_Y, WIDTH, HEIGHT), fill=PANEL)
    draw.line((0, PLAYERS_Y, WIDTH, PLAYERS_Y), fill=LINE, width=2)
    acting = set(view["to_act"])
    for seat in range(PLAYERS):
        x = seat * SLOT
        left, ink = x + 8, INK
        if seat in acting:
            box = player_box(seat)
            left, ink = turn_marker(draw, box, PLAYERS_Y + 42), WHITE
        name_tag(draw, left, PLAYERS_Y + 24, seat, names[seat], x + SLOT - 6 - left, ink=ink)
        role = board_words("dealer") if seat == view["dealer"] else ""
        if seat == view["declarer"]:
            role = board_words("declarer")
        elif seat == view["partner"]:
            role = board_words("partner")
        chips = view["chips"][seat]
        lines = (
            board_words("tricks {n}", n=view["tricks_won"][seat]),
            board_words("points {n}", n=half(view["half_points"][seat])),
            board_words("chips {n}", n=f"{chips:+d}" if chips else "0"),
        )
        for n, line in enumerate(lines):
            text(draw, x + 12, PLAYERS_Y + 54 + n * 25, line, MIN_TEXT, anchor="lm")
        if role:
            text(draw, x + 12, PLAYERS_Y + 54 + 3 * 25, role, MIN_TEXT, MUTED, anchor="lm")


def render(view: dict, names: list[str]) -> bytes:
    """The table for a public view (`Match.view(None)`), as PNG bytes."""
    image, draw = canvas(HEIGHT)
    _head(draw, view, names)
    if view["phase"] == "bidding":
        text(draw, 12, TRICK_Y - 18, board_words("bids"), MIN_TEXT, MUTED, anchor="lm")
        bids = {b["seat"]: b["bid"] for b in view["bids"]}
        _places(draw, TRICK_Y, (view["dealer"] + 1) % PLAYERS, bids, CARD_H, names=names)
    else:
        trick = view["trick"]
        if len(view["tricks"]) < TRICKS:
            text(
                draw,
                12,
                TRICK_Y - 18,
                board_words("trick {n} of {tricks}", n=len(view["tricks"]) + 1, tricks=TRICKS),
                MIN_TEXT,
                MUTED,
                anchor="lm",
            )
            _places(draw, TRICK_Y, trick["leader"], dict(trick["cards"]), CARD_H, names=names)
        else:
            text(
                draw,
                WIDTH / 2,
                TRICK_Y + CARD_H / 2,
                board_words("all {n} tricks played", n=TRICKS),
                VALUE_TEXT,
                MUTED,
            )
        if view["tricks"]:
            last = view["tricks"][-1]
            winner = plain_name(names[last["winner"]], last["winner"])
            text(
                draw,
                12,
                LAST_Y - 18,
                fit(board_words("last trick, won by {name}", name=winner), MIN_TEXT, WIDTH),
                MIN_TEXT,
                MUTED,
                anchor="lm",
            )
            _places(draw, LAST_Y, last["leader"], dict(last["cards"]), SMALL_H, last["winner"])
    _players(draw, view, names)
    return to_png(with_banner(image, view, names), palette=_palette())


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """The colours of every Cucco board (`drawing.fixed_palette`): its two
    suits' cards, the panels and marks, with their texts."""
    pairs = [
        (BACKGROUND, INK),
        (BACKGROUND, MUTED),
        (PANEL, INK),
        (PANEL, MUTED),
        (HIGHLIGHT, INK),
        (TURN, WHITE),
        (BANNER, GOLD),
        (BANNER, WHITE),
        (GOLD, LINE),
        *SUIT_STYLE.values(),
    ]
    return fixed_palette(swatch(pairs))


def alt(view: dict, names: list[str], outcome: dict | None) -> str:
    """The board in words (its alt text): whose turn or who won, the deal,
    the call, each player's tricks, card points and chips, and the trick on
    the table."""
    parts = [turn_alt(view, names, outcome)]
    parts.append(_("Deal {n} of {deals}.", n=view["deal"], deals=view["deals"]))
    for seat, name in enumerate(names):
        chips = view["chips"][seat]
        parts.append(
            _(
                "{name}: {chips}, {tricks}, {points} card points.",
                name=name,
                chips=ngettext("{n} chip", "{n} chips", chips),
                tricks=ngettext("{n} trick", "{n} tricks", view["tricks_won"][seat]),
                points=half(view["half_points"][seat]),
            )
        )
    trick = view.get("trick") or {}
    if view["phase"] != "bidding" and trick.get("cards"):
        cards = _(", ").join(
            _("{name} {card}", name=names[seat], card=card_name(card))
            for seat, card in trick["cards"]
        )
        parts.append(_("On the table: {cards}.", cards=cards))
    return sentences(parts)
