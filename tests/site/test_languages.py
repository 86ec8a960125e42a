"""locales/languages.toml and the per-language configurations agree."""

from __future__ import annotations

from pathlib import Path

import material
from babel import Locale
from mkdocs.utils.yaml import yaml_load

from nardy_site import languages

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
