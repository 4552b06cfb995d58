"""The message catalogues: complete in every language, nothing missing or
unused, the same placeholders as the English; and how a message is looked
up (current language, fallback to English, plurals)."""

from __future__ import annotations

from cogs import catalogues
from cogs.i18n import LANGUAGES, N_, _, in_language, language_of, ngettext, speaking


def test_every_catalogue_is_complete_and_matches_the_source():
    assert catalogues.languages() == sorted(LANGUAGES)
    assert catalogues.all_problems() == []


def test_a_message_missing_from_a_catalogue_is_reported():
    wanted = catalogues.source_ids() | {(None, "A message nobody translated")}
    found = catalogues.problems("ja", wanted)
    assert found == ["ja: 'A message nobody translated' is missing"]


def test_a_message_the_source_dropped_is_reported():
    wanted = catalogues.source_ids() - {(None, "Refresh")}
    assert catalogues.problems("en", wanted) == ["en: 'Refresh' is not used by the source any more"]


def test_placeholders_are_compared_by_name():
    assert catalogues.placeholders("{game} · match #{match} {n:+d}") == {"game", "match", "n"}
    assert catalogues.placeholders("{{literal}} text") == set()


def test_words_follow_the_language_in_force():
    with speaking("ja"):
        assert _("Refresh") == "更新"
        with speaking("en-US"):
            assert _("Refresh") == "Refresh"
        assert _("Waiting for {who}.", who="**alice**") == "**alice**の番です。"
    assert _("Refresh") == "Refresh"


def test_a_message_without_translation_falls_back_to_english_never_a_key():
    assert in_language("ja", N_("No such message, {name}"), name="x") == "No such message, x"


def test_plurals_go_through_the_catalogue():
    with speaking("en"):
        assert ngettext("{n} card", "{n} cards", 1) == "1 card"
        assert ngettext("{n} card", "{n} cards", 3) == "3 cards"
    with speaking("ja"):
        assert ngettext("{n} card", "{n} cards", 3) == "3枚"


def test_discord_locales_map_to_our_languages():
    assert language_of("ja") == "ja"
    assert language_of("en-GB") == "en"
    assert language_of("fr") == "en"  # no catalogue: English
    assert language_of(None) == "en"


def test_a_game_packages_own_catalogue_is_checked_against_its_folder(tmp_path):
    (tmp_path / "presenter.py").write_text('_("Prize {prize}")\nP_("option", "cards")\n')
    (tmp_path / "locales").mkdir()
    (tmp_path / "locales" / "ja.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: ja\\n"\n\n'
        'msgctxt "option"\nmsgid "cards"\nmsgstr "枚数"\n\n'
        'msgid "Gone"\nmsgstr "消えた"\n',
        encoding="utf-8",
    )
    assert catalogues.game_problems(tmp_path) == [
        "ja: 'Gone' is not used by the source any more",
        "ja: 'Prize {prize}' is missing",
    ]
