"""Discord glue: slash commands, components, panels and one presenter per game.

No game logic lives here: what is legal, what happens and who won all come
from `rules/`; what is stored comes from `storage/`.
"""
