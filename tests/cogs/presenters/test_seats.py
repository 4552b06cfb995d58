from cogs.presenters.drawing import COLOUR_FILL
from cogs.presenters.seats import SEAT_COLOURS, SEAT_EMOJI, SEAT_INK, seat_emoji
from games.keltis_dice import presenter as keltis_dice
from games.oracle import presenter as oracle
from rules import all_games


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def test_every_seat_of_every_game_has_its_own_colour_none_a_keltis_colour():
    most = max(game.kind.max_players for game in all_games().values())
    assert len(SEAT_COLOURS) == len(SEAT_EMOJI) == len(SEAT_INK) >= most
    assert len(set(SEAT_EMOJI)) == len(SEAT_EMOJI)
    for i, colour in enumerate(SEAT_COLOURS):
        for other in SEAT_COLOURS[i + 1 :]:
            assert distance(colour, other) > 100
        for fill in COLOUR_FILL.values():
            assert distance(colour, fill) > 60
    assert not set(SEAT_EMOJI) & {"🟤", "🟡", "🩷", "🟢", "🔵"}


def test_the_text_marks_a_seat_as_its_image_does():
    assert [keltis_dice.marker(s) for s in range(4)] == ["🔴", "⚪", "⚫", "🟣"]
    assert oracle.SEAT_EMOJI is SEAT_EMOJI
    assert seat_emoji(4) == "🟠"
