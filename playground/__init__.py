"""Trying the bot without Discord: a fake Discord the real bot connects to.

``playground.fake_discord`` speaks enough of Discord's REST API and gateway for
the real ``bot.py`` to run against it; the end-to-end tests and the benchmarks
drive it, and the playground (issue 33) shows it to a person in a browser.
"""
