"""What a demanding reader meets in the catalogues (issue 30): no English
slips (a count without its plural, "2-2 players", "wait for ever", a present
tense in a past-tense story), Japanese in the seeds' own terms (ケルト・スパイラル,
ゴールエリア, 無効にする), a natural name for the Greedy bot, and no space left
over from English between Japanese characters."""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from cogs import catalogues
from cogs.hosting.lobby import player_range
from cogs.hosting.moderation import POLICY_NAMES
from cogs.i18n import LOCALES_DIR, _, in_language, ngettext, speaking
from cogs.presenters import presenter_for
from cogs.presenters.drawing import board_plural
from cogs.presenters.seats import BOT_LABELS
from games.keltis_dice.presenter import chips_text

ENGLISH_SLIPS = ("1 chips", "2-2 players", "wait for ever", "takes another turn")

#: a count placeholder right before a plural noun, in a message that is not
#: a plural one ("{n} chips" said of 1); a fraction ("{seated}/{wanted} seats")
#: or "all {n} tricks" is fine
UNPLURALISED = re.compile(
    r"(?<!/)(?<!all )\{\w+(?::[^}]*)?\} "
    r"(chips|points|pts|cards|seats|players|turns|tricks|stones|deals|counters|dice|fields"
    r"|games|matches|moves)\b"
)

#: the seeds' terms (/work/shared/seeds), and what the catalogue said before
SEED_TERMS = {
    "ケルト・スパイラル": "ケルト・オラクル",  # the Oracle's title (seed 001)
    "ゴールエリア": "ゴール部分",  # the dice game's fields 7-9 (seed 002)
    "無効にする": "打ち消",  # Cuttle's counter with a 2 (seed 003)
}

JAPANESE = r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]"
#: a space between two Japanese characters (punctuation 、。「」（）： included)
STRAY_SPACE = re.compile(f"{JAPANESE} +{JAPANESE}")
#: a space between a placeholder and a Japanese character ("{game} の遊び方",
#: "列に{n} 枚" read "ケルト の遊び方", "列に2 枚": issue 42)
PLACEHOLDER_SPACE = re.compile(f"}} +{JAPANESE}|{JAPANESE} +{{")


@cache
def catalogue(lang: str) -> Catalog:
    """The shared catalogue of a language with every game's own."""
    paths = [LOCALES_DIR / lang / "LC_MESSAGES" / "messages.po"]
    paths += [f / "locales" / f"{lang}.po" for f in catalogues.game_folders()]
    merged = Catalog(locale=lang)
    for path in paths:
        if path.exists():
            with path.open("rb") as fh:
                for message in read_po(fh, locale=lang):
                    if message.id:
                        merged[message.id] = message
    return merged


def texts(lang: str, *, ids: bool = True) -> list[str]:
    """Every msgstr of a catalogue, and with `ids` its msgids."""
    found: list[str] = []
    for message in catalogue(lang):
        if not message.id:
            continue
        for part in (message.id, message.string) if ids else (message.string,):
            if isinstance(part, str):
                found.append(part)
            elif part:
                found.extend(part)
    return [t for t in found if t]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_english_slip_is_left_in_a_catalogue(lang):
    for text in texts(lang):
        for slip in ENGLISH_SLIPS:
            assert slip not in text, (lang, text)


def test_every_counted_noun_has_its_plural_forms():
    for message in catalogue("en"):
        if message.id and not message.pluralizable:
            assert not UNPLURALISED.search(message.id), message.id


def test_the_slips_read_right_where_they_are_made():
    with speaking("en"):
        assert board_plural("{n} chip", "{n} chips", 1) == "1 chip"
        assert board_plural("{n} chip", "{n} chips", 3) == "3 chips"
        assert chips_text(1) == "💎 1 chip"
        assert player_range(2, 2) == "2" and player_range(2, 4) == "2-4"
        assert (
            ngettext(
                "{game} is for {players} player.",
                "{game} is for {players} players.",
                2,
                game="Cuttle",
                players=player_range(2, 2),
            )
            == "Cuttle is for 2 players."
        )
        assert _(POLICY_NAMES["wait"]) == "keep waiting"
        phrase = presenter_for("keltis_dice").phrase({"type": "extra_turn", "seat": 0}, ["Ann"])
        assert phrase is not None and phrase.text == "took another turn for the 👺 kobold"
    with speaking("ja"):
        assert player_range(2, 4) == "2～4"


def test_japanese_uses_the_seeds_terms():
    japanese = texts("ja", ids=False)
    for seed_term, old in SEED_TERMS.items():
        assert any(seed_term in t for t in japanese), seed_term
        assert not [t for t in japanese if old in t], old
    assert in_language("ja", presenter_for("oracle").title) == "ケルト・スパイラル"


def test_the_greedy_bot_has_a_natural_japanese_name():
    assert not [t for t in texts("ja", ids=False) if "貪欲" in t]
    assert in_language("ja", BOT_LABELS["greedy"]) == "欲張り"


def test_no_space_is_left_between_japanese_characters():
    assert [t for t in texts("ja", ids=False) if STRAY_SPACE.search(t)] == []


def test_no_space_is_left_between_a_placeholder_and_japanese():
    assert [t for t in texts("ja", ids=False) if PLACEHOLDER_SPACE.search(t)] == []
    # the check itself: it finds either side, and leaves other spaces alone
    found = [
        bool(PLACEHOLDER_SPACE.search(t)) for t in ("{game} の", "列に {n}", "{a} {b}", "A {n}")
    ]
    assert found == [True, True, False, False]
