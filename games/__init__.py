"""The built-in games, each one package of the shape every game has.

A game package exposes `GAME` (its engine, in `<package>.engine`, pure like
rules/), `PRESENTER` (its words and pictures) and, if it has one, `POLICY`
(its bots). It carries its own Japanese (`locales/ja.po`), its rules page
(`rules.md`) and its tests (`tests/`). The project declares these five as
entry points of the `gamehost.games` group in pyproject.toml, exactly as an
installed add-on game declares itself (docs/adding-a-game.md).
"""
