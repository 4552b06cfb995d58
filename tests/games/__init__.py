"""Games registered only in the tests, each a package of its own (GAMEHOST_GAMES)."""
