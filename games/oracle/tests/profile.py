"""How the shared end-to-end checks play the Oracle (tests/profiles.py): a
crawled match seats three, a bot among the two people."""

from tests.profiles import Profile

PROFILE = Profile(clicks=2, players=3, seed_words=("ケルト・スパイラル", "巫女"))
