"""Play: running matches in Discord, an extension (cogs/play/extension.py).

The public table and its coalesced edits, players' private panels, the
move service (one load and one commit per move), the clicks that become
moves, turn pings, `/game hand|status|concede`, and the seat
service, which moves for bot seats and hands seats over.
"""
