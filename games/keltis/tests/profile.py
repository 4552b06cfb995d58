"""How the shared end-to-end checks play Keltis (tests/profiles.py)."""

from tests.profiles import Profile

PROFILE = Profile(clicks=2, seed_words=("ケルト", "願いの石"))
