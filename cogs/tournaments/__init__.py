"""Tournaments run by the bot (issue 31): the sign-up and the hosts' acts
(signups.py), the rounds paired and their matches opened (runner.py), the
standings message (board.py), all rebuilt from the store's record
(record.py) by the pure pairing of tournaments/."""
