"""Play: running matches in Discord (the table, private panels, clicks,
pings and the seats nobody clicks for)."""
