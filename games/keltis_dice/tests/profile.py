"""How the shared end-to-end checks play the dice game (tests/profiles.py):
on the board's side B; a crawled match seats three, a bot among the two
people; a turn is a roll, then the dice's use: three clicks from the
notification (the default)."""

from tests.profiles import Profile

PROFILE = Profile(players=3, options={"side": "B"}, seed_words=("ケルト・ダイスゲーム", "コボルト"))
