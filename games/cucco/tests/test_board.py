import random

from cogs.presenters.drawing import GOLD, LINE
from games.cucco import board as board
from rules import Match
from tests.cogs.presenters.board_helpers import near, pixels

NAMES = ["Ann", "Bo", "Cy", "Di", "Eve"]


def in_play(tricks: int) -> Match:
    """A deal after `tricks` whole tricks and two cards of the next."""
    match = Match.new("cucco", 5, "cucco-board")
    rnd = random.Random(5)
    while True:
        view = match.view(None)
        if (
            view["phase"] == "play"
            and len(view["tricks"]) == tricks
            and len(view["trick"]["cards"]) == 2
        ):
            return match
        seat = match.to_act()[0]
        match.act(seat, rnd.choice(match.legal(seat)), match.seq)


def place_x(i: int) -> int:
    return round(i * board.SLOT + (board.SLOT - board.CARD_W) / 2)


def test_the_trick_in_progress_from_its_leader_and_the_last_trick_with_its_winner():
    view = in_play(3).view(None)
    image = pixels(board.render(view, NAMES))
    y = board.TRICK_Y + board.CARD_H // 2
    for i in range(5):  # two cards played, three places still empty
        inside = image.getpixel((place_x(i) + 10, y))
        assert (
            near(inside, board.SUIT_STYLE["n"][0]) or near(inside, board.SUIT_STYLE["p"][0])
            if i < 2
            else near(inside, (239, 230, 210))
        )
    last = view["tricks"][-1]
    winner_place = (last["winner"] - last["leader"]) % 5
    for i in range(5):
        edge = image.getpixel((place_x(i) + 40, board.LAST_Y + 1))
        assert near(edge, GOLD, 30) == (i == winner_place)


def test_the_bidding_shows_each_seats_last_bid_or_pass():
    match = Match.new("cucco", 5, "cucco-bids")
    first = match.to_act()[0]
    match.act(first, next(a for a in match.legal(first) if a.verb == "pass"), match.seq)
    view = match.view(None)
    image = pixels(board.render(view, NAMES))
    assert view["phase"] == "bidding" and view["bids"] == [{"seat": first, "bid": None}]
    y = board.TRICK_Y + 2
    assert near(image.getpixel((place_x(0) + 40, y)), LINE, 8)  # an outline: passed
    assert near(image.getpixel((place_x(0) + 40, y + 20)), (239, 230, 210))
