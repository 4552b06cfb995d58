"""How the shared end-to-end checks play Cuttle (tests/profiles.py)."""

from tests.profiles import Profile

PROFILE = Profile(clicks=2, seed_words=("カトル", "横向きの8"))
