"""How the shared end-to-end checks play Cucco (tests/profiles.py): one deal."""

from tests.profiles import Profile

PROFILE = Profile(clicks=2, options={"deals": 1}, seed_words=("5人用クク", "デクレアラー"))
