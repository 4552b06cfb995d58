"""Checks and chores on the message catalogues (`make locales`, the tests).

`python -m cogs.catalogues check` fails (exit 1, one line per problem) when a
message marked in the source is missing from a catalogue, when a catalogue
holds a message the source no longer uses, when a translation is empty or
fuzzy, or when its `{placeholders}` differ from the English ones.
`python -m cogs.catalogues fill-source` gives the English catalogue's new
messages their own text (the source is the English). `game_problems` checks
the same of a game package's own catalogues (its `locales/<lang>.po`)
against the words marked in its folder.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from cogs.i18n import DEFAULT, DOMAIN, LOCALES_DIR

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


def marked(folder: Path, method_map=(("**.py", "python"),), options_map=None):
    """(context, English id) of every message marked in a folder's source."""
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(folder), method_map, options_map or {}, keywords=KEYWORDS
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        found.add((context, msgid))
    return found


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
    wanted = source_ids()
    return [p for lang in languages() for p in problems(lang, wanted)]


def game_problems(folder: Path) -> list[str]:
    """The problems of a game package's own catalogues, `locales/<lang>.po`
    in its folder, against the words its folder marks."""
    wanted = marked(folder)
    return [
        problem
        for po in sorted((folder / "locales").glob("*.po"))
        for problem in problems(po.stem, wanted, po)
    ]


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
    else:
        found = all_problems()
        print("\n".join(found) or "catalogues complete")
        sys.exit(1 if found else 0)
