"""The game-independent part of the engine: actions, errors, RNG, registry, Match."""
