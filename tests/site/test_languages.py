"""locales/languages.toml and the per-language configurations agree."""

from __future__ import annotations

import re
from pathlib import Path

import material
import pytest
from babel import Locale
from mkdocs.utils.yaml import yaml_load

from nardy_site.translations import languages

from .helpers import ROOT


def test_the_six_languages_enabled_with_uzbek_the_source():
    table = languages.load()
    assert [lang.code for lang in table] == ["uz", "az", "kk", "hy", "ru", "en"]
    assert [lang.code for lang in languages.enabled()] == ["uz", "az", "kk", "hy", "ru", "en"]
    uz = languages.source()
    assert (uz.code, uz.material, uz.babel, uz.gettext, uz.bcp47) == ("uz", "uz", "uz_Latn", "uz@latin", "uz-Latn")


def test_every_code_is_one_its_tool_knows():
    partials = Path(material.__file__).parent / "templates" / "partials" / "languages"
    for lang in languages.load():
        locale = Locale.parse(lang.babel)
        assert str(locale) == lang.babel
        assert lang.bcp47.split("-")[0] == lang.babel.split("_")[0] == lang.gettext.split("@")[0]
        if lang.enabled:
            assert (partials / f"{lang.material}.html").exists() or (
                ROOT / "overrides/partials/languages" / f"{lang.material}.html"
            ).exists()


def test_each_enabled_language_has_a_matching_config():
    for lang in languages.enabled():
        with open(lang.config, "rb") as handle:
            config = yaml_load(handle)
        assert config["theme"]["language"] == lang.material
        assert config["theme"]["name"] == "material"  # inherited from mkdocs.yml
        assert (lang.config.parent / config["docs_dir"]).resolve() == ROOT / "docs" / lang.code
        assert (lang.config.parent / config["site_dir"]).resolve() == ROOT / "site" / lang.code
        assert config["site_url"].endswith(f"/{lang.code}/")
        assert lang.catalog.exists()


def test_inconsistent_tables_are_refused(tmp_path):
    good = (ROOT / "locales/languages.toml").read_text(encoding="utf-8")
    broken = tmp_path / "two-sources.toml"
    two = good.replace('bcp47 = "az-Latn"\nenabled = true\nsource = false', 'bcp47 = "az-Latn"\nenabled = true\nsource = true')
    assert two != good
    broken.write_text(two, encoding="utf-8")
    try:
        languages.load(broken)
    except languages.LanguageTableError as error:
        assert "source" in str(error)
    else:
        raise AssertionError("two source languages were accepted")
    shared = tmp_path / "shared.toml"
    shared.write_text(good.replace('gettext = "az"', 'gettext = "uz@latin"'), encoding="utf-8")
    try:
        languages.load(shared)
    except languages.LanguageTableError as error:
        assert "gettext" in str(error)
    else:
        raise AssertionError("a shared gettext folder was accepted")


def test_search_spelling_respells_what_readers_type():
    uz, ru, az = languages.get("uz"), languages.get("ru"), languages.get("az")
    assert uz.respell("O'yin g‘alaba go’shti ta'lim yaʼni") == "Oʻyin gʻalaba goʻshti taʼlim yaʼni"
    assert ru.respell("Чёрные ещё ЁЖ") == "Черные еще ЕЖ"
    assert az.respell("O'yin ё") == "O'yin ё"  # no rules: unchanged


@pytest.mark.parametrize("rules, problem", [
    ('"ё"', "list of [pattern, letters] pairs"),
    ('[["ё"]]', "is not a [pattern, letters] pair"),
    ('[["ё", ""]]', "is not a [pattern, letters] pair"),
    ('[["[ё", "е"]]', "is not a regular expression"),
    ('[["(ё)\\\\1", "е"]]', "syntax JavaScript reads differently"),
    ('[["(?i)ё", "е"]]', "syntax JavaScript reads differently"),
])
def test_a_bad_search_spelling_is_refused_naming_the_language(tmp_path, rules, problem):
    good = (ROOT / "locales/languages.toml").read_text(encoding="utf-8")
    table = tmp_path / "languages.toml"
    bad = re.sub(r"(?m)^search_spelling = .*$", lambda _: f"search_spelling = {rules}", good, count=1)
    assert bad != good
    table.write_text(bad, encoding="utf-8")
    with pytest.raises(languages.LanguageTableError, match=re.escape(problem)) as error:
        languages.load(table)
    assert "[languages.uz] search_spelling" in str(error.value)
