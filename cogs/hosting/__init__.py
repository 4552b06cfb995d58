"""Hosting: everything around the matches themselves, an extension
(cogs/hosting/extension.py).

Lobbies and `/game new`, hosts' moderation (cancel, kick, replace, pause,
resume, timers), the server's settings and language, players'
notification choice, deadlines (reminders and timeouts), help and rules,
and the server's data (kept while the bot is away, forgotten on request).
"""
