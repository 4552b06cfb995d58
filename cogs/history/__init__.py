"""History: looking back, an extension (cogs/history/extension.py).

Recent results, members' records and ratings, leaderboards, a match's log
and the replay of a finished one, its export; and the story (moves in
words) that the table's recent moves share.
"""
