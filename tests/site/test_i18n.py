"""The catalogs: the template is current, every enabled language is complete and safe."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from nardy_rules import ShortPosition, from_text
from nardy_rules.reasons import Refusal
from nardy_site.translations import i18n, languages, placeholders
from nardy_site.figures.describe import describe

from .helpers import ROOT


def ids_of(path):
    with open(path, "rb") as handle:
        return {m.id for m in read_po(handle) if m.id}


def test_template_is_current(tmp_path):
    fresh = tmp_path / "messages.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg", "--no-default-keywords",
         "-k", "_", "-k", "N_", "-k", "NP_:1,2", "-k", "ngettext:1,2", "-o", str(fresh), "."],
        cwd=ROOT, check=True,
    )
    assert ids_of(fresh) == ids_of(ROOT / "locales/messages.pot")
    assert len(ids_of(fresh)) > 30


@pytest.mark.parametrize("lang", languages.enabled(), ids=lambda lang: lang.code)
def test_enabled_catalog_is_complete(lang):
    assert ids_of(lang.catalog) >= ids_of(ROOT / "locales/messages.pot")
    translator, problems = i18n.load(lang)  # raises on a placeholder that does not fit
    assert problems == []
    with open(lang.catalog, "rb") as handle:
        catalog = read_po(handle)
    plural = get_plural(lang.babel)
    assert (catalog.num_plurals, catalog.plural_expr) == (plural.num_plurals, plural.plural_expr)
    for message in catalog:
        if message.id:
            assert not message.fuzzy, message.id
            if isinstance(message.id, tuple):
                assert len(message.string) == plural.num_plurals and all(message.string), message.id


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="GNU gettext not installed (scripts/setup installs it)")
@pytest.mark.parametrize("lang", languages.enabled(), ids=lambda lang: lang.code)
def test_msgfmt_check(lang):
    subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(lang.catalog)], check=True)


def test_placeholders_are_checked():
    # The build's check (i18n.load) is the one of scripts/i18n check: nardy_site.translations.placeholders.
    assert placeholders.problem("{count} on {point}", "{point}: {count}") is None
    assert "cnt" in placeholders.problem("{count} on {point}", "{cnt} on {point}")
    assert "point" in placeholders.problem("{count} on {point}", "{count}")
    assert placeholders.problem(("{count} checker", "{count} checkers"), ("one checker", "{count} checkers")) is None
    assert placeholders.problem(("{count} on {point}", "{count} on {point}"), ("x", "{count} y")) is not None


def test_a_renamed_placeholder_stops_loading(tmp_path, monkeypatch):
    uz = languages.get("uz")
    text = uz.catalog.read_text(encoding="utf-8")
    assert 'msgstr "Zar: {die}."' in text
    bad = tmp_path / "messages.po"
    bad.write_text(text.replace('msgstr "Zar: {die}."', 'msgstr "Zar: {zar}."'), encoding="utf-8")
    monkeypatch.setattr(type(uz), "catalog", property(lambda self: bad))
    with pytest.raises(i18n.CatalogError, match="zar"):
        i18n.load(uz)


def test_descriptions_in_uzbek_and_english():
    uz, _ = i18n.load(languages.get("uz"))
    position = ShortPosition.start()
    text = describe(position, (6, 5), [], [], uz)
    assert text.startswith("Navbat oqlarda. Zarlar: 6 va 5.")
    assert "24-katakda 2 ta" in text and "19-katakda 5 ta" in text
    assert "Pip hisobi: oqlarda 167, qoralarda 167." in text
    assert not uz.missing
    english = describe(position, (6, 5), [], [], i18n.Translator())
    assert "2 checkers on point 24" in english and "White to move." in english
    barred = from_text("nardy:short:b:24x2,13x5,6x5,offx3:19x5,17x3,12x5,barx1,offx1")
    refusal = Refusal("enter-from-bar-first")
    text = describe(barred, (3,), [], [(12, 9, refusal)], uz)
    assert "Navbat qoralarda." in text and "Barda 1 ta qora dona bor." in text
    assert "Oqlar 3 ta donani chiqargan." in text and "Qoralar 1 ta donani chiqargan." in text
    assert "Mumkin emas: 12-katakdan 9-katakka. Avval donani bardan kiriting" in text
