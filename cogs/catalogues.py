"""Checks and chores on the message catalogues (`make locales`, the tests).

`python -m cogs.catalogues check` fails (exit 1, one line per problem) when a
message marked in the source is missing from a catalogue, when a catalogue
holds a message the source no longer uses, when a translation is empty or
fuzzy, or when its `{placeholders}` differ from the English ones.
`python -m cogs.catalogues fill-source` gives the English catalogue's new
messages their own text (the source is the English). Every game package
(rules/core/registry.py: installed, or found under games/ and examples/)
carries its own words: `game_problems` checks its `locales/<lang>.po`
against the words marked in its folder (its tests aside), one catalogue per
language of the shared ones but English (the source), and `check` runs it
over every game. `python -m cogs.catalogues update-games` merges what each
game's folder marks into its catalogues (`make locales`).
"""

from __future__ import annotations

import re
import sys
from importlib.util import find_spec
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from cogs.i18n import DEFAULT, DOMAIN, LOCALES_DIR
from rules.core import registry

ROOT = LOCALES_DIR.parent
#: the keywords `make locales` passes: Babel's defaults, `P_` (context, id), `board_words`,
#: `board_plural` (singular, plural)
KEYWORDS = {**DEFAULT_KEYWORDS, "P_": ((1, "c"), 2), "board_words": None, "board_plural": (1, 2)}
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


def source_ids() -> set[tuple[str | None, str]]:
    """(context, English id) of every message marked in the source."""
    with (ROOT / "babel.cfg").open() as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    return marked(ROOT, method_map, options_map)


#: a game package's source, its tests aside (they word nothing for players)
GAME_SOURCE = (("tests/**", "ignore"), ("**.py", "python"))


def marked(folder: Path, method_map=GAME_SOURCE, options_map=None):
    """(context, English id) of every message marked in a folder's source."""
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(folder), method_map, options_map or {}, keywords=KEYWORDS
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        found.add((context, msgid))
    return found


def game_folders() -> list[Path]:
    """The folder of every game package: those under games/, the installed
    ones and any registered (the tests register examples/ and their own)."""
    folders = {p.parent for p in (ROOT / "games").glob("*/__init__.py")}
    for package in [*registry.installed().values(), *registry.packages()]:
        spec = find_spec(package)
        if spec is not None and spec.origin is not None:
            folders.add(Path(spec.origin).parent)
    return sorted(folders)


def every_source_id() -> set[tuple[str | None, str]]:
    """(context, English id) of every message the shared source and every
    game package mark."""
    return source_ids().union(*(marked(folder) for folder in game_folders()))


def languages() -> list[str]:
    return sorted(
        p.name for p in LOCALES_DIR.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").exists()
    )


def catalogue_path(lang: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(lang: str, path: Path | None = None):
    with (path or catalogue_path(lang)).open("rb") as fh:
        return read_po(fh, locale=lang)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(lang: str, wanted: set[tuple[str | None, str]], path: Path | None = None) -> list[str]:
    catalog = read_catalogue(lang, path)
    out = []
    have = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        key = (message.context, ids[0])
        have.add(key)
        where = f"{lang}: {ids[0][:60]!r}"
        if key not in wanted:
            out.append(f"{where} is not used by the source any more")
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            out.append(f"{where} is fuzzy")
        english = set().union(*(placeholders(i) for i in ids))
        for form in strings:
            if not form:
                out.append(f"{where} has no translation")
            elif (
                len(ids) == 1
                and placeholders(form) != english
                or len(ids) > 1
                and not (english - {"n"} <= placeholders(form) <= english)
            ):
                out.append(
                    f"{where}: placeholders {sorted(placeholders(form))} != {sorted(english)}"
                )
    for _context, msgid in sorted(wanted - have, key=lambda k: (k[0] or "", k[1])):
        out.append(f"{lang}: {msgid[:60]!r} is missing")
    return out


def all_problems() -> list[str]:
    """The shared catalogues' problems, then every game's."""
    wanted = source_ids()
    shared = [p for lang in languages() for p in problems(lang, wanted)]
    return shared + [p for folder in game_folders() for p in game_problems(folder)]


def game_problems(folder: Path) -> list[str]:
    """The problems of a game package's own catalogues, `locales/<lang>.po`
    in its folder, against the words its folder marks: a language of the
    shared catalogues (English aside) without one is a problem too."""
    wanted = marked(folder)
    found = []
    for lang in languages():
        po = folder / "locales" / f"{lang}.po"
        if po.exists():
            found += problems(lang, wanted, po)
        elif lang != DEFAULT and wanted:
            found.append(f"{folder.name}: no catalogue for {lang} ({po.relative_to(folder)})")
    return found


def update_game(folder: Path, lang: str, known: Catalog | None = None) -> None:
    """Merge the words a game's folder marks into its catalogue for `lang`
    (created if missing), dropping those it no longer marks; a new word
    takes its translation from `known` where that has one."""
    template = Catalog()
    for file, line, message, _comments, context in extract_from_dir(
        str(folder), GAME_SOURCE, {}, keywords=KEYWORDS
    ):
        template.add(message, locations=[(file, line)], context=context)
    po = folder / "locales" / f"{lang}.po"
    catalog = read_catalogue(lang, po) if po.exists() else Catalog(locale=lang)
    catalog.update(template, no_fuzzy_matching=True)
    for entry in catalog:
        if entry.id and known is not None and not any(_forms(entry.string)):
            same = known.get(entry.id, context=entry.context)
            if same is not None and all(_forms(same.string)):
                entry.string = same.string
    po.parent.mkdir(exist_ok=True)
    with po.open("wb") as fh:
        write_po(fh, catalog, ignore_obsolete=True, include_previous=False, sort_output=True)


def _forms(string) -> tuple[str, ...]:
    return string if isinstance(string, tuple) else (string,)


def update_games() -> None:
    for folder in game_folders():
        for lang in languages():
            if lang != DEFAULT:
                update_game(folder, lang, read_catalogue(lang))


def fill_source() -> None:
    """English messages without a text get their id (singular, plural)."""
    catalog = read_catalogue(DEFAULT)
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            if not all(message.string):
                message.string = tuple(message.id)
        elif not message.string:
            message.string = message.id
        message.flags.discard("fuzzy")
    with catalogue_path(DEFAULT).open("wb") as fh:
        write_po(fh, catalog, include_previous=False)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "fill-source":
        fill_source()
    elif command == "update-games":
        update_games()
    else:
        found = all_problems()
        print("\n".join(found) or "catalogues complete")
        sys.exit(1 if found else 0)
