"""Markers for the words rules/ hands to people (an option's name and
description): they return their English unchanged, so rules/ stays free of
languages, while Babel's extraction (babel.cfg, `make locales`) finds them
and the Discord layer translates them where they are shown."""

from __future__ import annotations


def N_(msgid: str) -> str:
    """A message to translate where it is shown."""
    return msgid


def P_(context: str, msgid: str) -> str:
    """A message whose English alone is ambiguous, with its context (an
    option's name is under "option")."""
    return msgid
