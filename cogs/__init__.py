"""Discord glue: the bot (app.py), the services it builds once
(services.py), and three extensions it hands them to (each its
`extension.py`).

- `cogs.play`: running matches (the table, private panels, clicks, pings)
  and the seat service, the one place bots move and seats change hands;
- `cogs.hosting`: lobbies and `/game new`, moderation, deadlines, the
  server's settings, help, and the server's data;
- `cogs.history`: results, stats, the log, replays and exports.

What they share sits here: the `/game` group (game_group.py), the
restart-proof components (components.py), replies, languages (i18n.py,
language.py), configuration and clock. One presenter per game lives in
cogs/presenters/.

No game logic lives here: what is legal, what happens and who won all come
from `rules/`; what is stored comes from `storage/`.
"""
