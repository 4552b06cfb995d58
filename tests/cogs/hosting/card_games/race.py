"""Race with cards: `cards` is how many cards are turned up before the race,
from 10 to 30 (Hidden bids takes 3 to 8, for another meaning)."""

from rules.core.options import INT, Option
from tests.cogs.hosting.card_games import race_with

GAME, PRESENTER = race_with(
    "race_cards",
    "Race with cards",
    Option(
        "face_up",
        INT,
        "how many cards are turned up before the race",
        low=10,
        high=30,
        label="cards",
        description="How many cards are turned up before the race",
    ),
)
