"""Race with a flag: `cards` is yes or no (play with cards or not), which no
slash option can offer beside Hidden bids' number of cards."""

from rules.core.options import BOOL, Option
from tests.cogs.hosting.card_games import race_with

GAME, PRESENTER = race_with(
    "race_flag",
    "Race with a flag",
    Option("with_cards", BOOL, "play with cards", default=False, label="cards"),
)
