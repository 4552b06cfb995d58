"""Words in the players' language, from gettext catalogues.

The catalogues are `locales/<lang>/LC_MESSAGES/messages.po` (English and
Japanese), extracted from the source with Babel (`make locales`, see the
README). A message id is the English text itself, so a message missing from
a catalogue falls back to English, never to a key. A game living in a
package of its own brings its words in its own catalogues (`add_catalogue`),
read after the shared one's.

Which language applies is decided where a message is sent, not where its
words are made: the entry point of an interaction, a table redraw or a ping
says `with speaking(lang):`, and everything worded below it (presenters,
replies, embeds) uses `_()`. A context variable carries the language, so it
follows the asyncio task (and `asyncio.to_thread`) without being passed
through every presenter call.

- `_(msgid, **params)`: the message in the current language, with its named
  `{placeholders}` filled in.
- `ngettext(singular, plural, n, **params)`: the plural form for `n` (`{n}`
  is filled in too).
- `N_(msgid)`: marks a message for extraction only; translate it at use.
"""

from __future__ import annotations

import gettext
import io
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
DOMAIN = "messages"
DEFAULT = "en"
#: the languages with a catalogue, and their names in their own words
LANGUAGES = {"en": "English", "ja": "日本語"}

_current: ContextVar[str] = ContextVar("language", default=DEFAULT)


def language_of(locale) -> str:
    """Our language for a Discord locale (`discord.Locale`, "ja", "en-US",
    None): its language part when we have a catalogue for it, else English."""
    if locale is None:
        return DEFAULT
    code = str(getattr(locale, "value", locale)).lower().replace("_", "-").split("-")[0]
    return code if code in LANGUAGES else DEFAULT


def _catalogue_files(lang: str) -> tuple[Path, Path]:
    folder = LOCALES_DIR / lang / "LC_MESSAGES"
    return folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"


#: language -> the catalogues games bring of their own (`add_catalogue`)
_extra: dict[str, list[Path]] = {}


def add_catalogue(lang: str, po: Path) -> None:
    """Read a game's own catalogue (its package's `locales/<lang>.po`) for
    `lang`, after the shared one: the shared catalogues stay untouched."""
    if po not in _extra.setdefault(lang, []):
        _extra[lang].append(po)
        translator_for.cache_clear()


def _compiled(po: Path, lang: str) -> gettext.GNUTranslations:
    """A .po compiled in memory."""
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@cache
def translator_for(locale) -> gettext.NullTranslations:
    """The compiled catalogue of a language, then the games' own. `make
    locales` compiles the .mo files; when one is missing or older than its
    .po (a checkout, an edit), the .po is compiled in memory, so the words
    shown are always the .po's."""
    lang = language_of(locale)
    po, mo = _catalogue_files(lang)
    translations: gettext.NullTranslations
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fh:
            translations = gettext.GNUTranslations(fh)
    elif po.exists():
        translations = _compiled(po, lang)
    else:
        translations = gettext.NullTranslations()
    for extra in _extra.get(lang, ()):
        translations.add_fallback(_compiled(extra, lang))
    if lang != DEFAULT:
        translations.add_fallback(translator_for(DEFAULT))
    return translations


def current() -> str:
    """The language words are made in now."""
    return _current.get()


@contextmanager
def speaking(locale):
    """Make the words inside the block in `locale`'s language."""
    token = _current.set(language_of(locale))
    try:
        yield
    finally:
        _current.reset(token)


def _fill(text: str, params: dict) -> str:
    return text.format(**params) if params else text


def _(msgid: str, **params) -> str:
    return _fill(translator_for(_current.get()).gettext(msgid), params)


def ngettext(singular: str, plural: str, n: int, **params) -> str:
    return _fill(translator_for(_current.get()).ngettext(singular, plural, n), {"n": n, **params})


def pgettext(context: str, msgid: str, **params) -> str:
    """A message whose English is ambiguous alone (an option's name)."""
    return _fill(translator_for(_current.get()).pgettext(context, msgid), params)


def N_(msgid: str) -> str:
    return msgid


def in_language(locale, msgid: str, **params) -> str:
    """One message in a given language, outside any `speaking` block."""
    with speaking(locale):
        return _(msgid, **params)
